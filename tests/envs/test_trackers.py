"""The trackers (core/tracker.py, games/<g>/tracker.py): after every move of thousands of random
positions of every game, player count and variant, a tracker's observation of a seat is the
encoding's observation of its view, whether the seat was asked at the last move or many moves
ago; a tracker started in the middle of a game, or on a determinization for the seat, gives
the same vector (so it holds nothing the seat may not know); the environments hand out the
tracker's vectors and follow a game set from outside."""

from __future__ import annotations

import random
from array import array

import numpy as np
import pytest

from auctionhouse.core.encoding import tracker_for
from auctionhouse.core.tracker import Tracker, ViewTracker
from auctionhouse.envs import encoding_for
from auctionhouse.envs.gym import SeatEnv
from auctionhouse.envs.pettingzoo import raw_env

from ..conftest import examples
from .positions import CONFIGS, config_id, positions

CONFIG_IDS = [config_id(c) for c in CONFIGS]


def games_of(config, count: int, seed: int):
    """(state, its tracker) at `count` random positions; one tracker per game."""
    game, players, options = config
    enc = encoding_for(game, players, options)
    tracker = None
    for state in positions(game, players, options, count, seed):
        if tracker is None or tracker.state is not state:
            tracker = enc.tracker(state)
        yield enc, state, tracker


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_the_tracker_gives_the_encoding_of_the_view_after_every_move(config):
    rng = random.Random(5)
    asked = 0
    for enc, state, tracker in games_of(config, examples(3000), seed=5):
        # the seat to act at every move; every seat now and then (some after many moves)
        seats = range(enc.players) if rng.random() < 0.2 else [state.next_actor()]
        for seat in seats:
            assert tracker.observation(seat) == enc.observation(state, seat), seat
            asked += 1
    assert asked >= examples(3000)


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_a_tracker_started_late_or_on_a_determinization_sees_the_same(config):
    rng = random.Random(6)
    for i, (enc, state, tracker) in enumerate(games_of(config, examples(1500), seed=6)):
        seat = state.next_actor()
        obs = tracker.observation(seat)
        if i % 3:
            continue
        assert enc.tracker(state).observation(seat) == obs
        for _ in range(2):
            world = state.determinize(seat, rng)
            assert enc.tracker(world).observation(seat) == obs


@pytest.mark.parametrize("game", ["modern-art", "ratzia", "qe", "art-dice"])
def test_every_game_has_a_tracker_and_each_call_gives_a_new_vector(game):
    enc = encoding_for(game, 3)
    state = enc.game.new_state(3, seed=1)
    tracker = enc.tracker(state)
    assert type(tracker) is not ViewTracker and isinstance(tracker, Tracker)
    seat = state.next_actor()
    first = tracker.observation(seat)
    first[0] = 9.0  # the caller's to keep or change
    again = tracker.observation(seat)
    assert again == enc.observation(state, seat) != first and again is not first


def test_an_encoding_without_a_tracker_encodes_the_view_each_time():
    enc = encoding_for("ratzia", 2)
    state = enc.game.new_state(2, seed=3)
    tracker = ViewTracker(enc, state)
    while not state.is_over():
        seat = state.next_actor()
        assert tracker.observation(seat) == enc.observation(state, seat)
        state.apply(seat, enc.move(state, seat, enc.legal_actions(state, seat)[0]))


def test_a_public_table_is_rotated_for_each_seat():
    """Ratzia's seat blocks: the viewer's own first, then the next seats in turn order."""
    enc = encoding_for("ratzia", 4)
    state = enc.game.new_state(4, seed=2)
    tracker = tracker_for(enc, state)
    assert not isinstance(tracker, ViewTracker)
    at, width = enc.offsets["up_0"], enc.offsets["up_1"] - enc.offsets["up_0"]
    blocks = [tracker.observation(q)[at : at + 4 * width] for q in range(4)]
    for q in range(4):
        for i in range(4):
            assert blocks[q][i * width : (i + 1) * width] == blocks[(q + i) % 4][:width]


@pytest.mark.parametrize("game", ["modern-art", "qe"])
def test_the_environment_hands_out_the_trackers_vectors_and_follows_a_new_game(game):
    e = raw_env(game, 4)
    e.reset(seed=4)
    rng = random.Random(4)
    for step in range(200):
        if e.game_state.is_over():
            break
        if step == 50:  # a game set from outside: the environment follows it
            e.game_state = e.encoding.game.new_state(4, seed=11)
            e.agent_selection = e.possible_agents[e.game_state.next_actor()]
        agent = e.agent_selection
        seat = e.seat(agent)
        obs = e.observe(agent)
        assert obs["observation"].dtype == np.float32
        want = array("f", e.encoding.observation(e.game_state, seat))
        assert obs["observation"].tobytes() == want.tobytes()
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))


@pytest.mark.parametrize("game", ["ratzia", "art-dice"])
def test_the_seat_environment_sees_the_encoding_after_the_bots_moves(game):
    """Between two of the seat's steps the bots make many moves: the tracker catches up."""
    env = SeatEnv(game, 3, opponents="random")
    obs, info = env.reset(seed=8)
    rng = random.Random(8)
    done = False
    while not done:
        want = env.encoding.observation(env.game_state, env.seat)
        assert obs.tobytes() == want.tobytes()
        legal = np.flatnonzero(info["action_mask"])
        obs, _, done, _, info = env.step(int(legal[rng.randrange(len(legal))]))
