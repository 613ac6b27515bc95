"""The Modern Art numbers a player works out at a glance (`worth` to `margin`): what one
painting of each artist may fetch this round, what the lot may fetch, the most the seat would
pay for it and how far that lies above what it must beat. One code for the encoding's `observe`
and the tracker; compiled with the trackers (setup.py), as the tracker calls it every step.

The reckoning is a plain one, from the seat's view only: the artists ranked by cards played
this round plus half the seat's own cards of them (the first of equals first); the top three,
where anything counts for them, are worth their value so far plus the tile of their rank, times
a confidence that grows with the most cards of one artist played (early in a round a rank is
shaky); the others 0. A buyer pays at most 60% of a lot's worth (the money goes to a rival), the
auctioneer at most 90% of it (the money goes to the bank). The game's heuristic reckons the same
way today (`painting_values`), but this reckoning is part of the encoding and stays as it is
when the heuristic changes: trained weights read it."""

from __future__ import annotations

from typing import Final

from .deck import NUM_ARTISTS
from .state import FIXED_OFFER, ONCE_BIDS, OPEN_BIDS, TILES

PER_MONEY: Final = 1 / 100  # as the encoding's money: units of the starting cash
CLIP: Final = 20.0  # as the encoding's money clip
SIZE: Final = NUM_ARTISTS + 3
NO_LOT_ARTIST: Final = -1  # `lot_artist` without a lot
NOTHING_TO_BEAT: Final = -1  # `beat` where no bid or price is there to beat


def worth(played: list[int], mine: list[int], values: list[int]) -> list[float]:
    """Each artist's worth of one painting this round (`mine`: the seat's cards per artist)."""
    strength = [0] * NUM_ARTISTS  # twice the reckoning's, in whole numbers
    most = 0
    for a in range(NUM_ARTISTS):
        k = played[a]
        strength[a] = 2 * k + mine[a]
        if k > most:
            most = k
    confidence = min(1.0, 0.55 + 0.12 * most)
    out = [0.0] * NUM_ARTISTS
    for tile in TILES:
        best = 0
        for a in range(1, NUM_ARTISTS):
            if strength[a] > strength[best]:  # the first of equals
                best = a
        if strength[best] <= 0:  # nothing counts for the rest
            break
        out[best] = (values[best] + tile) * confidence
        strength[best] = -1
    return out


def glance(
    played: list[int],
    mine: list[int],
    values: list[int],
    lot_artist: int,
    lot_cards: int,
    own: bool,
    cash: int,
    beat: int,
) -> list[float]:
    """The numbers, scaled as the encoding's money: each artist's worth, then `on_lot`'s."""
    w = worth(played, mine, values)
    return scaled(w) + on_lot(w, lot_artist, lot_cards, own, cash, beat)


def scaled(w: list[float]) -> list[float]:
    """Each artist's worth on the encoding's scale."""
    return [x * PER_MONEY for x in w]


def beat_in(phase: int, high: int, price: int) -> int:
    """What the seat's limit is set against in `phase` (the state's phase code): the smallest
    raise over `high` (the highest bid, 0 with none) in open and once-around auctions, the
    fixed price while it is offered, else NOTHING_TO_BEAT."""
    if phase in (OPEN_BIDS, ONCE_BIDS):
        return high + 1
    if phase == FIXED_OFFER:
        return price
    return NOTHING_TO_BEAT


def on_lot(
    w: list[float], lot_artist: int, lot_cards: int, own: bool, cash: int, beat: int
) -> list[float]:
    """The lot's worth (`lot_artist` NO_LOT_ARTIST: no lot, all 0), the seat's limit for it
    (`own`: its own auction) and the margin, that limit less `beat` (the smallest raise, or the
    fixed price; NOTHING_TO_BEAT: 0), scaled as the encoding's money (`w`: each artist's worth)."""
    if lot_artist == NO_LOT_ARTIST:
        return [0.0, 0.0, 0.0]
    lot = w[lot_artist] * lot_cards
    limit = min(cash, int(lot * (0.9 if own else 0.6)))
    margin = 0.0 if beat == NOTHING_TO_BEAT else (limit - beat) * PER_MONEY
    margin = -CLIP if margin < -CLIP else CLIP if margin > CLIP else margin
    return [lot * PER_MONEY, min(limit * PER_MONEY, CLIP), margin]
