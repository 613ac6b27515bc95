"""Modern Art (Reiner Knizia): rulings MA-1 to MA-20, see docs/rules/modern-art.md."""

from .game import ModernArt

GAME = ModernArt()

__all__ = ["GAME", "ModernArt"]
