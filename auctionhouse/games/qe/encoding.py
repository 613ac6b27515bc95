"""Q.E.'s encoding: a seat's view as a vector of floats, and its moves as ids.

Choices:
- Seats are rotated (the observing seat first); every per-seat block follows that order.
- Tiles are indexed among the tiles in play (16 with 3-4 players, 15 with 5), in tile id order;
  nations and industries by their ids (US, EU, CN, JP, UK; Agriculture .. Government).
- Money has no upper limit (QE-6), so every amount is `log2(1 + x) / 8`, clipped at 2 (x of
  65,535 or more): 1 is 255, and the amounts of real play (bids mostly under 20, totals under
  160) spread over 0..0.92.
- Past auctions are kept one slot per turn (winner, open bid, the winning amount where known,
  own last bid, ties) and summed per seat into what is known of its spending: the amounts
  known, the auctions it won at an amount unknown here, and the least it can have spent (an
  unknown amount is above the open bid, and above the observing seat's last bid in that
  auction unless QE-8's third tie settled it).
- The auctioneer's sight of every bid (QE-7) enters for the auction in progress (each seat's
  latest bid of the rounds already compared).
- Left out: the tiles still to come (the tiles in play less those owned and the one on sale: a
  model can subtract), which tile each turn sold, who bid 0 in which auction (the marks per
  round are in), which auction another seat peeked at (whether it has used its peek is in), and
  the bids a seat saw as the auctioneer of a past auction.

Actions: `open` and `bid` take amounts of one ladder (every amount 0..50, then geometric steps to
10,000; see `actions_text`), `open` from 1; with 5 players `peek` takes the turn of a finished
auction.
"""

from __future__ import annotations

from array import array
from math import log2

from ...core.actions import Values
from ...core.encoding import Encoding, Feature
from .tiles import NUM_TILES, TILES_IN_PLAY

EXACT = 50  # every amount 0..EXACT has an id
MOST = 10_000  # the ladder's last amount
STEPS = 24  # geometric steps from EXACT to MOST (a ratio of about 1.25)
LADDER = tuple(range(EXACT + 1)) + tuple(
    round(EXACT * (MOST / EXACT) ** (k / STEPS)) for k in range(1, STEPS + 1)
)

MONEY_CLIP = 2.0  # money is log2(1 + x) / 8, clipped here: at x = 65,535 and above
_TABLE = 1 << 16
_MONEY = [log2(1 + x) / 8 for x in range(_TABLE)]  # money() below the clip, looked up
PHASES = ("open_bid", "sealed_bid", "rebid", "last_turn", "over")
MOST_TIES = 3  # QE-8: the third tie settles the auction
NATIONS = INDUSTRIES = 5


def money(x: int) -> float:
    """An amount on the observation's scale (any size of int)."""
    return _MONEY[x] if x < _TABLE else MONEY_CLIP


