"""Ratzia's public events, the entries of a view's `log`: each kind's fields (the shared names:
core/events.py).

Cards are types 0..NUM_TYPES-1 (cards.py); a bidding card is its value."""

from __future__ import annotations

from typing import TypedDict


class Round(TypedDict):
    """A round begins; `seat` starts it."""

    round: int
    seat: int


class Reveal(TypedDict):
    """`seat` reveals the deck's top card, `card`."""

    seat: int
    card: int


class Auction(TypedDict):
    """`seat` starts an auction; `cause`: "declare", "full row" or "police"."""

    seat: int
    cause: str


class Bid(TypedDict):
    """`seat` bids its bidding card `amount`."""

    seat: int
    amount: int


class Pass(TypedDict):
    """`seat` passes."""

    seat: int


class Won(TypedDict):
    """`seat` wins the row, `cards`, paying its bidding card `price`, and takes the centre card
    `centre` face down (its bid becomes the new centre card)."""

    seat: int
    price: int
    cards: list[int]
    centre: int


class Unsold(TypedDict):
    """Nobody bid: the row, `cards`, is discarded."""

    cards: list[int]


class Steal(TypedDict):
    """`seat` steals `card`, discarding a Thieves."""

    seat: int
    card: int


class Stop(TypedDict):
    """`seat` stops stealing."""

    seat: int


class Courthouse(TypedDict):
    """`seat` discards a Courthouse and the Business `business` (null: it had none)."""

    seat: int
    business: int | None


class RoundEnd(TypedDict):
    """Round `round` ends; `cause`: "7th police" or "bidding cards face down"."""

    round: int
    cause: str


class Scored(TypedDict):
    """Round `round` is scored: `gains` each seat's points, from its `collections` (counts by
    card type), `parts` those points by category."""

    round: int
    gains: list[int]
    collections: list[list[int]]
    parts: list[dict[str, int]]


class End(TypedDict):
    """The game is over: `gains` each seat's game-end points (Businesses, bidding cards) by
    category in `parts`, `scores` the final scores."""

    gains: list[int]
    scores: list[int]
    parts: list[dict[str, int]]


EVENTS: dict[str, type] = {
    "round": Round,
    "reveal": Reveal,
    "auction": Auction,
    "bid": Bid,
    "pass": Pass,
    "won": Won,
    "unsold": Unsold,
    "steal": Steal,
    "stop": Stop,
    "courthouse": Courthouse,
    "round_end": RoundEnd,
    "scored": Scored,
    "end": End,
}
