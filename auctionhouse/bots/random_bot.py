"""The random bot: uniform over move kinds, arguments uniform in their range."""

from __future__ import annotations

import random

from ..core import Move, random_arg
from .base import Bot, Observation


class RandomBot(Bot):
    """Picks one of its legal move kinds uniformly, then an argument uniformly in its range.

    Amounts run from the kind's minimum to at most `span` above it (the game's span for that
    kind when it declares one, e.g. Modern Art bids 40 over the minimum, else the whole range).
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: Observation) -> Move:
        return self.choose(obs.legal)

    def choose(self, legal) -> Move:
        mk = legal[int(self.rng.random() * len(legal))] if len(legal) > 1 else legal[0]
        return (mk.kind, random_arg(mk, self.rng))
