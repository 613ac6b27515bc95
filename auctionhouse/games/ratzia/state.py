"""Ratzia's rules as a state machine of small integers (RZ-4 to RZ-15).

Phases: a player's TURN (Reveal, Declare or Steal, RZ-5), the rest of a STEAL (more cards or
stop), an AUCTION (bid once around, RZ-7 to RZ-9), the winner's COURTHOUSE discards (RZ-10).
Bidding cards are bitmasks per seat (`up`, `down`: bit v is card v); `active` has bit q set
while seat q holds a face-up card. Collections are count lists per seat, indexed by card type.
"""

from __future__ import annotations

import random
from operator import or_
from typing import Any, Final

from ...core import IllegalMove, MoveKind, Result, State
from ...core.rng import shuffle_as_random
from .cards import (
    BUSINESS_BITS,
    BUSINESSES,
    CENTRE_START,
    COURTHOUSE,
    MAX_BID,
    NAMES,
    NUM_TYPES,
    PALM_TREE,
    POLICE,
    STEALABLE_BITS,
    THIEVES,
    mask_of,
    values_of,
)
from .scoring import end_categories, round_gains

TURN: Final = 0
STEAL: Final = 1
AUCTION: Final = 2
COURT: Final = 3
OVER: Final = 4
PHASE_NAMES: Final[tuple[str, ...]] = ("turn", "steal", "auction", "courthouse", "over")
ROUNDS: Final = 3
ROW_MAX: Final = 7
POLICE_END: Final = 7
# Why an auction started (events): a Declare, a Declare on a full row (forced, RZ-6), a Police card.
DECLARED: Final = 0
DECLARED_FULL: Final = 1
POLICE_AUCTION: Final = 2
AUCTION_CAUSES: Final[tuple[str, ...]] = ("declare", "full row", "police")
# Why a round ended (events). The deck holds 21 Police, 7 per round, so it can only run out on the
# 7th Police of the 3rd round (RZ-12): that is the 7th-Police ending, and the game ends anyway.
END_POLICE: Final = 0
END_BIDDING: Final = 1
ROUND_END_CAUSES: Final[tuple[str, ...]] = ("7th police", "bidding cards face down")

# --- seat tables: for a seat p and a mask of seats holding face-up cards, indexed p << 5 | mask
SEAT_SHIFT: Final = 5


def _seat_tables(n: int) -> tuple[list[int], list[tuple[int, ...]]]:
    """`nxt`: the first seat after p (p itself last) holding a face-up card, -1 if none (RZ-11,
    RZ-12); `order`: the seats holding one, from p's left round to p (RZ-7)."""
    nxt, order = [], []
    for p in range(n):
        for active in range(1 << SEAT_SHIFT):
            seats = tuple(q for q in ((p + i) % n for i in range(1, n + 1)) if active >> q & 1)
            nxt.append(seats[0] if seats else -1)
            order.append(seats)
    return nxt, order


SEATS: Final = {n: _seat_tables(n) for n in range(2, 6)}

# --- the move kinds, built once (lazily for the argument sets that occur) ----------------------
REVEAL: Final = MoveKind("reveal")
DECLARE: Final = MoveKind("declare")
PASS: Final = MoveKind("pass")
STOP: Final = MoveKind("stop")
_NOTHING: Final[tuple] = ()
_ACTORS: Final[tuple[tuple[int, ...], ...]] = tuple((p,) for p in range(8))
_TURN_MOVES: Final[dict[int, tuple[MoveKind, ...]]] = {}
_STEAL_MOVES: Final[dict[int, tuple[MoveKind, ...]]] = {}
_BID_MOVES: Final[dict[int, tuple[MoveKind, ...]]] = {}
_COURT_MOVES: Final[dict[int, tuple[MoveKind, ...]]] = {}
_NOT_KEPT: Final = tuple(t for t in range(NUM_TYPES) if not PALM_TREE[t] and t != POLICE)
_STEAL_BIT: Final = tuple((1 << t) & STEALABLE_BITS for t in range(NUM_TYPES))


def types_in(mask: int) -> tuple[int, ...]:
    """The card types whose bits are set in `mask`."""
    return tuple(t for t in range(NUM_TYPES) if mask >> t & 1)


def _turn_moves(key: int) -> tuple[MoveKind, ...]:
    """key = stealable-row mask (0 without Thieves) << 2 | can reveal << 1 | can declare."""
    moves = []
    if key & 2:
        moves.append(REVEAL)
    if key & 1:
        moves.append(DECLARE)
    if key >> 2:
        moves.append(MoveKind("steal", choices=types_in(key >> 2)))
    out = _TURN_MOVES[key] = tuple(moves)
    return out


