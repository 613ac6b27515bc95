"""A Q.E. bot that prices each tile in VP, turns VP into money at a fixed rate, and keeps its
total spending under what it believes the biggest rival spender has spent.

The scale: a VP is worth `rate` = 1.5 money, so a tile (typically worth 5 to 12 VP to it) is
worth about as much as random bots bid (the open bid plus up to 11). What counts in the end is
spending relative to the rivals, and the spending room below is measured in their prices.

Its whole strategy, read from its seat's view only:
- **Worth of a tile (VP).** What the tile adds to its own collection: the printed VP, plus the
  step it makes towards Nationalization (own country: 2/3/4 tiles = 3/6/10), Monopolization
  (same industry, its secret token counting as one more: 2/3/4 = 3/6/10) and Diversification
  (3/4 industries = 4/8). A set still open is credited with `hope` of its next step while tiles
  that could extend it are still to come, so a first own-country tile is worth more than its
  printed VP. To this it adds `deny` of the tile's worth to the rival who wants it most (what
  keeping it from them is worth), computed the same way without the rivals' unknown tokens.
- **What rivals spent.** Every open bid is public, and every price it knows (auctions it won or
  ran, the auctioneer's own wins, a peek) shows how far winners usually go above the open bid.
  A rival's unknown price is guessed as the open bid plus that usual overshoot, and never less
  than what the seat knows it beat (the open bid, its own losing bid).
- **Spending room.** It never lets its own total go above the biggest rival total so guessed,
  less `margin` times the average price so far, plus `slack` of what each rival will likely
  still spend in the turns to come (at that average price). The allowance for the future
  shrinks to nothing by the end, so the margin is what it keeps below the biggest spender.
- **Opening (auctioneer).** It opens at `open_share` of the tile's worth in money, within its
  spending room: it pays that if nobody outbids it, and any rival who wants the tile must pay
  more than that. (Opening higher than the tile is worth would make careless bidders pay more,
  but rivals who bid only for what they want would leave it the tile at that price.)
- **Sealed bids.** It bids `shade` of the tile's worth in money (no more than its spending
  room), above the opening bid but at most `reach` times the usual overshoot above it (more
  than rivals usually bid is wasted). When that is no more than the opening bid, it bids 0. In
  the last `endgame` turns money left unspent is wasted, so it is ready to pay up to
  `end_share` of what it may still spend by the end for any tile.
- **Zero bids (4-5 players).** A 0 bid is worth 2 VP once a round. It bids 0 when the tile is
  among the least valuable to it of those still to come, and on its last bidding chance of a
  round without a mark unless the tile is worth at least `zero_last` VP.
- **Ties.** Tied at the top, it raises by a fifth if the tile is still worth more to it than
  the tie, otherwise rebids 0.
- **3-player last turn.** All bid at once and a tie means nobody gets it: it bids as for any
  sealed bid, against no opening bid.
- **The peek (5 players).** Past the middle of the game it looks at the unknown price of the
  dearest-looking tile won by the rival it believes has spent the most: that is the total that
  decides whether it is itself the biggest spender.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from ...core.moves import MoveKind
from ...core.players import Bot, Observation, Param
from .scoring import DIVERSIFICATION, MONOPOLIZATION, NATIONALIZATION
from .state import BID, OVER, SEATS_OF
from .tiles import TILE_COUNTRY, TILE_INDUSTRY, TILE_VP, TILES_IN_PLAY
from .views import phase_name

if TYPE_CHECKING:
    from .state import QEState

NAT_STEP: Final = tuple(
    NATIONALIZATION[min(c + 1, 4)] - NATIONALIZATION[min(c, 4)] for c in range(8)
)
MONO_STEP: Final = tuple(
    MONOPOLIZATION[min(c + 1, 4)] - MONOPOLIZATION[min(c, 4)] for c in range(8)
)
DIV_STEP: Final = tuple(
    DIVERSIFICATION[min(c + 1, 4)] - DIVERSIFICATION[min(c, 4)] for c in range(8)
)
DEFAULT_OVERSHOOT: Final = 6.0  # before any price is known: about half the random bots' span
DEFAULT_PRICE: Final = 12.0
# Bids have no upper limit (QE-6). Money is reckoned in floats, as the bot was tuned, while every
# amount in sight is below this; beyond it in exact fractions (a float overflows at 10**308).
EXACT_FROM: Final = 1 << 48


def share(x, f: float) -> int:
    """round(x * f) for an amount `x` and a share `f`, exactly when `x` is too large for floats."""
    if -EXACT_FROM < x < EXACT_FROM:
        return round(x * f)
    return round(x * Fraction(f))


class QEHeuristic(Bot):
    name = "heuristic"
    params = {
        "rate": Param(float, 1.5, "money per VP"),
        "hope": Param(float, 0.4, "share of a set's next step credited while it can grow"),
        "deny": Param(float, 0.3, "share of the keenest rival's gain added to a tile's worth"),
        "shade": Param(float, 0.8, "share of the worth bid in a sealed bid"),
        "reach": Param(float, 2.0, "most it bids above the open, in usual overshoots"),
        "open_share": Param(float, 0.65, "share of the worth it opens at as auctioneer"),
        "zero_share": Param(float, 0.2, "bid 0 on a tile in this bottom share of those to come"),
        "zero_last": Param(float, 6.0, "VP under which the last chance of a round bids 0"),
        "slack": Param(float, 0.3, "share of the rivals' future spending it may already use"),
        "margin": Param(float, 0.5, "average prices kept below the biggest rival at the end"),
        "endgame": Param(int, 8, "final turns in which it spends its remaining room"),
        "end_share": Param(float, 0.5, "share of the remaining room it may pay for one tile"),
    }

    def act(self, obs: Observation) -> tuple:
        return self._decide(Seat.of_view(obs.view(log=False), obs.seat), obs.legal)

    def act_in_search(self, state: Any, seat: int, legal: Sequence[MoveKind]) -> tuple:
        return self._decide(Seat.of_state(state, seat), legal)

    def _decide(self, seen: Seat, legal: Sequence[MoveKind]) -> tuple:
        s = self.settings
        r = Reading(seen)
        if seen.may_peek:
            k = r.peek_choice()
            if k is not None and any(mk.kind == "peek" for mk in legal):
                return ("peek", k)
        tile = seen.tile
        worth = r.worth(tile, s["hope"], s["deny"])
        rate = s["rate"]
        room, end = r.room(s["slack"], s["margin"])
        phase = seen.phase
        if phase == "open_bid":
            return ("open", max(1, min(round(worth * s["open_share"] * rate), room)))
        top = min(round(worth * rate), room)
        if seen.turns - seen.turn <= s["endgame"]:
            top = max(top, min(room, share(end, s["end_share"])))
        if phase == "rebid":
            tie = seen.my_bids[-1]
            if top <= tie:
                return ("bid", 0)
            return ("bid", min(top, tie + max(1, (2 * tie + 5) // 10)))  # a fifth, rounded
        if phase == "last_turn":
            return ("bid", max(0, share(top, s["shade"])))
        opening: Any = seen.opening
        if top <= opening or r.zero_wanted(tile, s["hope"], s["zero_share"], s["zero_last"]):
            return ("bid", 0)
        bid = min(share(top, s["shade"]), opening + share(r.overshoot, s["reach"]))
        return ("bid", max(bid, opening + 1))


class Sold:
    """A finished auction as the seat sees it (None: not known or not there)."""

    __slots__ = ("tile", "auctioneer", "opened", "winner", "amount", "my_bids", "ties")
    tile: int
    auctioneer: int | None
    opened: int | None
    winner: int | None
    amount: int | None
    my_bids: list[int]
    ties: int  # how many ties it had

    def __init__(self, tile, auctioneer, opened, winner, amount, my_bids, ties) -> None:
        self.tile, self.auctioneer, self.opened, self.winner = tile, auctioneer, opened, winner
        self.amount, self.my_bids, self.ties = amount, my_bids, ties


class Seat:
    """The part of a seat's view this bot reads, typed: from the view (its observation), or in
    a search from the state (a determinization) without building the view. Both give the same
    values (tests/games/test_heuristic_readings.py); this module is compiled."""

    __slots__ = (
        "me", "n", "phase", "turn", "turns", "first", "nations", "owned", "token", "spent",
        "zero_rule", "my_marks", "may_peek", "tile", "opening", "my_bids", "sold",
    )  # fmt: skip
    me: int
    n: int
    phase: str
    turn: int
    turns: int
    first: int  # the first auctioneer
    nations: Sequence[int]
    owned: list[list[int]]
    token: int | None
    spent: int  # this seat's own spending
    zero_rule: bool
    my_marks: list[int]  # the rounds of this seat's zero-bid marks
    may_peek: bool  # a peek is in the rules and not yet made
    tile: int  # the tile on auction (-1 once over)
    opening: int | None  # its open bid, while others bid on it
    my_bids: list[int]  # this seat's bids on it
    sold: list[Sold]

    def __init__(self, me, n, phase, turn, turns, first, nations, owned, token, spent,
                 zero_rule, my_marks, may_peek, tile, opening, my_bids, sold) -> None:  # fmt: skip
        self.me, self.n, self.phase, self.turn, self.turns = me, n, phase, turn, turns
        self.first, self.nations, self.owned, self.token = first, nations, owned, token
        self.spent, self.zero_rule, self.my_marks, self.may_peek = (
            spent,
            zero_rule,
            my_marks,
            may_peek,
        )
        self.tile, self.opening, self.my_bids, self.sold = tile, opening, my_bids, sold

    @staticmethod
    def of_view(v: dict[str, Any], me: int) -> Seat:
        a: dict[str, Any] | None = v["auction"]
        marks: list[list[int]] | None = v["zero_marks"]
        peeks: list[int | None] | None = v["peeks"]
        sold = [
            Sold(
                x["tile"],
                x["auctioneer"],
                x["open"],
                x["winner"],
                x["amount"],
                x["my_bids"],
                len(x["ties"]),
            )  # fmt: skip
            for x in v["auctions"]
        ]
        return Seat(
            me, v["players"], v["phase"], v["turn"], v["turns"], v["first_auctioneer"],
            v["nations"], v["owned"], v["token"], v["spent"], marks is not None,
            marks[me] if marks is not None else [], peeks is not None and peeks[me] is None,
            a["tile"] if a is not None else -1, a["open"] if a is not None else None,
            a["my_bids"] if a is not None else [], sold,
        )  # fmt: skip

    @staticmethod
    def of_state(s: QEState, me: int) -> Seat:
        """As `of_view`, from what the view shows `me` (the state's lists shared, not copied:
        the bot only reads them)."""
        over = s.phase == OVER
        sold = []
        for k, (tile, a, opened, rounds, ties, w, price, _) in enumerate(s.closed):
            sold.append(
                Sold(
                    tile,
                    a if a >= 0 else None,
                    opened if a >= 0 else None,
                    w if w >= 0 else None,
                    price if s.knows_price(me, k) else None,
                    [r[me] for r in rounds if r[me] >= 0],
                    len(ties),
                )  # fmt: skip
            )
        return Seat(
            me, s.num_players, phase_name(s), s.t, s.nturns, s.first, s.nations, s.owned,
            None if s.tokens is None else s.tokens[me], s.spent[me], s.zero_rule,
            list(SEATS_OF[s.zmarks[me]]), s.peek_rule and s.peeked[me] < 0,
            -1 if over else s.tiles[s.t],
            s.open if s.phase == BID and s.auctioneer >= 0 else None,
            [] if over else [r[me] for r in s.rounds if r[me] >= 0], sold,
        )  # fmt: skip


class Reading:
    """What a seat's view says about the game, worked out once per decision. Money is a float
    or, when large, a Fraction (`Any` below)."""

    seen: Seat
    me: int
    n: int
    pool: list[int]
    left_nat: list[int]
    left_ind: list[int]
    overshoot: Any
    prices: list[Any]
    spent: list[int]
    exact: bool
    price: Any

    def __init__(self, seen: Seat) -> None:
        self.seen = seen
        self.me = me = seen.me
        self.n = n = seen.n
        auctions = seen.sold
        gone = {a.tile for a in auctions}
        if seen.tile >= 0:
            gone.add(seen.tile)
        self.pool = [t for t in TILES_IN_PLAY[n] if t not in gone]  # after the current tile
        self.left_nat = left_nat = [0] * 5
        self.left_ind = left_ind = [0] * 5
        for t in self.pool:
            left_nat[TILE_COUNTRY[t]] += 1
            left_ind[TILE_INDUSTRY[t]] += 1
        over = [
            a.amount - a.opened
            for a in auctions
            if a.amount is not None
            and a.opened is not None
            and a.auctioneer is not None
            and a.auctioneer != a.winner
        ]
        usual: Any = DEFAULT_OVERSHOOT
        if over:
            total = sum(over)
            usual = total / len(over) if total < EXACT_FROM else Fraction(total, len(over))
        self.overshoot = usual
        prices: list[Any] = []
        self.prices = prices
        spent = [0] * n
        for a in auctions:
            w = a.winner
            price: Any = a.amount
            if w is not None and price is None:
                opening = a.opened or 0
                low = opening + 1
                mine = a.my_bids
                if mine and a.ties < 3:  # it beat my standing bid
                    low = max(low, mine[-1] + 1)
                if opening >= EXACT_FROM:
                    usual = Fraction(usual)
                price = max(low, round(opening + usual))
            prices.append(price)
            if w is not None:
                spent[w] += price
        spent[me] = seen.spent
        self.spent = spent
        won = sum(1 for a in auctions if a.winner is not None)
        total = sum(spent)
        # from here on money is exact when it is large (the shares in `room` follow)
        self.exact = exact = total >= EXACT_FROM
        self.price = DEFAULT_PRICE  # the average price so far
        if won:
            self.price = Fraction(total, won) if exact else total / won

    # --- worth ------------------------------------------------------------------------------
    def gain(self, q: int, tile: int, token: int | None, hope: float) -> float:
        """What `tile` adds to seat q's collection in VP, `hope` of each next step included."""
        counts, own = self.holding(q, token)
        return self._gain(counts, own, self.seen.nations[q], tile, hope)

    def holding(self, q: int, token: int | None) -> tuple[list[int], int]:
        """Seat q's companies per industry (its token too, if given) and own-country tiles."""
        counts = [0] * 5
        nation = self.seen.nations[q]
        own = 0
        for t in self.seen.owned[q]:
            counts[TILE_INDUSTRY[t]] += 1
            own += TILE_COUNTRY[t] == nation
        if token is not None:
            counts[token] += 1
        return counts, own

    def _gain(self, counts: list[int], own: int, nation: int, tile: int, hope: float) -> float:
        left_nat, left_ind = self.left_nat, self.left_ind
        out = float(TILE_VP[tile])
        if TILE_COUNTRY[tile] == nation:
            out += NAT_STEP[own]
            if left_nat[nation]:  # the hope moves on to the next step
                out += hope * (NAT_STEP[own + 1] - NAT_STEP[own])
        i = TILE_INDUSTRY[tile]
        c = counts[i]
        out += MONO_STEP[c]
        if left_ind[i]:
            out += hope * (MONO_STEP[c + 1] - MONO_STEP[c])
        if c == 0:
            d = sum(1 for x in counts if x)
            spread_before = any(not counts[j] and left_ind[j] for j in range(5))
            spread_after = any(j != i and not counts[j] and left_ind[j] for j in range(5))
            out += DIV_STEP[d]
            out += hope * ((DIV_STEP[d + 1] if spread_after else 0) - (DIV_STEP[d] * spread_before))
        return out

    def worth(self, tile: int, hope: float, deny: float) -> float:
        """Worth of `tile` to me: my gain plus `deny` of the keenest rival's gain."""
        me = self.me
        mine = self.gain(me, tile, self.seen.token, hope)
        if not deny:
            return mine
        theirs = max(self.gain(q, tile, None, hope) for q in range(self.n) if q != me)
        return mine + deny * theirs

    # --- spending ---------------------------------------------------------------------------
    def room(self, slack: Any, margin: Any) -> tuple[int, Any]:
        """How much more I may spend now, and at the end of the game, staying under the
        biggest rival spender."""
        seen, spent, avg = self.seen, self.spent, self.price
        if self.exact:
            slack, margin = Fraction(slack), Fraction(margin)
        top = max(spent[q] for q in range(self.n) if q != self.me)
        future = (seen.turns - seen.turn) * avg / self.n
        end = top - margin * avg - seen.spent
        return int(end + slack * future), end

    # --- zero bids --------------------------------------------------------------------------
    def zero_wanted(self, tile: int, hope: float, share: float, last_below: float) -> bool:
        """Whether to bid 0 now for this round's 2 VP mark (4-5 players)."""
        seen, me, n = self.seen, self.me, self.n
        if not seen.zero_rule:
            return False
        t = seen.turn
        rnd = t // n
        if rnd in seen.my_marks:
            return False
        first = seen.first
        later = sum(
            1 for k in range(t + 1, min((rnd + 1) * n, seen.turns)) if (first + k) % n != me
        )
        counts, own = self.holding(me, seen.token)
        nation = seen.nations[me]
        mine = self._gain(counts, own, nation, tile, hope)
        if not later:
            return mine < last_below
        if not self.pool:
            return True
        lower = sum(1 for x in self.pool if self._gain(counts, own, nation, x, hope) < mine)
        return lower <= share * len(self.pool)

    # --- the peek ---------------------------------------------------------------------------
    def peek_choice(self) -> int | None:
        """Past mid-game, the unknown price of the dearest-looking tile of the biggest spender."""
        seen = self.seen
        if seen.turn * 2 < seen.turns:
            return None
        best = None
        for k, a in enumerate(seen.sold):
            w = a.winner
            if w is None or w == self.me or a.amount is not None:
                continue
            key = (self.spent[w], self.prices[k])
            if best is None or key > best[0]:
                best = (key, k)
        return None if best is None else best[1]
