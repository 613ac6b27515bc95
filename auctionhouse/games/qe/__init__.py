"""Q.E.: sealed-bid auctions of company tiles with printed money (rules: docs/rules/qe.md)."""

from .game import QE

GAME = QE()

__all__ = ["GAME", "QE"]
