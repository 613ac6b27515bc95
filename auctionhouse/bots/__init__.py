"""Game-agnostic bots: random, ISMCTS and the learned bot (the registry that names them is
`core.players`: a bot's module is imported when it is asked for)."""

from ..core.players import Bot, Observation, Param, bot_names, make_bot

__all__ = ["Bot", "Observation", "Param", "bot_names", "make_bot"]
