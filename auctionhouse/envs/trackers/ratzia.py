"""Ratzia's observations kept from step to step (see `envs/tracker.py`).

Everything but the deck's order is public (RZ-3): the table is kept as seat 0 sees it, and a
seat's observation is a copy with the seats' blocks rotated, its head (the phase, the seat to
act, the round) and, in an auction, the auction as it sees it written in (both looked up).
The table changes where an event says so: the deck size and the Auction row or the Police row
(a reveal), the row, the centre card, the discard pile and the block of the seat that stole,
won or gave up a Courthouse, and all of it at a round's start and end.
"""

from __future__ import annotations

from array import array

from ...games.ratzia.cards import (
    COPIES,
    COURTHOUSE,
    DECK_SIZE,
    MAX_BID,
    POLICE,
    THIEVES,
    values_tuple,
)
from ...games.ratzia.state import AUCTION, POLICE_END, ROUNDS, ROW_MAX, RatziaState
from ..encodings.ratzia import (
    COLL,
    DISCARDS,
    DOWN,
    KEPT,
    NO_TURNS,
    ROWS,
    SEAT_SIZE,
    SEATS,
    UP,
    RatziaEncoding,
    _discard_block,
    _row_block,
    _seat_block,
)
from ..tracker import TableTracker, one_hots

PHASES = 5
# the events that change nothing in the table (a bid, a pass, an auction's start, a stop change
# only what is looked up on every call); those not here nor in `_event` change everything (a
# round's start or end)
QUIET = frozenset(("bid", "pass", "auction", "stop"))
CHANGES = frozenset(("reveal", "steal", "won", "no_bids", "courthouse"))
DECK_LEFT = [(DECK_SIZE - k) / DECK_SIZE for k in range(DECK_SIZE + 1)]
CENTRES = one_hots(MAX_BID)  # value v at v - 1


BITS: dict[int, array] = {}  # bidding cards (a bitmask) as a bit per value 1..16


def _bits(mask: int) -> array:
    block = BITS[mask] = array("f", [float(mask >> v & 1) for v in range(1, MAX_BID + 1)])
    return block


CACHE_MOST = 1 << 14
# the Police row, the Auction row's size and its cards (contiguous), by the row's cards and
# the Police row's length
ROW_PARTS: dict[tuple, array] = {}


class Layout:
    """What a Ratzia tracker reads of its encoding, worked out once per encoding."""

    def __init__(self, enc: RatziaEncoding) -> None:
        n = enc.players
        at = enc.offsets
        self.head = head = at["deck_size"]  # phase, actor, round
        # heads[seat][round][phase][seat to act + 1]: the head block (round 3: the game's end)
        self.heads = [
            [
                [[_head(at, n, seat, min(rnd, ROUNDS - 1), phase, cur) for cur in range(-1, n)]
                 for phase in range(PHASES)]
                for rnd in range(ROUNDS + 1)
            ]
            for seat in range(n)
        ]  # fmt: skip
        self.deck = head
        self.rows = at["police"]  # the Police row, the Auction row's size and its cards
        self.row_sizes = at["row_size"]
        self.row = at["row"]
        self.centre = at["centre"]
        self.discard = at["discard"]
        self.auction = at["auction_starter"]
        self.auction_end = at["up_0"]
        self.cause = at["auction_cause"] - self.auction
        self.must = at["must_bid"] - self.auction
        self.high = at["high_bid"] - 1 - self.auction
        self.bidder = at["high_bidder"] - self.auction
        self.to_bid = at["to_bid"] - self.auction
        self.seats = [at[f"up_{i}"] for i in range(n)]
        self.rel = enc._rel
        self.no_auction = enc.blank()[self.auction : self.auction_end]
        # per seat: the auction's block, by (bids so far, high bid, high bidder, who must bid,
        # starter, cause, bidding order)
        self.auctions: list[dict[tuple, array]] = [{} for _ in range(n)]

    def auction_block(self, s: RatziaState, seat: int, key: tuple) -> array:
        """The auction in progress seen from `seat` (`auction_starter` to `to_bid`)."""
        cache = self.auctions[seat]
        if len(cache) >= CACHE_MOST:
            cache.clear()
        rel = self.rel[seat]
        block = self.no_auction[:]
        block[rel[s.a_starter]] = 1.0
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


def _head(at: dict[str, int], n: int, seat: int, rnd: int, phase: int, cur: int) -> array:
    block = array("f", bytes(4 * at["deck_size"]))
    block[at["phase"] + phase] = 1.0
    block[at["round"] + rnd] = 1.0
    if cur >= 0:
        block[at["actor"] + (cur - seat) % n] = 1.0
    return block


