"""A state drawn among those consistent with what one seat knows.

What a seat p cannot know is redrawn: the order of the face-down tiles, the other seats'
industry tokens (QE-3), and every bid p has not seen. Bids are redrawn from p's knowledge only
(the public course of each auction, p's own bids, the winning amounts p knows), never from the
true hidden bids, so two states that look the same to p give the same draws.

An auction's course depends on its bids only through comparisons, so the redraw works with a
few unknown *levels*: the value of each tie (the tied seats' standing bid), the
winning amount `F`, and the value `G` of a pair of equal bids that QE-8's third tie can leave
standing. Each seat's standing bid over the rounds it kept it is either pinned to a level (it
tied, or it won) or must stay below some levels (it did not). Those facts are difference
constraints between the levels; the levels are drawn one by one inside the bounds they imply,
then every hidden bid is drawn from its own range. The new state replays the true moves with
the redrawn amounts, so the engine itself checks that the course of the game is unchanged.
With `keep_sealed` False, the others' bids already in for the round being played are left out
of the replay instead of drawn: those seats bid again in the new state.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ...core.rng import shuffle_as_random
from .state import BID, OVER, SPAN
from .tiles import INDUSTRIES_IN_PLAY

if TYPE_CHECKING:
    from .state import QEState

# The levels: 0, 1, 2 are the values of the 1st, 2nd, 3rd tie; then the winning amount, the
# value of an equal pair left by a third tie, the open bid, and a bid of p's that such a pair
# matches.
F: Final = 3
G: Final = 4
OPEN: Final = 5
Y: Final = 6
LEVELS: Final = 7


def determinize(s: QEState, p: int, rng: random.Random, keep_sealed: bool = True) -> QEState:
    n = s.num_players
    seen = min(s.t + 1, s.nturns)  # the tile of the turn being played is face up
    rest = sorted(s.tiles[seen:])
    shuffle_as_random(rng, rest)
    tokens = s.tokens
    if tokens is not None and s.phase != OVER:  # tokens are revealed at the end
        pool = sorted(set(INDUSTRIES_IN_PLAY[n]) - {tokens[p]})
        shuffle_as_random(rng, pool)
        tokens = [tokens[p] if q == p else pool[q - (q > p)] for q in range(n)]
    bids = []
    for k, rec in enumerate(s.done):
        price = rec.price if s.knows_price(p, k) else None
        if rec.auctioneer < 0:
            bids.append(_last_turn(s, p, rec.rounds, rec.winner, price, True, rng))
        elif rec.auctioneer == p:
            bids.append(rec.rounds)
        else:
            zeros = rec.zeros if s.zero_rule else None
            course = (rec.auctioneer, rec.open, rec.ties, rec.winner, price, zeros)
            bids.append(_auction(n, p, rec.rounds, course, True, (), rng))
    unmade: tuple[int, ...] = ()  # seats whose bid of this round is left out
    if s.phase == BID:
        entered = _entered(s, p)
        if not keep_sealed:
            unmade = entered
            entered = ()
        if s.auctioneer < 0:
            bids.append(_last_turn(s, p, s.rounds, -1, None, False, rng, entered))
        else:
            course = (s.auctioneer, s.open, tuple(s.ties), -1, None, None)
            known = s.rounds if s.auctioneer == p else None
            bids.append(_auction(n, p, s.rounds, course, False, entered, rng, known))
    setup = {"tiles": s.tiles[:seen] + rest, "nations": list(s.nations), "tokens": tokens}
    setup["first"] = s.first
    det: Any = s.game.from_setup(n, s.options, setup)  # a QEState
    for q, move in s.history:
        if move[0] == "bid":
            if q in unmade and det.t == s.t and det.rebid == s.rebid:
                continue
            move = ("bid", bids[det.t][det.rebid][q])
        det.apply(q, move)
    return det


def _entered(s: QEState, p: int) -> tuple[int, ...]:
    """The seats other than p whose bid of the current round is in but unseen (public: they
    are no longer waited for)."""
    row = s.rounds[s.rebid]
    return tuple(q for q in range(s.num_players) if q != p and row[q] >= 0)


def _draw(lo: int, hi: int, avoid: int, rng: random.Random) -> int:
    """A whole number in lo..hi-1 other than `avoid` (the range holds one)."""
    size = hi - lo - (1 if lo <= avoid < hi else 0)
    v = lo + rng.randrange(size)
    return v + 1 if lo <= avoid <= v else v


def _free(avoid: int, rng: random.Random) -> int:
    """An unseen bid still to be compared: anything from 0 up but `avoid`."""
    return _draw(0, max(avoid, 0) + SPAN + 2, avoid, rng)


def _last_turn(s, p, rounds, winner, price, complete, rng, entered=()) -> list:
    """QE-10: three sealed bids, no auctioneer; once over, only the outcome and the winning
    amount are known."""
    row = [-1] * 3
    y = row[p] = rounds[0][p]
    if not complete:
        for q in entered:
            row[q] = rng.randrange(SPAN + 1)
        return [row]
    others = [q for q in range(3) if q != p]
    if winner == p:
        for q in others:
            row[q] = rng.randrange(y)
    elif winner >= 0:
        row[winner] = price
        third = others[0] if others[1] == winner else others[1]
        row[third] = rng.randrange(price)
    elif rng.random() < 0.5:  # the two others tied at or above p's bid
        x = y + rng.randrange(max(SPAN, y) + 1)
        row[others[0]] = row[others[1]] = x
    else:  # p tied with one of them; the third bid no more
        q = rng.choice(others)
        row[q] = y
        row[others[0] if q == others[1] else others[1]] = rng.randrange(y + 1)
    return [row]


class _Stand(NamedTuple):
    """One bid of a seat over the resolved rounds it stood: the level it equals (or None) and
    the levels it stayed below."""

    seat: int
    round: int
    pin: int | None
    ups: tuple[int, ...]


def _stands(n: int, a: int, ties: tuple, nres: int, complete: bool, winner: int) -> list:
    k = len(ties)
    bidders = [set(range(n)) - {a}] + [set(x) for x in ties]
    final = nres - 1 if complete else -1
    out = []
    for q in sorted(bidders[0]):
        mine = [r for r in range(nres) if q in bidders[r]]
        for i, r in enumerate(mine):
            end = mine[i + 1] if i + 1 < len(mine) else nres
            pin, ups = None, []
            for j in range(r, end):
                tied = j < k and q in bidders[j + 1]
                if tied:
                    pin = j
                elif j < k:
                    ups.append(j)
                if j == final and not tied:
                    if q == winner:
                        pin = F
                    else:
                        ups.append(F)
            out.append(_Stand(q, r, pin, tuple(ups)))
    return out


def _auction(n, p, rounds, course, complete, entered, rng, known=None) -> list:
    """New bids for an auction whose bids p has not all seen. With `known` (p's own auction in
    progress) only the unseen bids of the round being played are drawn."""
    ties, open_bid = course[2], course[1]
    nres = min(len(ties), 2) + 1 if complete else len(ties)
    new = [[-1] * n for _ in rounds]
    if known is not None:
        new[:nres] = [list(r) for r in known[:nres]]
    else:
        for r, row in enumerate(rounds):
            new[r][p] = row[p]
        _redraw(_Course(n, p, rounds, course, complete, nres), new, rng)
    for q in entered:
        new[nres][q] = _free(open_bid, rng)
    return new


class _Course:
    """An auction as p knows it: the public course, p's bids, the winning amount if known."""

    def __init__(self, n, p, rounds, course, complete, nres):
        self.p = p
        self.rounds = rounds
        self.auctioneer, self.open, self.ties, self.winner, self.price, self.zeros = course
        self.complete = complete
        self.stands = _stands(n, self.auctioneer, self.ties, nres, complete, self.winner)

    def marked(self, q: int) -> bool:
        return self.zeros is not None and bool(self.zeros >> q & 1)

    def floor(self, q: int) -> int:
        """The least amount an unpinned bid of q may have (QE-9 marks are public)."""
        if self.zeros is None or self.marked(q):
            return 0
        return 2 if self.open == 1 else 1

    def readings(self, rng: random.Random) -> list[dict[int, int]]:
        """The ways to read a third tie (QE-8) the auctioneer won: the two untied seats both
        below the open bid, or holding an equal pair above it. A reading maps a stand to the
        level it is pinned to instead of staying below F."""
        if not (self.complete and len(self.ties) == 3 and self.winner == self.auctioneer):
            return [{}]
        last = {s.seat: i for i, s in enumerate(self.stands)}
        untied = [q for q in last if q not in self.ties[2]]
        if len(untied) != 2:
            return [{}]
        pair = {last[q]: G for q in untied}
        if self.p in untied:
            y = self.rounds[self.stands[last[self.p]].round][self.p]
            return [{i: Y for i in pair}] if y > self.open else [{}]
        return [{}, pair] if rng.random() < 0.5 else [pair, {}]

    def bounds(self, reading: dict[int, int]):
        """The level bounds and order constraints under a reading; None if it cannot be."""
        lb, ub = [0] * LEVELS, [None] * LEVELS
        lt = [(OPEN, j) for j in range(len(self.ties))]
        _fix(lb, ub, OPEN, self.open)
        if self.complete:
            if self.winner == self.auctioneer:
                _fix(lb, ub, F, self.open)
            else:
                lt.append((OPEN, F))
            if self.price is not None and not _fix(lb, ub, F, self.price):
                return None
        for i, s in enumerate(self.stands):
            pin, ups = self.pin(reading, i), self.ups(reading, i)
            if s.seat == self.p:
                y = self.rounds[s.round][self.p]
                if pin is not None and not _fix(lb, ub, pin, y):
                    return None
                for u in ups:
                    lb[u] = max(lb[u], y + 1)
            elif pin is not None:
                lt.extend((pin, u) for u in ups)
            else:
                for u in ups:
                    lb[u] = max(lb[u], self.floor(s.seat) + 1)
        for i, level in reading.items():
            lt.append((OPEN, level))
            q = self.stands[i].seat
            if q != self.p and self.marked(q) and not self.zero_places(reading, q):
                return None
        return (lb, ub, lt) if _propagate(lb, ub, lt) else None

    def pin(self, reading: dict[int, int], i: int) -> int | None:
        return reading.get(i, self.stands[i].pin)

    def ups(self, reading: dict[int, int], i: int) -> tuple[int, ...]:
        ups = self.stands[i].ups
        return tuple(u for u in ups if u != F) if i in reading else ups

    def zero_places(self, reading: dict[int, int], q: int) -> list[int]:
        """The stands of q that may hold its zero bid (QE-9): the unpinned ones."""
        return [
            i for i, s in enumerate(self.stands) if s.seat == q and self.pin(reading, i) is None
        ]