class QEEncoding(Encoding):
    game_name = "qe"
    amount_kinds = ("open", "bid")
    actions_text = (
        "Q.E.'s bids have no upper limit (QE-6), so `open` and `bid` share a ladder of "
        f"amounts: every amount 0..{EXACT} (`open` from 1), then {STEPS} geometric steps (a "
        f"ratio of about 1.25, rounded to whole numbers) up to {MOST:,}: "
        + ", ".join(map(str, LADDER[EXACT + 1 : EXACT + 5]))
        + f", ..., {MOST:,}. Other amounts have no id (the native API still takes them). Real "
        "play stays inside the exact range; measured over 3, 4 and 5 players and 4 with "
        "seed_literal: in 8,000 games of the heuristic (551,166 opening bids and bids) the "
        "largest amount was 18; in 8,000 random games (515,241) 22; in 16,000 games of "
        "heuristic seats among random ones (557,369 amounts of the heuristic, which bids up "
        "against free spenders) 43; in 160 games of one ismcts seat among heuristics (2,725 "
        "amounts of the ismcts seat, 10 iterations a move) 25. The ladder holds all of them exactly (100%); the "
        "steps above 50 leave room for a learner that outbids real players by far. With 5 "
        "players `peek` has one id per auction whose winning amount a seat may look at: the "
        "turns 0..13 (QE-11)."
    )

    def __init__(self, game, players, options=None) -> None:
        super().__init__(game, players, options)
        n, at = players, self.offsets
        self._pos = tuple(tuple((q - s) % n for q in range(n)) for s in range(n))
        self._phase_at = {name: at["phase"] + i for i, name in enumerate(PHASES)}
        self._at = tuple(at.get(name, -1) for name in _BLOCKS)

    def build_features(self):
        n = self.players
        tiles = TILES_IN_PLAY[n]
        self._turns = t = len(tiles)
        self._tile_at = [tiles.index(x) if x in tiles else -1 for x in range(NUM_TILES)]
        self._zero_rule = n > 3  # QE-9
        self._peek_rule = n == 5  # QE-11
        self._token_rule = not self.options.get("seed_literal", False)  # QE-3, QE-15
        self._rounds = r = (t + n - 1) // n
        tile_list = ", ".join(map(str, tiles))
        m = "log2(1 + amount) / 8, clipped at 2"
        feats = [
            Feature("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES)),
            Feature("turn", t, f"one-hot turn 0..{t - 1} (all 0 once the game is over)"),
            Feature("first_auctioneer", n, "one-hot seat of the first auctioneer (QE-4)"),
            Feature("nations", n * NATIONS, "per seat, one-hot nation US, EU, CN, JP, UK"),
        ]
        if self._token_rule:
            feats.append(Feature("token", INDUSTRIES, "one-hot own industry token (QE-3)"))
        feats += [
            Feature(
                "owned",
                n * t,
                f"per seat, 1 for each tile it owns; tiles in play in id order ({tile_list})",
            ),
        ]
        if self._zero_rule:
            feats.append(
                Feature("zero_marks", n * r, f"per seat, 1 for each round 0..{r - 1} it marked")
            )
        if self._peek_rule:
            feats.append(Feature("peeked", n, "1 for each seat that has used its peek (QE-11)"))
        feats += [
            Feature("spent", 1, f"own total spending: {m}", hi=MONEY_CLIP),
            Feature(
                "spent_known",
                n,
                f"per seat, the total of its winning amounts known here: {m}",
                hi=MONEY_CLIP,
            ),
            Feature(
                "spent_least",
                n,
                "per seat, the least it can have spent: the amounts known, plus for each "
                f"unknown one 1 above the open bid (or the own last bid, if higher and no "
                f"third tie settled it); {m}",
                hi=MONEY_CLIP,
            ),
            Feature(
                "unknown_wins",
                n,
                f"per seat, auctions it won at an amount unknown here / {t}",
            ),
            Feature("tile", t, "one-hot tile of the auction in progress"),
            Feature("auctioneer", n, "one-hot auctioneer now (all 0: 3-player last turn)"),
            Feature("open", 1, f"opening bid now (0 before it is made): {m}", hi=MONEY_CLIP),
            Feature(
                "ties",
                2 * n,
                "the auction in progress: for its 1st and 2nd tie, 1 for each tied seat",
            ),
            Feature("waiting", n, "1 for each seat the round still waits for (to open, or to bid)"),
            Feature(
                "my_bids", MOST_TIES, f"own bids in this auction, in order: {m}", hi=MONEY_CLIP
            ),
            Feature("my_bid_made", MOST_TIES, "1 for each own bid made in this auction"),
            Feature(
                "seen_bids",
                n,
                f"as the auctioneer in a rebid: each seat's latest bid of the rounds compared; {m}",
                hi=MONEY_CLIP,
            ),
            Feature("seen", n, "1 for each seat whose bid seen_bids holds"),
            Feature(
                "past_winner",
                t * n,
                "per turn 0.., one-hot winner of its auction (all 0: no winner, or not finished)",
            ),
            Feature(
                "past_open",
                t,
                f"per turn, the opening bid of its finished auction: {m}",
                hi=MONEY_CLIP,
            ),
            Feature(
                "past_amount",
                t,
                f"per turn, the winning amount if known here, else 0 (an amount is 1 or more): {m}",
                hi=MONEY_CLIP,
            ),
            Feature(
                "past_my_bid", t, f"per turn, own last bid in it (0 if none): {m}", hi=MONEY_CLIP
            ),
            Feature(
                "past_bid_made",
                t,
                "per turn, 1 if this seat bid in it (every seat but the auctioneer)",
            ),
            Feature("past_ties", t, f"per turn, the ties of its auction / {MOST_TIES}"),
        ]
        return feats

    def build_segments(self):
        segs = [Values("open", LADDER[1:]), Values("bid", LADDER)]
        if self._peek_rule:
            segs.append(Values("peek", range(self._turns - 1)))
        return segs

    def observe(self, view: dict) -> array:
        seat = view["seat"]
        if seat is None:
            raise ValueError("an observation is a seat's, not a spectator's")
        n, t = self.players, self._turns
        pos = self._pos[seat]
        tile_at = self._tile_at
        table, clip, top = _MONEY, _TABLE, MONEY_CLIP
        (
            turn_at, first, nations, token, owned, marks_at, peeked, spent, spent_known,
            spent_least, unknown_wins, tile, auctioneer, open_at, ties_at, waiting, my_bids,
            my_bid_made, seen_bids, seen, past_winner, past_open, past_amount, past_my_bid,
            past_bid_made, past_ties,
        ) = self._at  # fmt: skip
        o = self.blank()
        o[self._phase_at[view["phase"]]] = 1.0
        k = view["turn"]
        if k < t:
            o[turn_at + k] = 1.0
        o[first + pos[view["first_auctioneer"]]] = 1.0
        for q, x in enumerate(view["nations"]):
            o[nations + pos[q] * NATIONS + x] = 1.0
        if token >= 0:
            o[token + view["token"]] = 1.0
        for q, tiles in enumerate(view["owned"]):
            row = owned + pos[q] * t
            for x in tiles:
                o[row + tile_at[x]] = 1.0
        if marks_at >= 0:
            r = self._rounds
            for q, rounds in enumerate(view["zero_marks"]):
                row = marks_at + pos[q] * r
                for k in rounds:
                    o[row + k] = 1.0
        if peeked >= 0:
            for q, k in enumerate(view["peeks"]):
                if k is not None:
                    o[peeked + pos[q]] = 1.0
        x = view["spent"]
        o[spent] = table[x] if x < clip else top

        # the finished auctions, one slot per turn, and what they tell of each seat's spending
        known = [0] * n
        least = [0] * n
        unknown = [0] * n
        for k, a in enumerate(view["auctions"]):
            lo = a["open"]
            if lo is None:  # the 3-player last turn
                lo = 0
            else:
                o[past_open + k] = table[lo] if lo < clip else top
            ties = a["ties"]
            if ties:
                o[past_ties + k] = len(ties) / MOST_TIES
            bids = a["my_bids"]
            if bids:
                y = bids[-1]
                o[past_my_bid + k] = table[y] if y < clip else top
                o[past_bid_made + k] = 1.0
            w = a["winner"]
            if w is not None:
                o[past_winner + k * n + pos[w]] = 1.0
                x = a["amount"]
                if x is None:
                    unknown[w] += 1
                    if bids and bids[-1] > lo and len(ties) < MOST_TIES:
                        lo = bids[-1]  # the winner beat it too (QE-7; not so after QE-8's 3rd tie)
                    least[w] += lo + 1
                else:
                    o[past_amount + k] = table[x] if x < clip else top
                    known[w] += x
        for q in range(n):
            x = known[q]
            if x:
                o[spent_known + pos[q]] = table[x] if x < clip else top
            if unknown[q]:
                x += least[q]
                o[unknown_wins + pos[q]] = unknown[q] / t
            if x:
                o[spent_least + pos[q]] = table[x] if x < clip else top

        a = view["auction"]
        if a is None:
            return o
        o[tile + tile_at[a["tile"]]] = 1.0
        q = a["auctioneer"]
        if q is not None:
            o[auctioneer + pos[q]] = 1.0
        x = a["open"]
        if x is not None:
            o[open_at] = table[x] if x < clip else top
        for tied in a["ties"]:
            for q in tied:
                o[ties_at + pos[q]] = 1.0
            ties_at += n
        for q in a["waiting"]:
            o[waiting + pos[q]] = 1.0
        for i, x in enumerate(a["my_bids"]):
            o[my_bids + i] = table[x] if x < clip else top
            o[my_bid_made + i] = 1.0
        rounds = a.get("bids")
        if rounds:
            for row in rounds:
                for q, x in enumerate(row):
                    if x is not None:
                        o[seen_bids + pos[q]] = table[x] if x < clip else top
                        o[seen + pos[q]] = 1.0
        return o


# the feature blocks observe() writes, in the order it unpacks them (-1: not at this count)
_BLOCKS = (
    "turn", "first_auctioneer", "nations", "token", "owned", "zero_marks", "peeked",
    "spent", "spent_known", "spent_least", "unknown_wins", "tile", "auctioneer", "open", "ties",
    "waiting", "my_bids", "my_bid_made", "seen_bids", "seen", "past_winner", "past_open",
    "past_amount", "past_my_bid", "past_bid_made", "past_ties",
)  # fmt: skip