class RatziaTracker(TableTracker[RatziaState]):
    def __init__(self, enc: RatziaEncoding, state: RatziaState) -> None:
        super().__init__(enc, state, [(enc.offsets["up_0"], SEAT_SIZE)])
        layout = enc.tracker_layout
        if layout is None:
            layout = enc.tracker_layout = Layout(enc)
        self.layout: Layout = layout
        self.auctions = layout.auctions

    def catch_up(self, log: list) -> None:
        whole = not self.marked  # the whole table to write (a new game, a round's end)
        for e in log[self.marked :]:
            kind = e[0]
            if kind in QUIET:
                continue
            if kind in CHANGES:
                if not whole:
                    self._event(e)
            else:
                whole = True
        self.marked = len(log)
        if whole:
            self._whole()

    def _event(self, e: tuple) -> None:
        """What an event changes in the table, read from the state: the deck, the rows and
        the centre card; the counts of the card types it names in the discard pile or its
        seat's collection, and a winner's bidding cards."""
        s = self.state
        t = self.table
        lay = self.layout
        kind = e[0]
        kept: tuple[int, ...]  # the card types counted again in the seat's collection
        dropped: tuple[int, ...]  # and in the discard pile
        if kind == "reveal":
            t[lay.deck] = DECK_LEFT[s.dpos]
            if e[2] == POLICE:
                t[lay.rows : lay.row_sizes] = POLICE_ROWS[s.police]
            else:
                self._row(e[2])
            return
        if kind == "steal":  # the card taken is kept, the Thieves go
            self._row(e[2])
            kept, dropped = (e[2], THIEVES), (THIEVES,)
        elif kind == "courthouse":  # a Courthouse goes, with the Business given up for it
            kept = dropped = (COURTHOUSE, e[2]) if e[2] >= 0 else (COURTHOUSE,)
        else:  # the row goes to the winner, or without bids to the discard pile
            t[lay.row_sizes : lay.centre] = NO_ROW
            if kind == "no_bids":
                for k in e[1]:
                    t[lay.discard + k] = s.discard[k] / COPIES[k]
                return
            at = lay.centre
            t[at : at + MAX_BID] = CENTRES[s.centre - 1]
            kept, dropped = e[3], ()
            up = s.up[e[1]]
            down = s.down[e[1]]
            at = lay.seats[e[1]]
            t[at + UP : at + DOWN] = BITS.get(up) or _bits(up)
            t[at + DOWN : at + NO_TURNS] = BITS.get(down) or _bits(down)
            t[at + NO_TURNS] = 0.0 if up else 1.0
        coll = s.coll[e[1]]
        at = lay.seats[e[1]] + COLL - 1  # the collection's counts, from type 1
        for k in kept:
            t[at + k] = coll[k] / COPIES[k]
        for k in dropped:
            t[lay.discard + k] = s.discard[k] / COPIES[k]

    def _row(self, k: int) -> None:
        """The Auction row's size, and its count of card type k."""
        row = self.state.row
        t = self.table
        lay = self.layout
        t[lay.row_sizes : lay.row] = ROW_SIZES[len(row)]
        t[lay.row + k - 1] = row.count(k) / ROW_MAX

    def _whole(self) -> None:
        """Every block of the table."""
        s = self.state
        t = self.table
        lay = self.layout
        t[lay.deck] = DECK_LEFT[s.dpos]
        key = (s.police, *s.row)
        block = ROW_PARTS.get(key)
        t[lay.rows : lay.centre] = _rows(key) if block is None else block
        at = lay.centre
        t[at : at + MAX_BID] = CENTRES[s.centre - 1]
        counts = tuple(s.discard)
        block = DISCARDS.get(counts)
        t[lay.discard : lay.rows] = _discard_block(counts) if block is None else block
        up, down, coll, score = s.up, s.down, s.coll, s.score
        for q in range(self.players):
            held = (values_tuple(up[q]), values_tuple(down[q]), tuple(coll[q]), score[q])
            block = SEATS.get(held)
            at = lay.seats[q]
            t[at : at + SEAT_SIZE] = _seat_block(held) if block is None else block

    def observation(self, seat: int) -> array:
        s = self.state
        o = self.rotated(seat, s.log)
        lay = self.layout
        o[: lay.head] = lay.heads[seat][s.rnd][s.phase][s.cur + 1]
        if s.phase == AUCTION:
            key = (s.a_i, s.a_high, s.a_bidder, s.a_must, s.a_starter, s.a_cause, s.a_order)
            block = self.auctions[seat].get(key)
            o[lay.auction : lay.auction_end] = (
                lay.auction_block(s, seat, key) if block is None else block
            )
        return o


def _rows(key: tuple[int, ...]) -> array:
    """The Police row (one-hot), the Auction row's size (one-hot) and its cards (the
    encoding's row block), by the Police row's length and the row's cards."""
    if len(ROW_PARTS) >= CACHE_MOST:
        ROW_PARTS.clear()
    row = key[1:]
    cards = (ROWS.get(row) or _row_block(row)) if row else NO_CARDS
    block = ROW_PARTS[key] = POLICE_ROWS[key[0]] + ROW_SIZES[len(row)] + cards
    return block


POLICE_ROWS = one_hots(POLICE_END)
ROW_SIZES = one_hots(ROW_MAX + 1)
NO_CARDS = array("f", bytes(4 * KEPT))
NO_ROW = ROW_SIZES[0] + NO_CARDS  # an empty Auction row: its size (0) and its cards
