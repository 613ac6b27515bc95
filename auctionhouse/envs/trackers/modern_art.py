"""Modern Art's observations kept from step to step (see `envs/tracker.py`).

The public table is kept as seat 0 sees it: the hand sizes and the deck, the cash when it is
shown to all (open_cash, or once over), the board, the cards played, the paintings, the lot and
its auctioneer. A seat's observation is a copy with the per-seat blocks rotated, in which are
written its head (the phase, the round, who acts), its own hand (kept per seat, written when
the seat plays or is dealt cards), its own cash, and the auction's bids as it sees them (the
high bid and bidder, who passed or has sealed a bid, its own sealed bid, the price). The state
is read as the view reads it: no other seat's hand or sealed bid, no other seat's cash unless
shown to all.
"""

from __future__ import annotations

from array import array

from ...games.modern_art.deck import NUM_ARTISTS, NUM_TYPES, SYMBOLS
from ...games.modern_art.state import (
    FIXED_OFFER,
    FLIP,
    HIDDEN_BIDS,
    OFFER,
    OPEN_BIDS,
    OVER,
    PHASE_NAMES,
    PLAY,
    ROUNDS,
    ModernArtState,
)
from ..encodings.modern_art import (
    _PER_MONEY,
    _PER_PAINTING,
    _PER_TILE,
    _PER_VALUE,
    MONEY_CLIP,
    MOST_PLAYED,
    ModernArtEncoding,
)
from ..tracker import TableTracker, seat_sets

NO_BIDS = (PLAY, OVER, FLIP, OFFER)  # phases without bids to show
# the events that change nothing in the table (bids, passes, prices: what a call writes)
QUIET = frozenset(("bid", "pass", "sealed", "reveal", "price", "buy", "decline", "skip"))
CACHE_MOST = 1 << 14
# per artist, one-hot cards played 1..4 (all 0: none), by the counts
PLAYED_BLOCKS: dict[tuple[int, ...], array] = {}
# the lot's artist (one-hot) and the symbols of its cards, by its cards
LOT_BLOCKS: dict[tuple[int, ...], array] = {}


def money(x: int) -> float:
    """Cash, a bid or a price on the observation's scale (in units of 100, clipped)."""
    y = x * _PER_MONEY
    return y if y < MONEY_CLIP else MONEY_CLIP


class Layout:
    """What a Modern Art tracker reads of its encoding, worked out once per encoding."""

    def __init__(self, enc: ModernArtEncoding) -> None:
        n = enc.players
        at = enc.offsets
        self.sets = seat_sets(n)
        self.acting = at["acting"]
        # heads[round][phase]: the phase and the round, one-hot (round 4 once over)
        self.heads = []
        for rnd in range(ROUNDS):
            row = []
            for phase in range(len(PHASE_NAMES)):
                block = array("f", bytes(4 * self.acting))
                block[at["phase"] + phase] = 1.0
                block[at["round"] + rnd] = 1.0
                row.append(block)
            self.heads.append(row)
        self.hand = at["hand"]
        self.sizes = at["hand_sizes"]
        self.mystery = at.get("mystery_hand", -1)
        self.deck = at["deck"]
        self.cash = at["cash"]
        self.shown = at["cash_shown"]
        self.values = at["values"]
        self.board = at["board"]
        self.played = at["played"]
        self.paintings = at["paintings"]
        self.lot = at["lot_artist"]  # the lot's artist and the symbols of its cards
        self.auctioneer = at["auctioneer"]
        self.bids = at["high_bid"]  # high bid, high bidder, passed, sealed, own bid, price
        self.bidder = at["high_bidder"]
        self.passed = at["passed"]
        self.sealed = at["sealed"]
        self.my_bid = at["my_bid"]
        self.price = at["price"]
        self.no_hand = enc.blank()[:NUM_TYPES]
        self.per_hand = enc._per_hand
        self.per_deck = enc._per_deck
        self.all_cash = enc._all_cash
        # k cards of a type in hand, as the encoding adds them up (float32, one by one)
        total = array("f", [0.0])
        self.in_hand = [0.0]
        for _ in range(DEAL_MOST):
            total[0] += enc._per_card
            self.in_hand.append(total[0])
        self.per_seat = [
            (self.sizes, 1), (self.cash, 1), (self.shown, 1), (self.paintings, NUM_ARTISTS),
            (self.auctioneer, 1),
        ]  # fmt: skip


