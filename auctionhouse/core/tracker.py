"""Observations kept from one step to the next: what the environments hand their agents.

`Encoding.observe(view)` builds a seat's vector from its view, afresh: the reference, and what
OpenSpiel's states use. An environment asks for an observation on every step, and a view plus
its encoding cost several engine moves, so the environments keep a `Tracker` per game instead.
It reads the state's `events` (the public events, kept as small tuples): those since its last
call say which blocks of the vector changed, and only those are written again, from the state's
own fields read as the game's view reads them. Two kinds:

- `TableTracker`, for a game whose table is public, or mostly (Ratzia, art-dice, Modern Art):
  one vector, the table as seat 0 sees it, is kept up to date; a seat's observation is a copy of
  it with each per-seat block rotated (the observer first) and the blocks that are the seat's
  own written in (who acts as seen from it; in Modern Art its hand, cash and sealed bid).
- `SeatTracker`, for a game where what a seat knows is its own (Q.E.: the winning amounts):
  each seat's vector is kept, with the blocks still to write for it (its pending bits, marked
  by each event for every seat or for one seat); a call writes them, then hands out a copy.

The blocks that change on nearly every move (the phase, who acts) are written on every call.
The tests compare a tracker's vectors with `Encoding.observation` after every move of thousands
of random games of every game and player count, and check them in determinizations for the
seat: a vector holds what the view holds. The hot path is plain typed Python, which mypyc can
compile.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Generic, TypeVar

from .state import State

if TYPE_CHECKING:
    from .encoding import Encoding

S = TypeVar("S", bound=State)

FIELD = 32  # pending bits a seat: seat q's are bits FIELD*q .. FIELD*q + FIELD - 1
EVERYTHING = (1 << FIELD) - 1  # every block of one seat
MOST_SEATS = 8
# bitmask of seats -> the seats in it (a loop over the marked seats only)
SEATS_IN = tuple(tuple(q for q in range(MOST_SEATS) if m >> q & 1) for m in range(1 << MOST_SEATS))


class Tracker(Generic[S]):
    """The observations of every seat of one game in progress (`state`, changed in place by
    whoever plays it). A game's tracker gives `observation`, which calls `catch_up` when the
    state's `events` have grown."""

    __slots__ = ("enc", "state", "players", "marked")

    def __init__(self, enc: Encoding, state: S) -> None:
        self.enc = enc
        self.state = state
        self.players = enc.players
        self.marked = 0  # the state's events caught up with

    def observation(self, seat: int) -> array:
        """The seat's observation now: a new vector, equal to `enc.observation(state, seat)`."""
        raise NotImplementedError

    def catch_up(self, events: list) -> None:
        """Take in the state's `events` since the last call, and move `marked` on."""
        raise NotImplementedError


class TableTracker(Tracker[S]):
    """A public table: `table` is seat 0's observation but for the seat's own blocks, kept up
    to date by `catch_up`; `per_seat` lists the blocks with one entry per seat, each (start,
    width of an entry), rotated for another seat."""

    def __init__(self, enc: Encoding, state: S, per_seat: list[tuple[int, int]]) -> None:
        super().__init__(enc, state)
        self.table = enc.blank()
        n = self.players
        # per seat q, per block: (start, end, where seat q's entry starts, where q's part goes)
        self.turns = [
            [(a, a + n * w, a + q * w, a + (n - q) * w) for a, w in per_seat] for q in range(n)
        ]

    def rotated(self, seat: int, events: list) -> array:
        """A copy of the table, caught up with the state's `events`, with the per-seat blocks
        as `seat` sees them."""
        if len(events) > self.marked:
            self.catch_up(events)
        t = self.table
        o = t[:]
        if seat:
            for a, end, mine, cut in self.turns[seat]:
                o[a:cut] = t[mine:end]
                o[cut:end] = t[a:mine]
        return o


class SeatTracker(Tracker[S]):
    """Hidden parts: each seat's vector, and its pending bits (FIELD bits a seat, packed in one
    int, so that marking an event for every seat is a multiplication and an OR)."""

    def __init__(self, enc: Encoding, state: S) -> None:
        super().__init__(enc, state)
        n = self.players
        self.vectors: list[array] = [enc.blank() for _ in range(n)]
        self.every = sum(1 << FIELD * q for q in range(n))  # bits * every: for every seat
        self.pending = EVERYTHING * self.every  # a seat's first observation is written whole

    def mark(self, bits: int) -> None:
        """These blocks changed for every seat."""
        self.pending |= bits * self.every

    def mark_seat(self, seat: int, bits: int) -> None:
        """These blocks changed for one seat."""
        self.pending |= bits << FIELD * seat


def seat_sets(players: int) -> list[list[array]]:
    """Per observing seat, per bitmask of seats: the block of one number per seat (rotated,
    the observer first) with 1 for each seat in the mask. A block of who acts, who passed,
    who is waited for is then one slice copy."""
    out = []
    for seat in range(players):
        row = []
        for mask in range(1 << players):
            block = array("f", bytes(4 * players))
            for p in range(players):
                if mask >> p & 1:
                    block[(p - seat) % players] = 1.0
            row.append(block)
        out.append(row)
    return out


def one_hots(size: int) -> list[array]:
    """`size` + 1 blocks of `size` numbers: block i has a 1 at i (the last, all 0)."""
    out = []
    for i in range(size + 1):
        block = array("f", bytes(4 * size))
        if i < size:
            block[i] = 1.0
        out.append(block)
    return out


class CopyTracker(Tracker[State]):
    """The least a tracker's call can cost: a copy of a vector the size of the encoding's, which
    never changes (what `bench --envs` reports as the floor: no observation is cheaper)."""

    def __init__(self, enc: Encoding, state: State) -> None:
        super().__init__(enc, state)
        self.vector = enc.blank()

    def observation(self, seat: int) -> array:
        return self.vector[:]


class ViewTracker(Tracker[State]):
    """The fallback of an encoding without a tracker of its own: every call encodes the view."""

    def observation(self, seat: int) -> array:
        return self.enc.observation(self.state, seat)
