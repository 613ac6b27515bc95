"""ISMCTS with the learned network as its guide, its playout policy or its leaf value: legal
moves in every game, the same moves for the same seed, and bad settings refused."""

from __future__ import annotations

import pytest

from auctionhouse.bots.registry import make_bot
from auctionhouse.core import OptionError
from auctionhouse.core.players import Observation
from auctionhouse.games import get_game

GAMES = ["modern-art", "ratzia", "qe", "art-dice"]
WAYS = ["guide=learned:iterations=2", "rollout=learned:iterations=2", "value=learned:iterations=8"]


def play(game: str, spec: str, seed: int, most: int = 40) -> list:
    """The first `most` moves of a game with the searching bot in seat 0 and heuristics."""
    g = get_game(game)
    bots = [make_bot(spec, g, seed=seed)] + [make_bot("heuristic", g, seed=p) for p in (1, 2)]
    state = g.new_state(3, seed=seed)
    while not state.is_over() and len(state.history) < most:
        p = state.next_actor()
        state.apply(
            p, bots[p].act(Observation(state, p, state.legal_moves(p)))
        )  # raises if illegal
    return state.history


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("way", WAYS)
def test_search_with_the_network_plays_legal_moves_repeatably(tiny_policy, game, way):
    spec = f"ismcts:{way}:weights={tiny_policy(game)}"
    first = play(game, spec, seed=4)
    assert first == play(game, spec, seed=4)


def test_leaf_values_are_each_seats(tiny_policy):
    from auctionhouse.bots.learned import LearnedBot

    g = get_game("qe")
    bot = LearnedBot(weights=tiny_policy("qe"))
    state = g.new_state(3, seed=2)
    values = bot.values(state)
    assert len(values) == 3 and all(isinstance(v, float) for v in values)


@pytest.mark.parametrize(
    "spec, words",
    [
        ("ismcts:guide=random", "guide is heuristic or learned"),
        ("ismcts:value=heuristic", "value is playout or learned"),
        ("ismcts:rollout=ismcts", "rollout is heuristic, learned or random"),
    ],
)
def test_bad_choices_are_refused(spec, words):
    with pytest.raises(OptionError, match=words):
        make_bot(spec, get_game("qe"))


def test_weights_for_another_game_are_refused(tiny_policy):
    bot = make_bot(f"learned:weights={tiny_policy('qe')}", get_game("ratzia"))
    state = get_game("ratzia").new_state(3, seed=1)
    p = state.next_actor()
    with pytest.raises(OptionError, match="for qe at 3 players, not ratzia"):
        bot.act(Observation(state, p, state.legal_moves(p)))
