"""Q.E.: eliminations and whom they hit, spending, zero bids, the scoring categories' shares."""

from __future__ import annotations

from ...core.aggregate import Aggregate
from ...core.present import Headline, bars, histogram, rate, table
from .scoring import PARTS, tally

HEADLINE = (
    Headline("qe_eliminated", "games with an elimination", "share"),
    Headline("qe_zero_bids", "zero bids per game"),
    Headline("qe_spent", "money spent per player"),
)


def collect(state, agg: Aggregate) -> tuple[int, list[list[int]]]:
    n = state.num_players
    final = state.tally()
    raw = [sum(parts) for parts in final.parts]  # before elimination
    for q in final.eliminated:
        # the rank the biggest spender's points would have had (1: it would have won)
        agg.count(("qe_elim_rank", 1 + sum(raw[p] > raw[q] for p in range(n) if p != q)))
    agg.add("qe_eliminated", 1.0 if final.eliminated else 0.0)
    for q in range(n):
        agg.add("qe_spent", state.spent[q])
        agg.hist("qe_spent", state.spent[q])
        if q not in final.eliminated:
            for i, x in enumerate(final.parts[q]):
                agg.count(("qe_points", i), x)
    for q in final.winners:
        agg.add("qe_winner_spent", state.spent[q])
    agg.add("qe_zero_bids", sum(b == 0 for a in state.closed for row in a[3] for b in row))
    agg.add("qe_zero_marks", sum(m.bit_count() for m in state.zmarks))
    return _standings(state)


def _standings(state) -> tuple[int, list[list[int]]]:
    """The tally "if the game ended now" after each full turn of auctioneers but the last."""
    n = state.num_players
    rounds = -(-len(state.tiles) // n)
    owned: list[list[int]] = [[] for _ in range(n)]
    spent = [0] * n
    zmarks = [0] * n
    standings = []
    for t, (tile, _, _, _, _, winner, price, zeros) in enumerate(state.closed):
        if winner >= 0:
            owned[winner].append(tile)
            spent[winner] += price
        for q in range(n):
            if zeros >> q & 1:
                zmarks[q] |= 1 << (t // n)
        if (t + 1) % n == 0 and (t + 1) // n < rounds:
            now = tally(owned, state.nations, state.tokens, zmarks, spent, state.elimination)
            standings.append(list(now.scores))
    return rounds, standings


def section(agg: Aggregate) -> dict:
    elim = agg.moment("qe_eliminated")
    ranks = sorted(k[1] for k in agg.counts if k[0] == "qe_elim_rank")
    eliminated = sum(agg.counts[("qe_elim_rank", r)] for r in ranks)
    points = [agg.counts[("qe_points", i)] for i in range(len(PARTS))]
    total = sum(points)
    names = [p.replace("_", " ") for p in PARTS]
    spent, winner = agg.moment("qe_spent"), agg.moment("qe_winner_spent")
    return {
        "tables": [
            table(
                "Who the elimination hits: the rank the biggest spender's points would have had",
                ["rank without elimination", "eliminations", "% of eliminations"],
                [
                    [
                        r,
                        agg.counts[("qe_elim_rank", r)],
                        round(100 * rate(agg.counts[("qe_elim_rank", r)], eliminated), 2),
                    ]
                    for r in ranks
                ],
                "eliminated_rank",
            ),  # fmt: skip
            table(
                "Points of the scored players by category",
                ["category", "points", "% of points"],
                [
                    [c, k, round(100 * rate(k, total), 2)]
                    for c, k in zip(names, points, strict=True)
                ],
                "points_by_category",
            ),  # fmt: skip
            table(
                "Spending and zero bids",
                ["figure", "value"],
                [
                    ["games with an elimination (%)", round(100 * elim.mean, 2)],
                    ["spent per player (mean)", round(spent.mean, 2)],
                    ["spent per player (sd)", round(spent.sd, 2)],
                    ["spent by the winner (mean)", round(winner.mean, 2)],
                    ["zero bids per game (mean)", round(agg.moment("qe_zero_bids").mean, 3)],
                    ["zero-bid marks per game (mean)", round(agg.moment("qe_zero_marks").mean, 3)],
                ],
                "spending",
            ),
        ],
        "figures": [
            bars(
                "Rank the eliminated player would have had (% of eliminations)",
                [str(r) for r in ranks],
                [100 * rate(agg.counts[("qe_elim_rank", r)], eliminated) for r in ranks],
                ylabel="% of eliminations",
            ),
            bars(
                "Share of points by category (%)",
                names,
                [100 * rate(k, total) for k in points],
                ylabel="% of points",
            ),  # fmt: skip
            histogram("Money spent per player", {"": agg.hists.get("qe_spent", {})}, "spent"),
        ],
    }
