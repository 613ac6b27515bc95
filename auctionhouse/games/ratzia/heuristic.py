"""A Ratzia bot that prices the Auction row in points and spends its cheapest winning card.

Its whole strategy, read from its seat's view only (everything in Ratzia is public but the
order of the deck):

- **What a collection is worth.** The points its cards should still bring: Thieves 2 each,
  Drivers 1, Getaway Cars 1 a round for every round in which it should hold a Driver (sure this
  round once it has one, otherwise a fair chance), Gangsters by the majority (+5 / -2 against
  the rivals' counts as they stand) and the +5 for both kinds, for this round and, as they are
  kept, partly again for the rounds to come; Trinkets by the number of kinds, Businesses by
  kinds and sets of 3-5 of a kind. Unfinished Trinket and Business sets get a little credit
  for the chance of completing them, more while much of the round (or game) is left.
- **What a lot is worth.** The Auction row's worth is what it adds to that total; a Courthouse
  in it costs the Business it would destroy (the one it can lose most cheaply).
- **What a bidding card costs.** Spending card b and taking the centre card c costs (1) b's use
  for the rest of this round: a few points while enough Police are left for more auctions than
  it has face-up cards, less as the 7th Police nears, and less as the row fills (waiting cannot
  bring a bigger lot than a full row; this patience is what makes it save cards for big rows
  while rivals spend theirs on small ones); (2) for later rounds, 0.3 point a round per point
  of b - c (a high card spent for a low centre card weakens it, a high centre card taken with
  a low bid strengthens it); (3) the change to its +5 / -5 for the highest and
  lowest bidding-card sums at game end, as the sums stand (weighted more each round).
- **Bidding.** For each card that beats the high bid: the lot's worth minus that card's cost,
  times the chance that nobody left in the round of bidding (each rival still holding a higher
  card) overbids it. It bids the card with the best expectation, and passes when none is
  positive (when it declared and nobody bid, it must bid: then its least costly card).
- **Its turn.** With Thieves, it steals the row's best card while that card is worth more than
  the Thieves it discards (2 points). Then it declares when the row is worth clearly more than
  its cheapest card costs (by 5 points, less 0.5 for each card in the row and each Police card
  this round, since a longer wait risks the 7th Police discarding the row), and otherwise
  reveals. A full row is
  declared (a forced auction: it may pass). Alone with face-up cards, it reveals while a Police
  card cannot end the round (any Police only starts an auction it may bid in) and stops to
  declare once the risk of the 7th Police outweighs what another card would add.
- **Courthouses.** It discards the Business whose loss costs least.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ...core.moves import MoveKind, forced_move
from ...core.players import Bot, Observation
from .cards import (
    BUSINESSES,
    COURTHOUSE,
    DRIVER,
    GANGSTER_A,
    GANGSTER_B,
    GETAWAY_CAR,
    POLICE,
    THIEVES,
    TRINKETS,
    values_tuple,
)
from .scoring import TRINKET_POINTS
from .state import AUCTION, COURT, PHASE_NAMES, STEAL

if TYPE_CHECKING:
    from .state import RatziaState

POLICE_TOTAL: Final = 21
POLICE_END: Final = 7
ROW_MAX: Final = 7
# Credit for unfinished sets, scaled by how much is left: Trinkets by kinds held (0..5),
# Businesses by copies of one kind (0..5).
TRINKET_HOPE: Final[tuple[float, ...]] = (1.5, 1.0, 2.0, 2.0, 1.5, 0.0)
BUSINESS_BY_COPIES: Final[tuple[float, ...]] = (0.0, 1.0, 1.0, 6.0, 11.0, 16.0)
BUSINESS_HOPE: Final[tuple[float, ...]] = (0.0, 0.5, 2.0, 2.0, 1.5, 0.0)


class RatziaHeuristic(Bot):
    name = "heuristic"

    # tuning (points)
    keep_card = 7.0  # what a face-up card is worth for the rest of a round with auctions left
    keep_full = 0.5  # ... this share of it when the row is full
    auctions_per_police = 1.3  # auctions still to come per Police card left before the 7th
    strength = 0.3  # a point of bidding-card value, per later round
    end_weight = (0.3, 0.6, 1.0)  # weight of the game-end bidding-sum bonus, by round
    overbid = 0.5  # chance that a rival with a higher face-up card overbids
    declare_bar = 5.0  # declare when the row's gain over the cheapest card reaches this ...
    declare_per_card = 0.5  # ... less this per card in the row
    declare_per_police = 0.5  # ... and per Police card this round
    steal_margin = 0.5  # steal a card worth this much more than the Thieves discarded
    driver_later = 0.5  # chance of holding a Driver in a later round
    driver_now = 0.4  # chance of finding a Driver this round, at its start
    gangster_later = 0.7  # weight of this round's Gangster standing for each later round
    card_hope = 1.5  # what one more revealed card adds to the row, on average

    def act(self, obs: Observation) -> tuple:
        forced = forced_move(obs.legal)  # nothing to weigh: the view is not even built
        if forced is not None:
            return forced
        ev = _Eval.of_view(self, obs.view(log=False), obs.seat)  # the bot never reads the log
        return self._decide(ev, obs.legal)

    def act_in_search(self, state: Any, seat: int, legal: Sequence[MoveKind]) -> tuple:
        forced = forced_move(legal)
        if forced is not None:
            return forced
        return self._decide(_Eval.of_state(self, state, seat), legal)

    def _decide(self, ev: _Eval, moves: Sequence[MoveKind]) -> tuple:
        legal = {mk.kind: mk for mk in moves}
        phase = ev.phase
        if phase == AUCTION:
            return self._bid(ev, legal)
        if phase == COURT:
            return ("discard_business", ev.cheapest_business(legal["discard_business"].choices))
        if "steal" in legal:
            t, gain = ev.best_steal(legal["steal"].choices)
            if gain >= self.steal_margin:
                return ("steal", t)
        if phase == STEAL:
            return ("stop", None)
        return self._turn(ev, legal)

    # --- a turn: reveal or declare ----------------------------------------------------------
    def _turn(self, ev: _Eval, legal: dict[str, MoveKind]) -> tuple:
        if "declare" not in legal:
            return ("reveal", None)
        gain = ev.row_worth() - min(ev.cost(b) for b in ev.up[ev.me])
        if "reveal" not in legal:
            return ("declare", None)  # a full row: a forced auction, passing allowed
        if ev.alone:
            if ev.police < POLICE_END - 1 or gain <= 0:
                return ("reveal", None)
            p7 = ev.police_chance()
            return ("declare", None) if p7 * gain > (1 - p7) * self.card_hope else ("reveal", None)
        bar = self.declare_bar - self.declare_per_card * len(ev.row)
        bar -= self.declare_per_police * ev.police
        return ("declare", None) if gain >= bar else ("reveal", None)

    # --- an auction: the card with the best expectation, or pass -----------------------------
    def _bid(self, ev: _Eval, legal: dict[str, MoveKind]) -> tuple:
        bid = legal.get("bid")
        if bid is None:
            return ("pass", None)
        order, up = ev.order, ev.up
        # the highest face-up card of each rival still to bid after this seat
        tops = [up[q][-1] for q in order[order.index(ev.me) + 1 :] if up[q]]
        worth = ev.row_worth()
        keep = 1 - self.overbid
        choices: tuple[int, ...] = bid.choices or ()
        best, best_ev = choices[0], 0.0
        for i, b in enumerate(choices):
            chance = 1.0
            for top in tops:
                if top > b:
                    chance *= keep
            e = chance * (worth - ev.cost(b))
            if i == 0 or e > best_ev:
                best, best_ev = b, e
        if best_ev <= 0 and "pass" in legal:
            return ("pass", None)
        return ("bid", best)


class _Eval:
    """One decision's numbers: what cards and bidding cards are worth to `me`, from the parts
    of its view this bot reads (all public in Ratzia): from the view itself (`of_view`) or, in
    a search, from the state (`of_state`: the same values without building the view)."""

    __slots__ = (
        "bot", "me", "phase", "colls", "coll", "round", "left", "police", "frac", "game_frac",
        "most", "fewest", "alone", "up", "row", "order", "police_left", "deck_size", "centre",
        "sum_mine", "sum_hi", "sum_lo",
    )  # fmt: skip
    bot: RatziaHeuristic
    me: int
    phase: int
    colls: list[list[int]]
    coll: list[int]
    round: int
    left: int
    police: int
    frac: float
    game_frac: float
    most: int
    fewest: int
    alone: bool
    up: list[tuple[int, ...]]  # each seat's face-up bidding cards, lowest first
    row: list[int]
    order: list[int]  # the auction's bidding order (empty outside an auction)
    police_left: int  # Police cards still in the deck
    deck_size: int
    centre: int
    sum_mine: int  # bidding-card sums, face up and down: this seat's, the rivals' top and
    sum_hi: int  # bottom
    sum_lo: int

    def __init__(
        self,
        bot: RatziaHeuristic,
        me: int,
        phase: int,
        round: int,
        police: int,
        colls: list[list[int]],
        up: list[tuple[int, ...]],
        sums: list[int],
        row: list[int],
        order: list[int],
        police_discarded: int,
        deck_size: int,
        centre: int,
    ) -> None:
        self.bot, self.me, self.phase = bot, me, phase
        self.colls, self.coll = colls, colls[me]
        self.round = round
        self.left = 3 - round  # round scorings still to come, this one included
        self.police = police
        self.frac = (POLICE_END - police) / POLICE_END  # share of the round left, roughly
        self.game_frac = (self.left - 1 + self.frac) / 3
        rivals = [c[GANGSTER_A] + c[GANGSTER_B] for p, c in enumerate(colls) if p != me]
        self.most, self.fewest = _hi_lo(rivals)
        self.alone = not any(u for p, u in enumerate(up) if p != me)
        self.up, self.row, self.order = up, row, order
        self.police_left = POLICE_TOTAL - police_discarded - police
        self.deck_size, self.centre = deck_size, centre
        others = sums[:]
        self.sum_mine = others.pop(me)
        self.sum_hi, self.sum_lo = _hi_lo(others)

    @staticmethod
    def of_view(bot: RatziaHeuristic, v: dict[str, Any], me: int) -> _Eval:
        up: list[tuple[int, ...]] = [tuple(u) for u in v["up"]]
        sums = [sum(u) + sum(d) for u, d in zip(v["up"], v["down"], strict=True)]
        auction: dict[str, Any] | None = v["auction"]
        return _Eval(
            bot,
            me,
            PHASE_NAMES.index(v["phase"]),
            v["round"] - 1,
            v["police"],
            v["collections"],
            up,
            sums,
            v["row"],
            auction["order"] if auction is not None else [],
            v["discard"][POLICE],
            v["deck_size"],
            v["centre"],
        )

    @staticmethod
    def of_state(bot: RatziaHeuristic, s: RatziaState, me: int) -> _Eval:
        """As `of_view`, from the state (its lists shared, not copied: the bot only reads
        them)."""
        up = [values_tuple(m) for m in s.up]
        # by index: compiled, a zip(strict=True) is a slow call
        sums = [_total(up[p]) + _total(values_tuple(s.down[p])) for p in range(len(up))]
        return _Eval(
            bot,
            me,
            s.phase,
            min(s.round, 2),
            s.police,
            s.coll,
            up,
            sums,
            s.row,
            list(s.a_order) if s.phase == AUCTION else [],
            s.discard[POLICE],
            len(s.deck) - s.deck_pos,
            s.centre,
        )

    def police_chance(self) -> float:
        """The chance that the next card revealed is a Police card."""
        return self.police_left / self.deck_size if self.deck_size else 1.0

    def worth(self, c: list[int]) -> float:
        """What a collection should still bring this seat, in points."""
        bot = self.bot
        frac, left = self.frac, self.left
        pts = 2.0 * c[THIEVES] + c[DRIVER]
        cars = c[GETAWAY_CAR]
        if cars:
            now = 1.0 if c[DRIVER] else bot.driver_now * frac
            pts += cars * (now + bot.driver_later * (left - 1))
        # Gangsters: this round's standing, partly again in each later round
        ga, gb = c[GANGSTER_A], c[GANGSTER_B]
        g = ga + gb
        most, fewest = self.most, self.fewest
        gp = 0.0
        if max(g, most) != min(g, fewest):
            if g >= most:
                gp = 5.0
            elif g <= fewest:
                gp = -2.0
        if ga and gb:
            gp += 5.0
        pts += gp * (1 + bot.gangster_later * (left - 1))
        kinds = 0  # of Trinkets held
        for t in TRINKETS:
            if c[t]:
                kinds += 1
        pts += TRINKET_POINTS[kinds] + frac * TRINKET_HOPE[kinds]
        gf = self.game_frac
        held = 0
        for t in BUSINESSES:
            k = c[t]
            if k:
                held += 1
                pts += BUSINESS_BY_COPIES[k] + gf * BUSINESS_HOPE[k]
        if held == 7:
            pts += 3.0
        return pts

    def row_worth(self) -> float:
        """What winning the Auction row adds, Courthouses taking the Businesses that can be
        lost most cheaply."""
        row = self.row
        if not row:
            return 0.0
        c = self.coll[:]
        for t in row:
            c[t] += 1
        courts = c[COURTHOUSE]
        c[COURTHOUSE] = 0
        for _ in range(courts):
            held = [t for t in BUSINESSES if c[t]]
            if not held:
                break
            c[self._least_loss(c, held)] -= 1
        return self.worth(c) - self.worth(self.coll)

    def _least_loss(self, c: list[int], held: Sequence[int]) -> int:
        """The first Business of `held` whose loss leaves `c` worth most."""
        best, most = -1, 0.0
        for t in held:
            c[t] -= 1
            w = self.worth(c)
            c[t] += 1
            if best < 0 or w > most:
                best, most = t, w
        return best

    def cheapest_business(self, choices) -> int:
        return self._least_loss(self.coll[:], choices)

    def best_steal(self, choices) -> tuple[int, float]:
        """The row's card worth most to take with a Thieves, and its gain over keeping it."""
        base = self.worth(self.coll)
        c = self.coll[:]
        c[THIEVES] -= 1
        best, gain = choices[0], 0.0
        for i, t in enumerate(choices):
            c[t] += 1
            g = self.worth(c) - base
            c[t] -= 1
            if i == 0 or g > gain:
                best, gain = t, g
        return best, gain

    def cost(self, b: int) -> float:
        """What spending bidding card b (and taking the centre card) costs, in points."""
        bot = self.bot
        # (1) its use for the rest of this round
        auctions = bot.auctions_per_police * max(0, POLICE_END - 1 - self.police)
        keep = bot.keep_card * min(1.0, auctions / len(self.up[self.me]))
        keep *= 1 - (1 - bot.keep_full) * len(self.row) / ROW_MAX
        # (2) bidding strength in later rounds
        c = self.centre
        strength = bot.strength * (b - c) * (self.left - 1)
        # (3) the game-end bonus for bidding-card sums, as the sums stand
        mine, hi, lo = self.sum_mine, self.sum_hi, self.sum_lo
        delta = _sum_bonus(mine - b + c, hi, lo) - _sum_bonus(mine, hi, lo)
        return keep + strength - bot.end_weight[self.round] * delta


def _hi_lo(values: list[int]) -> tuple[int, int]:
    """The highest and the lowest of `values` (a loop: compiled, faster than max and min)."""
    hi = lo = values[0]
    for x in values:
        if x > hi:
            hi = x
        elif x < lo:
            lo = x
    return hi, lo


def _total(values: tuple[int, ...]) -> int:
    """sum(values), as a loop (compiled, faster)."""
    total = 0
    for x in values:
        total += x
    return total


def _sum_bonus(s: int, hi: int, lo: int) -> int:
    """+5 for the highest bidding-card sum, -5 for the lowest, ties included (RZ-15), against
    the rivals' highest and lowest sums."""
    return (5 if s >= hi else 0) - (5 if s <= lo else 0)
