"""Modern Art's observations kept from step to step (see `core/tracker.py`).

The vector is three pieces, and an observation is their concatenation with the money of the
auction in progress written in: the hot block (the phase, who acts, the auctioneer, the high
bidder, who passed, who has sealed a bid; looked up whole by what it shows, per seat), the
seat's own piece (its hand, the cash it sees, every seat's hand size and paintings as it sees
them; kept per seat) and the public table (the round, the deck, the values, the board, the
cards played, the lot: one array for every seat), then the numbers at a glance
(`glance.py`: the seat's worths, kept until a play, and the lot's numbers). A play changes the player's hand, every
seat's view of its hand size, the cards played and the lot; a win the winner's paintings in
every seat's piece and the cash of whoever sees it; a round's start or end everything. The
state is read as the view reads it: no other seat's hand or sealed bid, no other seat's cash
unless shown to all.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from operator import itemgetter
from struct import Struct
from typing import Any, Final

from ...core.tracker import SEATS_IN, Tracker, one_hots
from . import encoding
from .deck import NUM_ARTISTS, NUM_TYPES, SYMBOLS
from .encoding import ModernArtEncoding
from .glance import beat_in, on_lot, scaled, worth
from .state import (
    FIXED_OFFER,
    FLIP,
    HIDDEN_BIDS,
    OFFER,
    ONCE_BIDS,
    OPEN_BIDS,
    OVER,
    PLAY,
    ROUNDS,
    TILES,
    ModernArtState,
)

# the encoding's scales, typed (its module is not compiled: a compiled build reads these as
# constants; so for every Final below)
PER_MONEY: Final[float] = encoding._PER_MONEY
PER_PAINTING: Final[float] = encoding._PER_PAINTING
PER_TILE: Final[float] = encoding._PER_TILE
PER_VALUE: Final[float] = encoding._PER_VALUE
MONEY_CLIP: Final[float] = encoding.MONEY_CLIP
MOST_PLAYED: Final[int] = encoding.MOST_PLAYED

NO_BIDS: Final = (PLAY, OVER, FLIP, OFFER)  # phases without bids to show
# the money each phase shows: none, the high bid (once one is made; the state's bidder is -1
# in every other phase), the seat's own sealed bid, the fixed price
HIGH_BID: Final = 1
MY_BID: Final = 2
PRICE: Final = 3
SHOWN_IN: Final = {
    OPEN_BIDS: HIGH_BID,
    ONCE_BIDS: HIGH_BID,
    HIDDEN_BIDS: MY_BID,
    FIXED_OFFER: PRICE,
}
MONEY_SHOWN: Final = [SHOWN_IN.get(phase, 0) for phase in range(OVER + 1)]  # by phase
# the events that change nothing kept (bids, passes, prices: the hot block and the money)
QUIET: Final = frozenset(("bid", "pass", "price", "buy", "decline", "skip"))
CACHE_MOST: Final = 1 << 14
# the hot blocks' first index: the phase, or this for an open auction where some seat passed
SOME_PASSED: Final = OVER + 1
HOT_PHASES: Final = SOME_PASSED + 1
# an artist's cards played this round, 0..4: one-hot 1..4 (all 0 for none)
PLAYED: Final = [one_hots(MOST_PLAYED)[MOST_PLAYED], *one_hots(MOST_PLAYED)[:MOST_PLAYED]]
# the lot's artist (one-hot) and the symbols of its cards, by its cards
LOT_BLOCKS: Final[dict[tuple[int, ...], array]] = {}
ROUND_LISTS: Final = [list(b) for b in one_hots(4)]
PLAYED_LISTS: Final = [list(b) for b in PLAYED]
NO_TILES: Final = [[0.0] * (NUM_ARTISTS * (ROUNDS - k)) for k in range(ROUNDS + 1)]
DEAL_MOST: Final = 64  # more cards of one type than any hand holds
PAINTINGS: Final = [k * PER_PAINTING for k in range(DEAL_MOST)]  # by paintings of one artist
MONEY_TOP: Final = 2048  # money below this is looked up
VALUES: Final = [v * PER_VALUE for v in range(ROUNDS * TILES[0] + 1)]  # by an artist's value
TILES_OF: Final = [x * PER_TILE for x in range(TILES[0] + 1)]  # by a tile of the board


def money(x: int) -> float:
    """Cash, a bid or a price on the observation's scale (in units of 100, clipped)."""
    y = x * PER_MONEY
    return y if y < MONEY_CLIP else MONEY_CLIP


