"""The games, one package each; this registry is the only place that lists them.

The built-in games are listed below. A game from another package registers through the entry
point group `auctionhouse.games`: `going-once = "going_once:GAME"`, the name being the game's
`name` and the value a `core.Game` instance. Installed plugins are looked for only when a name
that is not built in is asked for, or when all games are listed (once, while `sys.path` stays
the same); a plugin that cannot be loaded, or that takes a built-in's or another plugin's name,
is an OptionError naming it.
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import TYPE_CHECKING

from ..core import Game, OptionError

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GROUP = "auctionhouse.games"
# name -> module holding GAME; adding a built-in game is one line here.
_MODULES = {
    "art-dice": "auctionhouse.games.art_dice",
    "modern-art": "auctionhouse.games.modern_art",
    "ratzia": "auctionhouse.games.ratzia",
    "qe": "auctionhouse.games.qe",
}
_found: tuple[tuple, dict[str, EntryPoint]] | None = None  # (sys.path scanned, plugins by name)
_loaded: dict[tuple[str, str], Game] = {}  # the plugins' games, by name and value


def game_names() -> list[str]:
    """The built-in games, then the installed plugins."""
    return [*_MODULES, *_plugins()]


def get_game(name: str) -> Game:
    """The game called `name`, or OptionError listing the known games."""
    module = _MODULES.get(name)
    if module is not None:
        return import_module(module).GAME
    plugin = _plugins().get(name)
    if plugin is None:
        raise OptionError(f"unknown game {name!r} (known games: {', '.join(game_names())})")
    key = (plugin.name, plugin.value)
    game = _loaded.get(key)
    if game is None:
        game = _loaded[key] = _load(plugin)
    return game


def all_games() -> list[Game]:
    return [get_game(n) for n in game_names()]


def _plugins() -> dict[str, EntryPoint]:
    global _found
    if _found is None or _found[0] != tuple(sys.path):
        _found = (tuple(sys.path), _scan())
    return _found[1]


def _scan() -> dict[str, EntryPoint]:
    from importlib.metadata import entry_points  # not at import: `simulate` starts without it

    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=GROUP):
        if ep.name in _MODULES:
            raise OptionError(f"game plugin {_about(ep)} takes the name of a built-in game")
        if ep.name in found:
            raise OptionError(
                f"game plugins {_about(found[ep.name])} and {_about(ep)} take the same name"
            )
        found[ep.name] = ep
    return found


def _load(ep: EntryPoint) -> Game:
    try:
        game = ep.load()
    except Exception as e:
        raise OptionError(
            f"game plugin {_about(ep)} cannot be loaded: {type(e).__name__}: {e}"
        ) from e
    if not isinstance(game, Game):
        raise OptionError(
            f"game plugin {_about(ep)} names a {type(game).__name__}, not a core.Game instance"
        )
    if game.name != ep.name:
        raise OptionError(
            f"game plugin {_about(ep)} holds a game named {game.name!r}: the entry point's name "
            "is the game's name"
        )
    return game


def _about(ep: EntryPoint) -> str:
    """A plugin as a person can find it: its name, what it points to, its distribution."""
    dist = getattr(ep, "dist", None)
    where = f", from {dist.name} {dist.version}" if dist is not None else ""
    return f"{ep.name!r} ({ep.value}{where})"
