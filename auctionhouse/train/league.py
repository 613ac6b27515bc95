"""Who the learner plays against: itself, its past versions, and our other bots.

Each game of a rollout draws its line-up: with probability `self_play` every seat is the
learner; with probability `outnumbered` every seat but one is, the one drawn from the pool (a
table where a lone bot looks for what the learner's copies leave open: what a heuristic seat
against three learned measures); otherwise one seat is the learner, and the others are drawn
from the pool by weight (a past version of the learner, `heuristic`, `ismcts` with a small
budget, `random`): with probability `same_table` one kind for all of them, else each seat on
its own. Playing one opponent only would make a best reply to it; the mix keeps the policy
sound against many. Whole tables of one kind matter: a Q.E. policy trained on mixed seats only won 9 of 400 games against three random
bots (the heuristic wins 343), having never met a table where everyone else spends little.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from ..bots.policy_net import PolicyNet
from ..core import AuctionhouseError

# how often each kind fills a seat that is not the learner's: `ismcts`, even with one iteration
# and random playouts, costs tens of times the others per move, so it is rare
DEFAULT_WEIGHTS = {"past": 0.45, "heuristic": 0.4, "ismcts": 0.01, "random": 0.1}


def parse_weights(text: str) -> dict[str, float]:
    """The pool's weights from `--league` text such as `heuristic=0.85,past=0.15` (kinds not
    named get 0; an empty text: the defaults)."""
    if not text.strip():
        return dict(DEFAULT_WEIGHTS)
    kinds = ", ".join(DEFAULT_WEIGHTS)
    weights = dict.fromkeys(DEFAULT_WEIGHTS, 0.0)
    for part in text.split(","):
        kind, eq, value = (x.strip() for x in part.partition("="))
        if kind not in weights or not eq:
            raise AuctionhouseError(
                f"--league {text!r}: use KIND=WEIGHT,... with KIND one of {kinds}"
            )
        try:
            w = float(value)
        except ValueError:
            w = math.nan
        if not (0 <= w <= 1_000_000):  # also refuses nan
            raise AuctionhouseError(
                f"--league {text!r}: {kind}'s weight must be a number from 0 to 1,000,000"
            )
        weights[kind] = w
    if not any(w > 0 for k, w in weights.items() if k != "past"):
        raise AuctionhouseError(
            f"--league {text!r}: give heuristic, ismcts or random a weight above 0 (past versions "
            "join only as the run goes on)"
        )
    return weights


LEARNER = ("learner", 0, -1)  # a seat of the learner's


@dataclass
class League:
    self_play: float = 0.4
    same_table: float = 0.5
    weights: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))
    most_past: int = 8  # past versions kept (the oldest is dropped)
    past: list[PolicyNet] = field(default_factory=list)
    outnumbered: float = 0.0

    def add_past(self, net: PolicyNet) -> None:
        self.past.append(net)
        if len(self.past) > self.most_past:
            self.past.pop(0)

    def lineup(self, players: int, rng: random.Random) -> tuple[tuple[str, int, int], ...]:
        """Each seat's (kind, bot seed, past version or -1); the learner's seats have kind
        `learner` (the bots themselves are made where the game is played: `work.POOL`)."""
        r = rng.random()
        if r < self.self_play:
            return (LEARNER,) * players
        kinds = [k for k, w in self.weights.items() if w > 0 and (k != "past" or self.past)]
        weights = [self.weights[k] for k in kinds]
        if r < self.self_play + self.outnumbered:
            lone = rng.randrange(players)
            bot = self._seat(rng.choices(kinds, weights)[0], rng)
            return tuple(bot if p == lone else LEARNER for p in range(players))
        me = rng.randrange(players)
        table = rng.choices(kinds, weights)[0] if rng.random() < self.same_table else None
        return tuple(
            LEARNER if p == me else self._seat(table or rng.choices(kinds, weights)[0], rng)
            for p in range(players)
        )

    def _seat(self, kind: str, rng: random.Random) -> tuple[str, int, int]:
        """A seat of the pool's `kind`: its bot's seed, and which past version (-1: none)."""
        seed = rng.getrandbits(63)
        return (kind, seed, rng.randrange(len(self.past)) if kind == "past" else -1)
