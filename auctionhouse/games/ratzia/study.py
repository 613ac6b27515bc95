"""Ratzia: points per scoring category, rounds the Police end, steals, Courthouse outcomes."""

from __future__ import annotations

from ...core.aggregate import Aggregate
from ...core.present import Headline, bars, rate, round_ends, round_labels, table
from .cards import values_of
from .scoring import (
    END_CATEGORIES,
    ROUND_CATEGORIES,
    bidding_points,
    business_points,
    round_categories,
)
from .state import END_POLICE, ROUND_END_CAUSES, ROUNDS

CATEGORIES = ROUND_CATEGORIES + END_CATEGORIES
COURT = ("cost a Business", "no Business to lose")
HEADLINE = (
    Headline("rz_police_end", "rounds ended by the 7th Police", "fraction"),
    Headline("rz_steals", "steals per game"),
)


def collect(state, agg: Aggregate) -> tuple[int, list[list[int]]]:
    n = state.num_players
    score = [0] * n
    points = [[0] * len(CATEGORIES) for _ in range(n)]
    standings = []
    police = steals = 0
    for e in state.events:
        kind = e[0]
        if kind == "steal":
            steals += 1
        elif kind == "courthouse":
            agg.count(("rz_court", 0 if e[2] >= 0 else 1))
        elif kind == "round_end":
            police += e[2] == END_POLICE
            agg.count(("rz_end", e[1], e[2]))
        elif kind == "scored":
            for p, (gain, parts) in enumerate(zip(e[2], round_categories(e[3]), strict=True)):
                score[p] += gain
                for i, x in enumerate(parts):
                    points[p][i] += x
            standings.append(list(score))
    sums = [sum(values_of(u)) for u in state.up]
    for p, bid in enumerate(bidding_points(sums)):
        points[p][-2] += business_points(state.coll[p])
        points[p][-1] += bid
    for row in points:
        for i, x in enumerate(row):
            agg.add(("rz_points", i), x)
    agg.add("rz_police_end", police / ROUNDS)
    agg.add("rz_steals", steals)
    agg.hist("rz_steals", steals)
    return ROUNDS, standings


def section(agg: Aggregate) -> dict:
    pts = [agg.moment(("rz_points", i)) for i in range(len(CATEGORIES))]
    total = sum(abs(m.mean) for m in pts)
    ends = [[agg.counts[("rz_end", r, k)] for k in range(len(ROUND_END_CAUSES))]
            for r in range(ROUNDS)]  # fmt: skip
    court = [agg.counts[("rz_court", k)] for k in range(len(COURT))]
    steals = agg.moment("rz_steals")
    return {
        "tables": [
            table(
                "Points per player and game by scoring category",
                ["category", "mean points", "sd", "% of all points (by size)"],
                [
                    [c, round(m.mean, 3), round(m.sd, 3), round(100 * rate(abs(m.mean), total), 2)]
                    for c, m in zip(CATEGORIES, pts, strict=True)
                ],
                "points_by_category",
            ),  # fmt: skip
            round_ends(ROUND_END_CAUSES, ends, END_POLICE),
            table(
                "Steals and Courthouses",
                ["figure", "value"],
                [
                    ["steals per game (mean)", round(steals.mean, 3)],
                    ["steals per game (sd)", round(steals.sd, 3)],
                    *([f"Courthouses that {c}", k] for c, k in zip(COURT, court, strict=True)),
                    ["Courthouses per game", round(rate(sum(court), agg.games), 3)],
                ],
                "steals_courthouses",
            ),
        ],
        "figures": [
            bars(
                "Mean points per player and game by category",
                CATEGORIES,
                [m.mean for m in pts],
                ylabel="points",
            ),  # fmt: skip
            bars(
                "Rounds ended by the 7th Police (%)",
                round_labels(ROUNDS),
                [100 * rate(e[END_POLICE], sum(e)) for e in ends],
                ylabel="% of rounds",
            ),  # fmt: skip
        ],
    }