MONEY: Final = [money(x) for x in range(MONEY_TOP)]


class Layout:
    """What a Modern Art tracker reads of its encoding, worked out once per encoding. The
    offsets of the seat's own piece are from its start (`hand`), those of the public table from
    its start (`round`)."""

    def __init__(self, enc: ModernArtEncoding) -> None:
        n: int = enc.players
        at: dict[str, int] = enc.offsets
        self.players = n
        self.at = at
        self.rel = [[(p - q) % n for p in range(n)] for q in range(n)]
        self.own = at["hand"]  # the hot block ends here, the seat's own piece starts
        self.own_size = at["round"] - self.own
        self.high = at["high_bid"]
        self.my_bid = at["my_bid"]
        self.price = at["price"]
        self.cash = at["cash"] - self.own
        self.shown = at["cash_shown"] - self.own
        self.sizes = at["hand_sizes"] - self.own
        self.paintings = at["paintings"] - self.own
        p0 = at["round"]
        self.round = at["round"] - p0
        self.mystery = at["mystery_hand"] - p0 if "mystery_hand" in at else -1
        self.deck = at["deck"] - p0
        self.values = at["values"] - p0
        self.board = at["board"] - p0
        self.played = at["played"] - p0
        self.lot = at["lot_artist"] - p0
        self.lot_end = at["lot_cards"] + len(SYMBOLS) - p0
        self.public_size: int = at["worth"] - p0  # the numbers at a glance are per seat
        self.per_hand: float = enc._per_hand
        self.per_deck: float = enc._per_deck
        self.all_cash: bool = enc._all_cash
        # k cards of a type in hand, as the encoding adds them up (float32, one by one)
        total = array("f", [0.0])
        self.in_hand = [0.0]
        for _ in range(DEAL_MOST):
            total[0] += enc._per_card
            self.in_hand.append(total[0])
        self.no_public = array("f", bytes(4 * self.public_size))
        self.no_own = array("f", bytes(4 * self.own_size))
        self.all_shown_list = [1.0] * n
        # the cash and its flags when only the own is shown, after the own cash
        self.own_cash_only = [0.0] * (n - 1) + [1.0] + [0.0] * (n - 1)
        self.hand_size = [k * self.per_hand for k in range(DEAL_MOST)]
        self.pack_public: Callable[..., None] = Struct(f"{self.public_size}f").pack_into
        self.pack_own: Callable[..., None] = Struct(f"{self.own_size}f").pack_into
        # the hot blocks, per seat, by what they show: five indexes into nested lists (see
        # `ModernArtTracker.observation`), each list 2**n long (a seat's -1 is the last item)
        self.hots: list[list[Any]] = [[None] * HOT_PHASES for _ in range(n)]

    def hot_block(self, s: ModernArtState, seat: int, key: tuple[int, ...]) -> array:
        """The hot block seen from `seat`: the phase, who acts, the auctioneer (with a lot),
        the high bidder, who passed, who has sealed a bid (`key`: the indexes of what it
        shows)."""
        at = self.at
        rel = self.rel[seat]
        n = self.players
        block = array("f", bytes(4 * self.own))
        phase = s.phase
        block[at["phase"] + phase] = 1.0
        if phase == OPEN_BIDS:  # all but the high bidder, and but who passed and cannot outbid
            acting = (1 << n) - 1
            for p in range(n):
                if s.passed >> p & 1:
                    block[at["passed"] + rel[p]] = 1.0
                    if s.cash[p] <= s.high:
                        acting &= ~(1 << p)
            if s.bidder >= 0:
                acting &= ~(1 << s.bidder)
        elif phase == HIDDEN_BIDS:
            acting = 0
            bids = s.sealed
            assert bids is not None  # a sealed auction always has its bids list
            for p, x in enumerate(bids):
                if x < 0:
                    acting |= 1 << p
                else:
                    block[at["sealed"] + rel[p]] = 1.0
        else:
            acting = 1 << s.actor if phase != OVER else 0
        for p in SEATS_IN[acting]:
            block[at["acting"] + rel[p]] = 1.0
        if s.lot:
            block[at["auctioneer"] + rel[s.auctioneer]] = 1.0
        if phase not in NO_BIDS and s.bidder >= 0:
            block[at["high_bidder"] + rel[s.bidder]] = 1.0
        level = self.hots[seat]
        for i in key[:-1]:
            below = level[i]
            if below is None:
                below = level[i] = [None] * (1 << n)
            level = below
        level[key[-1]] = block
        return block


