"""Who the learner plays against: itself, its past versions, and our other bots.

Each game of a rollout draws its line-up: with probability `self_play` every seat is the
learner; otherwise one seat is, and each other seat is drawn from the pool by weight (a past
version of the learner, `heuristic`, `ismcts` with a small budget, `random`). Playing one
opponent only would make a best reply to it; the mix keeps the policy sound against many.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..bots.learned import LearnedBot
from ..bots.policy_net import PolicyNet
from ..bots.registry import make_bot
from ..core import Game
from ..core.players import Bot

# how often each kind fills a seat that is not the learner's: `ismcts`, even with one iteration
# and random playouts, costs tens of times the others per move, so it is rare
DEFAULT_WEIGHTS = {"past": 0.45, "heuristic": 0.4, "ismcts": 0.01, "random": 0.1}
# the pool's bots, as specs; `past` is a past version of the learner
POOL = {
    "past": None,
    "heuristic": "heuristic",
    "ismcts": "ismcts:iterations=1:amounts=2:rollout=random",
    "random": "random",
}


@dataclass
class League:
    self_play: float = 0.4
    weights: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))
    most_past: int = 8  # past versions kept (the oldest is dropped)
    past: list[PolicyNet] = field(default_factory=list)

    def add_past(self, net: PolicyNet) -> None:
        self.past.append(net)
        if len(self.past) > self.most_past:
            self.past.pop(0)

    def lineup(self, game: Game, players: int, rng: random.Random) -> list[tuple[str, Bot | None]]:
        """Each seat's (kind, bot); the learner's seats have kind `learner` and no bot."""
        if rng.random() < self.self_play:
            return [("learner", None)] * players
        kinds = [k for k, w in self.weights.items() if w > 0 and (k != "past" or self.past)]
        weights = [self.weights[k] for k in kinds]
        me = rng.randrange(players)
        seats: list[tuple[str, Bot | None]] = []
        for p in range(players):
            if p == me:
                seats.append(("learner", None))
                continue
            kind = rng.choices(kinds, weights)[0]
            seed = rng.getrandbits(63)
            if kind == "past":
                bot = LearnedBot.playing(self.past[rng.randrange(len(self.past))], seed)
            else:
                bot = make_bot(POOL[kind], game, seed)
            seats.append((kind, bot))
        return seats
