"""Ratzia's observations kept from step to step (see `core/tracker.py`).

Everything but the deck's order is public (RZ-3). The vector is three pieces, and an
observation is their concatenation: the hot block (the phase, the seat to act and the auction
in progress, looked up whole by what it shows, seen from the seat), the public area (the round,
the deck, the discard pile, the rows, the centre card: one array for every seat) and the
seats' blocks in the seat's own rotation (one array per seat). The public area is written where
an event says so (a reveal: the deck and a row; a steal, a win, a Courthouse: the row, the
centre card, the discard pile); a seat's block is kept once, and copied into every rotation
when the seat steals, wins or gives up a Courthouse; everything is written afresh at a round's
start and end.
"""

from __future__ import annotations

from array import array
from typing import Final

from ...core.tracker import Tracker, one_hots
from .cards import COPIES, COURTHOUSE, DECK_SIZE, MAX_BID, POLICE, THIEVES
from .encoding import (
    COLL,
    DISCARDS,
    DOWN,
    KEPT,
    NO_TURNS,
    ROWS,
    SCORE,
    SCORE_SCALE,
    SEAT_SIZE,
    UP,
    RatziaEncoding,
    _discard_block,
    _row_block,
)
from .state import (
    AUCTION,
    POLICE_END,
    ROUNDS,
    ROW_MAX,
    SEAT_SHIFT,
    RatziaState,
)

PHASES: Final = 5
CACHE_MOST: Final = 1 << 14
DECK_LEFT: Final = [(DECK_SIZE - k) / DECK_SIZE for k in range(DECK_SIZE + 1)]
CENTRES: Final = one_hots(MAX_BID)  # value v at v - 1
POLICE_ROWS: Final = one_hots(POLICE_END)
ROW_SIZES: Final = one_hots(ROW_MAX + 1)
ROUND_BLOCKS: Final = one_hots(ROUNDS)
NO_CARDS: Final = array("f", bytes(4 * KEPT))
NO_ROW: Final = ROW_SIZES[0] + NO_CARDS  # an empty Auction row: its size (0) and its cards
# bidding cards as a bit per value: BYTES[m] is the block of 8 values whose bits are in m
BYTES: Final = [array("f", [float(m >> i & 1) for i in range(8)]) for m in range(256)]
# a collection's block (card types 1..18, held / copies), by its counts
COLLECTIONS: Final[dict[tuple[int, ...], array]] = {}
# a count of a card type on the collection's scale: SHARE[type][count]
SHARE: Final = [[k / c for k in range(c + 1)] for c in COPIES]
# the Police row, the Auction row's size and its cards (contiguous), by the Police row's
# length and the row's cards
ROW_PARTS: Final[dict[tuple, array]] = {}
QUIET: Final = frozenset(("bid", "pass", "stop"))  # they change only the hot block
BID_BITS: Final = 12  # an auction's key (`Layout.auction_keys`) leaves these to its bids so far


class Layout:
    """What a Ratzia tracker reads of its encoding, worked out once per encoding. Offsets in
    the public area are from its start."""

    def __init__(self, enc: RatziaEncoding) -> None:
        n = self.players = enc.players
        at = enc.offsets
        self.hot = hot = at["round"]  # phase, actor and the auction
        # heads[seat][phase][seat to act + 1]: the hot block outside an auction
        self.heads = [
            [[_head(at, n, seat, phase, q) for q in range(-1, n)] for phase in range(PHASES)]
            for seat in range(n)
        ]
        self.public = at["up_0"] - hot  # the public area's size
        self.round = at["round"] - hot
        self.deck = at["deck_size"] - hot
        self.rows = at["police"] - hot  # the Police row, the Auction row's size and its cards
        self.row_sizes = at["row_size"] - hot
        self.row = at["row"] - hot
        self.centre = at["centre"] - hot
        self.discard = at["discard"] - hot
        self.cause = at["auction_cause"]
        self.must = at["must_bid"]
        self.high = at["high_bid"] - 1
        self.bidder = at["high_bidder"]
        self.to_bid = at["to_bid"]
        self.starter = at["auction_starter"]
        self.rel = enc._rel
        # turned[seat][mask]: a mask of seats as `seat` sees them (bit i: the i-th after it)
        self.turned = [
            [sum(1 << r for p, r in enumerate(rel) if m >> p & 1) for m in range(1 << n)]
            for rel in enc._rel
        ]
        # per auction (starter, cause, seats with face-up cards), per seat: its key
        self.keys: dict[int, list[int]] = {}
        # the hot blocks of auctions by what they show, seen from the observer (one block
        # serves every seat): see `auction_keys` and `RatziaTracker.observation`
        self.auctions: dict[int, array] = {}

    def auction_keys(self, s: RatziaState) -> list[int]:
        """Per observing seat, what fixes the auction's hot block but its bids so far: where
        the starter sits, the cause, and the seats holding face-up cards (the bidding order
        follows from them, and they change only once the auction is over). Who must bid
        follows too: the declarer, while the high bid is 0."""
        a = s.a_starter
        key = (a << 2 | s.a_cause) << SEAT_SHIFT | s.active
        found = self.keys.get(key)
        if found is None:
            if len(self.keys) >= CACHE_MOST:
                self.keys.clear()
            n = self.players
            found = self.keys[key] = [
                (((a - q) % n << 2 | s.a_cause) << SEAT_SHIFT | self.turned[q][s.active])
                << BID_BITS
                for q in range(n)
            ]
        return found

    def auction_block(self, s: RatziaState, seat: int, key: int) -> array:
        """The hot block in an auction, seen from `seat`."""
        cache = self.auctions
        if len(cache) >= CACHE_MOST:
            cache.clear()
        rel = self.rel[seat]
        block = self.heads[seat][AUCTION][s.actor + 1][:]
        block[self.starter + rel[s.a_starter]] = 1.0
        block[self.cause + s.a_cause] = 1.0
        if s.a_must >= 0:
            block[self.must] = 1.0
        if s.a_high:
            block[self.high + s.a_high] = 1.0
            block[self.bidder + rel[s.a_bidder]] = 1.0
        for q in s.a_order[s.a_i + 1 :]:
            block[self.to_bid + rel[q]] = 1.0
        cache[key] = block
        return block