class ModernArtTracker(Tracker[ModernArtState]):
    __slots__ = (
        "layout", "public", "own", "hots", "sealed", "sizes_at", "paintings_at", "worths",
        "worth_blocks", "worth_keys",
    )  # fmt: skip

    def __init__(self, enc: ModernArtEncoding, state: ModernArtState) -> None:
        super().__init__(enc, state)
        layout = enc.tracker_layout
        if layout is None:
            layout = enc.tracker_layout = Layout(enc)
        self.layout: Layout = layout
        self.hots: list[list[Any]] = layout.hots
        n = self.players
        self.public = array("f", bytes(4 * layout.public_size))
        self.own = [array("f", bytes(4 * layout.own_size)) for _ in range(n)]
        self.sealed = 0  # the seats that have sealed a bid in the hidden auction
        # per seat: each artist's worth (`glance.py`), as numbers and as the block, and
        # what they were worked out at: the round, the cards played in it, the seat's hand size
        # (within a round the cards played only grow and a hand only shrinks; values and hands
        # change at a round's end, which moves the round)
        self.worths: list[list[float]] = [[] for _ in range(n)]
        self.worth_blocks: list[array] = [NO_WORTH for _ in range(n)]
        self.worth_keys: list[int] = [-1] * n
        # per seat p: (seat q's piece, where p's hand size / paintings start in it) for each q
        # an item set costs less through a memoryview (typeshed's takes ints only: Any)
        views: list[Any] = [memoryview(own) for own in self.own]
        self.sizes_at = [
            [(views[q], layout.sizes + (p - q) % n) for q in range(n)] for p in range(n)
        ]
        self.paintings_at = [
            [(views[q], layout.paintings + (p - q) % n * NUM_ARTISTS) for q in range(n)]
            for p in range(n)
        ]

    def catch_up(self, events: list) -> None:
        m = self.marked
        self.marked = len(events)
        if not m:  # a new game
            self._whole()
            return
        for e in events[m:]:
            kind: str = e[0]
            if kind in QUIET:
                continue
            if kind == "sealed":
                self.sealed |= 1 << e[1]
            elif kind == "play" or kind == "add":
                self._play(e[1], e[2])
            elif kind == "won":
                self._won(e[1], e[3][0] // 5, e[4])
            elif not self._other(e):
                return

    def _other(self, e: tuple) -> bool:
        """The rarer events: a reveal, a lot unsold, a flip; a round's start or its scoring
        rebuilds everything (False: the events left are taken in)."""
        kind: str = e[0]
        lay = self.layout
        if kind == "reveal":
            self.sealed = 0
        elif kind == "unsold":
            self.public[lay.lot : lay.lot_end] = NO_LOT
        elif kind == "flip":
            self.public[lay.mystery] = len(self.state.mystery) * lay.per_hand
            self._played(e[2] // 5)
        else:
            self._whole()
            return False
        return True

    def _play(self, p: int, c: int) -> None:
        """Seat p played or added card c: its hand, its hand size seen from every seat, the
        cards played and the lot."""
        s = self.state
        lay = self.layout
        hand = s.hands[p]
        self.own[p][c] = lay.in_hand[hand.count(c)]
        x = len(hand) * lay.per_hand
        for own, at in self.sizes_at[p]:
            own[at] = x
        t = self.public
        at = lay.played + c // 5 * MOST_PLAYED
        t[at : at + MOST_PLAYED] = PLAYED[s.played[c // 5]]
        key = tuple(s.lot)
        block = LOT_BLOCKS.get(key)
        t[lay.lot : lay.lot_end] = _lot(key) if block is None else block

    def _played(self, a: int) -> None:
        """Artist a's count of cards played this round."""
        at = self.layout.played + a * MOST_PLAYED
        self.public[at : at + MOST_PLAYED] = PLAYED[self.state.played[a]]

    def _won(self, w: int, a: int, auctioneer: int) -> None:
        """The winner's paintings seen from every seat, the cash of the winner and of the
        auctioneer it paid (seen by themselves, or by all with open cash); the lot is gone."""
        s = self.state
        lay = self.layout
        x = PAINTINGS[s.owned[w * NUM_ARTISTS + a]]
        for own, at in self.paintings_at[w]:
            own[at + a] = x
        at = lay.cash
        if lay.all_cash:
            for p in (w, auctioneer) if auctioneer >= 0 else (w,):
                x = money(s.cash[p])
                for own, i in self.sizes_at[p]:
                    own[i - lay.sizes + at] = x
        else:
            self.own[w][at] = money(s.cash[w])
            if auctioneer >= 0:
                self.own[auctioneer][at] = money(s.cash[auctioneer])
        self.public[lay.lot : lay.lot_end] = NO_LOT

    def _whole(self) -> None:
        """Every piece, from the state: each packed from floats in one call (the floats looked
        up by `itemgetter`: per item, a fraction of a comprehension's or map's cost)."""
        s = self.state
        lay = self.layout
        n = self.players
        rnd = s.round
        t = list(ROUND_LISTS[rnd if rnd < 3 else 3])
        if lay.mystery >= 0:
            t.append(len(s.mystery) * lay.per_hand)
        t.append((len(s.deck) - s.deck_pos) * lay.per_deck)
        t += itemgetter(*s.values)(VALUES)
        for row in s.board:
            t += itemgetter(*row)(TILES_OF)
        t += NO_TILES[len(s.board)]  # the rounds not finished
        for k in s.played:
            t += PLAYED_LISTS[k]
        key = tuple(s.lot)
        block = LOT_BLOCKS.get(key)
        t += _lot(key) if block is None else block
        lay.pack_public(self.public, 0, *t)
        # every seat's hand size, cash and paintings in seat order, twice: seat q's rotation
        # is a slice
        sizes = itemgetter(*map(len, s.hands))(lay.hand_size) * 2
        cash = [MONEY[x] if x < MONEY_TOP else MONEY_CLIP for x in s.cash] * 2
        paintings = itemgetter(*s.owned)(PAINTINGS) * 2
        public = lay.all_cash or s.phase == OVER
        w = NUM_ARTISTS
        in_hand: list[float] = lay.in_hand
        for q in range(n):
            counts = [0] * NUM_TYPES
            for c in s.hands[q]:
                counts[c] += 1
            hand = itemgetter(*counts)(in_hand)
            if public:
                shown = cash[q : q + n]
                shown += lay.all_shown_list
            else:
                shown = [cash[q], *lay.own_cash_only]
            lay.pack_own(
                self.own[q], 0, *hand, *shown, *sizes[q : q + n], *paintings[q * w : (q + n) * w]
            )
        sealed = 0
        bids = s.sealed
        if s.phase == HIDDEN_BIDS and bids is not None:
            for p, x in enumerate(bids):
                if x >= 0:
                    sealed |= 1 << p
        self.sealed = sealed

    def observation(self, seat: int) -> array:
        s = self.state
        events = s.events
        m = self.marked
        k = len(events)
        # the common steps are taken in here, without calling `catch_up` (a call costs as much
        # as a dozen item sets): one event, or a bid, pass or price and the win it ended in
        if k == m + 1 and m or k == m + 2 and m and events[m][0] in QUIET:
            self.marked = k
            e = events[k - 1]
            kind: str = e[0]
            if kind in QUIET:
                pass
            elif kind == "play" or kind == "add":
                self._play(e[1], e[2])
            elif kind == "won":
                self._won(e[1], e[3][0] // 5, e[4])
            elif kind == "sealed":
                self.sealed |= 1 << e[1]
            else:
                self._other(e)
        elif k > m:
            self.catch_up(events)
        phase = s.phase
        passed = s.passed
        hots = self.hots[seat]
        # the hot block by what it shows; a level of the nested lists not made yet is None
        try:
            if phase == OPEN_BIDS and passed:  # who passed may bid again if it can outbid
                x = s.high
                cash = s.cash
                gone = 0
                for p in SEATS_IN[passed]:
                    if cash[p] <= x:
                        gone |= 1 << p
                hot = hots[SOME_PASSED][s.bidder][s.auctioneer][passed][gone]
            else:  # (in an open auction nobody passed since the last bid)
                hot = hots[phase][s.actor][s.bidder][s.auctioneer][self.sealed]
        except TypeError:
            hot = None
        if hot is None:
            if phase == OPEN_BIDS and passed:
                key = (SOME_PASSED, s.bidder, s.auctioneer, passed, gone)
            else:
                key = (phase, s.actor, s.bidder, s.auctioneer, self.sealed)
            hot = self.layout.hot_block(s, seat, key)
        o = hot + self.own[seat]
        o += self.public
        self._glance(seat, o)
        shown = MONEY_SHOWN[phase]
        if not shown:
            return o
        if shown == HIGH_BID:
            if s.bidder >= 0:
                x = s.high
                o[self.layout.high] = MONEY[x] if x < MONEY_TOP else MONEY_CLIP
        elif shown == MY_BID:
            sealed = s.sealed
            assert sealed is not None  # a sealed auction always has its bids list
            x = sealed[seat]
            if x >= 0:
                o[self.layout.my_bid] = MONEY[x] if x < MONEY_TOP else MONEY_CLIP
        else:
            x = s.price
            o[self.layout.price] = MONEY[x] if x < MONEY_TOP else MONEY_CLIP
        return o

    def _glance(self, seat: int, o: array) -> None:
        """Appends to `o` the numbers at a glance (`glance.py`), from what the view
        shows `seat`."""
        s = self.state
        hand = s.hands[seat]
        played = s.played
        key = (s.round * 64 + sum(played)) * 64 + len(hand)
        if key != self.worth_keys[seat]:
            mine = [0] * NUM_ARTISTS
            for c in hand:
                mine[c // 5] += 1
            w = self.worths[seat] = worth(played, mine, s.values)
            self.worth_blocks[seat] = array("f", scaled(w))
            self.worth_keys[seat] = key
        o += self.worth_blocks[seat]
        phase = s.phase
        if phase in (PLAY, FLIP, OVER):
            o += NO_LOT_NUMBERS
            return
        beat = beat_in(phase, s.high if s.bidder >= 0 else 0, s.price)
        lot = s.lot
        numbers = on_lot(
            self.worths[seat], lot[0] // 5, len(lot), s.auctioneer == seat, s.cash[seat], beat
        )
        o.extend(numbers)


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


NO_LOT: Final = _lot(())
NO_WORTH: Final = array("f", bytes(4 * NUM_ARTISTS))
NO_LOT_NUMBERS: Final = array("f", bytes(4 * 3))  # the lot's worth, the limit, the margin
