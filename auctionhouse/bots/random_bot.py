"""The random bot: uniform over move kinds, arguments uniform in their range (splits as
`random_arg` draws them)."""

from __future__ import annotations

import random
from typing import Any

from ..core import Move
from ..core.moves import random_move
from ..core.players import Bot, Observation
from ..core.rng import seeded_random


class RandomBot(Bot):
    """Picks one of its legal move kinds uniformly, then an argument uniformly in its range.

    Amounts run from the kind's minimum to at most `span` above it (the game's span for that
    kind when it declares one, e.g. Modern Art bids 40 over the minimum, else the whole range,
    however wide: a Q.E. bid under a huge opening bid is drawn exactly, as `core.moves.below`).
    A split (an art-dice bid over the works on sale) is drawn as `core.moves.random_arg` draws
    it: a random set of parts, a total uniform between what they need and what they can take,
    the surplus spread in random shares. Small splits (total at most 10, at most 4 parts) are
    drawn with one random number from a table of that exact distribution (`split_distribution`),
    so a game draws other numbers than a step-by-step draw would but from the same distribution.
    """

    name = "random"
    plain_kinds = True  # `choose` reads the kinds by position (core.moves.random_move)

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        # Bot.__init__ compiled (a series makes four random bots a game); no parameters
        self.rng = seeded_random(seed)
        self.settings = {}

    @property
    def rng(self) -> random.Random:
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng
        self._random = rng.random  # looked up once: `rng.random` costs a new bound method

    def act(self, obs: Observation) -> Move:
        return self.choose(obs.legal)

    def choose(self, legal) -> Move:
        return random_move(legal, self._random)
