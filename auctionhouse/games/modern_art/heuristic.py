"""A Modern Art bot that values paintings from the board and bids below their worth.

Its whole strategy, read from its seat's view only:
- **Value of a painting.** Artists are ranked by cards played this round plus half the cards of
  that artist in its own hand (what it can still push). An artist in the top three is expected
  to sell at its tiles so far plus this round's tile for its rank; others at 0. Early in a round
  the guess is shaky, so the value is scaled by a confidence that grows with the leading count.
- **Bidding.** As a buyer it pays at most 60% of the lot's value (the rest of the money would go
  to a rival, the auctioneer); as the auctioneer buying its own lot it pays up to 90% (that money
  goes to the bank). Open auctions, in a few jumps as people bid: half its limit to open, then
  half the gap left to it (the auctioneer jumps only to what a buyer would pay, then raises by
  1 up to its own limit). Once-around: one bid at its limit minus a margin. Hidden: half the
  value. Fixed price: asks 60% of the value.
- **Which card to auction.** The card whose artist is worth most, pushed by the cards it holds of
  that artist; it avoids playing a round-ending 5th card unless its own paintings this round are
  worth more than any rival's; a Double only when it can add a second card.
- **Doubles.** It adds a second card when the artist is worth at least 20 a painting (two cards
  sold at once), choosing the auction type that brings most: open, then hidden, once-around,
  fixed price.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ...core.moves import MoveKind, forced_move
from ...core.players import Bot, Observation
from .deck import DOUBLE, FIXED, HIDDEN, NUM_ARTISTS, ONCE, OPEN
from .state import (
    FIXED_OFFER,
    FLIP,
    HIDDEN_BIDS,
    OFFER,
    ONCE_BIDS,
    OVER,
    PHASE_NAMES,
    PLAY,
    SET_PRICE,
)

if TYPE_CHECKING:
    from .state import ModernArtState

TILES: Final[tuple[int, ...]] = (30, 20, 10)
TYPE_PREFERENCE: Final[tuple[int, ...]] = (OPEN, HIDDEN, ONCE, FIXED)


class ModernArtHeuristic(Bot):
    name = "heuristic"

    def act(self, obs: Observation) -> tuple:
        forced = forced_move(obs.legal)  # nothing to weigh: the view is not even built
        if forced is not None:
            return forced
        return decide(Reading.of_view(obs.view(log=False), obs.seat), obs.seat, obs.legal)

    def act_in_search(self, state: Any, seat: int, legal: Sequence[MoveKind]) -> tuple:
        forced = forced_move(legal)
        if forced is not None:
            return forced
        return decide(Reading.of_state(state, seat), seat, legal)


class Reading:
    """The part of a seat's view this bot reads, typed: from the view (its observation), or in
    a search from the state (a determinization) without building the view. Both give the same
    reading (tests/games/test_heuristic_readings.py); this module is compiled."""

    __slots__ = ("phase", "hand", "played", "values", "cash", "lot", "auctioneer", "price", "owned")
    phase: int
    hand: list[int]
    played: list[int]
    values: list[int]
    cash: int
    lot: list[int]  # the cards on auction (or offered with a Double), else empty
    auctioneer: int  # -1 outside an auction
    price: int  # the fixed price, while it is offered, else 0
    owned: list[list[int]]  # paintings bought this round, per seat and artist

    def __init__(
        self,
        phase: int,
        hand: list[int],
        played: list[int],
        values: list[int],
        cash: int,
        lot: list[int],
        auctioneer: int,
        price: int,
        owned: list[list[int]],
    ) -> None:
        self.phase, self.hand, self.played, self.values = phase, hand, played, values
        self.cash, self.lot, self.auctioneer, self.price = cash, lot, auctioneer, price
        self.owned = owned

    @staticmethod
    def of_view(v: dict[str, Any], me: int) -> Reading:
        a: dict[str, Any] = v["auction"] or {}
        return Reading(
            PHASE_NAMES.index(v["phase"]),
            v["hand"] or [],
            v["played"],
            v["values"],
            v["cash"][me],
            a.get("cards") or [],
            a.get("auctioneer", -1),
            a.get("price") or 0,
            v["paintings"],
        )

    @staticmethod
    def of_state(s: ModernArtState, me: int) -> Reading:
        """As `of_view`, from what the view shows `me`: its hand and cash, and what is public
        (lists of the state shared, not copied: the bot only reads them)."""
        ph = s.phase
        auction = ph not in (PLAY, FLIP, OVER)
        n = NUM_ARTISTS
        return Reading(
            ph,
            sorted(s.hands[me]),
            s.played,
            s.values,
            s.cash[me],
            s.lot if auction else [],
            s.auctioneer if auction else -1,
            s.price if ph == FIXED_OFFER else 0,
            [s.owned[p * n : (p + 1) * n] for p in range(s.num_players)],
        )


def decide(r: Reading, me: int, moves: Sequence[MoveKind]) -> tuple:
    """The bot's move from its reading of the seat's view."""
    legal = {mk.kind: mk for mk in moves}
    worth = painting_values(r)
    phase = r.phase
    if phase == PLAY:
        return ("play", _choose_card(r, me, legal["play"].choices or (), worth))
    if phase == OFFER:
        return _double(r, me, legal, worth)
    if phase == FLIP:
        return ("flip", None)
    lot = r.lot
    value = worth[lot[0] // 5] * len(lot)
    own = r.auctioneer == me
    cash = r.cash
    limit = min(cash, int(value * (0.9 if own else 0.6)))
    if phase == SET_PRICE:
        return ("price", min(cash, int(value * 0.6)))
    if phase == FIXED_OFFER:
        return ("buy", None) if "buy" in legal and r.price <= limit else ("pass", None)
    bid = legal.get("bid")
    if phase == HIDDEN_BIDS:
        assert bid is not None and bid.hi is not None  # everyone bids, 0 to their cash
        return ("bid", max(0, min(bid.hi, int(value * (0.5 if not own else 0.45)))))
    if bid is None or bid.lo is None or bid.lo > limit:
        return ("pass", None) if "pass" in legal else ("bid", bid.lo if bid else None)
    if phase == ONCE_BIDS:
        return ("bid", max(bid.lo, int(limit * 0.8)) if not own else bid.lo)
    return ("bid", _open_bid(bid.lo, limit, min(limit, int(value * 0.6)) if own else limit))


def _open_bid(lo: int, limit: int, target: int) -> int:
    """An open auction's bid, `lo` (the smallest raise) <= `limit`: half the gap between the
    highest bid and `target` (half of it to open), so an auction takes a handful of bids, not
    one a point; the smallest raise once the bidding has reached `target`. (The auctioneer's
    target is a buyer's limit: jumping past it, it would overpay the bank for its own lot.)"""
    high = lo - 1
    if high >= target:
        return lo
    return min(target, max(lo, high + (target - high) // 2))


def _choose_card(r: Reading, me: int, hand: tuple[int, ...], worth: list[float]) -> int:
    """The first card of `hand` with the best score (as `max` picks)."""
    mine = _counts(r.hand)
    played = r.played
    best, best_score = -1, 0.0
    for c in hand:
        a, sym = divmod(c, 5)
        if played[a] == 4:  # this card would end the round at once
            s = 500.0 if _ending_helps(r, me, worth) else -500.0
        else:
            s = worth[a] + 4 * mine[a]
            if sym == DOUBLE:
                s += 15 if mine[a] > 1 else -40
        if best < 0 or s > best_score:
            best, best_score = c, s
    return best


def _double(r: Reading, me: int, legal: dict[str, MoveKind], worth: list[float]) -> tuple:
    add = legal.get("add")
    if add is None or add.choices is None:
        return ("decline", None)
    if worth[r.lot[0] // 5] < 20 and r.auctioneer != me:
        return ("decline", None)
    return ("add", min(add.choices, key=lambda c: TYPE_PREFERENCE.index(c % 5)))


def _counts(hand: list[int]) -> list[int]:
    mine = [0] * NUM_ARTISTS
    for c in hand:
        mine[c // 5] += 1
    return mine


def painting_values(r: Reading) -> list[float]:
    """The expected sale value of one painting of each artist this round."""
    played = r.played
    mine = _counts(r.hand)
    strength = [played[a] + 0.5 * mine[a] for a in range(NUM_ARTISTS)]
    confidence = min(1.0, 0.55 + 0.12 * max(played))
    worth = [0.0] * NUM_ARTISTS
    taken = [False] * NUM_ARTISTS
    # the three strongest artists, the first of equals first (as sorting by -strength would)
    for rank in range(3):
        a = -1
        for b in range(NUM_ARTISTS):
            if not taken[b] and (a < 0 or strength[b] > strength[a]):
                a = b
        taken[a] = True
        if strength[a] > 0:
            worth[a] = (r.values[a] + TILES[rank]) * confidence
    return worth


def _ending_helps(r: Reading, me: int, worth: list[float]) -> bool:
    """Whether ending the round now pays this seat more than any rival."""
    totals = [sum([n * w for n, w in zip(row, worth, strict=True)]) for row in r.owned]
    return totals[me] >= max(totals)
