"""art-dice's public events, the entries of a view's `log`: each kind's fields (the shared names:
core/events.py).

Works are catalog ids (cards.py); gold is whole coins."""

from __future__ import annotations

from typing import TypedDict


class Round(TypedDict):
    """A round begins; `seat`, its first bidder, puts up works or draws first."""

    round: int
    seat: int


class Sell(TypedDict):
    """`seat` puts up its own work `card`, rolls `roll` and takes `gold` from the bank (the roll,
    or what is left when the bank is short)."""

    seat: int
    card: int
    roll: int
    gold: int


class Draw(TypedDict):
    """Works drawn from the deck go on sale."""

    cards: list[int]


class Roll(TypedDict):
    """`seat` rolls the die: the most gold it may place this turn."""

    seat: int
    roll: int


class Skip(TypedDict):
    """`seat` has no gold and skips the roll."""

    seat: int


class Bid(TypedDict):
    """`seat` places gold: `amounts` on the works on sale, `cards`, in that order."""

    seat: int
    amounts: list[int]
    cards: list[int]


class Pass(TypedDict):
    """`seat` can beat no highest amount and passes."""

    seat: int


class Won(TypedDict):
    """`seat` buys `card` for `price` gold, paid to the bank."""

    seat: int
    card: int
    price: int


class Unsold(TypedDict):
    """Works nobody placed gold on stay on the table."""

    cards: list[int]


class Stop(TypedDict):
    """Every seat in a row had a round with no sale: the game stops; `cards` go to nobody."""

    cards: list[int]


class End(TypedDict):
    """The game is over."""


EVENTS: dict[str, type] = {
    "round": Round,
    "sell": Sell,
    "draw": Draw,
    "roll": Roll,
    "skip": Skip,
    "bid": Bid,
    "pass": Pass,
    "won": Won,
    "unsold": Unsold,
    "stop": Stop,
    "end": End,
}
