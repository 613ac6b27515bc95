"""The encodings, one module per game; this registry is the only place that lists them."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ...core import Game, OptionError
from ...games import get_game
from ..encoding import Encoding

# game name -> "module:class"; adding a game's encoding is one line here.
_ENCODINGS = {
    "modern-art": "auctionhouse.envs.encodings.modern_art:ModernArtEncoding",
    "ratzia": "auctionhouse.envs.encodings.ratzia:RatziaEncoding",
    "qe": "auctionhouse.envs.encodings.qe:QEEncoding",
    "art-dice": "auctionhouse.envs.encodings.art_dice:ArtDiceEncoding",
}


def encoded_games() -> list[str]:
    return list(_ENCODINGS)


def encoding_for(game: str | Game, players: int, options: dict[str, Any] | None = None) -> Encoding:
    """The encoding of `game` for `players` seats and these options (OptionError if bad)."""
    if isinstance(game, str):
        game = get_game(game)
    where = _ENCODINGS.get(game.name)
    if where is None:
        raise OptionError(f"{game.name} has no encoding yet (encoded: {', '.join(_ENCODINGS)})")
    module, _, cls = where.partition(":")
    return getattr(import_module(module), cls)(game, players, options)
