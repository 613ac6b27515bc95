"""The PettingZoo AEC environments: PettingZoo's own API and seed tests for every game and
player count, end rewards, sealed bids hidden from the other bidders, illegal actions."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from auctionhouse.core import IllegalMove, OptionError
from auctionhouse.envs.pettingzoo import env, raw_env

from .positions import CONFIGS, config_id

CONFIG_IDS = [config_id(c) for c in CONFIGS]


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_pettingzoo_api_and_seed_tests(config):
    game, players, options = config
    api_test(env(game, players, **options), num_cycles=300)
    seed_test(lambda: env(game, players, **options), num_cycles=300)


@pytest.mark.parametrize(
    "game,players", [("modern-art", 4), ("ratzia", 3), ("qe", 3), ("art-dice", 2)]
)
def test_rewards_are_shares_of_the_victory_or_margins(game, players):
    for kind in ("win", "margin"):
        e = raw_env(game, players, reward=kind)
        e.reset(seed=7)
        rewards = {}
        rng = random.Random(1)
        while not e.game_state.is_over():
            agent = e.agent_selection
            mask = e.observe(agent)["action_mask"]
            e.step(rng.choice(np.flatnonzero(mask).tolist()))
            for a in e.agents:
                rewards[a] = rewards.get(a, 0.0) + e.rewards[a]
        result = e.game_state.result()
        got = [rewards[a] for a in e.possible_agents]
        if kind == "win":
            assert got == result.shares() and sum(got) == pytest.approx(1.0)
        else:
            s = result.scores
            assert got == [
                s[i] - max(s[j] for j in range(players) if j != i) for i in range(players)
            ]
        assert all(e.terminations.values())


def test_a_sealed_bid_is_hidden_from_the_other_bidders():
    """In Q.E.'s sealed bids, what a later bidder observes does not depend on an earlier bid."""
    e = raw_env("qe", 4)
    rng = random.Random(3)
    checked = 0
    for game_seed in range(20):
        e.reset(seed=game_seed)
        while not e.game_state.is_over():
            state = e.game_state
            agent = e.agent_selection
            seat = e.seat(agent)
            mask = e.observe(agent)["action_mask"]
            legal = np.flatnonzero(mask).tolist()
            if state.secret_moves() and len(state.actors()) > 1 and len(legal) > 1:
                others = [p for p in state.actors() if p != seat]
                seen = set()
                for action in rng.sample(legal, min(4, len(legal))):
                    world = state.clone()
                    world.apply(seat, e.encoding.move(state, seat, action))
                    seen.add(tuple(tuple(e.encoding.observation(world, p)) for p in others))
                assert len(seen) == 1
                checked += 1
            e.step(rng.choice(legal))
    assert checked > 50


def test_an_illegal_action_loses_in_env_and_is_refused_by_raw_env():
    e = env("ratzia", 3)
    e.reset(seed=1)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.warns(UserWarning):
        e.step(illegal)
    assert all(e.terminations.values())
    assert e._cumulative_rewards[agent] == -1
    assert e.observe(agent)["action_mask"].sum() == 0
    raw = raw_env("ratzia", 3)
    with pytest.raises(RuntimeError, match="reset"):
        raw.step(0)
    raw.reset(seed=1)
    with pytest.raises(IllegalMove, match="not legal now"):
        raw.step(illegal)
    for bad in (-1, raw.encoding.num_actions, None, "pass", 1.5):
        with pytest.raises(IllegalMove, match="an action is an id"):
            raw.step(bad)


def test_bad_arguments_are_refused_with_a_reason():
    with pytest.raises(OptionError, match="2 to 5 players"):
        raw_env("ratzia", 7)
    with pytest.raises(OptionError, match="reward"):
        raw_env("ratzia", 3, reward="money")
    with pytest.raises(OptionError, match="unknown game"):
        raw_env("chess", 2)
    with pytest.raises(OptionError, match="mystery"):
        raw_env("modern-art", 3, mystery="yes please")


def test_render_shows_the_spectator_view_only():
    e = raw_env("modern-art", 3, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    view = e.game_state.view(None, log=False)
    assert text == "\n".join(f"{k}: {v}" for k, v in e.game.describe_view(view))
    assert "cash: seat 0 ?, seat 1 ?, seat 2 ?" in text  # hidden cash stays hidden


def test_seeded_resets_repeat_and_unseeded_games_differ():
    a, b = raw_env("art-dice", 3), raw_env("art-dice", 3)
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.game_state.snapshot() == b.game_state.snapshot()
    a.reset()
    b.reset()
    assert a.game_state.snapshot() == b.game_state.snapshot()  # the seed runs on
    c = raw_env("art-dice", 3)
    c.reset()
    d = raw_env("art-dice", 3)
    d.reset()
    assert c.game_state.snapshot() != d.game_state.snapshot()
