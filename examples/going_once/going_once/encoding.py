"""Going Once's encoding: a seat's view as floats (seats rotated, the observer first) and its
bids as action ids 0..coins. Everything but the sealed bids is public; the lot values are
one-hot (1..lots), coins scaled by the starting coins, points by the lots' total."""

from __future__ import annotations

from array import array

from auctionhouse.core.actions import Values
from auctionhouse.core.encoding import Encoding, Feature


class GoingOnceEncoding(Encoding):
    game_name = "going-once"
    amount_kinds = ("bid",)
    actions_text = "A bid of x coins is action x, from 0 up to the coins a seat starts with."

    def build_features(self):
        n, lots = self.players, self.options["lots"]
        self._coins, self._total = self.options["coins"], lots * (lots + 1) // 2
        return [
            Feature("over", 1, "1 once the game is over"),
            Feature("round", lots, "one-hot round 1.. under way (all 0 once over)"),
            Feature("lot", lots, "one-hot value 1.. of the lot up"),
            Feature("lots_left", lots, "1 for each value 1.. still face down"),
            Feature("coins", n, "per seat, its coins / the starting coins"),
            Feature("points", n, "per seat, the value of its lots / all lots' value"),
            Feature("to_bid", n, "1 for each seat still to bid this round"),
            Feature("my_bid", 2, "own sealed bid of this round / the starting coins; 1 if made"),
        ]

    def build_segments(self):
        return [Values("bid", range(self._coins + 1))]

    def observe(self, view: dict) -> array:
        pos = self.rotate(view)  # seats in observation order
        at, o = self.offsets, self.blank()
        if view["over"]:
            o[at["over"]] = 1.0
        else:
            o[at["round"] + view["round"] - 1] = 1.0
            o[at["lot"] + view["lot"] - 1] = 1.0
        for x in view["lots_left"]:
            o[at["lots_left"] + x - 1] = 1.0
        for i, q in enumerate(pos):
            o[at["coins"] + i] = view["coins"][q] / self._coins
            o[at["points"] + i] = sum(view["won"][q]) / self._total
            o[at["to_bid"] + i] = float(q in view["actors"])
        if view["my_bid"] is not None:
            o[at["my_bid"]] = view["my_bid"] / self._coins
            o[at["my_bid"] + 1] = 1.0
        return o