DEAL_MOST = 64  # more cards of one type than any hand holds


class ModernArtTracker(TableTracker[ModernArtState]):
    """Each seat's own hand is kept apart, as the block of its counts per card type."""

    def __init__(self, enc: ModernArtEncoding, state: ModernArtState) -> None:
        layout = enc.tracker_layout
        if layout is None:
            layout = enc.tracker_layout = Layout(enc)
        super().__init__(enc, state, layout.per_seat)
        self.layout: Layout = layout
        self.hands = [layout.no_hand[:] for _ in range(self.players)]

    def catch_up(self, log: list) -> None:
        s = self.state
        t = self.table
        lay = self.layout
        whole = not self.marked  # a new game: every block
        sizes = lot = played = False
        for e in log[self.marked :]:
            kind = e[0]
            if kind in QUIET:
                continue
            if kind == "play" or kind == "add":
                sizes = played = lot = True
                self._hand(e[1], e[2])
            elif kind == "won":
                lot = True
                w = e[1]
                self._paintings(w)
                if lay.all_cash:
                    self._cash(w)
                    if e[4] >= 0:
                        self._cash(e[4])
            elif kind == "unsold":
                lot = True
            elif kind == "flip":
                sizes = played = True
            else:  # a round's start (the deal) or its scoring: everything
                whole = True
        self.marked = len(log)
        if whole:
            self._whole()
            return
        if sizes:
            self._sizes()
        if played:
            key = tuple(s.played)
            block = PLAYED_BLOCKS.get(key)
            at = lay.played
            t[at : at + NUM_ARTISTS * MOST_PLAYED] = _played(key) if block is None else block
        if lot:
            self._lot()

    def _hand(self, seat: int, card: int) -> None:
        """Seat's hand less a card played or added (its count of that type)."""
        self.hands[seat][card] = self.layout.in_hand[self.state.hands[seat].count(card)]

    def _sizes(self) -> None:
        s = self.state
        t = self.table
        lay = self.layout
        most = lay.per_hand
        for p, h in enumerate(s.hands):
            t[lay.sizes + p] = len(h) * most
        if lay.mystery >= 0:
            t[lay.mystery] = len(s.mystery) * most
        t[lay.deck] = (len(s.deck) - s.deck_pos) * lay.per_deck

    def _cash(self, p: int) -> None:
        """Seat p's cash, shown to all."""
        self.table[self.layout.cash + p] = money(self.state.cash[p])
        self.table[self.layout.shown + p] = 1.0

    def _paintings(self, p: int) -> None:
        t = self.table
        at = self.layout.paintings + p * NUM_ARTISTS
        for k in self.state.owned[p * NUM_ARTISTS : p * NUM_ARTISTS + NUM_ARTISTS]:
            t[at] = k * _PER_PAINTING
            at += 1

    def _lot(self) -> None:
        """The lot's artist and cards, and its auctioneer (all 0 without a lot)."""
        s = self.state
        t = self.table
        lay = self.layout
        key = tuple(s.lot)
        block = LOT_BLOCKS.get(key)
        t[lay.lot : lay.auctioneer] = _lot(key) if block is None else block
        at = lay.auctioneer
        t[at : at + self.players] = lay.sets[0][1 << s.auctioneer if key else 0]

    def _whole(self) -> None:
        """Every block of the table, and every hand."""
        s = self.state
        t = self.table
        lay = self.layout
        self._sizes()
        public = lay.all_cash or s.phase == OVER
        for p in range(self.players):
            if public:
                self._cash(p)
            self._paintings(p)
            hand = self.hands[p]
            hand[:] = lay.no_hand
            for c in set(s.hands[p]):
                hand[c] = lay.in_hand[s.hands[p].count(c)]
        at = lay.values
        for v in s.values:
            t[at] = v * _PER_VALUE
            at += 1
        at = lay.board
        for row in s.board:
            for x in row:
                t[at] = x * _PER_TILE
                at += 1
        key = tuple(s.played)
        block = PLAYED_BLOCKS.get(key)
        at = lay.played
        t[at : at + NUM_ARTISTS * MOST_PLAYED] = _played(key) if block is None else block
        self._lot()

    def observation(self, seat: int) -> array:
        s = self.state
        o = self.rotated(seat, s.events)
        lay = self.layout
        phase = s.phase
        rnd = s.round
        at = lay.acting
        o[:at] = lay.heads[rnd if rnd < 3 else 3][phase]
        sets = lay.sets[seat]
        n = self.players
        o[at : at + n] = sets[self._acting(phase)]
        at = lay.hand
        o[at : at + NUM_TYPES] = self.hands[seat]
        if not lay.all_cash and phase != OVER:  # only the own cash is shown
            o[lay.cash] = money(s.cash[seat])
            o[lay.shown] = 1.0
        if phase in NO_BIDS:
            return o
        if s.bidder >= 0:
            o[lay.bids] = money(s.high)
            at = lay.bidder
            o[at : at + n] = sets[1 << s.bidder]
        if phase == OPEN_BIDS:
            at = lay.passed
            o[at : at + n] = sets[s.passed]
        elif phase == HIDDEN_BIDS:
            sealed = s.sealed
            assert sealed is not None  # a sealed auction always has its bids list
            mask = 0
            for p, x in enumerate(sealed):
                if x >= 0:
                    mask |= 1 << p
            at = lay.sealed
            o[at : at + n] = sets[mask]
            x = sealed[seat]
            if x >= 0:
                o[lay.my_bid] = money(x)
        elif phase == FIXED_OFFER:
            o[lay.price] = money(s.price)
        return o

    def _acting(self, phase: int) -> int:
        """The seats that may act now, as a bitmask (as `ModernArtState.actors`)."""
        s = self.state
        if phase == OPEN_BIDS:
            # everyone but the high bidder, and but those who passed and cannot outbid
            out = (1 << self.players) - 1
            if s.bidder >= 0:
                out ^= 1 << s.bidder
            gone = s.passed
            if gone:
                need = s.high + 1
                for p, c in enumerate(s.cash):
                    if gone >> p & 1 and c < need:
                        out &= ~(1 << p)
            return out
        if phase == HIDDEN_BIDS:
            sealed = s.sealed
            assert sealed is not None
            out = 0
            for p, x in enumerate(sealed):
                if x < 0:
                    out |= 1 << p
            return out
        return 0 if phase == OVER else 1 << s.cursor


def _played(counts: tuple[int, ...]) -> array:
    if len(PLAYED_BLOCKS) >= CACHE_MOST:
        PLAYED_BLOCKS.clear()
    block = array("f", bytes(4 * NUM_ARTISTS * MOST_PLAYED))
    for a, k in enumerate(counts):
        if k:
            block[a * MOST_PLAYED + k - 1] = 1.0
    PLAYED_BLOCKS[counts] = block
    return block


def _lot(cards: tuple[int, ...]) -> array:
    if len(LOT_BLOCKS) >= CACHE_MOST:
        LOT_BLOCKS.clear()
    block = array("f", bytes(4 * (NUM_ARTISTS + len(SYMBOLS))))
    if cards:
        block[cards[0] // 5] = 1.0
        for c in cards:
            block[NUM_ARTISTS + c % 5] = 1.0
    LOT_BLOCKS[cards] = block
    return block
