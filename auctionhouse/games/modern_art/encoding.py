"""Modern Art's encoding: a seat's view as a vector of floats, and its moves as ids.

- Seats are rotated (the observing seat first); every per-seat block follows that order.
- Categories are one-hot: the phase, the round, the lot's artist, the auctioneer and the high
  bidder, and the cards of each artist played this round (1..4, all 0 for none: the 5th card
  ends the round, so a view never shows 5). Counts with a known maximum are scaled by it: cards
  in hand per type by the most of one type in the deck in use, hand sizes by all the cards a
  hand is dealt, paintings by 4. Money (cash, the high bid, the fixed price, the seat's own
  sealed bid) is in units of the starting cash (100), clipped at 20: twice the most cash seen
  in any measured game (1014, random play; 669 with the heuristic).
- Other seats' cash is 0 with its `cash_shown` flag 0 unless the view shows it (the open_cash
  option, or the game's end): the vector holds nothing the view hides.
- Who acts is the view's `actors`; the auction's type follows from the phase and the lot's
  cards, so it has no block of its own. The view without its log holds no history (which
  cards were played, who paid what), so neither does the vector.
- A few numbers a player works out at a glance come last (`worth` to `margin`: what a painting
  of each artist may fetch this round, the lot's worth, the most the seat would pay for it and
  how far that is above what it must beat; `glance.py`). They are functions of the
  rest, given because a network learns products of one-hots slowly: a network imitating the
  heuristic got 96.4% of its decisions in held-out games right with them, 82.9% without (1,500
  games, the same network and 8 epochs).
- `observe` runs on every step: offsets are worked out once per seat, and it writes only the
  nonzero entries, with plain loops (comprehensions cost more on rows of five).

Actions: `play` and `add` take the card ids (artist * 5 + symbol) of the deck in use, `add`
only those that are not Doubles; `bid` and `price` take every amount 0..240 (`actions_text`
says why); `pass`, `buy`, `decline`, and with the mystery variant `skip` and `flip`, take none.
"""

from __future__ import annotations

from array import array

from ...core.actions import NoArg, Values
from ...core.encoding import Encoding, Feature
from .deck import (
    DOUBLE,
    NUM_ARTISTS,
    NUM_TYPES,
    SYMBOLS,
    all_cards,
    composition,
)
from .glance import NO_LOT_ARTIST, NOTHING_TO_BEAT, SIZE, beat_in, glance
from .state import DEAL, PHASE_NAMES, ROUNDS, START_CASH, TILES

# A lot returns at most 2 paintings x 120 (an artist gains at most 30 a round for 4 rounds):
# no bid or price above this can pay off.
AMOUNT_CAP = 2 * ROUNDS * TILES[0]
MONEY_CLIP = 20.0  # money is amount / 100, clipped here (2000)
MOST_PLAYED = 4  # cards of one artist played in a round that a view can show
_PER_VALUE = 1 / (ROUNDS * TILES[0])
_PER_TILE = 1 / TILES[0]
_PER_MONEY = 1 / START_CASH
_PER_PAINTING = 1 / MOST_PLAYED


