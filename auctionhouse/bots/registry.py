"""Bots by name, with parameters written `name:key=value:key=value`.

Game-agnostic bots live here; a game adds its own (e.g. `heuristic`) through `Game.bots()`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..core import Game, OptionError
from ..core.players import Bot
from .ismcts import ISMCTSBot
from .learned import LearnedBot
from .openspiel_bot import OpenSpielISMCTSBot
from .random_bot import RandomBot

# openspiel-ismcts imports OpenSpiel only when made (OptionError without the envs extra)
GENERIC: dict[str, type[Bot]] = {
    "random": RandomBot,
    "ismcts": ISMCTSBot,
    "openspiel-ismcts": OpenSpielISMCTSBot,
    "learned": LearnedBot,
}


def available(game: Game | None) -> dict[str, type[Bot]]:
    found = dict(GENERIC)
    if game is not None:
        found.update(game.bots())
    return found


def bot_names(game: Game | None = None) -> list[str]:
    return sorted(available(game))


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`ismcts:iterations=400:rollout=heuristic` -> ("ismcts", {"iterations": "400", ...})."""
    name, *pairs = spec.strip().split(":")
    params = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise OptionError(f"bot {name}: parameters are written key=value, not {pair!r}")
        params[key.strip()] = value.strip()
    return name.strip(), params


def make_bot(spec: str, game: Game | None = None, seed: int | None = None) -> Bot:
    """A bot from its command-line spec, e.g. `random` or `ismcts:seconds=1`."""
    return bot_maker(spec, game)(seed)


def bot_maker(spec: str, game: Game | None = None) -> Callable[[int | None], Bot]:
    """`make_bot` for many seeds (a series makes every seat's bot anew each game): the spec
    read and checked once, a function of the seed."""
    name, raw = parse_spec(spec)
    bots = available(game)
    cls = bots.get(name)
    if cls is None:
        where = f" for {game.name}" if game is not None else ""
        raise OptionError(f"unknown bot {name!r}{where} (known bots: {', '.join(sorted(bots))})")
    params = {}
    for key, value in raw.items():
        if key not in cls.params:
            known = ", ".join(cls.params) or "none"
            raise OptionError(f"bot {name} has no parameter {key!r} (its parameters: {known})")
        params[key] = cls.params[key].parse(name, key, value)
    return partial(cls, **params)
