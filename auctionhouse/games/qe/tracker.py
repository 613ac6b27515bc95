"""Q.E.'s observations kept from step to step (see `core/tracker.py`).

Written on every call: the phase and the turn (one block looked up) and the auction in progress
(its tile, auctioneer and open bid, its ties, the seats still to bid, the seat's own bids, and
what the auctioneer has seen): sealed bids are not logged, so this part is read afresh. Written
when an event says so: a finished auction (a "won" event) adds its slot to the past auctions,
the tile to its winner's row and what it tells of the winner's spending, as the seat may know
it (QE-7: the amount only for the winner, the auctioneer, or a seat that peeked at it); zero
bids (QE-9), a peek (QE-11), and at the end every amount (all spending is revealed).
"""

from __future__ import annotations

from array import array
from typing import Final

from ...core.tracker import EVERYTHING, FIELD, SEATS_IN, SeatTracker, seat_sets
from .encoding import _MONEY, _TABLE, MONEY_CLIP, MOST_TIES, NATIONS, PHASES, QEEncoding
from .state import BID, OPEN, OVER, SEATS_OF, QEState
from .tiles import NUM_TILES, TILES_IN_PLAY

PAST: Final = 1
ZEROS: Final = 2
PEEKS: Final = 4
START: Final = 8  # the blocks fixed at the deal
EVENT_MARKS: Final = {"won": PAST, "zero": ZEROS, "peek": PEEKS}
LAST_TURN: Final = PHASES.index("last_turn")
OVER_AT: Final = PHASES.index("over")


def money(x: int) -> float:
    return _MONEY[x] if x < _TABLE else MONEY_CLIP


class Layout:
    """What a Q.E. tracker reads of its encoding, worked out once per encoding."""

    def __init__(self, enc: QEEncoding) -> None:
        n = enc.players
        at = enc.offsets
        self.turns = t = enc._turns
        self.sets = seat_sets(n)
        self.pos = enc._pos
        self.tile_at = [-1] * NUM_TILES
        for i, x in enumerate(TILES_IN_PLAY[n]):
            self.tile_at[x] = i
        # heads[phase][turn]: the phase and the turn, one-hot (turn t: none)
        self.head = at["first_auctioneer"]
        self.heads = []
        for phase in range(len(PHASES)):
            row = []
            for k in range(t + 1):
                block = array("f", bytes(4 * self.head))
                block[at["phase"] + phase] = 1.0
                if k < t:
                    block[at["turn"] + k] = 1.0
                row.append(block)
            self.heads.append(row)
        self.first_auctioneer = at["first_auctioneer"]
        self.nations = at["nations"]
        self.owned = at["owned"]
        self.spent = at["spent"]
        self.spent_known = at["spent_known"]
        self.spent_least = at["spent_least"]
        self.unknown_wins = at["unknown_wins"]
        self.tile = at["tile"]
        self.auctioneer = at["auctioneer"]
        self.open = at["open"]
        self.ties = at["ties"]
        self.waiting = at["waiting"]
        self.my_bids = at["my_bids"]
        self.my_bid_made = at["my_bid_made"]
        self.seen_bids = at["seen_bids"]
        self.seen = at["seen"]
        self.past_winner = at["past_winner"]
        self.past_open = at["past_open"]
        self.past_amount = at["past_amount"]
        self.past_my_bid = at["past_my_bid"]
        self.past_bid_made = at["past_bid_made"]
        self.past_ties = at["past_ties"]
        self.token = at.get("token", -1)
        self.zero_marks = at.get("zero_marks", -1)
        self.peeked = at.get("peeked", -1)
        self.rounds = enc._rounds
        self.current_end = at["seen"] + n  # the auction in progress: tile .. seen
        self.no_current = enc.blank()[: self.current_end - at["tile"]]
        self.no_past = enc.blank()[at["past_winner"] :]


