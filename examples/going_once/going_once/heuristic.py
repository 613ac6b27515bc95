"""A Going Once bot by rules of thumb, from its seat's view only.

A coin left is a point, so a lot of value v is worth winning only below v. It bids `shade` of
the lot's value, rounded up, and one coin more at even odds (two of it would always tie), below
the value and within its coins; if every rival has fewer coins than that, one more than the
richest rival can pay is a sure win, and cheaper.
"""

from __future__ import annotations

from math import ceil

from auctionhouse.core import Move
from auctionhouse.core.players import Bot, Observation, Param


class GoingOnceHeuristic(Bot):
    name = "heuristic"
    params = {"shade": Param(float, 0.6, "share of the lot's value it bids", most=1.0)}

    def act(self, obs: Observation) -> Move:
        v = obs.view(log=False)
        me, coins, lot = v["seat"], v["coins"], v["lot"]
        bid = ceil(lot * self.settings["shade"]) + self.rng.randrange(2)
        bid = min(bid, coins[me], lot - 1)
        richest = max(c for q, c in enumerate(coins) if q != me)
        return ("bid", min(bid, richest + 1))
