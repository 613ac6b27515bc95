"""A Modern Art bot that values paintings from the board and bids below their worth.

Its whole strategy, read from its seat's view only:
- **Value of a painting.** Artists are ranked by cards played this round plus half the cards of
  that artist in its own hand (what it can still push). An artist in the top three is expected
  to sell at its tiles so far plus this round's tile for its rank; others at 0. Early in a round
  the guess is shaky, so the value is scaled by a confidence that grows with the leading count.
- **Bidding.** As a buyer it pays at most 60% of the lot's value (the rest of the money would go
  to a rival, the auctioneer); as the auctioneer buying its own lot it pays up to 90% (that money
  goes to the bank). Open auctions: the smallest raise while under that limit. Once-around: one
  bid at its limit minus a margin. Hidden: half the value. Fixed price: asks 60% of the value.
- **Which card to auction.** The card whose artist is worth most, pushed by the cards it holds of
  that artist; it avoids playing a round-ending 5th card unless its own paintings this round are
  worth more than any rival's; a Double only when it can add a second card.
- **Doubles.** It adds a second card when the artist is worth at least 20 a painting (two cards
  sold at once), choosing the auction type that brings most: open, then hidden, once-around,
  fixed price.
"""

from __future__ import annotations

from ...core.players import Bot, Observation
from .deck import DOUBLE, FIXED, HIDDEN, NUM_ARTISTS, ONCE, OPEN

TILES = (30, 20, 10)
TYPE_PREFERENCE = (OPEN, HIDDEN, ONCE, FIXED)


class ModernArtHeuristic(Bot):
    name = "heuristic"

    def act(self, obs: Observation) -> tuple:
        v = obs.view(log=False)
        me = obs.seat
        legal = {mk.kind: mk for mk in obs.legal}
        worth = painting_values(v, me)
        phase = v["phase"]
        if phase == "play":
            return ("play", self._choose_card(v, me, legal["play"].choices, worth))
        if phase == "double_offer":
            return self._double(v, me, legal, worth)
        if phase == "mystery_flip":
            return ("flip", None)
        auction = v["auction"]
        lot = auction["cards"]
        value = worth[lot[0] // 5] * len(lot)
        own = auction["auctioneer"] == me
        limit = min(v["cash"][me], int(value * (0.9 if own else 0.6)))
        if phase == "set_price":
            return ("price", min(v["cash"][me], int(value * 0.6)))
        if phase == "fixed_price_auction":
            return ("buy", None) if "buy" in legal and auction["price"] <= limit else ("pass", None)
        bid = legal.get("bid")
        if phase == "hidden_auction":
            return ("bid", max(0, min(bid.hi, int(value * (0.5 if not own else 0.45)))))
        if bid is None or bid.lo > limit:
            return ("pass", None) if "pass" in legal else ("bid", bid.lo)
        if phase == "once_around_auction":
            return ("bid", max(bid.lo, int(limit * 0.8)) if not own else bid.lo)
        return ("bid", bid.lo)  # open: the smallest raise

    def _choose_card(self, v: dict, me: int, hand: tuple[int, ...], worth: list[float]) -> int:
        mine = [0] * NUM_ARTISTS
        for c in v["hand"]:
            mine[c // 5] += 1
        played = v["played"]

        def score(c: int) -> float:
            a, sym = divmod(c, 5)
            if played[a] == 4:  # this card would end the round at once
                return 500 if _ending_helps(v, me, worth) else -500
            s = worth[a] + 4 * mine[a]
            if sym == DOUBLE:
                s += 15 if mine[a] > 1 else -40
            return s

        return max(hand, key=score)

    def _double(self, v: dict, me: int, legal: dict, worth: list[float]) -> tuple:
        add = legal.get("add")
        if add is None:
            return ("decline", None)
        a = v["auction"]["cards"][0] // 5
        if worth[a] < 20 and v["auction"]["auctioneer"] != me:
            return ("decline", None)
        return ("add", min(add.choices, key=lambda c: TYPE_PREFERENCE.index(c % 5)))


def painting_values(v: dict, me: int) -> list[float]:
    """The expected sale value of one painting of each artist this round."""
    played = v["played"]
    mine = [0] * NUM_ARTISTS
    for c in v["hand"] or []:
        mine[c // 5] += 1
    strength = [played[a] + 0.5 * mine[a] for a in range(NUM_ARTISTS)]
    order = sorted(range(NUM_ARTISTS), key=lambda a: (-strength[a], a))
    confidence = min(1.0, 0.55 + 0.12 * max(played))
    worth = [0.0] * NUM_ARTISTS
    for rank, a in enumerate(order[:3]):
        if strength[a] > 0:
            worth[a] = (v["values"][a] + TILES[rank]) * confidence
    return worth


def _ending_helps(v: dict, me: int, worth: list[float]) -> bool:
    """Whether ending the round now pays this seat more than any rival."""
    totals = [sum(n * w for n, w in zip(row, worth, strict=True)) for row in v["paintings"]]
    return totals[me] >= max(totals)
