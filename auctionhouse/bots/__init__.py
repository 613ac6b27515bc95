"""Game-agnostic bots and the bot registry."""

from ..core.players import Bot, Observation, Param
from .registry import bot_names, make_bot

__all__ = ["Bot", "Observation", "Param", "bot_names", "make_bot"]