def _steal_moves(mask: int) -> tuple[MoveKind, ...]:
    out = _STEAL_MOVES[mask] = (MoveKind("steal", choices=types_in(mask)), STOP)
    return out


def _bid_moves(key: int) -> tuple[MoveKind, ...]:
    """key = mask of the face-up cards above the high bid << 1 | must bid (RZ-7, RZ-8)."""
    above = key >> 1
    if not above:
        out: tuple[MoveKind, ...] = (PASS,)
    else:
        bid = MoveKind("bid", choices=tuple(values_of(above)))
        out = (bid,) if key & 1 else (bid, PASS)
    _BID_MOVES[key] = out
    return out


def _court_moves(mask: int) -> tuple[MoveKind, ...]:
    out = _COURT_MOVES[mask] = (MoveKind("discard_business", choices=types_in(mask)),)
    return out


_SLOTS: Final[tuple[str, ...]] = (
    "game",
    "num_players",
    "options",
    "setup",
    "history",
    "deck",
    "deck_pos",
    "row",
    "rowmask",
    "police",
    "coll",
    "discard",
    "up",
    "down",
    "active",
    "centre",
    "out",
    "score",
    "end_gains",
    "round",
    "phase",
    "actor",
    "a_starter",
    "a_cause",
    "a_order",
    "a_i",
    "a_high",
    "a_bidder",
    "a_must",
    "events",
    "_nxt",
    "_order",
)