def _head(at: dict[str, int], n: int, seat: int, phase: int, actor: int) -> array:
    block = array("f", bytes(4 * at["round"]))
    block[at["phase"] + phase] = 1.0
    if actor >= 0:
        block[at["actor"] + (actor - seat) % n] = 1.0
    return block


class RatziaTracker(Tracker[RatziaState]):
    __slots__ = (
        "layout", "public", "seat_blocks", "rotated", "pushes", "keys", "heads", "auctions",
        "auction_at",
    )  # fmt: skip

    def __init__(self, enc: RatziaEncoding, state: RatziaState) -> None:
        super().__init__(enc, state)
        layout = enc.tracker_layout
        if layout is None:
            layout = enc.tracker_layout = Layout(enc)
        self.layout: Layout = layout
        self.heads = layout.heads
        self.auctions = layout.auctions
        n = self.players
        self.public = array("f", bytes(4 * layout.public))
        self.seat_blocks = [array("f", bytes(4 * SEAT_SIZE)) for _ in range(n)]
        self.rotated = [array("f", bytes(4 * SEAT_SIZE * n)) for _ in range(n)]
        # per seat p: (seat q's rotation, where p's block starts in it) for every q
        self.pushes = [
            [(self.rotated[q], (p - q) % n * SEAT_SIZE) for q in range(n)] for p in range(n)
        ]
        self.keys: list[int] = [0] * n  # per seat, the auction's key (`Layout.auction_keys`)
        # the auction caught up with, as len(events) - a_i: constant through an auction (each
        # bid or pass adds one event), and growing from one auction to the next
        self.auction_at = -1

    def catch_up(self, events: list) -> None:
        m = self.marked
        self.marked = len(events)
        if self.state.phase == AUCTION:
            self.auction_at = len(events) - self.state.a_i
        if not m:  # a new game
            self._whole()
            return
        for e in events[m:]:
            kind = e[0]
            if kind in QUIET:
                continue
            if kind == "reveal":
                s = self.state
                t = self.public
                lay = self.layout
                t[lay.deck] = DECK_LEFT[s.deck_pos]
                if e[2] == POLICE:
                    t[lay.rows : lay.row_sizes] = POLICE_ROWS[s.police]
                else:
                    self._row(e[2])
            elif kind == "auction":
                self.keys = self.layout.auction_keys(self.state)
            elif kind == "won":
                self._won(e[1], e[2], e[3], e[4])
            elif kind == "steal":  # the card taken is kept, the Thieves go
                self._row(e[2])
                self._kept(e[1], (e[2], THIEVES), (THIEVES,))
            elif kind == "courthouse":  # a Courthouse goes, with a Business given up for it
                kept = (COURTHOUSE, e[2]) if e[2] >= 0 else (COURTHOUSE,)
                self._kept(e[1], kept, kept)
            elif kind == "unsold":  # the row goes to the discard pile
                lay = self.layout
                self.public[lay.row_sizes : lay.centre] = NO_ROW
                discard = self.state.discard
                for k in e[1]:
                    self.public[lay.discard + k] = SHARE[k][discard[k]]
            else:  # a round's start or end: everything
                self._whole()
                return

    def _won(self, p: int, bid: int, row: tuple[int, ...], centre: int) -> None:
        """The row goes to the winner, its bid to the centre, the centre card face down to it."""
        s = self.state
        t = self.public
        lay = self.layout
        t[lay.row_sizes : lay.centre] = NO_ROW
        at = lay.centre
        t[at : at + MAX_BID] = CENTRES[s.centre - 1]
        b = self.seat_blocks[p]
        b[UP - 1 + bid] = 0.0
        b[DOWN - 1 + centre] = 1.0
        if not s.up[p]:
            b[NO_TURNS] = 1.0
        self._kept(p, tuple(set(row)), ())

    def _kept(self, p: int, kept: tuple[int, ...], dropped: tuple[int, ...]) -> None:
        """Seat p's counts of the `kept` card types, the discard pile's of the `dropped`, and
        p's block into every rotation."""
        b = self.seat_blocks[p]
        coll = self.state.coll[p]
        for k in kept:
            b[COLL - 1 + k] = SHARE[k][coll[k]]
        if dropped:
            t = self.public
            at = self.layout.discard
            discard = self.state.discard
            for k in dropped:
                t[at + k] = SHARE[k][discard[k]]
        for r, at in self.pushes[p]:
            r[at : at + SEAT_SIZE] = b

    def _row(self, k: int) -> None:
        """The Auction row's size, and its count of card type k."""
        row = self.state.row
        t = self.public
        lay = self.layout
        t[lay.row_sizes : lay.row] = ROW_SIZES[len(row)]
        t[lay.row + k - 1] = row.count(k) / ROW_MAX

    def _whole(self) -> None:
        """Everything: the public area, every seat's block and every rotation."""
        s = self.state
        t = self.public
        lay = self.layout
        at = lay.round
        t[at : at + ROUNDS] = ROUND_BLOCKS[s.round if s.round < ROUNDS else ROUNDS - 1]
        t[lay.deck] = DECK_LEFT[s.deck_pos]
        key = (s.police, *s.row)
        block = ROW_PARTS.get(key)
        t[lay.rows : lay.centre] = _rows(key) if block is None else block
        at = lay.centre
        t[at : at + MAX_BID] = CENTRES[s.centre - 1]
        counts = tuple(s.discard)
        block = DISCARDS.get(counts)
        t[lay.discard : lay.rows] = _discard_block(counts) if block is None else block
        blocks = self.seat_blocks
        for p, b in enumerate(blocks):
            up = s.up[p]
            down = s.down[p]
            b[UP : UP + 8] = BYTES[up >> 1 & 255]
            b[UP + 8 : DOWN] = BYTES[up >> 9 & 255]
            b[DOWN : DOWN + 8] = BYTES[down >> 1 & 255]
            b[DOWN + 8 : NO_TURNS] = BYTES[down >> 9 & 255]
            b[NO_TURNS] = 0.0 if up else 1.0
            key = tuple(s.coll[p])
            block = COLLECTIONS.get(key)
            b[COLL : COLL + KEPT] = _collection(key) if block is None else block
            x = s.score[p] / SCORE_SCALE
            b[SCORE] = 1.0 if x > 1.0 else -1.0 if x < -1.0 else x
        n = self.players
        both = blocks[0]
        for b in blocks[1:] + blocks[:-1]:
            both = both + b
        for q in range(n):
            self.rotated[q][:] = both[q * SEAT_SIZE : (q + n) * SEAT_SIZE]
        if s.phase == AUCTION:
            self.keys = lay.auction_keys(s)

    def observation(self, seat: int) -> array:
        s = self.state
        if s.phase == AUCTION:
            # nothing but bids and passes of this auction since the last call: nothing to do
            logged = len(s.events)
            if logged - s.a_i != self.auction_at:
                self.catch_up(s.events)
            else:
                self.marked = logged
            key = (
                self.keys[seat]
                | s.a_i << 8
                | s.a_high << 3
                | (s.a_bidder - seat) % self.players  # any when no bid: high is 0 then
            )
            hot = self.auctions.get(key)
            if hot is None:
                hot = self.layout.auction_block(s, seat, key)
        else:
            if len(s.events) > self.marked:
                self.catch_up(s.events)
            hot = self.heads[seat][s.phase][s.actor + 1]
        return hot + self.public + self.rotated[seat]


def _rows(key: tuple[int, ...]) -> array:
    """The Police row (one-hot), the Auction row's size (one-hot) and its cards (the
    encoding's row block), by the Police row's length and the row's cards."""
    if len(ROW_PARTS) >= CACHE_MOST:
        ROW_PARTS.clear()
    row = key[1:]
    cards = (ROWS.get(row) or _row_block(row)) if row else NO_CARDS
    block = ROW_PARTS[key] = POLICE_ROWS[key[0]] + ROW_SIZES[len(row)] + cards
    return block


def _collection(counts: tuple[int, ...]) -> array:
    if len(COLLECTIONS) >= CACHE_MOST:
        COLLECTIONS.clear()
    block = COLLECTIONS[counts] = array("f", [SHARE[k][counts[k]] for k in range(1, KEPT + 1)])
    return block
