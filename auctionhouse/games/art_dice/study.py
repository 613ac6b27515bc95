"""art-dice: rounds, how the game ends, gold left in the bank, what squaring adds to scores."""

from __future__ import annotations

from ...core.aggregate import Aggregate
from ...core.present import Headline, histogram, rate, table
from .cards import ARTIST_OF, ARTISTS

ENDS = ("deck empty", "rounds without a sale")
HEADLINE = (
    Headline("ad_no_sale_end", "games ended by rounds without a sale", "share"),
    Headline("ad_bank", "gold left in the bank"),
    Headline("ad_square_share", "share of points from squaring", "fraction"),
)


def collect(state, agg: Aggregate) -> tuple[int, list[list[int]]]:
    n = state.num_players
    counts = [[0] * ARTISTS for _ in range(n)]
    for p, cards in enumerate(state.setup["collections"]):
        for c in cards:
            counts[p][ARTIST_OF[c]] += 1
    standings = []
    stopped = False
    for e in state.events:
        kind = e[0]
        if kind == "won":
            counts[e[1]][ARTIST_OF[e[2]]] += 1
        elif kind == "sell":
            counts[e[1]][ARTIST_OF[e[2]]] -= 1
        elif kind == "round" and e[1] > 1:
            standings.append([sum(k * k for k in row) for row in counts])
        elif kind == "stop":
            stopped = True
        elif kind == "end":
            break
    agg.count(("ad_end", int(stopped)))
    agg.add("ad_no_sale_end", float(stopped))
    agg.add("ad_bank", state.bank)
    agg.hist("ad_bank", state.bank)
    works = sum(map(sum, counts))
    points = sum(k * k for row in counts for k in row)
    agg.count("ad_works", works)
    agg.count("ad_points", points)
    if points:
        agg.add("ad_square_share", (points - works) / points)
    return state.round, standings


def section(agg: Aggregate) -> dict:
    ends = [agg.counts[("ad_end", k)] for k in range(len(ENDS))]
    works, points = agg.counts["ad_works"], agg.counts["ad_points"]
    bank = agg.moment("ad_bank")
    return {
        "tables": [
            table(
                "How games end",
                ["ending", "games", "% of games"],
                [
                    [e, k, round(100 * rate(k, agg.games), 2)]
                    for e, k in zip(ENDS, ends, strict=True)
                ],
                "game_ends",
            ),
            table(
                "Gold and points",
                ["figure", "value"],
                [
                    ["gold left in the bank (mean)", round(bank.mean, 3)],
                    ["gold left in the bank (sd)", round(bank.sd, 3)],
                    ["works collected per game", round(rate(works, agg.games), 3)],
                    ["points per game", round(rate(points, agg.games), 3)],
                    [
                        "share of points from squaring (%)",
                        round(100 * rate(points - works, points), 2),
                    ],
                ],
                "gold_points",
            ),
        ],
        "figures": [
            histogram("Gold left in the bank", {"": agg.hists.get("ad_bank", {})}, "gold"),
        ],
    }
