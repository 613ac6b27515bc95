"""Round scoring (RZ-13) and game-end scoring (RZ-15), from collections of counts."""

from __future__ import annotations

from typing import Final

from .cards import (
    BUSINESSES,
    DRIVER,
    GANGSTER_A,
    GANGSTER_B,
    GETAWAY_CAR,
    THIEVES,
    TRINKETS,
)

# Trinket points by number of kinds held, 0..5 (RZ-13).
TRINKET_POINTS: Final[tuple[int, ...]] = (-5, 0, 0, 5, 10, 15)
# Business bonus by copies of one kind, 0..5 (RZ-15).
BUSINESS_SET_POINTS: Final[tuple[int, ...]] = (0, 0, 0, 5, 10, 15)
# The categories of a round's points (RZ-13) and of the game-end points (RZ-15), in words.
ROUND_CATEGORIES: Final[tuple[str, ...]] = (
    "thieves", "drivers", "getaway cars", "trinkets", "gangster majority", "gangster pair",
)  # fmt: skip
END_CATEGORIES: Final[tuple[str, ...]] = ("businesses", "bidding cards")


def round_gains(colls: list[list[int]]) -> list[int]:
    """Each player's points for the round just ended (RZ-13)."""
    gangsters = [c[GANGSTER_A] + c[GANGSTER_B] for c in colls]
    most, fewest = max(gangsters), min(gangsters)
    t0, t1 = TRINKETS[0], TRINKETS[-1] + 1
    out = []
    for c, g in zip(colls, gangsters, strict=True):
        pts = 2 * c[THIEVES] + c[DRIVER] + TRINKET_POINTS[5 - c[t0:t1].count(0)]
        if c[DRIVER]:
            pts += c[GETAWAY_CAR]
        if most != fewest:
            if g == most:
                pts += 5
            elif g == fewest:
                pts -= 2
        if c[GANGSTER_A] and c[GANGSTER_B]:
            pts += 5
        out.append(pts)
    return out


def round_categories(colls) -> list[tuple[int, ...]]:
    """Each seat's round points (RZ-13) split by category, in ROUND_CATEGORIES' order (their
    sum is the round's gain; a test holds it to `round_gains`)."""
    gangsters = [c[GANGSTER_A] + c[GANGSTER_B] for c in colls]
    most, fewest = max(gangsters), min(gangsters)
    out: list[tuple[int, ...]] = []
    for c, g in zip(colls, gangsters, strict=True):
        kinds = sum(1 for t in TRINKETS if c[t])
        majority = 0 if most == fewest else 5 if g == most else -2 if g == fewest else 0
        out.append(
            (
                2 * c[THIEVES],
                c[DRIVER],
                c[GETAWAY_CAR] if c[DRIVER] else 0,
                TRINKET_POINTS[kinds],
                majority,
                5 if c[GANGSTER_A] and c[GANGSTER_B] else 0,
            )
        )
    return out


def business_points(c: list[int]) -> int:
    """Game-end points for one collection's Businesses (RZ-15)."""
    kinds = sum(1 for t in BUSINESSES if c[t])
    pts = 10 if kinds == 7 else kinds
    return pts + sum(BUSINESS_SET_POINTS[c[t]] for t in BUSINESSES)


def bidding_points(sums: list[int]) -> list[int]:
    """+5 to the highest sum and -5 to the lowest, ties included (RZ-15)."""
    hi, lo = max(sums), min(sums)
    return [(5 if s == hi else 0) - (5 if s == lo else 0) for s in sums]


def end_categories(colls: list[list[int]], bid_sums: list[int]) -> list[tuple[int, int]]:
    """Each player's game-end points (RZ-15) by END_CATEGORIES: Businesses, bidding cards."""
    bid = bidding_points(bid_sums)
    return [(business_points(c), b) for c, b in zip(colls, bid, strict=True)]
