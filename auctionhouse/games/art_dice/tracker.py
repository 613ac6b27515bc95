"""The art-dice observations kept from step to step (see `core/tracker.py`).

Everything on the table is public: the table is kept as seat 0 sees it, and a seat's
observation is a copy with the seats' blocks (one region) rotated, and its head (the phase, the
round, the first bidder, the banker, the bidder and its roll, the own sales, the rounds without
a sale), the highest amounts with their leaders (both looked up by what they show), the seats
still to bid and its gold's reach written in. The table
changes where an event says so: a bid (the bidder's gold and bids), a work put up (the works on
sale, the bank, the seller's gold, collection and score), a draw (the works on sale, the deck),
a win (the winner's gold, collection and score, the bank), the works left on sale, the works
out of the game, and a round's start or the game's end (every seat's gold and bids: what was
placed goes back). Whenever the works on sale are written, what they are worth to each seat
(the numbers at a glance, `glance.py`) is written with them.
"""

from __future__ import annotations

from array import array
from itertools import product
from typing import Final

from ...core.tracker import TableTracker
from .cards import (
    ARTIST_OF,
    ARTISTS,
    CARDS,
    DIE,
    ON_SALE,
)
from .encoding import (
    AMOUNT,
    BLOCK,
    COUNTS,
    GOLD,
    ROUND_CLIP,
    SCORE,
    WORKS_PER_ARTIST,
    ArtDiceEncoding,
)
from .state import BID, ArtDiceState

# a roll, a skip and a pass change nothing in the table (the head is looked up on every call)
QUIET: Final = frozenset(("roll", "skip", "pass"))
NO_BIDS: Final = (0,) * ON_SALE
# a seat's amounts on the places on sale -> its block of bids
BID_ROWS: Final = {
    split: array("f", [AMOUNT[x] for x in split]) for split in product(range(DIE + 1), repeat=3)
}
CACHE_MOST: Final = 1 << 14
# the artists of the works on sale (one-hot per place), by the works
SALES: Final[dict[tuple[int, ...], array]] = {}


class Layout:
    """What an art-dice tracker reads of its encoding, worked out once per encoding; the head
    and the highest amounts with their leaders are looked up per seat, by what they show."""

    def __init__(self, enc: ArtDiceEncoding) -> None:
        at = enc.offsets
        self.n = enc.players
        self.head = at["deck_size"]
        self.phase = at["phase"]
        self.round = at["round"]
        self.first_bidder = at["first_bidder"]
        self.banker = at["banker"]
        self.bidder = at["bidder"]
        self.roll = at["roll"]
        self.own_sales = at["own_sales"]
        self.no_sale_rounds = at["no_sale_rounds"]
        self.deck_size = at["deck_size"]
        self.bank = at["bank"]
        self.width = enc.seat_width  # one seat's block: gold, score, bids, collection, gain
        self.gold = at["gold_0"]
        self.scores = at["score_0"]
        self.sale_artist = at["sale_artist"]
        self.sale_highest = at["sale_highest"]
        self.sale_leader = at["sale_leader"]
        self.bids = at["bids_0"]
        self.collections = at["collection_0"]
        self.deck_artists = at["deck_artists"]
        self.out = at["out"]
        self.glance = enc.glance
        self.heads: list[dict[tuple, array]] = [{} for _ in range(self.n)]
        self.highs: list[dict[tuple, array]] = [{} for _ in range(self.n)]
        self.blank = enc.blank()
        self.no_collection = enc.blank()[:BLOCK]

    def head_block(self, seat: int, key: tuple) -> array:
        """The head (`phase` to `no_sale_rounds`) but the round, of a key (phase, first
        bidder, banker, bidder, roll, own sales, rounds without a sale)."""
        cache = self.heads[seat]
        if len(cache) >= CACHE_MOST:
            cache.clear()
        phase, fb, banker, bidder, roll, sold, nosale = key
        n = self.n
        o = self.blank[: self.head]
        o[self.phase + phase] = 1.0
        o[self.first_bidder + (fb - seat) % n] = 1.0
        o[self.banker + (banker - seat) % n] = 1.0
        if phase == BID:
            o[self.bidder + (bidder - seat) % n] = 1.0
            o[self.roll + roll - 1] = 1.0
        o[self.own_sales + sold] = 1.0
        o[self.no_sale_rounds + nosale] = 1.0
        cache[key] = o
        return o

    def high_block(self, seat: int, key: tuple) -> array:
        """The highest amounts and their leaders (`sale_highest`, `sale_leader`) of a key
        (highest amounts, leaders)."""
        cache = self.highs[seat]
        if len(cache) >= CACHE_MOST:
            cache.clear()
        high, leaders = key
        n = self.n
        o = self.blank[self.sale_highest : self.sale_leader + ON_SALE * n]  # amounts, leaders
        base = self.sale_leader - self.sale_highest
        for i, x in enumerate(high):
            if x:
                o[i] = AMOUNT[x]
                o[base + i * n + (leaders[i] - seat) % n] = 1.0
        cache[key] = o
        return o


