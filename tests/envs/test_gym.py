"""The Gymnasium single-seat environments: Gymnasium's env checker for every game, registered
ids, episodes to the end against our bots, illegal actions, bad arguments."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from auctionhouse.core import OptionError
from auctionhouse.envs.gym import SeatEnv, env_ids

from .positions import CONFIGS, config_id


@pytest.mark.parametrize("config", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_gymnasium_env_checker(config):
    game, players, options = config
    check_env(SeatEnv(game, players, **options), skip_render_check=True)


def test_each_game_has_its_id():
    assert env_ids() == {
        "art-dice": "auctionhouse/ArtDice-v0",
        "modern-art": "auctionhouse/ModernArt-v0",
        "ratzia": "auctionhouse/Ratzia-v0",
        "qe": "auctionhouse/QE-v0",
    }
    assert all(env_id in gymnasium.registry for env_id in env_ids().values())


@pytest.mark.parametrize("game", list(env_ids()))
def test_registered_ids_make_the_env_and_episodes_end(game):
    env = gymnasium.make(env_ids()[game], players=3, opponents="random")
    check_env(env.unwrapped)
    rng = random.Random(0)
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        assert env.observation_space.contains(obs)
        done, total, steps = False, 0.0, 0
        while not done:
            action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
            obs, reward, done, truncated, info = env.step(action)
            total += reward
            steps += 1
            assert not truncated
        seat = info["seat"]
        result = env.unwrapped.game_state.result()
        assert total == result.shares()[seat]
        assert steps > 0


def test_the_seat_plays_against_the_named_bots():
    env = SeatEnv("ratzia", 3, opponents=["heuristic", "random"], seat=1)
    obs, info = env.reset(seed=3)
    assert info["seat"] == 1
    assert [type(env.bots[p]).name for p in (0, 2)] == ["heuristic", "random"]
    assert env.action_masks().dtype == bool
    assert env.action_masks().sum() == info["action_mask"].sum() > 0


def test_an_illegal_action_ends_the_episode_with_the_penalty():
    env = SeatEnv("qe", 3, opponents="random", illegal_reward=-2.0)
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, done, truncated, info = env.step(illegal)
    assert (reward, done) == (-2.0, True)
    assert "not legal" in info["illegal"]
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)


def test_bad_arguments_are_refused_with_a_reason():
    with pytest.raises(OptionError, match="2 bot specs|one bot spec"):
        SeatEnv("ratzia", 3, opponents=["random"])
    with pytest.raises(OptionError, match="unknown bot"):
        SeatEnv("ratzia", 3, opponents="genius")
    with pytest.raises(OptionError, match="seat"):
        SeatEnv("ratzia", 3, seat=3)
    with pytest.raises(OptionError, match="reward"):
        SeatEnv("ratzia", 3, reward="points")
