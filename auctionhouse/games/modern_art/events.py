"""Modern Art's public events, the entries of a view's `log`: each kind's fields (the shared
names: core/events.py).

Cards are ids 0..69 (artist = id // 5, auction type = id % 5: deck.py); money is whole."""

from __future__ import annotations

from typing import TypedDict


class Round(TypedDict):
    """A round begins."""

    round: int


class Play(TypedDict):
    """`seat` auctions `card` from its hand."""

    seat: int
    card: int


class Decline(TypedDict):
    """`seat` adds no second card to a double auction."""

    seat: int


class Add(TypedDict):
    """`seat` adds `card` to a double auction."""

    seat: int
    card: int


class Bid(TypedDict):
    """`seat` bids `amount` in an open or once-around auction."""

    seat: int
    amount: int


class Pass(TypedDict):
    """`seat` passes (or, offered a fixed price, does not buy)."""

    seat: int


class Sealed(TypedDict):
    """`seat` has chosen its hidden bid (the amount shows only in `reveal`)."""

    seat: int


class Reveal(TypedDict):
    """The hidden bids are shown together: `bids`, by seat."""

    bids: list[int]


class Price(TypedDict):
    """`seat` asks a fixed price of `amount`."""

    seat: int
    amount: int


class Buy(TypedDict):
    """`seat` buys at the fixed price."""

    seat: int


class Won(TypedDict):
    """`seat` gets `cards` for `price`, paid to seat `paid_to` (-1: the bank)."""

    seat: int
    price: int
    cards: list[int]
    paid_to: int


class Flip(TypedDict):
    """`seat` turns up `card` from the mystery hand."""

    seat: int
    card: int


class Skip(TypedDict):
    """`seat` leaves the mystery hand."""

    seat: int


class Unsold(TypedDict):
    """`cards` end the round unsold (the artist's fifth card)."""

    cards: list[int]


class Scored(TypedDict):
    """Round `round` is scored: `played` cards by artist, the artists' `ranking` (1st first),
    `gains` each seat's payout, `values` each artist's value after the round, `sold` each seat's
    paintings by artist."""

    round: int
    played: list[int]
    ranking: list[int]
    gains: list[int]
    values: list[int]
    sold: list[list[int]]


# The state keeps each event as a tuple (kind, *values), the values in the order of the fields
# declared here: the views name them from these declarations.
EVENTS: dict[str, type] = {
    "round": Round,
    "play": Play,
    "decline": Decline,
    "add": Add,
    "bid": Bid,
    "pass": Pass,
    "sealed": Sealed,
    "reveal": Reveal,
    "price": Price,
    "buy": Buy,
    "won": Won,
    "flip": Flip,
    "skip": Skip,
    "unsold": Unsold,
    "scored": Scored,
}
