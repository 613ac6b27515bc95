"""The art-dice numbers a player works out at a glance (`sale_held` to `gold_reach`, and each
seat's `gain_r`), written into an observation (an array or a memoryview of one); compiled with
the trackers (setup.py), as the tracker calls it on most steps."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ...core.tracker import seat_sets
from .cards import ARTIST_OF, ON_SALE, WORKS_PER_ARTIST

# k works of an artist held -> what one more adds (AD-8: 2k+1), scaled by its most (k = 5)
GAIN: Final = tuple((2 * k + 1) / (2 * WORKS_PER_ARTIST + 1) for k in range(WORKS_PER_ARTIST + 1))
REACH_MOST: Final = 15  # rounds left per gold piece read as 1 from here (45 cards, no gold)


class Glance:
    """Writes the numbers worked out from the table (`sale_held` to `gold_reach`, each seat's
    `gain_r`), for the encoding's `observe` and the tracker (which keeps the works' part in its
    table, as seat 0 sees it, and writes the rest per observation)."""

    def __init__(self, o: dict[str, int], players: int, width: int) -> None:
        """`o`: the encoding's offsets; `width`: one seat's block."""
        self.n = n = players
        self.gain = o["gain_0"]
        self.width = width
        self.held = o["sale_held"]
        self.deck = o["sale_deck"]
        self.reach_at = o["gold_reach"]
        # first bidder, bidder -> the seats that bid after it this round (a bit each)
        self.after = [
            [sum(1 << (fb + j) % n for j in range((bidder - fb) % n + 1, n)) for bidder in range(n)]
            for fb in range(n)
        ]
        self.later_at = o["later"]
        self.sets = seat_sets(n)  # per seat, per mask of seats: their one-hot block

    def sale(
        self,
        put: Any,
        seat: int,
        on_sale: Sequence[int],
        counts: list[list[int]],
        left: list[int],
    ) -> None:
        """The works on sale: what each adds to each seat, its artist's works held and in the
        deck (`counts[q][a]`: seat q's works of artist a, seats absolute; `left[a]`: artist
        a's works in the deck); the places beyond them 0."""
        n = self.n
        width = self.width
        for i in range(ON_SALE):
            at = self.gain + i
            if i >= len(on_sale):
                for q in range(n):
                    put[at + width * q] = 0.0
                put[self.held + i] = put[self.deck + i] = 0.0
                continue
            a = ARTIST_OF[on_sale[i]]
            held = 0
            for q in range(n):
                k = counts[q][a]
                held += k
                put[at + width * ((q - seat) % n)] = GAIN[k]
            put[self.held + i] = held / WORKS_PER_ARTIST
            put[self.deck + i] = left[a] / WORKS_PER_ARTIST

    def later(self, put: Any, seat: int, fb: int, bidder: int) -> None:
        """The seats that bid after `bidder` this round."""
        mask = self.after[fb][bidder]
        if mask:
            at = self.later_at
            put[at : at + self.n] = self.sets[seat][mask]

    def reach(self, put: Any, gold: int, deck_size: int) -> None:
        """Rounds left per gold piece of the seat's own (plus one)."""
        x = deck_size / ON_SALE / (gold + 1) / REACH_MOST
        put[self.reach_at] = x if x < 1.0 else 1.0
