"""What the designers of each game care about: one module per game, reading a finished game's
public record (its log of events and its final state), never changing the rules.

Each module gives `HEADLINE` (the game's own headline figures), `collect(state, agg)` (fold
the game's facts into the aggregate; returns the number of rounds played and each seat's
score at the end of every round before the final scoring) and `section(agg)` (its tables and
figures).
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

_MODULES = {
    "modern-art": "modern_art",
    "ratzia": "ratzia",
    "qe": "qe",
    "art-dice": "art_dice",
}


def facts_of(game: str) -> ModuleType:
    """The study module of `game`."""
    return import_module(f"{__name__}.{_MODULES[game]}")
