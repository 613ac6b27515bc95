"""End of the game: elimination (QE-12), scoring (QE-13) and the winners (QE-14)."""

from __future__ import annotations

from typing import Final, NamedTuple

from .tiles import TILE_COUNTRY, TILE_INDUSTRY, TILE_VP

# Indexed by a count, capped at the last index.
NATIONALIZATION: Final[tuple[int, ...]] = (0, 0, 3, 6, 10)  # tiles of one's own country
MONOPOLIZATION: Final[tuple[int, ...]] = (
    0,
    0,
    3,
    6,
    10,
)  # companies of one industry, the token included
DIVERSIFICATION: Final[tuple[int, ...]] = (
    0,
    0,
    0,
    4,
    8,
)  # different industries, the token included
ZERO_MARK_VP: Final = 2
LEAST_SPENT_VP: Final = 6
PARTS: Final[tuple[str, ...]] = (
    "tiles",
    "zero_bids",
    "nationalization",
    "monopolization",
    "diversification",
    "least_spent",
)


class Tally(NamedTuple):
    scores: list[int]  # 0 for an eliminated seat: it is not scored (QE-13)
    winners: tuple[int, ...]
    eliminated: tuple[int, ...]
    parts: list[tuple[int, ...]]  # per seat, the VP of each of PARTS (eliminated seats too)


def parts_of(tiles: list[int], nation: int, token: int | None, marks: int, least: bool) -> tuple:
    """The VP of one seat by scoring category (QE-13)."""
    counts = [0] * 5
    for t in tiles:
        counts[TILE_INDUSTRY[t]] += 1
    if token is not None:  # QE-3: the token is one more company of its industry
        counts[token] += 1
    own = sum(1 for t in tiles if TILE_COUNTRY[t] == nation)
    return (
        sum(TILE_VP[t] for t in tiles),
        ZERO_MARK_VP * marks.bit_count(),
        NATIONALIZATION[min(own, 4)],
        sum(MONOPOLIZATION[min(c, 4)] for c in counts),
        DIVERSIFICATION[min(sum(1 for c in counts if c), 4)],
        LEAST_SPENT_VP if least else 0,
    )


def tally(owned, nations, tokens, zmarks, spent, elimination: bool) -> Tally:
    n = len(spent)
    top, low = max(spent), min(spent)
    out: tuple[int, ...] = ()
    if elimination and top != low:  # QE-12 (all tied on top: nobody is eliminated)
        out = tuple(q for q in range(n) if spent[q] == top)
    parts = [
        parts_of(
            owned[q], nations[q], None if tokens is None else tokens[q], zmarks[q], spent[q] == low
        )
        for q in range(n)
    ]
    scores = [0 if q in out else sum(parts[q]) for q in range(n)]
    alive = [q for q in range(n) if q not in out]
    best = max(scores[q] for q in alive)
    alive = [q for q in alive if scores[q] == best]
    cheapest = min(spent[q] for q in alive)  # QE-14: a tie goes to the one who spent less
    winners = tuple(q for q in alive if spent[q] == cheapest)
    return Tally(scores, winners, out, parts)
