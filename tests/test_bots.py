"""Bots: the registry and its parameter syntax, the random bot's draws, candidate moves, and
ISMCTS playing legal moves from its own view in every game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auctionhouse.arena.runner import play
from auctionhouse.bots import make_bot
from auctionhouse.bots.candidates import amount_points, candidate_moves, split_points
from auctionhouse.bots.random_bot import RandomBot
from auctionhouse.core import MoveKind, OptionError, random_arg
from auctionhouse.core.players import Observation
from auctionhouse.games import all_games, get_game


def test_specs_with_parameters_are_parsed_and_checked():
    g = get_game("modern-art")
    bot = make_bot("ismcts:iterations=20:c=1.2:rollout=random", g, 1)
    assert bot.settings["iterations"] == 20 and bot.settings["c"] == 1.2
    assert bot.spec() == "ismcts:iterations=20:c=1.2:rollout=random"
    for spec, message in [
        ("ismcts:depth=3", "no parameter 'depth'"),
        ("ismcts:iterations=many", "iterations takes a int"),
        ("ismcts:iterations=-1", "must not be negative"),
        ("ismcts:iterations", "key=value"),
        ("ismcts:rollout=smart", "rollout is random or heuristic"),
        ("wizard", "unknown bot 'wizard'"),
    ]:
        with pytest.raises(OptionError, match=message):
            make_bot(spec, g, 1)


kinds = st.one_of(
    st.builds(
        lambda lo, w, sp: MoveKind("bid", lo, lo + w, span=sp),
        st.integers(0, 50),
        st.integers(0, 200),
        st.sampled_from([None, 10, 40]),
    ),
    st.builds(
        lambda lo, sp: MoveKind("bid", lo, None, span=sp),
        st.integers(0, 10**12),
        st.integers(1, 50),
    ),
    st.builds(
        lambda cs: MoveKind("play", choices=tuple(sorted(set(cs)))),
        st.lists(st.integers(0, 30), min_size=1),
    ),
    st.just(MoveKind("pass")),
)


@given(legal=st.lists(kinds, min_size=1, max_size=3), seed=st.integers(0, 2**32))
def test_the_random_bot_draws_exactly_as_random_arg_describes(legal, seed):
    bot = RandomBot(seed)
    ref = random.Random(seed)
    for _ in range(5):
        move = bot.choose(legal)
        mk = legal[int(ref.random() * len(legal))] if len(legal) > 1 else legal[0]
        assert move == (mk.kind, random_arg(mk, ref))
        assert mk.accepts(move[1])
        if mk.span is not None and mk.lo is not None:
            assert move[1] <= mk.lo + mk.span


@given(
    parts=st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=1, max_size=4),
    lo=st.integers(0, 2),
    hi=st.integers(0, 8),
    seed=st.integers(0, 1000),
)
def test_random_splits_are_always_accepted(parts, lo, hi, seed):
    mk = MoveKind("bid", lo, hi, parts=tuple(parts))
    rng = random.Random(seed)
    for _ in range(10):
        arg = random_arg(mk, rng)
        feasible = any(mk.accepts(c) for c in split_points(mk))
        assert mk.accepts(arg) or not feasible


def test_candidate_amounts_spread_from_the_minimum():
    assert amount_points(3, 100, 40, 5) == [3, 23, 43, 63, 83]
    assert amount_points(3, 10, 40, 5) == [3, 5, 7, 8, 10]
    assert amount_points(7, 7, 40, 5) == [7]
    assert amount_points(1, None, 10, 3) == [1, 11, 21]
    moves = candidate_moves([MoveKind("pass"), MoveKind("play", choices=(4, 9))])
    assert moves == [("pass", None), ("play", 4), ("play", 9)]


@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_ismcts_plays_legal_moves_from_determinizations_only(name):
    game = get_game(name)
    state = game.new_state(3 if game.max_players >= 3 else 2, seed=11)
    bots = [make_bot("ismcts:iterations=2:rollout=random", game, 1)] + [
        make_bot("random", game, p) for p in range(1, state.num_players)
    ]
    seen = []

    class Spy(Observation):
        def determinize(self, rng):
            det = super().determinize(rng)
            seen.append(
                det is not self._state and det.view(self.seat) == self._state.view(self.seat)
            )
            return det

    while not state.is_over():
        p = state.next_actor()
        legal = state.legal_moves(p)
        obs = (Spy if p == 0 else Observation)(state, p, legal)
        state.apply(p, bots[p].act(obs))
    assert state.is_over() and seen and all(seen)


def test_ismcts_beats_random_bots_in_a_short_match():
    game = get_game("modern-art")
    wins = 0.0
    for g in range(4):
        state = game.new_state(3, seed=100 + g)
        bots = [make_bot("random", game, 10 * g + p) for p in range(3)]
        bots[g % 3] = make_bot("ismcts:iterations=4:rollout=random", game, g)
        play(state, bots)
        wins += state.result().shares()[g % 3]
    assert wins >= 2  # a third would be chance


HEURISTIC_CASES = [
    (g.name, n)
    for g in all_games()
    if "heuristic" in g.bots()
    for n in range(g.min_players, g.max_players + 1)
]


@pytest.mark.parametrize("name,players", HEURISTIC_CASES)
def test_every_heuristic_plays_only_legal_moves(name, players):
    """Against random bots and against itself, every move it makes is one of its legal moves."""
    from auctionhouse.core.rng import derive_seed

    from .conftest import examples
    from .protocol_checks import play_bots

    game = get_game(name)
    rng = random.Random(players)
    for g in range(examples(150)):
        seed = derive_seed(players, f"{name}/{g}")
        kinds = ["heuristic"] * players
        if g % 3:
            kinds = [rng.choice(("heuristic", "random")) for _ in range(players)]
            kinds[g % players] = "heuristic"
        bots = [make_bot(k, game, seed + p) for p, k in enumerate(kinds)]
        state = game.new_state(players, seed=seed, first_player=g % players)
        play_bots(state, bots, check=lambda p, kinds=kinds: kinds[p] == "heuristic")
        assert state.is_over()
