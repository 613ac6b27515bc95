"""The Modern Art heuristic bids in an open auction as people do: a few jumps towards what the
lot is worth to it, never past that nor its cash, so an auction takes a handful of bids (it
raised by 1, about 27 bids an auction among four heuristics)."""

from __future__ import annotations

from auctionhouse.core.players import Observation, make_bot
from auctionhouse.games import get_game
from auctionhouse.games.modern_art.heuristic import Reading, painting_values


def test_open_auctions_take_a_handful_of_bids_each_within_the_bidders_worth_and_cash():
    game = get_game("modern-art")
    auctions: list[int] = []
    for g in range(12):
        state = game.new_state(4, seed=300 + g)
        bots = [make_bot("heuristic", game, 10 * g + p) for p in range(4)]
        in_open, bids = False, 0  # in an open auction, and its bids so far
        while not state.is_over():
            p = state.next_actor()
            obs = Observation(state, p, state.legal_moves(p))
            move = bots[p].act(obs)
            view = obs.view(log=False)
            if view["phase"] == "open_auction":
                in_open, bids = True, bids if in_open else 0
                if move[0] == "bid":
                    r = Reading.of_view(view, p)
                    value = painting_values(r)[r.lot[0] // 5] * len(r.lot)
                    limit = min(r.cash, int(value * (0.9 if r.auctioneer == p else 0.6)))
                    assert move[1] <= limit, (g, p, move, value, r.cash)
                    bids += 1
            state.apply(p, move)
            if in_open and state.view(None, log=False)["phase"] != "open_auction":
                auctions.append(bids)
                in_open = False
    assert len(auctions) > 50
    assert sum(auctions) / len(auctions) < 10, sum(auctions) / len(auctions)
