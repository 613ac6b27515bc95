"""The random bot: uniform over move kinds, arguments uniform in their range (splits as
`random_arg` draws them)."""

from __future__ import annotations

import random

from ..core import Move, random_arg
from ..core.moves import below, random_split
from ..core.players import Bot, Observation


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
        # every draw as random_arg makes it, the common cases inline
        rand = self._random
        n = len(legal)
        mk = legal[0] if n == 1 else legal[int(rand() * n)]
        kind, lo, hi, choices, parts, span = mk
        if parts is not None:
            return (kind, random_split(mk, rand))
        if choices is not None:
            return (kind, choices[int(rand() * len(choices))])
        if lo is None:
            return (kind, None)
        if hi is not None or span:  # an amount in a range
            if span is not None and (hi is None or hi > lo + span):
                return (kind, lo + int(rand() * (span + 1)))  # a game's span is small
            w = hi - lo + 1
            if w <= 9007199254740992:  # FLOAT_EXACT, as a constant for speed
                return (kind, lo + int(rand() * w))
            return (kind, lo + below(rand, w))  # e.g. a Q.E. bid under a huge opening bid
        return (kind, random_arg(mk, self.rng))
