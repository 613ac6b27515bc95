"""Q.E. components as tables of small integers, built once at import (QE-1, QE-2, QE-4).

A tile is an int 0..20 numbered row by row through the QE-2 table (industry, then country),
skipping the empty cells; `TILE_COUNTRY`, `TILE_INDUSTRY` and `TILE_VP` give its parts.
Nations (a player's country) and countries share the numbers US=0, EU=1, CN=2, JP=3, UK=4.
"""

from __future__ import annotations

from typing import Final

COUNTRIES: Final[tuple[str, ...]] = ("US", "EU", "CN", "JP", "UK")
INDUSTRIES: Final[tuple[str, ...]] = (
    "Agriculture",
    "Financial",
    "Manufacturing",
    "Housing",
    "Government",
)
US: Final = 0
EU: Final = 1
CN: Final = 2
JP: Final = 3
UK: Final = 4
AGR: Final = 0
FIN: Final = 1
MAN: Final = 2
HOU: Final = 3
GOV: Final = 4

# QE-2: VP by industry (rows) and country (columns); 0 is an empty cell (no such tile).
_VP: Final[tuple[tuple[int, ...], ...]] = (
    (1, 4, 2, 3, 3),
    (2, 3, 4, 1, 4),
    (3, 2, 1, 4, 0),
    (4, 1, 3, 2, 0),
    (0, 0, 4, 3, 2),
)
_CELLS: Final = [(i, c, vp) for i, row in enumerate(_VP) for c, vp in enumerate(row) if vp]
TILE_INDUSTRY: Final = tuple(i for i, _, _ in _CELLS)
TILE_COUNTRY: Final = tuple(c for _, c, _ in _CELLS)
TILE_VP: Final = tuple(vp for _, _, vp in _CELLS)
NUM_TILES: Final = len(_CELLS)


def tile_id(country: int, industry: int) -> int:
    """The tile of `country` in `industry` (ValueError for an empty cell of the table)."""
    return _CELLS.index((industry, country, _VP[industry][country]))


def tile_name(tile: int) -> str:
    return f"{COUNTRIES[TILE_COUNTRY[tile]]} {INDUSTRIES[TILE_INDUSTRY[tile]]}"


def _in_play(players: int) -> tuple[int, ...]:
    if players == 5:  # QE-2: the four 1-VP tiles, JP Agriculture and CN Financial go
        out = {tile_id(JP, AGR), tile_id(CN, FIN)}
        out.update(t for t in range(NUM_TILES) if TILE_VP[t] == 1)
    else:  # QE-2: the UK tiles, JP Government and CN Government go
        out = {t for t in range(NUM_TILES) if TILE_COUNTRY[t] == UK}
        out.update((tile_id(JP, GOV), tile_id(CN, GOV)))
    return tuple(t for t in range(NUM_TILES) if t not in out)


# Per player count 3..5: the tiles in play (one turn each, QE-4), the nations and industries.
TILES_IN_PLAY: Final = {n: _in_play(n) for n in (3, 4, 5)}
NATIONS_IN_PLAY: Final = {3: (US, EU, CN, JP), 4: (US, EU, CN, JP), 5: (US, EU, CN, JP, UK)}
INDUSTRIES_IN_PLAY: Final = {3: (AGR, FIN, MAN, HOU), 4: (AGR, FIN, MAN, HOU), 5: tuple(range(5))}
LAST_TURN_3P = 15  # QE-10: the 16th turn of a 3-player game has no auctioneer


def catalog() -> dict:
    return {
        "countries": list(COUNTRIES),
        "industries": list(INDUSTRIES),
        "tiles": [
            {
                "id": t,
                "country": TILE_COUNTRY[t],
                "industry": TILE_INDUSTRY[t],
                "vp": TILE_VP[t],
                "name": tile_name(t),
            }
            for t in range(NUM_TILES)
        ],
        "tiles_in_play": {str(n): list(ts) for n, ts in TILES_IN_PLAY.items()},
    }
