"""Statistics of a series: win shares with confidence intervals, openskill ratings."""

from __future__ import annotations

import math
from collections.abc import Sequence


def share_ci95(shares: Sequence[float]) -> tuple[float, float, float]:
    """Mean win share and its 95% Wilson score interval (sound near 0% and 100%, where the
    normal approximation collapses to a point)."""
    return wilson_ci95(sum(shares), len(shares))


def wilson_ci95(successes: float, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """The share `successes / n` (fractional successes allowed: shared wins) and its Wilson
    score interval at `z` (1.96: 95%)."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


class Ratings:
    """openskill (Plackett-Luce) ratings of competitors, updated game by game in order."""

    def __init__(self, names: Sequence[str]) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.ratings = {name: self.model.rating(name=name) for name in names}

    def update(self, seated: Sequence[str], scores: Sequence[float]) -> None:
        teams = [[self.ratings[name]] for name in seated]
        new = self.model.rate(teams, scores=list(scores))
        for name, team in zip(seated, new, strict=True):
            self.ratings[name] = team[0]

    def summary(self, name: str) -> dict:
        r = self.ratings[name]
        return {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "ordinal": round(r.ordinal(), 3)}