class QETracker(SeatTracker[QEState]):
    """Each seat keeps what it knows of every seat's spending (the amounts known, the least
    spent, the wins at an amount unknown to it), as the encoding sums them."""

    def __init__(self, enc: QEEncoding, state: QEState) -> None:
        super().__init__(enc, state)
        layout = enc.tracker_layout
        if layout is None:
            layout = enc.tracker_layout = Layout(enc)
        self.layout: Layout = layout
        n = self.players
        self.written = [0] * n  # per seat, the finished auctions in its past blocks
        self.known = [[0] * n for _ in range(n)]  # per seat, per seat: amounts known
        self.least = [[0] * n for _ in range(n)]  # per seat, per seat: the least it spent
        self.unknown = [[0] * n for _ in range(n)]  # per seat, per seat: wins not known
        self.slots: list[tuple] = []  # per finished auction: what the seats read of it
        # per seat, what its past blocks were written knowing: (over, the auction it peeked at)
        self.basis: list[tuple[bool, int]] = [(False, -1)] * n

    def catch_up(self, events: list) -> None:
        changed = 0 if self.marked else EVERYTHING
        for e in events[self.marked :]:
            bits = EVENT_MARKS.get(e[0], 0)
            if bits == PEEKS:
                self.mark_seat(e[1], PAST)  # the peeker may know one more amount
            changed |= bits
        self.marked = len(events)
        self.pending |= changed * self.every
        closed = self.state.closed
        slots = self.slots
        n = self.players
        tile_at = self.layout.tile_at
        for k in range(len(slots), len(closed)):
            # what every seat reads of a finished auction: the tile's index, the auctioneer,
            # the open bid (0 on the 3-player last turn), the ties, the winner and the amount,
            # and each seat's last bid in it (-1: none)
            tile, a, lo, rounds, ties, w, price, _zeros = closed[k]
            lasts = [-1] * n
            for row in rounds:
                for q, x in enumerate(row):
                    if x >= 0:
                        lasts[q] = x
            slots.append((tile_at[tile], a, lo if a >= 0 else 0, len(ties), w, price, lasts))

    def observation(self, seat: int) -> array:
        s = self.state
        events = s.events
        if len(events) > self.marked:
            self.catch_up(events)
        o = self.vectors[seat]
        lay = self.layout
        phase = s.phase
        if phase == OVER:
            at = OVER_AT
        elif phase == OPEN:
            at = 0
        else:
            at = LAST_TURN if s.auctioneer < 0 else 2 if s.rebid else 1
        o[: lay.head] = lay.heads[at][s.t if s.t < lay.turns else lay.turns]
        shift = FIELD * seat
        dirty = self.pending >> shift & EVERYTHING
        if dirty:
            self.pending ^= dirty << shift
            self._rare(o, seat, dirty)
        self._current(o, seat)
        return o[:]

    def _current(self, o: array, seat: int) -> None:
        """The auction in progress (`tile` to `seen`), all 0 once over."""
        s = self.state
        lay = self.layout
        at = lay.tile
        o[at : lay.current_end] = lay.no_current
        if s.phase == OVER:
            return
        n = self.players
        pos = lay.pos[seat]
        sets = lay.sets[seat]
        o[at + lay.tile_at[s.tiles[s.t]]] = 1.0
        a = s.auctioneer
        if a >= 0:
            o[lay.auctioneer + pos[a]] = 1.0
            if s.phase == BID:
                o[lay.open] = money(s.open)
        if s.ties:
            at = lay.ties
            for tied in s.ties:
                for q in tied:
                    o[at + pos[q]] = 1.0
                at += n
        mask = 0
        for q in s.awaited:
            mask |= 1 << q
        at = lay.waiting
        o[at : at + n] = sets[mask]
        i = 0
        for row in s.rounds:
            x = row[seat]
            if x >= 0:
                o[lay.my_bids + i] = money(x)
                o[lay.my_bid_made + i] = 1.0
                i += 1
        if seat == a and s.rebid:  # QE-7: the auctioneer has seen the rounds compared
            for row in s.rounds[: s.rebid]:
                for q, x in enumerate(row):
                    if x >= 0:
                        o[lay.seen_bids + pos[q]] = money(x)
                        o[lay.seen + pos[q]] = 1.0

    def _rare(self, o: array, seat: int, dirty: int) -> None:
        """The blocks fixed at the deal, the zero marks, the peeks and the past auctions."""
        s = self.state
        lay = self.layout
        pos = lay.pos[seat]
        if dirty & START:
            at = lay.first_auctioneer
            o[at + pos[s.first]] = 1.0
            for q, x in enumerate(s.nations):
                o[lay.nations + pos[q] * NATIONS + x] = 1.0
            if lay.token >= 0 and s.tokens is not None:
                o[lay.token + s.tokens[seat]] = 1.0
        if dirty & ZEROS and lay.zero_marks >= 0:
            r = lay.rounds
            for q, m in enumerate(s.zmarks):
                row = lay.zero_marks + pos[q] * r
                for k in SEATS_OF[m]:
                    o[row + k] = 1.0
        if dirty & PEEKS and lay.peeked >= 0:
            for q, k in enumerate(s.peeked):
                if k >= 0:
                    o[lay.peeked + pos[q]] = 1.0
        if dirty & (PAST | PEEKS):
            self._past(o, seat)

    def _past(self, o: array, seat: int) -> None:
        """The finished auctions the seat has not seen in its vector yet; all of them again
        once over (every amount is known then) or after its own peek."""
        s = self.state
        lay = self.layout
        n = self.players
        slots = self.slots
        over = s.phase == OVER
        start = self.written[seat]
        known, least, unknown = self.known[seat], self.least[seat], self.unknown[seat]
        peek = s.peeked[seat]
        basis = (over, peek)  # what the seat knows of the amounts: all once over, its peek
        if basis != self.basis[seat] and (over or 0 <= peek < start):
            start = 0
            o[lay.past_winner :] = lay.no_past
            for sums in (known, least, unknown):
                sums[:] = [0] * n
        pos = lay.pos[seat]
        table, top = _MONEY, _TABLE
        changed = 0
        for k in range(start, len(slots)):
            tile, a, lo, ties, w, price, lasts = slots[k]
            if a >= 0:  # the 3-player last turn has no open bid
                o[lay.past_open + k] = table[lo] if lo < top else MONEY_CLIP
            if ties:
                o[lay.past_ties + k] = ties / MOST_TIES
            last = lasts[seat]
            if last >= 0:
                o[lay.past_my_bid + k] = table[last] if last < top else MONEY_CLIP
                o[lay.past_bid_made + k] = 1.0
            if w < 0:
                continue
            changed |= 1 << w
            o[lay.past_winner + k * n + pos[w]] = 1.0
            o[lay.owned + pos[w] * lay.turns + tile] = 1.0
            if over or w == a or seat in (w, a) or peek == k:
                o[lay.past_amount + k] = table[price] if price < top else MONEY_CLIP
                known[w] += price
            else:
                unknown[w] += 1
                if last > lo and ties < MOST_TIES:
                    lo = last  # the winner beat it too (QE-7; not so after QE-8's 3rd tie)
                least[w] += lo + 1
        self.written[seat] = len(slots)
        self.basis[seat] = basis
        x = s.spent[seat]
        o[lay.spent] = table[x] if x < top else MONEY_CLIP
        for q in SEATS_IN[changed]:
            i = pos[q]
            x = known[q]
            o[lay.spent_known + i] = (table[x] if x < top else MONEY_CLIP) if x else 0.0
            if unknown[q]:
                x += least[q]
            o[lay.unknown_wins + i] = unknown[q] / lay.turns
            o[lay.spent_least + i] = (table[x] if x < top else MONEY_CLIP) if x else 0.0