class ArtDiceTracker(TableTracker[ArtDiceState]):
    """The amounts each seat placed this round are kept from the events (a seat's gold is its
    cash less what it placed)."""

    def __init__(self, enc: ArtDiceEncoding, state: ArtDiceState) -> None:
        at = enc.offsets
        super().__init__(enc, state, [(at["gold_0"], enc.seat_width)])
        layout = enc.tracker_layout
        if layout is None:
            layout = enc.tracker_layout = Layout(enc)
        self.layout: Layout = layout
        n = self.players
        self.placed: list[tuple[int, ...]] = [NO_BIDS] * n  # this round's bids
        self.counts = [[0] * ARTISTS for _ in range(n)]  # each collection's works per artist
        self.score = [0] * n  # each collection's score (AD-8)
        self.left = [0] * ARTISTS  # each artist's works left in the deck

    def catch_up(self, events: list) -> None:
        s = self.state
        t = self.table
        lay = self.layout
        placed = self.placed
        sale = bank = False
        if not self.marked:  # the first call: every block, from the state
            self._whole()
            sale = bank = True
            self.marked = len(events)
        for e in events[self.marked :]:
            kind = e[0]
            if kind in QUIET:
                continue
            if kind == "bid":
                q = e[1]
                bids = e[2]
                if len(bids) < ON_SALE:
                    bids = (*bids, 0, 0)[:ON_SALE]
                placed[q] = bids
                at = lay.bids + q * lay.width
                t[at : at + ON_SALE] = BID_ROWS[bids]
                t[lay.gold + q * lay.width] = GOLD[self._in_hand(q)]
            elif kind in ("sell", "won"):
                q = e[1]
                self._card(q, e[2], 1 if kind == "won" else -1)
                self._gold(q)
                sale = bank = True
            elif kind == "draw":
                sale = True
                t[lay.deck_size] = len(s.deck) / CARDS
                left = self.left
                for c in e[1]:
                    a = ARTIST_OF[c]
                    left[a] -= 1
                    t[lay.deck_artists + a] = left[a] / WORKS_PER_ARTIST
            elif kind == "unsold":
                sale = True
            elif kind in ("round", "end"):
                placed[:] = [NO_BIDS] * len(placed)
                for q in range(self.players):
                    at = lay.bids + q * lay.width
                    t[at : at + ON_SALE] = BID_ROWS[NO_BIDS]
                    self._gold(q)
                sale = True
            elif kind == "stop":
                sale = True
                counts = [0] * ARTISTS
                for c in s.out:
                    counts[ARTIST_OF[c]] += 1
                at = lay.out
                for a, k in enumerate(counts):
                    t[at + a] = k / WORKS_PER_ARTIST
        self.marked = len(events)
        if sale:  # also after every change of a collection or the deck
            key = tuple(s.sale)
            block = SALES.get(key)
            t[lay.sale_artist : lay.sale_highest] = _sale(key) if block is None else block
            lay.glance.sale(t, 0, key, self.counts, self.left)
        if bank:
            t[lay.bank] = GOLD[s.bank]

    def _whole(self) -> None:
        """The blocks of every seat, the bids of this round and the deck, afresh."""
        t = self.table
        lay = self.layout
        bids = self.state.bids
        self._deck()
        for q in range(self.players):
            self.placed[q] = tuple(bids[q * ON_SALE : q * ON_SALE + ON_SALE])
            at = lay.bids + q * lay.width
            t[at : at + ON_SALE] = BID_ROWS[self.placed[q]]
            self._collection(q)
            self._gold(q)

    def _in_hand(self, q: int) -> int:
        """Seat q's gold less what it placed this round."""
        bids = self.placed[q]
        return self.state.cash[q] - bids[0] - bids[1] - bids[2]

    def _gold(self, q: int) -> None:
        self.table[self.layout.gold + q * self.layout.width] = GOLD[self._in_hand(q)]

    def _collection(self, q: int) -> None:
        """Seat q's collection counted afresh: its block and its score."""
        counts = self.counts[q]
        counts[:] = [0] * ARTISTS
        for c in self.state.coll[q]:
            counts[ARTIST_OF[c]] += 1
        t = self.table
        lay = self.layout
        at = lay.collections + q * lay.width
        t[at : at + BLOCK] = lay.no_collection
        score = 0
        for a, k in enumerate(counts):
            t[at + a * COUNTS + k] = 1.0
            score += k * k
        self.score[q] = score
        t[lay.scores + q * lay.width] = SCORE[score]

    def _card(self, q: int, card: int, gained: int) -> None:
        """A work in (gained 1) or out of (-1) seat q's collection: its artist's count moves
        on (one-hot) and the score with it (AD-8: n works of an artist score n x n)."""
        a = ARTIST_OF[card]
        counts = self.counts[q]
        k = counts[a]
        counts[a] = k + gained
        t = self.table
        lay = self.layout
        at = lay.collections + q * lay.width + a * COUNTS
        t[at + k] = 0.0
        t[at + k + gained] = 1.0
        score = self.score[q] + (2 * k + 1 if gained > 0 else 1 - 2 * k)
        self.score[q] = score
        t[lay.scores + q * lay.width] = SCORE[score]

    def _deck(self) -> None:
        """The deck's size, and each artist's works left in it: all less those seen anywhere
        (worked out at the start; a draw then takes its works out)."""
        s = self.state
        left = self.left
        left[:] = [WORKS_PER_ARTIST] * ARTISTS
        for cards in (*s.coll, s.sale, s.out):
            for c in cards:
                left[ARTIST_OF[c]] -= 1
        t = self.table
        t[self.layout.deck_size] = len(s.deck) / CARDS
        at = self.layout.deck_artists
        for a, k in enumerate(left):
            t[at + a] = k / WORKS_PER_ARTIST

    def observation(self, seat: int) -> array:
        s = self.state
        o = self.rotated(seat, s.events)
        lay = self.layout
        key = (s.phase, s.fb, s.banker, s.actor, s.roll, s.sold, s.nosale)
        block = lay.heads[seat].get(key)
        o[: lay.head] = lay.head_block(seat, key) if block is None else block
        r = s.round
        o[lay.round] = r / ROUND_CLIP if r < ROUND_CLIP else 1.0
        if s.high:
            high = (tuple(s.high), tuple(s.leader))
            block = lay.highs[seat].get(high)
            o[lay.sale_highest : lay.sale_leader + ON_SALE * self.players] = (
                lay.high_block(seat, high) if block is None else block
            )
        glance = lay.glance
        if s.phase == BID:
            glance.later(o, seat, s.fb, s.actor)
        glance.reach(o, self._in_hand(seat), len(s.deck))
        return o


def _sale(cards: tuple[int, ...]) -> array:
    if len(SALES) >= CACHE_MOST:
        SALES.clear()
    block = array("f", bytes(4 * ON_SALE * ARTISTS))
    for i, c in enumerate(cards):
        block[i * ARTISTS + ARTIST_OF[c]] = 1.0
    SALES[cards] = block
    return block
