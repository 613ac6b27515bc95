"""The art-dice encoding: everything on the table is public, so the observation is the table
seen from one seat (seats rotated: the observer first, then each next seat clockwise).

Choices:
- A collection is a one-hot count per artist (0..5 works): an artist scores the square of its
  count, which a one-hot makes linear. The works of each artist still in the deck follow from
  the view (an artist's 5 works less those in collections, on sale and out), as a player who
  counts cards knows them.
- A work on sale is its artist (two works of one artist are alike to every rule), its highest
  amount and leader, in the order of the places a bid splits over.
- Amounts (gold, bank, bids, scores) are scaled by their exact maximum (50 gold in all, a die's
  6, 9 complete artists); only the round number is unbounded (a work put up can come back on
  sale), clipped at 50.
- A few numbers a player works out at a glance are given too (`sale_held` to `gold_reach`, and
  `gain_r` in each seat's block): what each work on sale adds to each seat's score (2k+1 for its k works of the
  artist, AD-8), its artist's works held and still in the deck, the seats still to bid this
  round, and the rounds left per gold piece. A network can compute them from the table, but
  imitating the heuristic with them got 90% of its decisions right on held-out games, against
  75% without (1,500 games, the same network and epochs).

Speed: `observe` sets the numbers of the zero vector at precomputed offsets through a
memoryview (an array's own item assignment costs more), with scaled values looked up, not
divided. A collection changes only when its owner wins or puts up a work, so its block is
cached by its cards, along with its artists' counts packed in one int (3 bits an artist); the
packed counts of every collection, the works on sale and out give the counts out of the deck,
whose block is read from tables of three artists at a time.
"""

from __future__ import annotations

from array import array
from functools import lru_cache

from ...core.actions import NoArg, Splits, Values
from ...core.encoding import Encoding, Feature
from .cards import (
    ARTIST_OF,
    ARTISTS,
    CARDS,
    DIE,
    MAX_OWN_SALES,
    ON_SALE,
    TOTAL_GOLD,
    WORKS_PER_ARTIST,
)
from .glance import REACH_MOST, Glance

ROUND_CLIP = 50  # rounds from here on read as 1 (games last about 22, 41 the most seen)
MAX_SCORE = ARTISTS * WORKS_PER_ARTIST**2  # AD-8: every artist complete, 9 x 25
PHASES = {"sale": 0, "bid": 1, "over": 2}
COUNTS = WORKS_PER_ARTIST + 1  # one-hot places of a count 0..5
BLOCK = ARTISTS * COUNTS  # a collection's one-hot counts
CACHE_MOST = 20_000  # collection blocks remembered

# card -> a 1 in its artist's place of the packed counts (3 bits an artist: at most 5 works)
PACKED = tuple(1 << 3 * a for a in ARTIST_OF)
# x -> x scaled, for every x the view can hold (a lookup costs less than a division)
GOLD = tuple(x / TOTAL_GOLD for x in range(TOTAL_GOLD + 1))
SCORE = tuple(x / MAX_SCORE for x in range(MAX_SCORE + 1))
AMOUNT = tuple(x / DIE for x in range(DIE + 1))  # an amount placed is at most a die roll


def _triples() -> tuple[list, list]:
    """Packed counts of three artists (9 bits) -> their one-hot counts (18 numbers), and their
    works left in the deck / 5 (3 numbers); None where a count is above 5."""
    ones, left = [], []
    for v in range(1 << 9):
        counts = [v >> 3 * j & 7 for j in range(3)]
        if max(counts) > WORKS_PER_ARTIST:
            ones.append(None)
            left.append(None)
            continue
        block = array("f", bytes(4 * 3 * COUNTS))
        for j, k in enumerate(counts):
            block[j * COUNTS + k] = 1.0
        ones.append(block)
        left.append(array("f", [(WORKS_PER_ARTIST - k) / WORKS_PER_ARTIST for k in counts]))
    return ones, left


ONES, LEFT = _triples()


@lru_cache(maxsize=CACHE_MOST)
def _collection(cards: tuple) -> tuple[array, int]:
    """A collection's block (one-hot count per artist) and its packed counts."""
    p = 0
    for c in cards:
        p += PACKED[c]
    return ONES[p & 511] + ONES[p >> 9 & 511] + ONES[p >> 18], p


