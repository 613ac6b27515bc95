"""Ratzia's cards as small integers: the auction-card table and the bidding-card sets (RZ-1, RZ-2).

An auction card is its type, an int in 0..18; a collection is a list of 19 counts indexed by type.
A bidding card is its value, 1..16; a hand of bidding cards is a bitmask (bit v = card v).
"""

from __future__ import annotations

from typing import Final

# --- auction-card types (RZ-1) ----------------------------------------------------------------
POLICE: Final = 0
THIEVES: Final = 1
GANGSTER_A: Final = 2
GANGSTER_B: Final = 3
TRINKETS: Final[tuple[int, ...]] = (4, 5, 6, 7, 8)
BUSINESSES: Final[tuple[int, ...]] = (9, 10, 11, 12, 13, 14, 15)
COURTHOUSE: Final = 16
GETAWAY_CAR: Final = 17
DRIVER: Final = 18
NUM_TYPES: Final = 19

# name, copies in the deck, palm tree (kept between rounds, RZ-14)
_TABLE = (
    ("Police", 21, False),
    ("Thieves", 10, False),
    ("Gangster A", 10, True),
    ("Gangster B", 10, True),
    *((f"Trinket {i}", 5, False) for i in range(1, 6)),
    *((f"Business {i}", 5, True) for i in range(1, 8)),
    ("Courthouse", 5, False),
    ("Getaway Car", 15, True),
    ("Driver", 10, False),
)
NAMES: Final = tuple(name for name, _, _ in _TABLE)
COPIES: Final = tuple(copies for _, copies, _ in _TABLE)
PALM_TREE: Final = tuple(palm for _, _, palm in _TABLE)
DECK_SIZE: Final = sum(COPIES)  # 141

# The full deck as a sorted list of types (a setup is a permutation of it).
FULL_DECK: Final = tuple(t for t in range(NUM_TYPES) for _ in range(COPIES[t]))

# Types that a Steal cannot take from the Auction row (RZ-5): Thieves and Courthouses.
UNSTEALABLE: Final[tuple[int, ...]] = (THIEVES, COURTHOUSE)
# Bitmask of the types a Steal may take (Police never lie in the Auction row).
STEALABLE_BITS: Final = sum(
    1 << t for t in range(NUM_TYPES) if t not in UNSTEALABLE and t != POLICE
)
BUSINESS_BITS: Final = sum(1 << t for t in BUSINESSES)

# --- bidding cards (RZ-2) ---------------------------------------------------------------------
CENTRE_START: Final = 1
MAX_BID: Final = 16
BIDDING_SETS: Final = {
    2: ((2, 5, 6, 9), (3, 4, 7, 8)),
    3: ((2, 5, 8, 13), (3, 6, 9, 12), (4, 7, 10, 11)),
    4: ((2, 6, 13), (3, 7, 12), (4, 8, 11), (5, 9, 10)),
    5: ((2, 7, 16), (3, 8, 15), (4, 9, 14), (5, 10, 13), (6, 11, 12)),
}


def mask_of(values) -> int:
    """The bitmask of a collection of bidding-card values."""
    m = 0
    for v in values:
        m |= 1 << v
    return m


def values_of(mask: int) -> list[int]:
    """The bidding-card values in `mask`, lowest first."""
    return [v for v in range(1, MAX_BID + 1) if mask >> v & 1]


# The values in every 17-bit mask would be a big table; masks are small, so a cache fills lazily.
_VALUES: dict[int, tuple[int, ...]] = {}


def values_tuple(mask: int) -> tuple[int, ...]:
    """`values_of(mask)` as a cached tuple (used on hot paths)."""
    vals = _VALUES.get(mask)
    if vals is None:
        vals = _VALUES[mask] = tuple(values_of(mask))
    return vals


def out_of_game(players: int) -> tuple[int, ...]:
    """Bidding cards not dealt at this player count (RZ-2), the centre card aside."""
    dealt = {v for s in BIDDING_SETS[players] for v in s}
    return tuple(v for v in range(2, MAX_BID + 1) if v not in dealt)


def catalog() -> dict:
    return {
        "cards": [
            {"type": t, "name": NAMES[t], "copies": COPIES[t], "palm_tree": PALM_TREE[t]}
            for t in range(NUM_TYPES)
        ],
        "bidding_sets": {str(n): [list(s) for s in sets] for n, sets in BIDDING_SETS.items()},
        "centre_start": CENTRE_START,
    }
