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


class Walk:
    """One descent in progress below one root move: the imagined state, the tree node it has
    reached (`in_tree` until it adds one, then a playout), the path to credit, and the seat
    whose move it waits for with that seat's legal moves."""

    __slots__ = ("state", "node", "me", "path", "in_tree", "seat", "legal")
    state: State
    node: Node
    me: int
    path: list[tuple[Node, int]]
    in_tree: bool
    seat: int
    legal: Sequence[MoveKind]

    def __init__(self, state: State, node: Node, me: int) -> None:
        self.state = state
        self.node = node
        self.me = me
        self.path = [(node, me)]
        self.in_tree = True
        self.seat = -1
        self.legal = ()


REWARDS = ("mixed", "win")  # the kinds of `rewards`


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
        walk = Walk(state, node, me)
        while self._next(walk):
            self._take(walk, self.policy(walk.state, walk.seat, walk.legal))
        return self._finish(walk)

    def descend_many(
        self,
        states: list[State],
        nodes: list[Node],
        me: int,
        batch: Callable[[list[tuple[State, int, Sequence[MoveKind]]]], list[Move]],
    ) -> list[float]:
        """`descend` below several root moves side by side, the playout policy asked for the
        moves of all the walks waiting on it at once (`batch`: a network evaluates them in one
        pass instead of one by one); `me`'s reward of each."""
        walks = [Walk(s, n, me) for s, n in zip(states, nodes, strict=True)]
        waiting = [w for w in walks if self._next(w)]
        while waiting:
            moves = batch([(w.state, w.seat, w.legal) for w in waiting])
            for w, m in zip(waiting, moves, strict=True):
                self._take(w, m)
            waiting = [w for w in waiting if self._next(w)]
        return [self._finish(w) for w in walks]

    def _next(self, walk: Walk) -> bool:
        """Whether the walk needs a move of the playout policy (then `seat` and `legal` say
        whose and among what); False once its leaf is reached."""
        state = walk.state
        if state.is_over() or (not walk.in_tree and self.learned is not None):
            return False
        p = state.next_actor()
        walk.seat = p
        walk.legal = state.legal_moves(p)
        return True

    def _take(self, walk: Walk, move: Move) -> None:
        """Go on with the playout policy's `move` for the waiting seat: played, or, at the
        searching seat's own decision in the tree, its guess among the node's children."""
        state = walk.state
        p = walk.seat
        me = walk.me
        if p != me or not walk.in_tree:
            # Rivals play the playout policy: with the budgets a bot has per move, exploring
            # their options would mostly try absurd bids, which flatter whatever provoked them.
            state.apply(p, move)
            return
        # Below the root, amounts are the minimum and the playout policy's choice only.
        moves = distinct([move, *candidate_moves(walk.legal, 1)], lambda m: state.move_class(me, m))
        node = walk.node
        children = node.children
        present = [m for m in moves if m in children]
        for m in present:
            children[m].avail += 1
        # Progressive widening: a node grows one child per step of sqrt(visits), the
        # playout policy's own move first, so rare early visits follow sensible play.
        if len(present) < min(len(moves), 1 + int(math.sqrt(node.visits))):
            m = move
            if m in children:
                untried = [x for x in moves if x not in children]
                m = untried[int(self.rng.random() * len(untried))]
            child = children[m] = Node()
            state.apply(p, m)
            walk.path.append((child, p))
            walk.in_tree = False
            return
        c = self.c
        best, best_score = present[0], -1.0
        for m in present:
            child = children[m]
            if not child.visits:  # added by another walk of the wave, not yet credited
                best = m
                break
            score = child.reward / child.visits + c * math.sqrt(
                math.log(child.avail) / child.visits
            )
            if score > best_score:
                best, best_score = m, score
        walk.node = children[best]
        state.apply(p, best)
        walk.path.append((walk.node, p))

    def _finish(self, walk: Walk) -> float:
        """Score the walk's leaf (played to the end, or the network's values), credit its path;
        the searching seat's reward."""
        state = walk.state
        reward: Any
        if self.learned is not None and not state.is_over():
            reward = self.learned.values(state)
        else:
            result = state.result()
            assert result is not None  # over
            reward = rewards(result, self.reward)
        for n, q in walk.path:
            n.visits += 1
            n.reward += reward[q]
        return reward[walk.me]

    def policy(self, state: State, p: int, legal: Sequence[MoveKind]) -> Move:
        """The playout policy's move for seat `p`."""
        if self.policy_bot is not None:
            return self.policy_bot.act_in_search(state, p, legal)
        return self.random_bot.choose(legal)
