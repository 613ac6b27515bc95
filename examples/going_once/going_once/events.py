"""Going Once's public events, the entries of a view's `log` (the shared names:
auctionhouse/core/events.py). `value`: a lot's points; `bids`: the sealed bids revealed, by
seat."""

from __future__ import annotations

from typing import TypedDict


class Round(TypedDict):
    """A round begins: a lot worth `value` is turned up."""

    round: int
    value: int


class Won(TypedDict):
    """The bids are revealed; `seat`, the one highest, takes the lot for `price`."""

    round: int
    seat: int
    price: int
    value: int
    bids: list[int]


class Unsold(TypedDict):
    """The bids are revealed; `seats` tie for the highest, so nobody takes the lot."""

    round: int
    seats: list[int]
    value: int
    bids: list[int]


EVENTS: dict[str, type] = {"round": Round, "won": Won, "unsold": Unsold}
