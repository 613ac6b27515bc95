"""Modern Art: artist rankings, values at sale, prices by auction type and round, how rounds end."""

from __future__ import annotations

from ...core.aggregate import Aggregate
from ...core.present import Headline, bars, rate, round_ends, round_labels, stacked, table
from .deck import ARTISTS, NUM_ARTISTS, SYMBOLS
from .state import ROUNDS, START_CASH, TILES

PLACES = ("1st", "2nd", "3rd", "unranked")
# a lot's auction type is its last card's; a Double nobody added to goes free as "double"
AUCTIONS = (*SYMBOLS[:-1], "double, none added")
ENDS = ("5th card", "hands empty")
HEADLINE = (
    Headline("ma_fifth_card", "rounds ended by a 5th card", "fraction"),
    Headline("ma_price", "mean price of an auction"),
)


def collect(state, agg: Aggregate) -> tuple[int, list[list[int]]]:
    """One pass over the public events: cash after each round, rankings, prices, values."""
    n = state.num_players
    cash = [START_CASH] * n
    values = [0] * NUM_ARTISTS
    bought = [0] * NUM_ARTISTS  # paintings of each artist bought this round
    # per auction type, then per round: count, sum and sum of squares of the prices
    sums = [[0, 0, 0] for _ in range(len(SYMBOLS) + ROUNDS)]
    standings = []
    rnd = 0
    fifth = 0
    for e in state.events:
        tag = e[0]
        if tag == "won":
            winner, price, lot, auctioneer = e[1], e[2], e[3], e[4]
            cash[winner] -= price
            if auctioneer >= 0:
                cash[auctioneer] += price
            bought[lot[0] // 5] += len(lot)
            for s in (sums[lot[-1] % 5], sums[len(SYMBOLS) + rnd]):
                s[0] += 1
                s[1] += price
                s[2] += price * price
        elif tag == "scored":
            played, ranked, payouts = e[2], e[3], e[4]  # (later fields may follow)
            for a in range(NUM_ARTISTS):
                place = ranked.index(a) if a in ranked else 3
                agg.count(("ma_rank", a, place))
                if place < 3:
                    values[a] += TILES[place]
                if bought[a]:
                    agg.add(("ma_value", a), values[a] if place < 3 else 0, bought[a])
            bought = [0] * NUM_ARTISTS
            end = 0 if max(played) >= 5 else 1
            fifth += end == 0
            agg.count(("ma_end", rnd, end))
            for p in range(n):
                cash[p] += payouts[p]
            rnd += 1
            if rnd < ROUNDS:
                standings.append(list(cash))
    for t, s in enumerate(sums):
        key = ("ma_price_type", t) if t < len(SYMBOLS) else ("ma_price_round", t - len(SYMBOLS))
        agg.add_sums(key, *s)
    agg.add("ma_fifth_card", fifth / ROUNDS)
    auctions = sum(s[0] for s in sums[: len(SYMBOLS)])
    if auctions:
        agg.add("ma_price", sum(s[1] for s in sums[: len(SYMBOLS)]) / auctions)
    return ROUNDS, standings


def section(agg: Aggregate) -> dict:
    rounds = max(1, agg.games * ROUNDS)
    ranks = {
        place: [100 * rate(agg.counts[("ma_rank", a, i)], rounds) for a in range(NUM_ARTISTS)]
        for i, place in enumerate(PLACES)
    }
    short = [a.split()[-1] for a in ARTISTS]
    value = [agg.moment(("ma_value", a)) for a in range(NUM_ARTISTS)]
    by_type = [agg.moment(("ma_price_type", t)) for t in range(len(SYMBOLS))]
    by_round = [agg.moment(("ma_price_round", r)) for r in range(ROUNDS)]
    ends = [[agg.counts[("ma_end", r, k)] for k in range(len(ENDS))] for r in range(ROUNDS)]
    return {
        "tables": [
            table(
                "Artist ranks: % of rounds in each place, and the mean value of a painting at sale",
                ["artist", *PLACES, "paintings sold", "mean value at sale"],
                [
                    [
                        ARTISTS[a],
                        *(round(ranks[p][a], 2) for p in PLACES),
                        round(value[a].n),
                        round(value[a].mean, 2),
                    ]
                    for a in range(NUM_ARTISTS)
                ],
                "artist_ranks",
            ),  # fmt: skip
            table(
                "Mean price paid per auction type",
                ["auction type", "auctions", "mean price", "sd"],
                [
                    [AUCTIONS[t], round(m.n), round(m.mean, 2), round(m.sd, 2)]
                    for t, m in enumerate(by_type)
                ],
                "prices_by_type",
            ),  # fmt: skip
            table(
                "Mean price paid per round",
                ["round", "auctions", "mean price", "sd"],
                [
                    [r + 1, round(m.n), round(m.mean, 2), round(m.sd, 2)]
                    for r, m in enumerate(by_round)
                ],
                "prices_by_round",
            ),  # fmt: skip
            round_ends(ENDS, ends, 0),
        ],
        "figures": [
            stacked("Artist ranks (% of rounds)", short, ranks, "% of rounds"),
            bars(
                "Mean price by auction type",
                AUCTIONS,
                [m.mean for m in by_type],
                ylabel="price",
            ),  # fmt: skip
            bars(
                "Mean price by round",
                round_labels(ROUNDS),
                [m.mean for m in by_round],
                ylabel="price",
            ),  # fmt: skip
        ],
    }
