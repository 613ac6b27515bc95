"""No legal move breaks a bot: Q.E. bids have no upper limit (QE-5, QE-6), so games in which
opening bids run to thousands of digits are played to the end by every bot kind, each of its
moves accepted by the state, and the views (and their words), the result and the search's
rewards stay whole."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auctionhouse.bots import make_bot
from auctionhouse.bots.ismcts import rewards
from auctionhouse.core.players import Observation
from auctionhouse.games.qe import GAME

from ...conftest import examples

PLAIN = ("random", "heuristic")
SEARCH = ("ismcts:iterations=2", "ismcts:iterations=2:rollout=random:around=false")


def huge(rng: random.Random, digits: int) -> int:
    """A whole number of exactly `digits` digits."""
    return rng.randrange(10 ** (digits - 1), 10**digits)


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from((3, 4, 5)),
    seed=st.integers(0, 2**32),
    digits=st.lists(st.integers(1, 3000), min_size=1, max_size=8),
    plain=st.lists(st.sampled_from(PLAIN), min_size=5, max_size=5),
    search=st.sampled_from(SEARCH),
)
def test_every_bot_plays_legal_moves_to_the_end_through_huge_opening_bids(
    players, seed, digits, plain, search
):
    """Opening bids of up to 3,000 digits (the first opening of the game and, by chance, later
    ones) among random, heuristic and search bots: every move a bot makes is accepted."""
    rng = random.Random(seed)
    state = GAME.new_state(players, seed=seed, first_player=seed % players)
    specs = [search, *plain[: players - 1]]
    bots = [make_bot(spec, GAME, seed + p) for p, spec in enumerate(specs)]
    opens = list(digits)
    first = True
    while not state.is_over():
        p = state.next_actor()
        legal = state.legal_moves(p)
        if legal[0].kind == "open" and opens and (first or rng.random() < 0.4):
            move = ("open", huge(rng, opens.pop()))
            first = False
        else:
            move = bots[p].act(Observation(state, p, legal))
            assert any(mk.kind == move[0] and mk.accepts(move[1]) for mk in legal), (
                specs[p],
                move,
            )
        state.apply(p, move)  # raises on a move the rules refuse
    assert not first  # a huge opening bid was made
    for p in [None, *range(players)]:
        view = state.view(p)
        assert json.loads(json.dumps(view)) == view
        assert GAME.describe_view(view)
        assert all(GAME.describe_event(e) for e in view["log"])
    assert all(0 <= r <= 1 for r in rewards(state.result()))