def seat_features(r: int) -> list[Feature]:
    """The block of the seat r places after the viewer (0: the viewer); the blocks follow
    each other, so a tracker rotates them all in one move."""
    who = "the viewer" if r == 0 else f"the seat {r} after the viewer"
    return [
        Feature(f"gold_{r}", 1, f"{who}: gold in hand (less what it placed) / {TOTAL_GOLD}"),
        Feature(f"score_{r}", 1, f"{who}: score now / {MAX_SCORE} (all 9 artists complete)"),
        Feature(f"bids_{r}", ON_SALE, f"{who}: its amount on each place this round / {DIE}"),
        Feature(
            f"collection_{r}",
            ARTISTS * COUNTS,
            f"{who}: each artist, one-hot count of its works in the collection, 0..5",
        ),
        Feature(
            f"gain_{r}",
            ON_SALE,
            f"{who}: each place, the points its work would add to the score, 2k+1 for k works "
            f"of that artist held (AD-8), / {2 * WORKS_PER_ARTIST + 1} (0: empty place)",
        ),
    ]


class ArtDiceEncoding(Encoding):
    game_name = "art-dice"
    split_kinds = ("bid",)
    actions_text = (
        "`sell` takes a card id (0..44: one id per card, although two works of one artist are "
        "alike to every rule), `draw` and `pass` no argument. `bid` is a split of amounts over "
        "the works on sale, in their order: every triple of amounts with a total of at most 6 "
        "has an id (84 ids; 0,0,0 is never legal), and a bid over fewer works uses the triples "
        "whose extra amounts are 0. No legal bid is beyond them: a bid's total is at most the "
        "die roll (AD-4) and at most 3 works are on sale (AD-3), so the mask is exactly the "
        "legal moves, with no cap and no discretization."
    )

    def build_features(self):
        n = self.players
        return [
            Feature("phase", 3, "one-hot: the first bidder puts up works (sale), bid, over"),
            Feature("round", 1, f"the round number / {ROUND_CLIP}, clipped at 1"),
            Feature("first_bidder", n, "one-hot seat of this round's first bidder"),
            Feature(
                "banker", n, "one-hot seat of the banker (right of the first round's first bidder)"
            ),
            Feature("bidder", n, "one-hot seat whose bid it is (all 0 outside bidding)"),
            Feature("roll", DIE, "one-hot die roll 1..6 of the bidder (all 0 outside bidding)"),
            Feature("own_sales", MAX_OWN_SALES + 1, "one-hot: own works put up this round, 0..2"),
            Feature("no_sale_rounds", n + 1, f"one-hot: rounds in a row without a sale, 0..{n}"),
            Feature("deck_size", 1, f"cards left in the deck / {CARDS}"),
            Feature("bank", 1, f"gold in the bank / {TOTAL_GOLD}"),
            Feature(
                "sale_artist",
                ON_SALE * ARTISTS,
                "each of the 3 places on sale, in the bid's order: one-hot artist (all 0: empty)",
            ),
            Feature("sale_highest", ON_SALE, f"each place: its highest amount this round / {DIE}"),
            Feature(
                "sale_leader",
                ON_SALE * n,
                "each place: one-hot seat of its highest amount (all 0: none yet)",
            ),
            Feature(
                "deck_artists",
                ARTISTS,
                f"each artist: works still in the deck / {WORKS_PER_ARTIST} (all cards less the "
                "collections, works on sale and out)",
            ),
            Feature(
                "out",
                ARTISTS,
                f"each artist: works that went to nobody at the end (AD-7) / {WORKS_PER_ARTIST}",
            ),
            Feature(
                "sale_held",
                ON_SALE,
                f"each place: works of its artist in the collections / {WORKS_PER_ARTIST}",
            ),
            Feature(
                "sale_deck",
                ON_SALE,
                f"each place: works of its artist still in the deck / {WORKS_PER_ARTIST}",
            ),
            Feature("later", n, "each seat: 1 if it bids after the bidder this round"),
            Feature(
                "gold_reach",
                1,
                f"rounds left (deck / {ON_SALE}) per own gold piece plus one, / {REACH_MOST}, "
                "clipped at 1",
            ),
            *(f for r in range(n) for f in seat_features(r)),
        ]

    def build_segments(self):
        return [
            Values("sell", range(CARDS)),
            NoArg("draw"),
            Splits("bid", ON_SALE, DIE),
            NoArg("pass"),
        ]

    def __init__(self, game, players, options=None) -> None:
        super().__init__(game, players, options)
        n = players
        o = self.offsets
        self._phase = {name: o["phase"] + i for name, i in PHASES.items()}
        self._round = o["round"]
        self._roll = o["roll"] - 1  # roll r at _roll + r
        self._sales = o["own_sales"]
        self._nosale = o["no_sale_rounds"]
        self._deck_size = o["deck_size"]
        self._bank = o["bank"]
        self._highest = o["sale_highest"]
        self.seat_width = w = sum(f.size for f in seat_features(0))
        self._gold = o["gold_0"]
        self._scores = o["score_0"]
        self._deck = o["deck_artists"]
        self._out = o["out"]
        self.glance = Glance(o, n, self.seat_width)
        # place i, card c -> the index of its artist in the place's one-hot
        at = o["sale_artist"]
        self._sale = [
            [at + i * ARTISTS + ARTIST_OF[c] for c in range(CARDS)] for i in range(ON_SALE)
        ]
        # per observing seat: where each seat (absolute) goes in each per-seat block
        self._seats = []
        for s in range(n):
            place = [(q - s) % n for q in range(n)]
            at = o["sale_leader"]
            self._seats.append(
                (
                    [o["first_bidder"] + p for p in place],
                    [o["banker"] + p for p in place],
                    [o["bidder"] + p for p in place],
                    [o["gold_0"] + p * w for p in place],
                    [[at + i * n + p for p in place] for i in range(ON_SALE)],
                    [o["bids_0"] + p * w for p in place],
                    [o["collection_0"] + p * w for p in place],
                )
            )

    def observe(self, view):
        seat = view["seat"]
        if seat is None:
            self.rotate(view)  # raises: an observation is a seat's
        fb, banker, bidder, gold, leader, bids, colls = self._seats[seat]
        obs = self.blank()
        put = memoryview(obs)  # sets a float for less than the array does
        phase = view["phase"]
        put[self._phase[phase]] = 1.0
        r = view["round"]
        put[self._round] = r / ROUND_CLIP if r < ROUND_CLIP else 1.0
        put[fb[view["first_bidder"]]] = 1.0
        put[banker[view["banker"]]] = 1.0
        put[self._sales + view["own_sales"]] = 1.0
        put[self._nosale + view["no_sale_rounds"]] = 1.0
        put[self._deck_size] = view["deck_size"] / CARDS
        put[self._bank] = GOLD[view["bank"]]
        # by index: a zip(strict=...) costs more than the loop
        d = self._scores - self._gold  # each seat's score this far after its gold
        scores = view["scores"]
        for q, x in enumerate(view["gold"]):
            i = gold[q]
            put[i] = GOLD[x]
            put[i + d] = SCORE[scores[q]]

        packed = 0
        sale = self._sale
        on_sale = view["on_sale"]
        for i, c in enumerate(on_sale):
            put[sale[i][c]] = 1.0
            packed += PACKED[c]
        if phase == "bid":
            put[bidder[view["bidder"]]] = 1.0
            put[self._roll + view["roll"]] = 1.0
            at = self._highest
            leaders = view["leaders"]
            for i, x in enumerate(view["highest"]):
                if x:
                    put[at + i] = AMOUNT[x]
                    put[leader[i][leaders[i]]] = 1.0
            for q, row in enumerate(view["bids"]):
                if any(row):  # only seats that bid this round
                    for i, x in enumerate(row, bids[q]):
                        put[i] = AMOUNT[x]
        out = view["out"]
        if out:
            counts = [0] * ARTISTS
            for c in out:
                counts[ARTIST_OF[c]] += 1
                packed += PACKED[c]
            at = self._out
            for a, k in enumerate(counts):
                put[at + a] = k / WORKS_PER_ARTIST

        packs = []  # each collection's packed counts
        for q, cards in enumerate(view["collections"]):
            found = _collection(tuple(cards))
            at = colls[q]
            obs[at : at + BLOCK] = found[0]
            packed += found[1]
            packs.append(found[1])
        at = self._deck
        obs[at : at + 3] = LEFT[packed & 511]
        obs[at + 3 : at + 6] = LEFT[packed >> 9 & 511]
        obs[at + 6 : at + 9] = LEFT[packed >> 18]
        counts = [[p >> 3 * a & 7 for a in range(ARTISTS)] for p in packs]
        left = [WORKS_PER_ARTIST - (packed >> 3 * a & 7) for a in range(ARTISTS)]
        glance = self.glance
        glance.sale(put, seat, on_sale, counts, left)
        if phase == "bid":
            glance.later(put, seat, view["first_bidder"], view["bidder"])
        glance.reach(put, view["gold"][seat], view["deck_size"])
        return obs
