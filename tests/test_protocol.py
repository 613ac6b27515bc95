"""Every registered game against the protocol: legal moves accepted, others refused with the
state unchanged, views JSON-safe and stable under determinization, clones independent, records
replaying exactly."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auctionhouse.games import all_games

from .protocol_checks import check_clone, check_replay, play_checked

CASES = [(g.name, n) for g in all_games() for n in range(g.min_players, g.max_players + 1)]


@pytest.mark.parametrize("name,players", CASES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1))
def test_random_games_keep_the_protocol(name, players, seed):
    from auctionhouse.games import get_game

    game = get_game(name)
    state = game.new_state(players, seed=seed)
    check_clone(state, seed)
    play_checked(state, seed)
    check_replay(state)


def test_sealed_bids_are_declared_secret():
    """Games with sealed bids say so (search bots and the server rely on it)."""
    from auctionhouse.games import get_game

    ma = get_game("modern-art").new_state(3, seed=1)
    qe = get_game("qe").new_state(3, seed=1)
    assert not ma.secret_moves()
    qe.apply(qe.next_actor(), ("open", 5))
    assert qe.secret_moves() and len(qe.actors()) == 2
    qe.apply(qe.next_actor(), ("bid", 3))
    assert qe.secret_moves()
