"""The games, one package each; this registry is the only place that lists them."""

from __future__ import annotations

from importlib import import_module

from ..core import Game, OptionError

# name -> module holding GAME; adding a game is one line here.
_MODULES = {
    "art-dice": "auctionhouse.games.art_dice",
    "modern-art": "auctionhouse.games.modern_art",
    "ratzia": "auctionhouse.games.ratzia",
    "qe": "auctionhouse.games.qe",
}


def game_names() -> list[str]:
    return list(_MODULES)


def get_game(name: str) -> Game:
    """The game called `name`, or OptionError listing the known games."""
    module = _MODULES.get(name)
    if module is None:
        raise OptionError(f"unknown game {name!r} (known games: {', '.join(_MODULES)})")
    return import_module(module).GAME


def all_games() -> list[Game]:
    return [get_game(n) for n in _MODULES]
