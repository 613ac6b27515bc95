"""Research interfaces: the PettingZoo AEC, Gymnasium single-seat and OpenSpiel adapters over
the games' encodings (observation vectors, action ids, masks; docs/envs.md).

An encoding is the game's (`games/<g>/encoding.py`, on the shared machinery of
`core/encoding.py`) and needs nothing beyond the standard library; the adapters need the `envs`
extra (numpy, pettingzoo, gymnasium, open_spiel).
"""

from __future__ import annotations

from typing import Any

from ..core import Game
from ..core import encoding as _encoding
from ..core.encoding import Encoding, Feature
from ..games import all_games, get_game

__all__ = ["Encoding", "Feature", "encoded_games", "encoding_for"]


def encoded_games() -> list[str]:
    """The games that have an encoding, in the registry's order."""
    return [g.name for g in all_games() if g.encoding is not None]


def encoding_for(game: str | Game, players: int, options: dict[str, Any] | None = None) -> Encoding:
    """The encoding of `game` (a name or a game) for `players` seats and these options
    (OptionError if they are bad, or if the game has none)."""
    if isinstance(game, str):
        game = get_game(game)
    return _encoding.encoding_for(game, players, options)
