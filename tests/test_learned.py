"""The shipped weights of the learned bot: one file for every game at 4 players at least, each
fitting its game's encoding, playing whole games of legal moves with numpy only."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from threadpoolctl import threadpool_limits

from auctionhouse.bots.learned import LearnedBot
from auctionhouse.bots.policy_net import MOST_FILE_BYTES
from auctionhouse.bots.random_bot import RandomBot
from auctionhouse.core import OptionError
from auctionhouse.core.players import Observation, make_bot
from auctionhouse.envs import encoded_games, encoding_for
from auctionhouse.games import get_game

from .blas import blas_threads

SHIPPED = [(g, n) for g in encoded_games() for n in get_game(g).weight_counts()]


@pytest.mark.parametrize("game", encoded_games())
def test_every_game_ships_weights_for_four_players_in_its_package(game):
    g = get_game(game)
    assert 4 in g.weight_counts()
    path = g.weights_path(4)
    package = Path(sys.modules[type(g).__module__].__file__).parent
    assert path == package / "weights" / "4p.npz" and path.is_file()
    assert path.with_suffix(".md").is_file()  # its model card


def test_the_weights_are_small():
    total = sum(get_game(g).weights_path(n).stat().st_size for g, n in SHIPPED)
    assert total < 8 * 2**20 and all(
        get_game(g).weights_path(n).stat().st_size < MOST_FILE_BYTES for g, n in SHIPPED
    )


@pytest.mark.parametrize("game, players", SHIPPED)
def test_shipped_weights_play_whole_games(game, players):
    g = get_game(game)
    enc = encoding_for(g, players)
    bots = [LearnedBot(seed=p) for p in range(players)]
    net = bots[0].policy_for(g, players)
    assert (net.obs_size, net.num_actions) == (enc.size, enc.num_actions)
    assert net.meta["game"] == game and net.meta["players"] == players
    for seed in range(2):
        state = g.new_state(players, seed=seed)
        while not state.is_over() and len(state.history) < 5000:
            p = state.next_actor()
            state.apply(p, bots[p].act(Observation(state, p, state.legal_moves(p))))
        assert state.is_over()


@pytest.mark.parametrize("game, players", SHIPPED)
def test_the_bot_plays_the_networks_best_legal_id(game, players):
    g = get_game(game)
    enc = encoding_for(g, players)
    bot = LearnedBot(seed=1)
    net = bot.policy_for(g, players)
    state = g.new_state(players, seed=3)
    for _ in range(30):
        p = state.next_actor()
        legal = state.legal_moves(p)
        mask = np.frombuffer(enc.mask_of(legal), np.uint8).astype(bool)
        logits, _ = net.forward(np.frombuffer(enc.observation(state, p), np.float32), mask)
        best = net.best(logits, mask)
        move = bot.act(Observation(state, p, legal))
        assert enc.action(move) == best
        state.apply(p, move)


def test_a_table_without_weights_is_refused_in_a_sentence(monkeypatch, tmp_path):
    from auctionhouse.bots import policy_net

    g = get_game("ratzia")
    # a game that ships no weights
    monkeypatch.setattr(type(g), "weights_path", lambda self, n: tmp_path / f"{n}p.npz")
    monkeypatch.setattr(type(g), "weight_counts", lambda self: [])
    policy_net.shipped_policy.cache_clear()
    state = g.new_state(3, seed=1)
    p = state.next_actor()
    with pytest.raises(OptionError, match="no weights for ratzia at 3 players"):
        LearnedBot().act(Observation(state, p, state.legal_moves(p)))
    policy_net.shipped_policy.cache_clear()


def kind_first(net, logits: np.ndarray, mask: np.ndarray) -> int:
    """The greedy choice of one row, spelled out: the legal kind of the highest probability (a
    segment's log-sum of its legal ids against each legal id outside the segments; on a tie the
    earlier segment, then a segment over an id outside), then its likeliest id."""
    legal = np.flatnonzero(mask)
    best_id, best = -1, -np.inf
    inside = np.zeros(len(mask), dtype=bool)
    for start, size in net.groups:
        inside[start : start + size] = True
        ids = legal[(legal >= start) & (legal < start + size)]
        if len(ids):
            total = np.logaddexp.reduce(logits[ids])
            if total > best:
                best_id, best = int(ids[np.argmax(logits[ids])]), total
    rest = legal[~inside[legal]]
    if len(rest):
        i = int(np.argmax(logits[rest]))
        if logits[rest[i]] > best:
            best_id = int(rest[i])
    return best_id


@pytest.mark.parametrize("game, players", SHIPPED)
def test_the_greedy_choice_is_the_likeliest_kind_then_its_likeliest_id(game, players):
    net = LearnedBot().policy_for(get_game(game), players)
    rng = np.random.default_rng(0)
    logits = rng.normal(size=(300, net.num_actions)).astype(np.float32)
    logits[:, ::5] = 1.0  # ties, between kinds and within them
    mask = rng.random((300, net.num_actions)) < rng.random((300, 1))
    mask[:, -1] |= ~mask.any(axis=1)
    rows = net.best_rows(logits, mask).tolist()
    assert rows == [kind_first(net, x, m) for x, m in zip(logits, mask, strict=True)]
    assert [net.best(x, m) for x, m in zip(logits[:20], mask[:20], strict=True)] == rows[:20]


@pytest.mark.parametrize("game, players", SHIPPED)
def test_in_a_search_and_in_batches_the_bot_plays_as_at_the_table(game, players):
    """`act_in_search` (a tracker kept for the state as it goes on) and `act_batch` (one pass
    over several positions) make `act`'s move in every position of a game."""
    g = get_game(game)
    bot, searching, batched = LearnedBot(seed=1), LearnedBot(seed=1), LearnedBot(seed=1)
    other = RandomBot(seed=2)
    state = g.new_state(players, seed=5)
    asked, made = [], []
    while not state.is_over():
        p = state.next_actor()
        legal = state.legal_moves(p)
        move = bot.act(Observation(state, p, legal))
        assert searching.act_in_search(state, p, legal) == move
        asked.append((state.clone(), p, legal))
        made.append(move)
        state.apply(p, move if len(made) % 3 else other.choose(legal))  # varied positions
    assert len(made) > 50
    for i in range(0, len(asked), 7):
        assert batched.act_batch(asked[i : i + 7]) == made[i : i + 7]


def test_the_search_runs_the_networks_blas_on_one_thread(monkeypatch):
    """A search with the network runs numpy's BLAS on one thread (a second one busy-waits on a
    core another process needs) and gives the caller's setting back after its move."""
    seen = []
    batch = LearnedBot.act_batch

    def watched(self, asked):
        seen.append(blas_threads())
        return batch(self, asked)

    monkeypatch.setattr(LearnedBot, "act_batch", watched)
    g = get_game("ratzia")
    state = g.new_state(4, seed=3)
    bot = make_bot("ismcts:guide=learned:rollout=learned:iterations=8", g, seed=1)
    with threadpool_limits(limits=2, user_api="blas"):
        while len(seen) == 0:
            p = state.next_actor()
            state.apply(p, bot.act(Observation(state, p, state.legal_moves(p))))
        assert blas_threads() == 2
    assert set(seen) == {1}