class RatziaState(State):
    """One game of Ratzia in progress."""

    __slots__ = _SLOTS

    def __init__(self, game, players: int, options: dict, setup: dict, deck, hands) -> None:
        if deck is None:  # a blank state for clone() to fill in (compiled classes need __init__)
            return
        self.game = game
        self.num_players = players
        self.options = options
        self.setup = setup
        self.history = []
        self.deck = tuple(deck)  # draw order; never changed (determinize builds a new one)
        self.deck_pos = 0  # cards drawn so far
        self.row: list[int] = []
        self.rowmask = 0  # bits of the stealable types in the row
        self.police = 0  # Police row, this round
        self.coll = [[0] * NUM_TYPES for _ in range(players)]
        self.discard = [0] * NUM_TYPES
        self.up = [mask_of(h) for h in hands]
        self.down = [0] * players
        self.active = (1 << players) - 1
        self.centre = CENTRE_START
        dealt = mask_of(v for h in hands for v in h)
        self.out = tuple(v for v in range(2, MAX_BID + 1) if not dealt >> v & 1)
        self.score = [0] * players
        self.end_gains: list[int] | None = None
        self.round = 0
        self.phase = TURN
        self.actor = -1
        self.a_starter = -1
        self.a_cause = DECLARED
        self.a_order: tuple[int, ...] = ()
        self.a_i = 0
        self.a_high = 0
        self.a_bidder = -1
        self.a_must = -1  # the Declarer while nobody has bid: they may not pass (RZ-8)
        self.events: list[tuple] = []
        self._nxt, self._order = SEATS[players]
        self._start_round()

    # --- who acts -------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        return _ACTORS[self.actor] if self.actor >= 0 else _NOTHING

    def next_actor(self) -> int:
        return self.actor

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self, player: int) -> tuple[MoveKind, ...]:
        if player != self.actor or player < 0:
            return _NOTHING
        phase = self.phase
        if phase == AUCTION:
            # the face-up cards above the high bid, shifted once more for the must-bid flag
            hi = self.a_high + 1
            key = (self.up[player] >> hi) << (hi + 1)
            if player == self.a_must:
                key |= 1
            return _BID_MOVES.get(key) or _bid_moves(key)
        if phase == TURN:
            n = len(self.row)
            key = self.rowmask << 2 if self.coll[player][THIEVES] else 0
            if n < ROW_MAX:
                key |= 2
            if n:
                key |= 1
            return _TURN_MOVES.get(key) or _turn_moves(key)
        if phase == STEAL:
            return _STEAL_MOVES.get(self.rowmask) or _steal_moves(self.rowmask)
        key = self._business_mask(player)
        return _COURT_MOVES.get(key) or _court_moves(key)

    # --- moves ----------------------------------------------------------------------------
    def apply(self, player: int, move) -> None:
        """Dispatch on the phase and the kind once; each rule is checked once, raising
        IllegalMove with the ruling before anything changes; then the move is made (bids,
        passes and reveals, most of a game's moves, inline) and recorded."""
        if player != self.actor or player < 0:
            self._not_your_turn(player)
        # the checks narrow `pair` (compiled, held unboxed): `move` itself goes to the history,
        # not a tuple built anew from `pair`
        pair: Any = move
        if type(pair) is not tuple or len(pair) != 2:
            raise IllegalMove("move", f"a move is a pair (kind, argument), not {move!r}")
        kind, arg = pair[0], pair[1]  # indexed: compiled, faster than unpacking
        phase = self.phase
        if phase == AUCTION:
            if kind == "bid":
                if type(arg) is not int or not 0 < arg <= MAX_BID or not self.up[player] >> arg & 1:
                    self._not_held(player, arg)
                if arg <= self.a_high:
                    raise IllegalMove(
                        "RZ-7", f"a bid must beat the current bid {self.a_high}; {arg} does not"
                    )
                self.a_high = arg
                self.a_bidder = player
                self.a_must = -1
                self.events.append(("bid", player, arg))
            elif kind == "pass":
                if arg is not None:
                    _no_arg("pass", arg)
                if player == self.a_must:
                    raise IllegalMove(
                        "RZ-8",
                        "you declared this auction and nobody else bid, so you must bid one of "
                        "your face-up cards",
                    )
                self.events.append(("pass", player))
            else:
                self._wrong_kind(kind, "bid a face-up bidding card or pass")
            self.a_i = i = self.a_i + 1
            if i < len(self.a_order):
                self.actor = self.a_order[i]
            else:
                self._close_auction()
        elif phase == TURN:
            if kind == "reveal":
                # RZ-5, RZ-6
                if arg is not None:
                    _no_arg("reveal", arg)
                row = self.row
                if len(row) >= ROW_MAX:
                    raise IllegalMove(
                        "RZ-6",
                        "the Auction row holds 7 cards, so you cannot reveal: declare or steal",
                    )
                t = self.deck[self.deck_pos]
                self.deck_pos += 1
                self.events.append(("reveal", player, t))
                if t != POLICE:
                    row.append(t)
                    self.rowmask |= _STEAL_BIT[t]
                    self.actor = self._nxt[player << SEAT_SHIFT | self.active]
                else:
                    self.police += 1
                    if self.police == POLICE_END:
                        self._end_round(END_POLICE)
                    else:
                        self._start_auction(player, POLICE_AUCTION)
            elif kind == "declare":
                self._declare(player, arg)
            elif kind == "steal":
                self._steal(player, arg)
            else:
                self._wrong_kind(kind, "reveal, declare or steal")
        elif phase == STEAL:
            if kind == "steal":
                self._steal(player, arg)
            elif kind == "stop":
                if arg is not None:
                    _no_arg("stop", arg)
                self.events.append(("stop", player))
                self._end_turn(player)
            else:
                self._wrong_kind(kind, "steal another card or stop")
        elif kind == "discard_business":
            self._discard_business(player, arg)
        else:
            self._wrong_kind(kind, "discard a Business card for the Courthouse")
        self.history.append((player, move))

    def _not_your_turn(self, player) -> None:
        self._check_player(player)
        if self.actor < 0:
            raise IllegalMove("over", "the game is over; no one moves any more")
        if self.phase == AUCTION:
            raise IllegalMove(
                "RZ-7", f"it is seat {self.actor}'s turn to bid or pass, not seat {player}'s"
            )
        if not self.up[player] and self.phase == TURN:
            raise IllegalMove(
                "RZ-5",
                f"seat {player} has no face-up bidding card and takes no turn this round; "
                f"seat {self.actor} is to play",
            )
        raise IllegalMove("turn", f"it is seat {self.actor}'s move, not seat {player}'s")

    def _wrong_kind(self, kind, right: str) -> None:
        raise IllegalMove("move", f"{kind!r} is not a move now: {right}")

    # Turn: Declare (RZ-5, RZ-6, RZ-8)
    def _declare(self, p: int, arg) -> None:
        if arg is not None:
            _no_arg("declare", arg)
        n = len(self.row)
        if not n:
            raise IllegalMove(
                "RZ-5", "you cannot declare an auction on an empty Auction row: reveal a card"
            )
        self._start_auction(p, DECLARED_FULL if n >= ROW_MAX else DECLARED)

    # Turn: Steal (RZ-5), one card at a time
    def _steal(self, p: int, t) -> None:
        c = self.coll[p]
        if not c[THIEVES]:
            raise IllegalMove("RZ-5", "you hold no Thieves, so you cannot steal")
        if type(t) is not int or not 0 <= t < NUM_TYPES or not self.rowmask >> t & 1:
            takeable = ", ".join(f"{NAMES[u]} ({u})" for u in types_in(self.rowmask)) or "none"
            if t in (THIEVES, COURTHOUSE):
                why = "Thieves and Courthouses cannot be stolen"
            else:
                why = f"there is no card {t!r} to steal in the Auction row"
            raise IllegalMove("RZ-5", f"{why}; take one of: {takeable}")
        row = self.row
        row.remove(t)
        c[t] += 1
        c[THIEVES] -= 1
        self.discard[THIEVES] += 1
        if t not in row:
            self.rowmask &= ~(1 << t)
        self.events.append(("steal", p, t))
        if c[THIEVES] and self.rowmask:
            self.phase = STEAL
        else:
            self._end_turn(p)

    def _end_turn(self, p: int) -> None:
        """A Steal is over: the next seat with a face-up card plays (the same seat when it is
        the last one, RZ-12)."""
        self.phase = TURN
        self.actor = self._nxt[p << SEAT_SHIFT | self.active]

    # Auctions (RZ-7 to RZ-9)
    def _start_auction(self, p: int, cause: int) -> None:
        self.a_order = order = self._order[p << SEAT_SHIFT | self.active]
        self.a_starter = p
        self.a_cause = cause
        self.a_i = 0
        self.a_high = 0
        self.a_bidder = -1
        self.a_must = p if cause == DECLARED else -1
        self.phase = AUCTION
        self.actor = order[0]
        self.events.append(("auction", p, cause))

    def _not_held(self, p: int, v) -> None:
        have = ", ".join(map(str, values_of(self.up[p])))
        raise IllegalMove("RZ-7", f"{v!r} is not one of your face-up bidding cards ({have})")

    def _close_auction(self) -> None:
        """Everyone has bid or passed once (RZ-9): the highest bid takes the row."""
        row = self.row
        w = self.a_bidder
        if w < 0:
            if row:
                d = self.discard
                for t in row:
                    d[t] += 1
                self.row = []
                self.rowmask = 0
            self.events.append(("unsold", tuple(row)))
            self._after_auction()
            return
        v = self.a_high
        self.up[w] = up = self.up[w] & ~(1 << v)
        if not up:
            self.active &= ~(1 << w)
        self.down[w] |= 1 << self.centre
        self.events.append(("won", w, v, tuple(row), self.centre))
        self.centre = v
        if row:
            c = self.coll[w]
            for t in row:
                c[t] += 1
            self.row = []
            self.rowmask = 0
            if c[COURTHOUSE]:
                self._courthouses(w)
                return
        self._after_auction()

    # Courthouses (RZ-10)
    def _business_mask(self, p: int) -> int:
        c = self.coll[p]
        return sum(1 << t for t in BUSINESSES if c[t])

    def _courthouses(self, w: int) -> None:
        """Discard the winner's Courthouses one at a time; stop for a Business choice."""
        c = self.coll[w]
        while c[COURTHOUSE]:
            if self._business_mask(w):
                self.phase = COURT
                self.actor = w
                return
            c[COURTHOUSE] -= 1
            self.discard[COURTHOUSE] += 1
            self.events.append(("courthouse", w, -1))
        self._after_auction()

    def _discard_business(self, p: int, t) -> None:
        c = self.coll[p]
        if type(t) is not int or not 0 <= t < NUM_TYPES or not BUSINESS_BITS >> t & 1 or not c[t]:
            held = ", ".join(f"{NAMES[u]} ({u})" for u in types_in(self._business_mask(p)))
            raise IllegalMove(
                "RZ-10", f"{t!r} is not a Business card you hold; discard one of: {held}"
            )
        c[t] -= 1
        c[COURTHOUSE] -= 1
        self.discard[t] += 1
        self.discard[COURTHOUSE] += 1
        self.events.append(("courthouse", p, t))
        self._courthouses(p)

    def _after_auction(self) -> None:
        """RZ-11, RZ-12: play resumes left of the Cheese Grater, with the next seat holding a
        face-up card; with none, the round ends."""
        q = self._nxt[self.a_starter << SEAT_SHIFT | self.active]
        if q < 0:
            self._end_round(END_BIDDING)
            return
        self.phase = TURN
        self.actor = q

    # Rounds (RZ-4, RZ-13, RZ-14, RZ-15)
    def _start_round(self) -> None:
        self.phase = TURN
        self.actor = self._round_starter()
        self.events.append(("round", self.round, self.actor))

    def _round_starter(self) -> int:
        """RZ-4: the seat holding the highest bidding card (all face up now; centre aside).
        The cards are all different, so the highest mask holds the highest card."""
        return max(range(self.num_players), key=self.up.__getitem__)

    def _end_round(self, cause: int) -> None:
        self.events.append(("round_end", self.round, cause))
        coll = self.coll
        gains = round_gains(coll)
        score = self.score
        for p, g in enumerate(gains):
            score[p] += g
        self.events.append(("scored", self.round, tuple(gains), tuple(map(tuple, coll))))
        # RZ-14: palm-tree cards stay; the rest, the Auction row and the Police row go.
        d = self.discard
        for c in coll:
            for t in _NOT_KEPT:
                k = c[t]
                if k:
                    d[t] += k
                    c[t] = 0
        for t in self.row:
            d[t] += 1
        self.row = []
        self.rowmask = 0
        d[POLICE] += self.police
        self.police = 0
        self.up = list(map(or_, self.up, self.down))
        self.down = [0] * self.num_players
        self.active = (1 << self.num_players) - 1
        self.round += 1
        if self.round < ROUNDS:
            self._start_round()
            return
        sums = [sum(values_of(u)) for u in self.up]
        parts = end_categories(coll, sums)
        self.end_gains = gains = [sum(x) for x in parts]
        for p, g in enumerate(gains):
            score[p] += g
        self.events.append(("end", tuple(gains), tuple(score), tuple(parts)))
        self.phase = OVER
        self.actor = -1

    # --- the end --------------------------------------------------------------------------
    def scores(self) -> tuple:
        return tuple(self.score)

    def result(self) -> Result | None:
        """Highest total wins; a tie goes to the tied seat holding the highest bidding card,
        the centre card aside (RZ-15)."""
        if self.phase != OVER:
            return None
        scores = tuple(self.score)
        best = max(scores)
        tied = [p for p in range(self.num_players) if scores[p] == best]
        if len(tied) > 1:
            top = max((self.up[p] | self.down[p]).bit_length() for p in tied)
            tied = [p for p in tied if (self.up[p] | self.down[p]).bit_length() == top]
        return Result(scores, tuple(tied))

    # --- information ----------------------------------------------------------------------
    def view(self, player: int | None, log: bool = True) -> dict:
        return _build_view(self, player, log)

    def snapshot(self) -> dict:
        """The whole state, the deck order included."""
        from .views import event_dict, table

        return {
            "deck": list(self.deck[self.deck_pos :]),
            "drawn": self.deck_pos,
            "phase": self.phase,
            "cur": self.actor,
            "rowmask": self.rowmask,
            "auction": [
                self.a_starter, self.a_cause, list(self.a_order), self.a_i, self.a_high,
                self.a_bidder, self.a_must,
            ],
            "log": [event_dict(e) for e in self.events],
            "history": [
                [p, m[0], list(m[1]) if isinstance(m[1], tuple) else m[1]] for p, m in self.history
            ],
            **table(self),
        }  # fmt: skip

    def clone(self) -> RatziaState:
        c = RatziaState(self.game, self.num_players, self.options, self.setup, None, None)
        for name in _SHARED:
            setattr(c, name, getattr(self, name))
        c.history = self.history[:]
        c.events = self.events[:]
        c.row = self.row[:]
        c.coll = [x[:] for x in self.coll]
        c.discard = self.discard[:]
        c.up = self.up[:]
        c.down = self.down[:]
        c.score = self.score[:]
        return c

    def determinize(self, player: int, rng: random.Random, keep_sealed: bool = True) -> RatziaState:
        """Everything is public but the order of the cards still in the deck: reshuffle them.
        (Once the game is over the final view shows the deck left, so nothing is redrawn.) No
        move is sealed, so `keep_sealed` changes nothing."""
        c = self.clone()
        if self.phase == OVER:
            return c
        rest = list(self.deck[self.deck_pos :])
        shuffle_as_random(rng, rest)
        c.deck = self.deck[: self.deck_pos] + tuple(rest)
        c.setup = {**self.setup, "deck": list(c.deck)}
        return c


# Slots holding ints, tuples or objects never changed in place: a clone shares them.
_COPIED: Final[tuple[str, ...]] = (
    "history",
    "events",
    "row",
    "coll",
    "discard",
    "up",
    "down",
    "score",
)
_SHARED: Final = tuple(s for s in _SLOTS if s not in _COPIED)


def _no_arg(kind: str, arg) -> None:
    raise IllegalMove("move", f"{kind} takes no argument, not {arg!r}")


# views.py reads this module's names: imported once they exist (not per call, a hot path)
from .views import build_view as _build_view  # noqa: E402
