"""Game-agnostic bots and the bot registry."""

from .base import Bot, Observation
from .registry import bot_names, make_bot

__all__ = ["Bot", "Observation", "bot_names", "make_bot"]
