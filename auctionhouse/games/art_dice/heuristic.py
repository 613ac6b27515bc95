"""An art-dice bot that buys the works that grow its squares and keeps gold for when it counts.

Its whole strategy, read from its seat's view only (the parameters in brackets tune it):
- **Worth of a work.** Its n+1-th work of an artist adds (n+1)^2 - n^2 = 2n+1 points, plus
  half a point [focus] for each other work of that artist not yet in anyone's collection (room
  to grow: an artist whose works rivals hold is a dead end). At two players, keeping a work
  from the rival (who leads on it, or bids later) is worth a fifth of the rival's 2m+1 as well
  [denial]; with more players denying one rival helps the others as much, and the gold it costs
  was measured to lose games, so it is not counted.
- **Worth of gold.** Gold scores nothing at the end; it only buys works, and the die caps what
  can be spent in one round. A gold piece is worth (rounds left after this one) / (own gold + 1)
  points [thrift]: about one point with ten gold and a full deck, more when gold runs short,
  nothing once the deck is empty (the works on the table are the last): then it spends all.
- **Bidding.** Each work gets nothing, or an amount from its highest + 1 up to min(roll, gold).
  An amount x keeps the work unless a seat bidding after it this round outbids it, which needs
  more than x gold and a roll above x; each such seat is taken to want the work with chance 0.3
  [interest]. The bot weighs the work's worth less the gold it pays by the chance of keeping it
  and picks the split over the works that is best in sum (an exact search: at most three works,
  at most six gold). Bidding last it is safe with the smallest raise; bidding early it raises
  more on the works it wants most. When every bid is a loss it still places the least harmful
  one, as the rules make it place at least one gold.
- **Putting up own works (first bidder).** A work put up brings a die roll of gold from the
  bank (or what the bank has) and loses the points it added (2n-1 for the n-th work, plus its
  room to grow). The bot puts up the work that loses least when that gold, valued at 1.5 times
  the worth of gold [sell], is worth more. Gold buys works at one or two pieces, so early on a
  singleton (one point) nearly always goes and a work of a pair goes when gold is short; a work
  of a larger set stays. Whether a rival collects that artist is not counted (measured: it made
  the bot sell too little). With a dry bank or an empty deck (gold worth nothing) it only draws.
  It decides again after each work, with the gold just taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ...core.moves import MoveKind, forced_move
from ...core.players import Bot, Observation, Param
from .cards import ARTIST_OF, ARTISTS, DIE, ON_SALE, TOTAL_GOLD, WORKS_PER_ARTIST
from .state import OFFER, PHASE_NAMES

if TYPE_CHECKING:
    from .state import ArtDiceState

# chance that a roll reaches at least k (k = 0..7)
REACH: Final = tuple(max(0, min(DIE, DIE + 1 - k)) / DIE for k in range(DIE + 2))
# the gold a roll brings from a bank of b, on average (b = 0..all the gold)
INCOME: Final = tuple(
    sum(min(r, b) for r in range(1, DIE + 1)) / DIE for b in range(TOTAL_GOLD + 1)
)


class ArtDiceHeuristic(Bot):
    name = "heuristic"
    params = {
        "denial": Param(float, 0.2, "share of the rival's gain counted, at two players"),
        "thrift": Param(float, 1.0, "worth of a gold piece at ten gold with eleven rounds left"),
        "interest": Param(float, 0.3, "chance a later seat that can outbid on a work does so"),
        "focus": Param(float, 0.5, "worth of each further work of the artist still to come"),
        "sell": Param(float, 1.5, "weight of the gold an own work brings when putting it up"),
    }

    def act(self, obs: Observation) -> tuple:
        forced = forced_move(obs.legal)  # nothing to weigh: the view is not even built
        if forced is not None:
            return forced
        # the bot never reads the log
        return self._decide(Seat.of_view(obs.view(log=False), obs.seat), obs.legal)

    def act_in_search(self, state: Any, seat: int, legal: Sequence[MoveKind]) -> tuple:
        forced = forced_move(legal)
        if forced is not None:
            return forced
        return self._decide(Seat.of_state(state, seat), legal)

    def _decide(self, v: Seat, legal: Sequence[MoveKind]) -> tuple:
        me = v.me
        if v.phase == OFFER:
            return self._offer(v, me, legal[0].choices or ())
        mk = legal[0]
        if mk.kind != "bid":
            return ("pass", None)
        return ("bid", self._split(v, me, mk))

    # --- worths ------------------------------------------------------------------------------
    def _gold_worth(self, v: Seat, me: int) -> float:
        """Points one gold piece is worth to this seat now."""
        rounds_after = v.deck_size / ON_SALE
        thrift: float = self.settings["thrift"]  # typed: compiled, float arithmetic
        return thrift * rounds_after / (v.gold[me] + 1)

    def _worths(self, v: Seat, me: int) -> tuple[list[float], Sequence[float]]:
        """For each artist: the points one more work adds for this seat (its own gain and what
        it may still grow into), and what keeping that work from the rival is worth."""
        cols = v.colls
        held = [0] * ARTISTS  # works of each artist in any collection
        for cards in cols:
            for c in cards:
                held[ARTIST_OF[c]] += 1
        mine = _counts(cols[me])
        focus: float = self.settings["focus"]
        # by index: compiled, a zip(strict=True) is a slow call
        gain = [
            2 * mine[a] + 1 + focus * max(0, WORKS_PER_ARTIST - held[a] - 1) for a in range(ARTISTS)
        ]
        if v.n != 2:
            return gain, NO_DENIAL
        weight: float = self.settings["denial"]
        return gain, [weight * (2 * k + 1) for k in _counts(cols[1 - me])]

    # --- bidding -----------------------------------------------------------------------------
    def _split(self, v: Seat, me: int, mk: MoveKind) -> tuple:
        n = v.n
        gold = v.gold
        fb = v.fb
        later = [q for q in ((fb + i) % n for i in range((me - fb) % n + 1, n)) if gold[q] > 0]
        price = self._gold_worth(v, me)
        gain, deny = self._worths(v, me)
        interest: float = self.settings["interest"]
        cap = mk.hi or 0  # a bid's most: the roll, or the gold
        parts = mk.parts or ()
        # keeps[x]: the chance that x gold on a work is not outbid by a later seat
        keeps = [1.0] * (cap + 1)
        for x in range(1, cap + 1):
            keep = 1.0
            for q in later:
                if gold[q] > x:
                    keep *= 1.0 - interest * REACH[x + 1]
            keeps[x] = keep
        leaders = v.leaders
        rows = []
        for w, card in enumerate(v.on_sale):
            a = ARTIST_OF[card]
            worth = gain[a]
            # keeping it from the rival counts when the rival would take it otherwise
            if leaders[w] >= 0 or later:
                worth += deny[a]
            lo = parts[w][0]
            row: list[float | None] = [0.0] + [None] * cap  # row[x]: expected gain of x gold
            for x in range(lo, cap + 1):
                row[x] = keeps[x] * (worth - price * x)
            rows.append(row)
        return _best_split(rows, cap)

    # --- the first bidder's own works --------------------------------------------------------
    def _offer(self, v: Seat, me: int, cards: tuple[int, ...]) -> tuple:
        bank = v.bank
        if not bank:
            return ("draw", None)
        sell: float = self.settings["sell"]
        price = self._gold_worth(v, me) * sell
        gain, deny = self._worths(v, me)
        # a work put up loses what it added (its artist's gain with one work fewer) and may
        # go to the rival: the first of the works that lose least
        card, least = -1, 0.0
        for c in cards:
            a = c // WORKS_PER_ARTIST
            loss = gain[a] - 2 + deny[a]
            if card < 0 or loss < least:
                card, least = c, loss
        if card >= 0 and price * INCOME[bank] > least:
            return ("sell", card)
        return ("draw", None)


NO_DENIAL: Final = (0.0,) * ARTISTS


class Seat:
    """The part of a seat's view this bot reads (all public in art-dice), typed: from the view
    (its observation), or in a search from the state (a determinization) without building the
    view. Both give the same values (tests/games/test_heuristic_readings.py); this module is
    compiled."""

    __slots__ = (
        "me",
        "n",
        "phase",
        "deck_size",
        "gold",
        "colls",
        "fb",
        "leaders",
        "on_sale",
        "bank",
    )
    me: int
    n: int
    phase: int
    deck_size: int
    gold: list[int]
    colls: list[list[int]]
    fb: int  # the first bidder
    leaders: list[int]  # the highest bidder on each work on sale (-1: none)
    on_sale: list[int]
    bank: int

    def __init__(self, me, n, phase, deck_size, gold, colls, fb, leaders, on_sale, bank) -> None:
        self.me, self.n, self.phase, self.deck_size, self.gold = me, n, phase, deck_size, gold
        self.colls, self.fb, self.leaders, self.on_sale, self.bank = (
            colls,
            fb,
            leaders,
            on_sale,
            bank,
        )

    @staticmethod
    def of_view(v: dict[str, Any], me: int) -> Seat:
        return Seat(
            me, v["players"], PHASE_NAMES.index(v["phase"]), v["deck_size"], v["gold"],
            v["collections"], v["first_bidder"], v["leaders"], v["on_sale"], v["bank"],
        )  # fmt: skip

    @staticmethod
    def of_state(s: ArtDiceState, me: int) -> Seat:
        """As `of_view`, from the state (its lists shared, not copied: the bot only reads
        them)."""
        return Seat(
            me, s.num_players, s.phase, len(s.deck), s.gold_with(s.bids), s.coll, s.fb, s.leader,
            s.sale, s.bank,
        )  # fmt: skip


def _counts(cards: Sequence[int]) -> list[int]:
    out = [0] * ARTISTS
    for c in cards:
        out[ARTIST_OF[c]] += 1
    return out


def _best_split(rows: list[list[float | None]], cap: int) -> tuple[int, ...]:
    """The amounts, one per work, whose gains add up most with a total from 1 to `cap`."""
    # best[t]: (gain, amounts) over the works seen so far with total t
    best: dict[int, tuple[float, tuple[int, ...]]] = {0: (0.0, ())}
    for row in rows:
        options = [(x, gx) for x, gx in enumerate(row) if gx is not None]  # x ascending
        nxt: dict[int, tuple[float, tuple[int, ...]]] = {}
        for t, (g, amounts) in best.items():
            room = cap - t
            for x, gx in options:
                if x > room:
                    break
                gain = g + gx
                old = nxt.get(t + x)
                if old is None or gain > old[0]:
                    nxt[t + x] = (gain, (*amounts, x))
        best = nxt
    best.pop(0, None)
    return max(best.values())[1]
