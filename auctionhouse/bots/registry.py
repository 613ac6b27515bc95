"""Bots by name, with parameters written `name:key=value,key=value`."""

from __future__ import annotations

from ..core import OptionError
from .base import Bot
from .random_bot import RandomBot

_BOTS = {"random": RandomBot}


def bot_names(game=None) -> list[str]:
    return sorted(_BOTS)


def make_bot(spec: str, game=None, seed: int | None = None) -> Bot:
    """A bot from its command-line spec, e.g. `random`."""
    name, _, params = spec.strip().partition(":")
    cls = _BOTS.get(name)
    if cls is None:
        raise OptionError(f"unknown bot {name!r} (known bots: {', '.join(bot_names(game))})")
    if params:
        raise OptionError(f"bot {name} takes no parameters, got {params!r}")
    return cls(seed=seed)