class ModernArtEncoding(Encoding):
    game_name = "modern-art"
    amount_kinds = ("bid", "price")
    actions_text = (
        "`play` has one id per card type of the deck in use (25 with the standard deck), "
        "`add` one per type that is not a Double (20), `pass`, `buy` and `decline` one each "
        "(with the mystery variant `skip` and `flip` too); `bid` and `price` have one id per "
        f"amount 0..{AMOUNT_CAP}: the most a lot can ever return (two paintings of an artist "
        "worth 30 a round for 4 rounds), so no bid or price above it can pay off. Real play "
        "stays far below: in 8,000 games of the heuristic (2,000 each with 3 players, 3 with "
        "the mystery hand, 4 and 5 players; 2.4 million bids, 19,700 prices) the largest bid "
        "was 109 and the largest price 120; in 28 games of one ismcts seat against heuristics "
        "(every player count; 8,400 bids, 78 prices) 98 and 66. Random play, which draws "
        "prices over the whole cash, goes beyond: of 695,000 bids and 74,800 prices in 8,000 "
        "random games, 0.06% of bids (largest 368) and 2.1% of prices (largest 750) exceed "
        "240 and have no id. In an open auction whose high bid is 240 or more, a seat that "
        "passed since the last bid may still bid but has no id; it is not the next seat asked, "
        "so an environment never waits on it."
    )

    def __init__(self, game, players, options=None) -> None:
        super().__init__(game, players, options)
        n, at = players, self.offsets
        self._phase_at = {name: at["phase"] + i for i, name in enumerate(PHASE_NAMES)}
        # per observing seat: where each seat's entry lies in every per-seat block
        self._seat_at = [
            tuple([at[name] + (p - s) % n * width for p in range(n)] for name, width in _PER_SEAT)
            for s in range(n)
        ]
        self._at = tuple(at[name] + shift if name in at else -1 for name, shift in _SINGLE)
        self._glance_at = at["worth"]

    def build_features(self):
        n = self.players
        comp = composition(self.options["deck"])
        self._cards = sorted(set(all_cards(comp)))
        self._most_of_a_type = max(max(row) for row in comp)
        self._deck_cards = sum(map(sum, comp))
        self._mystery = self.options["mystery"]
        self._all_cash = self.options["open_cash"]
        deal = DEAL[4] if self._mystery else DEAL[n]
        self._most_in_hand = sum(deal)
        self._per_card = 1 / self._most_of_a_type
        self._per_hand = 1 / self._most_in_hand
        self._per_deck = 1 / self._deck_cards
        money = "/ 100, clipped at 20"
        # the order: what changes on nearly every move (looked up whole), then what is the
        # seat's own or seen from it (kept per seat), then the table as everyone sees it
        feats = [
            Feature("phase", len(PHASE_NAMES), "one-hot phase: " + ", ".join(PHASE_NAMES)),
            Feature("acting", n, "1 for each seat that may act now (the view's actors)"),
            Feature("auctioneer", n, "one-hot auctioneer of the lot (double offer or auction)"),
            Feature("high_bidder", n, "one-hot seat of the highest bid; all 0 if none"),
            Feature("passed", n, "open auction: 1 for each seat that passed since the last bid"),
            Feature("sealed", n, "hidden auction: 1 for each seat that has chosen its bid"),
            Feature("high_bid", 1, f"highest bid so far {money}; 0 if none", hi=MONEY_CLIP),
            Feature("my_bid", 1, f"own hidden bid {money}; 0 if none", hi=MONEY_CLIP),
            Feature("price", 1, f"fixed price named {money} (fixed-price auction)", hi=MONEY_CLIP),
            Feature(
                "hand",
                NUM_TYPES,
                "own cards of each type (id artist*5 + symbol) / "
                f"{self._most_of_a_type} (the most cards of one type in the deck)",
            ),
            Feature(
                "cash",
                n,
                f"each seat's cash {money}; 0 where not shown",
                hi=MONEY_CLIP,
            ),
            Feature(
                "cash_shown",
                n,
                "1 where the view shows the seat's cash (own; all with open_cash or at the end)",
            ),
            Feature(
                "hand_sizes",
                n,
                f"cards in each seat's hand / {self._most_in_hand} (all cards a hand is dealt)",
            ),
            Feature(
                "paintings",
                n * NUM_ARTISTS,
                f"per seat, paintings of each artist bought this round / {MOST_PLAYED}",
            ),
            Feature("round", ROUNDS, "one-hot round 1..4 (4 once the game is over)"),
        ]
        if self._mystery:
            feats.append(
                Feature("mystery_hand", 1, f"cards in the mystery hand / {self._most_in_hand}")
            )
        feats += [
            Feature("deck", 1, f"cards left to deal / {self._deck_cards} (the deck's cards)"),
            Feature(
                "values", NUM_ARTISTS, f"each artist's value (tiles so far) / {ROUNDS * TILES[0]}"
            ),
            Feature(
                "board",
                ROUNDS * NUM_ARTISTS,
                f"tile of each finished round per artist / {TILES[0]} (rounds in order)",
            ),
            Feature(
                "played",
                NUM_ARTISTS * MOST_PLAYED,
                "per artist, one-hot cards played this round 1..4 (all 0: none)",
            ),
            Feature("lot_artist", NUM_ARTISTS, "one-hot artist of the lot offered or on sale"),
            Feature(
                "lot_cards",
                len(SYMBOLS),
                "1 for each symbol among the lot's cards: " + ", ".join(SYMBOLS),
            ),
            # the numbers at a glance (glance.py): functions of the blocks above
            Feature(
                "worth",
                NUM_ARTISTS,
                "each artist's worth of a painting this round, reckoned plainly "
                "(glance.py) "
                f"{money}",
                hi=MONEY_CLIP,
            ),
            Feature(
                "lot_worth",
                1,
                f"the lot's worth: its artist's times its cards {money}",
                hi=MONEY_CLIP,
            ),
            Feature(
                "limit",
                1,
                "the most the seat would pay for the lot: 60% of its worth (90% in its own "
                f"auction), at most its cash {money}",
                hi=MONEY_CLIP,
            ),
            Feature(
                "margin",
                1,
                "the limit less the smallest raise (open and once-around auctions) or the fixed "
                f"price; 0 in other phases {money}, clipped at -20",
                lo=-MONEY_CLIP,
                hi=MONEY_CLIP,
            ),
        ]
        return feats

    def build_segments(self):
        segs = [NoArg("pass"), NoArg("buy"), NoArg("decline")]
        if self._mystery:
            segs += [NoArg("skip"), NoArg("flip")]
        segs += [
            Values("play", self._cards),
            Values("add", [c for c in self._cards if c % 5 != DOUBLE]),
            Values("bid", range(AMOUNT_CAP + 1)),
            Values("price", range(AMOUNT_CAP + 1)),
        ]
        return segs

    def observe(self, view: dict) -> array:
        seat = view["seat"]
        if seat is None:
            raise ValueError("an observation is a seat's, not a spectator's")
        o = self._observe_table(view, seat)
        mine = [0] * NUM_ARTISTS
        for c in view["hand"]:
            mine[c // 5] += 1
        auction = view["auction"]
        lot, cards, own, beat = NO_LOT_ARTIST, 0, False, NOTHING_TO_BEAT
        if auction is not None and "cards" in auction:
            lot, cards, own = (
                auction["cards"][0] // 5,
                len(auction["cards"]),
                auction["auctioneer"] == seat,
            )
            phase = PHASE_NAMES.index(view["phase"])
            beat = beat_in(phase, auction.get("high") or 0, auction.get("price", 0))
        at = self._glance_at
        o[at : at + SIZE] = array(
            "f",
            glance(view["played"], mine, view["values"], lot, cards, own, view["cash"][seat], beat),
        )
        return o

    def _observe_table(self, view: dict, seat: int) -> array:
        """Every block but the numbers at a glance."""
        acting, sizes, cash, shown, paintings, auctioneer, bidder, passed, sealed = self._seat_at[
            seat
        ]
        rnd, hand, mystery, deck, values, board, played, artist, symbols, high, my_bid, price = (
            self._at
        )
        o = self.blank()
        o[self._phase_at[view["phase"]]] = 1.0
        o[rnd + view["round"]] = 1.0
        for p in view["actors"]:
            o[acting[p]] = 1.0
        inc = self._per_card
        for c in view["hand"]:
            o[hand + c] += inc
        most = self._per_hand
        for p, k in enumerate(view["hand_sizes"]):
            o[sizes[p]] = k * most
        if mystery >= 0:
            o[mystery] = view["mystery_hand_size"] * most
        o[deck] = view["deck_size"] * self._per_deck
        if self._all_cash or view["over"]:
            for p, c in enumerate(view["cash"]):
                if c is not None:
                    x = c * _PER_MONEY
                    o[cash[p]] = x if x < MONEY_CLIP else MONEY_CLIP
                    o[shown[p]] = 1.0
        else:  # only the seat's own cash is shown
            x = view["cash"][seat] * _PER_MONEY
            o[cash[seat]] = x if x < MONEY_CLIP else MONEY_CLIP
            o[shown[seat]] = 1.0
        # loops over small rows, writing the nonzero entries: cheaper than comprehensions
        row = view["values"]
        if any(row):  # else no tile was ever placed: the board is all 0 too
            for v in row:
                if v:
                    o[values] = v * _PER_VALUE
                values += 1
            for row in view["board"]:
                for t in row:
                    if t:
                        o[board] = t * _PER_TILE
                    board += 1
        b = played
        for k in view["played"]:
            if k:
                o[b + k] = 1.0
            b += MOST_PLAYED
        for p, row in enumerate(view["paintings"]):
            if any(row):
                b = paintings[p]
                for k in row:
                    if k:
                        o[b] = k * _PER_PAINTING
                    b += 1
        auction = view["auction"]
        if auction is None or "cards" not in auction:  # no lot: play, mystery flip, over
            return o
        cards = auction["cards"]
        o[artist + cards[0] // 5] = 1.0
        for c in cards:
            o[symbols + c % 5] = 1.0
        o[auctioneer[auction["auctioneer"]]] = 1.0
        phase = view["phase"]
        if phase == "double_offer":
            return o
        x = auction["high"]
        if x is not None:
            x *= _PER_MONEY
            o[high] = x if x < MONEY_CLIP else MONEY_CLIP
            o[bidder[auction["high_bidder"]]] = 1.0
        if phase == "open_auction":
            for p in auction["passed"]:
                o[passed[p]] = 1.0
        elif phase == "hidden_auction":
            for p in auction["have_bid"]:
                o[sealed[p]] = 1.0
            x = auction["my_bid"]
            if x is not None:
                x *= _PER_MONEY
                o[my_bid] = x if x < MONEY_CLIP else MONEY_CLIP
        elif phase == "fixed_price_auction":
            x = auction["price"] * _PER_MONEY
            o[price] = x if x < MONEY_CLIP else MONEY_CLIP
        return o


# blocks with one entry per seat (name, entry width), in the order observe() unpacks them
_PER_SEAT = (
    ("acting", 1), ("hand_sizes", 1), ("cash", 1), ("cash_shown", 1),
    ("paintings", NUM_ARTISTS), ("auctioneer", 1), ("high_bidder", 1), ("passed", 1),
    ("sealed", 1),
)  # fmt: skip
# blocks read at one offset, less 1 where what they one-hot counts from 1 (the mystery hand's
# is -1 without the variant)
_SINGLE = (
    ("round", -1), ("hand", 0), ("mystery_hand", 0), ("deck", 0), ("values", 0), ("board", 0),
    ("played", -1), ("lot_artist", 0), ("lot_cards", 0), ("high_bid", 0), ("my_bid", 0),
    ("price", 0),
)  # fmt: skip