def _redraw(c: _Course, new: list, rng: random.Random) -> None:
    """Draw the levels, then every bid p has not seen, consistent with the course."""
    for reading in c.readings(rng):
        bounds = c.bounds(reading)
        if bounds is not None:
            break
    else:
        raise AssertionError("no bids fit the course of this auction")
    lb, ub, lt = bounds
    todo = list(range(len(c.ties))) + [F] * c.complete + sorted(set(reading.values()))
    for level in todo:
        if lb[level] != ub[level]:
            hi = ub[level] if ub[level] is not None else lb[level] + max(SPAN, lb[level])
            _fix(lb, ub, level, lb[level] + rng.randrange(hi - lb[level] + 1))
            _propagate(lb, ub, lt)
    zero_at = {}
    for i, s in enumerate(c.stands):
        q = s.seat
        if q == c.p:
            continue
        if c.marked(q) and q not in zero_at:
            zero_at[q] = rng.choice(c.zero_places(reading, q))
        pin = c.pin(reading, i)
        if pin is not None:
            new[s.round][q] = lb[pin]
        elif zero_at.get(q) == i:
            new[s.round][q] = 0
        else:
            cap = min(lb[u] for u in c.ups(reading, i))
            new[s.round][q] = _draw(min(c.floor(q), 1), cap, c.open, rng)


def _fix(lb: list, ub: list, level: int, value: int) -> bool:
    if lb[level] > value or (ub[level] is not None and ub[level] < value):
        return False
    lb[level] = ub[level] = value
    return True


def _propagate(lb: list, ub: list, lt: list) -> bool:
    """Tighten the bounds under x < y for each (x, y) in lt; False when they cannot all hold."""
    for _ in range(2 * LEVELS):
        changed = False
        for x, y in lt:
            if lb[y] <= lb[x]:
                lb[y] = lb[x] + 1
                changed = True
            if ub[y] is not None and (ub[x] is None or ub[x] >= ub[y]):
                ub[x] = ub[y] - 1
                changed = True
        if not changed:
            return all(ub[v] is None or lb[v] <= ub[v] for v in range(LEVELS))
    return False
