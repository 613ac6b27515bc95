"""The outcome of a finished game."""

from __future__ import annotations

from typing import NamedTuple


class Result(NamedTuple):
    """Scores per seat and the winning seats (several when the victory is shared)."""

    scores: tuple
    winners: tuple[int, ...]

    def shares(self) -> list[float]:
        """Each seat's share of the victory: 1/k for each of k winners, 0 for the others."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return [share if p in self.winners else 0.0 for p in range(len(self.scores))]

    def to_json(self) -> dict:
        return {"scores": list(self.scores), "winners": list(self.winners)}


def top_scorers(scores, eligible=None) -> tuple[int, ...]:
    """The seats with the highest score among `eligible` (all seats by default)."""
    seats = range(len(scores)) if eligible is None else eligible
    seats = list(seats)
    if not seats:
        return ()
    best = max(scores[p] for p in seats)
    return tuple(p for p in seats if scores[p] == best)
