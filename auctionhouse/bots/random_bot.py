"""The random bot: uniform over move kinds, arguments uniform in their range."""

from __future__ import annotations

from ..core import Move, random_arg
from ..core.moves import random_split
from ..core.players import Bot, Observation


class RandomBot(Bot):
    """Picks one of its legal move kinds uniformly, then an argument uniformly in its range.

    Amounts run from the kind's minimum to at most `span` above it (the game's span for that
    kind when it declares one, e.g. Modern Art bids 40 over the minimum, else the whole range).
    """

    name = "random"

    def act(self, obs: Observation) -> Move:
        return self.choose(obs.legal)

    def choose(self, legal) -> Move:
        rand = self.rng.random
        mk = legal[int(rand() * len(legal))] if len(legal) > 1 else legal[0]
        kind, lo, hi, choices, parts, span = mk
        if parts is not None:
            return (kind, random_split(mk, rand))  # as random_arg draws it
        if choices is None and lo is not None and (hi is not None or span):
            # the common case inline (an amount in a range), drawn as random_arg draws it
            if span is not None and (hi is None or hi > lo + span):
                hi = lo + span
            return (kind, lo + int(rand() * (hi - lo + 1)))
        if lo is None and choices is None:
            return (kind, None)
        return (kind, random_arg(mk, self.rng))
