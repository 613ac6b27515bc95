"""The components of art-dice as small integers: 45 cards (9 artists x 5 works), 50 gold.

A card is an int 0..44; its artist is `card // 5` and its work number `card % 5`.
"""

from __future__ import annotations

from typing import Final

ARTISTS: Final = 9
WORKS_PER_ARTIST: Final = 5
CARDS: Final = 45  # ARTISTS * WORKS_PER_ARTIST (AD-1)
TOTAL_GOLD: Final = 50  # AD-1
START_GOLD: Final = 10  # AD-1, each player
START_COLLECTION: Final = 3  # AD-2
ON_SALE: Final = 3  # AD-3: works on sale are brought up to exactly this many
MAX_OWN_SALES: Final = 2  # AD-3: the first bidder may put up one or two own works
DIE: Final = 6

ARTIST_NAMES: Final = tuple(f"Artist {chr(ord('A') + a)}" for a in range(ARTISTS))

# card -> artist, precomputed
ARTIST_OF: Final = tuple(c // WORKS_PER_ARTIST for c in range(CARDS))


def card_name(card: int) -> str:
    return f"{ARTIST_NAMES[ARTIST_OF[card]]} #{card % WORKS_PER_ARTIST + 1}"


def collection_score(cards) -> int:
    """AD-8: for each artist, n works score n x n (summed as each work adds 2k + 1, k the
    works of its artist before it: twice as fast as counting, then squaring)."""
    counts = [0] * ARTISTS
    total = 0
    for c in cards:
        a = ARTIST_OF[c]
        k = counts[a]
        total += k + k + 1
        counts[a] = k + 1
    return total


def catalog() -> dict:
    return {
        "artists": list(ARTIST_NAMES),
        "cards": [
            {"id": c, "artist": ARTIST_OF[c], "work": c % WORKS_PER_ARTIST, "name": card_name(c)}
            for c in range(CARDS)
        ],
        "gold": TOTAL_GOLD,
        "die": DIE,
    }
