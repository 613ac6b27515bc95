"""art-dice: an art-auction game with die-limited bids (rules: docs/rules/art-dice.md)."""

from .game import ArtDice

GAME = ArtDice()

__all__ = ["GAME", "ArtDice"]
