"""Q.E.'s public events, the entries of a view's `log`: each kind's fields (the shared names:
core/events.py).

`turn` counts the auctions from 0; tiles are ids (tiles.py). The log is the same for every
seat: a secret price stays out of it (QE-7)."""

from __future__ import annotations

from typing import TypedDict


class Open(TypedDict):
    """`seat` auctions `tile` and opens the bidding at `amount`."""

    turn: int
    seat: int
    tile: int
    amount: int


class LastTurn(TypedDict):
    """The last turn: everyone bids in secret for `tile`."""

    turn: int
    tile: int


class Tie(TypedDict):
    """`seats` tie for the highest bid, the `count`th time in this auction."""

    turn: int
    seats: list[int]
    count: int


class Won(TypedDict):
    """`seat` wins `tile` for `price`: public only when it is the auctioneer's own opening bid,
    null otherwise (the winner and the auctioneer see it in their views' `auctions`)."""

    turn: int
    seat: int
    tile: int
    price: int | None


class Unsold(TypedDict):
    """Nobody wins `tile`: a tie for the highest bid."""

    turn: int
    tile: int


class ZeroBids(TypedDict):
    """`seats` bid 0 and mark 2 VP for this round."""

    turn: int
    seats: list[int]


class Peek(TypedDict):
    """`seat` looks at the winning bid of turn `auction`."""

    seat: int
    auction: int


EVENTS: dict[str, type] = {
    "open": Open,
    "last_turn": LastTurn,
    "tie": Tie,
    "won": Won,
    "unsold": Unsold,
    "zero_bids": ZeroBids,
    "peek": Peek,
}
