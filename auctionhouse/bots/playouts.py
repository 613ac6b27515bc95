"""The playouts of the ISMCTS bot (bots/ismcts.py): below one candidate move, the tree of the
searching seat's own later decisions, walked with UCB and grown by progressive widening, then
the game played to its end by the playout policy and scored.

This module is compiled (setup.py's COMPILED): a search spends nearly all its time here and in
the playout policy. The policy bots are asked through `Bot.act_in_search`, which a game's
heuristic answers from the state it is given (a determinization) without building a view.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ..core import Move, MoveKind, Result, State
from ..core.players import Bot
from .candidates import candidate_moves
from .random_bot import RandomBot


class Node:
    __slots__ = ("children", "visits", "reward", "avail")
    children: dict[Move, Node]
    visits: int
    reward: float
    avail: int

    def __init__(self) -> None:
        self.children = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


def rewards(result: Result, kind: str = "mixed") -> list[float]:
    """`mixed`: half the share of the victory, half the score's place between the lowest and
    highest, a dense signal even in playouts the bot rarely wins; `win`: the share of the
    victory alone."""
    shares = result.shares()
    if kind == "win":
        return list(shares)
    lo, hi = min(result.scores), max(result.scores)
    if hi == lo:
        return [0.5 * s + 0.25 for s in shares]
    return [
        0.5 * s + 0.5 * (x - lo) / (hi - lo) for s, x in zip(shares, result.scores, strict=True)
    ]


def distinct(moves: list[Move], key: Callable[[Move], Hashable]) -> list[Move]:
    """The first move of each class (`key`: the game's `move_class`), in order."""
    seen = set()
    out = []
    for m in moves:
        k = key(m)
        if k not in seen:
            seen.add(k)
            out.append(m)
    return out


class Playouts:
    """One search's playouts: its generator (shared with the search), the exploration
    constant, the playout policy (`policy`, or the random bot when None), how a leaf is scored
    (`learned`: a network's values instead of a playout) and the reward kind."""

    def __init__(
        self,
        rng: random.Random,
        c: float,
        policy: Bot | None,
        random_bot: RandomBot,
        learned: Any = None,
        reward: str = "mixed",
    ) -> None:
        self.rng = rng
        self.c = c
        self.policy_bot = policy
        self.random_bot = random_bot
        self.learned = learned
        self.reward = reward

    def descend(self, state: State, node: Node, me: int) -> float:
        """Walk the tree below one root move with UCB, add a node, play out, credit the path;
        `me`'s reward."""
        path: list[tuple[Node, int]] = [(node, me)]
        c = self.c
        while not state.is_over():
            p = state.next_actor()
            if p != me:
                # Rivals play the playout policy: with the budgets a bot has per move, exploring
                # their options would mostly try absurd bids, which flatter whatever provoked them.
                state.apply(p, self.policy(state, p, state.legal_moves(p)))
                continue
            legal = state.legal_moves(p)
            # Below the root, amounts are the minimum and the playout policy's choice only.
            guess = self.policy(state, p, legal)
            moves = distinct([guess, *candidate_moves(legal, 1)], lambda m: state.move_class(me, m))
            children = node.children
            present = [m for m in moves if m in children]
            for m in present:
                children[m].avail += 1
            # Progressive widening: a node grows one child per step of sqrt(visits), the
            # playout policy's own move first, so rare early visits follow sensible play.
            if len(present) < min(len(moves), 1 + int(math.sqrt(node.visits))):
                m = guess
                if m in children:
                    untried = [x for x in moves if x not in children]
                    m = untried[int(self.rng.random() * len(untried))]
                child = children[m] = Node()
                state.apply(p, m)
                path.append((child, p))
                break
            best, best_score = present[0], -1.0
            for m in present:
                child = children[m]
                score = child.reward / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if score > best_score:
                    best, best_score = m, score
            node = children[best]
            state.apply(p, best)
            path.append((node, p))
        reward: Any
        if self.learned is not None and not state.is_over():
            reward = self.learned.values(state)
        else:
            while not state.is_over():
                p = state.next_actor()
                state.apply(p, self.policy(state, p, state.legal_moves(p)))
            result = state.result()
            assert result is not None  # over
            reward = rewards(result, self.reward)
        for n, q in path:
            n.visits += 1
            n.reward += reward[q]
        return reward[me]

    def policy(self, state: State, p: int, legal: Sequence[MoveKind]) -> Move:
        """The playout policy's move for seat `p`."""
        if self.policy_bot is not None:
            return self.policy_bot.act_in_search(state, p, legal)
        return self.random_bot.choose(legal)
