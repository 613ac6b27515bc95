"""Training runs a few steps, writes what it says, resumes from its checkpoint to the very same
weights, and what it writes the `learned` bot plays."""

from __future__ import annotations

import copy
import csv
import json
import pickle

import numpy as np
import pytest
import torch
from threadpoolctl import threadpool_limits

from auctionhouse.bots.learned import LearnedBot
from auctionhouse.bots.policy_net import PolicyNet, read_policy, split_table, to_npz
from auctionhouse.bots.random_bot import RandomBot
from auctionhouse.core import AuctionhouseError, IllegalMove
from auctionhouse.core.players import Observation
from auctionhouse.games import get_game
from auctionhouse.train.ppo import PPOSettings, policy_entropy, ppo_update
from auctionhouse.train.run import TrainConfig, Trainer
from auctionhouse.train.work import Setting, Table, draw, play_tables

from ..blas import blas_threads

GAMES = ["modern-art", "ratzia", "qe", "art-dice"]


def tiny(game: str, **kw) -> TrainConfig:
    settings = dict(
        game=game, players=3, hidden=(16,), games_per_update=2, warm_games=2, warm_epochs=1,
        eval_every=1, eval_games=2, past_every=1, checkpoint_every=1,
    )  # fmt: skip
    settings.update(kw)
    return TrainConfig(**settings)


def weights(t: Trainer) -> list[np.ndarray]:
    return [p.detach().numpy().copy() for p in t.net.parameters()]


@pytest.mark.parametrize("game", GAMES)
def test_a_few_updates_write_the_run(tmp_path, game):
    t = Trainer(tiny(game), tmp_path, "cpu")
    before = {k: v.detach().numpy().copy() for k, v in t.net.named_parameters()}
    t.run(updates=2)
    assert t.update == 2
    after = dict(t.net.named_parameters())
    # the trunk, the value head and whichever policy head decides the game's ids all learn (an
    # amount head may leave the plain head's rows of amounts unused: Q.E. has only amounts)
    heads = (["amount"] if t.net.amounts else ["pi"]) + (["split"] if t.net.splits else [])
    for name, old in before.items():
        if name.split(".")[0] in ("trunk", "v", *heads):
            assert not np.array_equal(old, after[name].detach().numpy()), name
    for name in ("config.json", "checkpoint.pt", "policy.npz", "curve.csv", "curve.png"):
        assert (tmp_path / name).stat().st_size > 0, name
    with open(tmp_path / "curve.csv") as f:
        rows = list(csv.DictReader(f))
    assert [r["update"] for r in rows] == ["0", "1", "2"]  # the warm start, then two updates
    assert all(float(r["eval_share"]) >= 0 for r in rows)
    net = read_policy(tmp_path / "policy.npz")
    assert (net.meta["game"], net.meta["players"], net.meta["updates"]) == (game, 3, 2)


def test_resumed_run_equals_uninterrupted_run(tmp_path):
    straight = Trainer(tiny("ratzia"), tmp_path / "a", "cpu")
    straight.run(updates=3)
    first = Trainer(tiny("ratzia"), tmp_path / "b", "cpu")
    first.run(updates=1)
    resumed = Trainer.resume(tmp_path / "b", "cpu")
    assert resumed.update == 1
    resumed.run(updates=3)
    for a, b in zip(weights(straight), weights(resumed), strict=True):
        assert np.array_equal(a, b)
    other = Trainer(tiny("ratzia", seed=7), tmp_path / "c", "cpu")
    other.run(updates=3)
    assert not all(
        np.array_equal(a, b) for a, b in zip(weights(straight), weights(other), strict=True)
    )


def test_a_resumed_run_takes_the_learning_rate_its_config_now_gives(tmp_path):
    first = Trainer(tiny("ratzia"), tmp_path, "cpu")
    first.run(updates=1)
    config = json.loads((tmp_path / "config.json").read_text())
    assert config["ppo"]["lr"] != 1e-5
    config["ppo"]["lr"] = 1e-5
    (tmp_path / "config.json").write_text(json.dumps(config))
    resumed = Trainer.resume(tmp_path, "cpu")
    assert [g["lr"] for g in resumed.opt.param_groups] == [1e-5]
    assert resumed.opt.state_dict()["state"]  # Adam's moments came back all the same


def test_workers_play_the_same_games(tmp_path):
    one = Trainer(tiny("modern-art"), tmp_path / "one", "cpu")
    one.run(updates=2)
    two = Trainer(tiny("modern-art", games_per_update=9), tmp_path / "two", "cpu", workers=2)
    two.config.games_per_update = 2
    two.run(updates=2)
    for a, b in zip(weights(one), weights(two), strict=True):
        assert np.array_equal(a, b)
    assert [r["eval_share"] for r in one.curve] == [r["eval_share"] for r in two.curve]


def test_an_update_stops_its_passes_once_the_policy_has_moved_too_far(tmp_path):
    t = Trainer(tiny("ratzia", teacher="none"), tmp_path, "cpu")
    setting = t.setting()
    batch = t.rollout.play(setting.arrays, setting.meta, 4, t.rng, t.workers)
    planned = 4 * -(-len(batch) // 32)

    def update(target_kl: float) -> tuple[dict, list[np.ndarray]]:
        net = copy.deepcopy(t.net)
        opt = torch.optim.Adam(net.parameters(), lr=0.05)  # big steps: the policy moves at once
        s = PPOSettings(epochs=4, minibatch=32, lr=0.05, target_kl=target_kl)
        stats = ppo_update(net, opt, batch, s, torch.Generator().manual_seed(3), t.device)
        return stats, [p.detach().numpy().copy() for p in net.parameters()]

    free, _ = update(0.0)
    assert free["steps"] == planned and free["kl"] > 1e-3
    guarded, moved = update(1e-3)
    assert 1 <= guarded["steps"] < planned
    assert any(not np.array_equal(a, b) for a, b in zip(moved, weights(t), strict=True))
    t.workers.close()


def test_time_budget_stops_after_the_update_under_way(tmp_path):
    ticks = iter(range(0, 10_000, 50))  # each reading of the clock: 50 s later
    t = Trainer(tiny("qe", teacher="none"), tmp_path, "cpu")
    t.run(minutes=2, clock=lambda: next(ticks))
    assert 1 <= t.update <= 2


def positions(game: str, players: int, count: int, kinds=None):
    """(state, seat) pairs of random play, where the seat's legal kinds meet `kinds`."""
    g = get_game(game)
    rng = np.random.default_rng(3)
    state = g.new_state(players, seed=5)
    found = []
    while len(found) < count:
        if state.is_over():
            state = g.new_state(players, seed=int(rng.integers(1 << 30)))
        p = state.next_actor()
        legal = state.legal_moves(p)
        if kinds is None or kinds & {mk.kind for mk in legal}:
            found.append((state.clone(), p))
        state.apply(p, RandomBot(int(rng.integers(1 << 30))).choose(legal))
    return found


def forward_both(t: Trainer, net, state, p: int):
    """The numpy network's logits at the seat's position, checked against the torch network's
    (logits of the legal ids and the value); with the observation, the mask and the trunk's
    output."""
    x = np.frombuffer(t.enc.observation(state, p), dtype=np.float32)
    mask = np.frombuffer(t.enc.mask(state, p), dtype=np.uint8).astype(bool)
    logits, value = net.forward(x, mask)
    with torch.no_grad():
        tl, tv = t.net(torch.from_numpy(x)[None], torch.from_numpy(mask)[None])
    assert np.allclose(logits[mask], tl[0].numpy()[mask], atol=1e-4)
    assert np.isclose(value, float(tv[0]), atol=1e-5)
    out = x.copy()
    for w, b in net.trunk:
        out = np.maximum(out @ w + b, 0)
    return x, mask, logits, out


@pytest.mark.parametrize("game", ["modern-art", "qe"])
def test_numpy_network_equals_torch_network(tmp_path, game):
    t = Trainer(tiny(game, hidden=(32, 16)), tmp_path, "cpu")
    t.run(updates=1)
    net = read_policy(tmp_path / "policy.npz")
    assert net.amounts == list(t.enc.amount_segments()) and net.amounts
    for state, p in positions(game, 3, 40, {"bid", "price", "open"}):
        _, mask, logits, out = forward_both(t, net, state, p)
        # the legal amounts of a segment share its kind's probability: their logits' log-sum
        # is the kind's logit, however many amounts are legal
        kind_logits = (out @ net.amount_w + net.amount_b)[0::3]
        for (start, size), k in zip(net.amounts, kind_logits, strict=True):
            legal = mask[start : start + size]
            if legal.any():
                assert np.isclose(
                    np.logaddexp.reduce(logits[start : start + size][legal]), k, atol=1e-5
                )


@pytest.mark.parametrize("game", ["modern-art", "ratzia", "art-dice"])
def test_the_trainers_greedy_choice_is_the_bots(tmp_path, game):
    """The imitation accuracy counts the moves the bot would play: the torch net's greedy ids
    are the play-time net's (kind first where it has amount or split segments)."""
    t = Trainer(tiny(game, hidden=(16,)), tmp_path, "cpu")
    t.run(updates=1)
    net = read_policy(tmp_path / "policy.npz")
    rng = np.random.default_rng(3)
    logits = rng.normal(size=(400, net.num_actions)).astype(np.float32)
    logits[:, ::7] = 0.5  # ties, between kinds and within them
    mask = rng.random((400, net.num_actions)) < rng.random((400, 1))
    mask[:, -1] |= ~mask.any(axis=1)
    ours = t.net.greedy(torch.from_numpy(logits), torch.from_numpy(mask)).tolist()
    assert ours == net.best_rows(logits, mask).tolist()
    assert bool(net.groups) == (game != "ratzia")


def test_split_table_follows_the_action_space():
    from auctionhouse.core.actions import Splits

    seg = Splits("bid", 3, 6)
    table = split_table(3, 6)
    assert table.shape == (4 * 7, seg.size)
    for o, t in enumerate(seg.splits):
        rows = [j * 7 + a for j, a in enumerate(t)] + [3 * 7 + sum(t)]
        assert np.flatnonzero(table[:, o]).tolist() == sorted(rows)


def test_numpy_split_head_equals_torch_split_head(tmp_path):
    t = Trainer(tiny("art-dice", hidden=(32, 16)), tmp_path, "cpu")
    t.run(updates=1)
    net = read_policy(tmp_path / "policy.npz")
    assert net.splits == list(t.enc.split_segments()) == [(46, 3, 6)] and not net.amounts
    found = positions("art-dice", 3, 60, {"bid"})
    xs, masks = [], []
    for state, p in found:
        x, mask, logits, out = forward_both(t, net, state, p)
        # the legal splits share the kind's probability: their logits' log-sum is its logit
        kind = (out @ net.split_w + net.split_b)[0]
        legal = mask[46:130]
        assert np.isclose(np.logaddexp.reduce(logits[46:130][legal]), kind, atol=1e-5)
        # the greedy choice is legal, and a bid of the likeliest split when bids are likelier
        best = net.best(logits, mask)
        assert mask[best]
        others = np.flatnonzero(mask & ~np.isin(np.arange(len(mask)), range(46, 130)))
        if len(others) == 0 or kind > logits[others].max():
            assert best == 46 + int(np.argmax(np.where(legal, logits[46:130], -np.inf)))
        xs.append(x)
        masks.append(mask)
    # a batch gives each row's logits, and the gradients stay finite with rows without a bid
    batch, _ = net.forward(np.stack(xs), np.stack(masks))
    for row, (x, mask) in enumerate(zip(xs, masks, strict=True)):
        assert np.allclose(batch[row][mask], net.forward(x, mask)[0][mask], atol=1e-5)
    state = get_game("art-dice").new_state(3, seed=2)
    no_bid = np.frombuffer(t.enc.mask(state, state.next_actor()), dtype=np.uint8).astype(bool)
    assert not no_bid[46:130].any()
    x = torch.from_numpy(np.stack([*xs[:3], xs[0]]))
    m = torch.from_numpy(np.stack([*masks[:3], no_bid]))
    logits, v = t.net(x, m)
    (torch.log_softmax(logits, -1).masked_fill(~m, 0.0).sum() + v.sum()).backward()
    assert all(torch.isfinite(q.grad).all() for q in t.net.parameters() if q.grad is not None)


def test_a_split_head_round_trips_a_file_and_an_old_file_has_none(tmp_path):
    t = Trainer(tiny("art-dice"), tmp_path / "new", "cpu")
    t.run(updates=1)
    net = read_policy(tmp_path / "new" / "policy.npz")
    assert set(net.arrays()) >= {"split.weight", "split.bias"}
    again = tmp_path / "again.npz"
    to_npz(again, net.arrays(), net.meta)
    back = read_policy(again)
    state, p = positions("art-dice", 3, 1, {"bid"})[0]
    x = np.frombuffer(t.enc.observation(state, p), dtype=np.float32)
    mask = np.frombuffer(t.enc.mask(state, p), dtype=np.uint8).astype(bool)
    assert np.array_equal(net.forward(x, mask)[0], back.forward(x, mask)[0])
    # a run from the file carries the head (and a file without one does not fit it)
    carried = Trainer(tiny("art-dice", init=str(again)), tmp_path / "carried", "cpu")
    with torch.no_grad():
        ours, _ = carried.net(torch.from_numpy(x)[None], torch.from_numpy(mask)[None])
    assert np.allclose(ours[0].numpy()[mask], net.forward(x, mask)[0][mask], atol=1e-5)
    old = Trainer(tiny("art-dice", split_head=False), tmp_path / "old", "cpu")
    old.run(updates=1)
    plain = read_policy(tmp_path / "old" / "policy.npz")
    assert plain.splits == [] and plain.groups == [] and "split.weight" not in plain.arrays()
    assert np.array_equal(plain.forward(x, mask)[0], plain.forward(x)[0])  # the plain head's
    with pytest.raises(AuctionhouseError, match="a split head"):
        t.net.load_arrays(plain, t.meta())
    # a run's config from before the split head trains without one
    data = tiny("art-dice").to_json()
    del data["split_head"]
    assert TrainConfig.from_json(data).split_head is False


def test_greedy_choice_takes_the_likeliest_kind_then_its_likeliest_amount():
    meta = {"amounts": [[1, 4]]}
    net = PolicyNet(
        {
            "pi.weight": np.zeros((6, 1)), "pi.bias": np.zeros(6), "v.weight": np.zeros((1, 1)),
            "v.bias": np.zeros(1), "amount.weight": np.zeros((3, 1)), "amount.bias": np.zeros(3),
        },
        meta,
    )  # fmt: skip
    # ids: 0 pass, 1..4 amounts, 5 other; the amounts hold 0.6 of the probability in all
    logits = np.log(np.array([0.3, 0.1, 0.25, 0.15, 0.1, 0.1]))
    mask = np.ones(6, dtype=bool)
    assert net.best(logits, mask) == 2  # not 0, the single likeliest id
    mask[1:5] = False
    assert net.best(logits, mask) == 0


@pytest.mark.parametrize("game", GAMES)
def test_trained_policy_plays_legal_moves(tmp_path, game):
    Trainer(tiny(game), tmp_path, "cpu").run(updates=1)
    g = get_game(game)
    for temperature in (0.0, 1.0):
        bots = [LearnedBot(seed=p, weights=str(tmp_path / "policy.npz"), temperature=temperature)
                for p in range(3)]  # fmt: skip
        state = g.new_state(3, seed=11)
        while not state.is_over() and len(state.history) < 3000:
            p = state.next_actor()
            state.apply(
                p, bots[p].act(Observation(state, p, state.legal_moves(p)))
            )  # raises if illegal
        assert state.is_over() or len(state.history) == 3000


def test_a_run_from_a_policy_file_starts_with_its_weights(tmp_path, tiny_policy):
    t = Trainer(tiny("ratzia", init=tiny_policy("ratzia")), tmp_path, "cpu")
    x = np.frombuffer(t.enc.observation(get_game("ratzia").new_state(3, seed=1), 0), np.float32)
    logits, _ = read_policy(tiny_policy("ratzia")).forward(x)
    with torch.no_grad():
        ours, _ = t.net(torch.from_numpy(x)[None], torch.ones(1, t.enc.num_actions, dtype=bool))
    assert np.allclose(logits, ours[0].numpy(), atol=1e-5)
    t.run(updates=1)
    assert [r["update"] for r in t.curve] == [1]  # no warm start


def test_a_draw_never_lands_on_an_id_of_vanishing_probability():
    class Last:  # a generator whose draw is as close to 1 as a float gets
        def random(self):
            return 1 - 2**-53

    logits = np.array([0.0, 0.0, -1e4], dtype=np.float32)
    action, logp = draw(logits, np.arange(3), Last())
    assert action == 1 and np.isclose(logp, np.log(0.5))


def test_a_worker_error_reaches_the_run_whole():
    err = pickle.loads(pickle.dumps(IllegalMove("MA-9", "no such card")))
    assert (err.rule, err.reason, str(err)) == ("MA-9", "no such card", "MA-9: no such card")


def test_the_entropy_bonus_counts_an_amount_segment_as_one_kind():
    torch.manual_seed(0)
    logits = torch.randn(5, 7)
    mask = torch.ones(5, 7, dtype=torch.bool)
    mask[0, 3] = False
    logp = torch.log_softmax(logits.masked_fill(~mask, -1e9), -1)
    plain = -(logp.exp() * logp.masked_fill(~mask, 0.0)).sum(-1)
    assert torch.allclose(policy_entropy(logp, mask, (), 0.1), plain)
    # the chain rule: kind's entropy plus the amount's given its kind is the whole entropy
    assert torch.allclose(policy_entropy(logp, mask, ((2, 4),), 1.0), plain, atol=1e-5)
    p = logp.exp()
    kinds = torch.stack([p[:, 0], p[:, 1], p[:, 2:6].sum(-1), p[:, 6]], -1)
    by_kind = -(kinds * kinds.log()).sum(-1)
    assert torch.allclose(policy_entropy(logp, mask, ((2, 4),), 0.0), by_kind, atol=1e-5)


def test_league_lineups_follow_their_shares():
    import random

    from auctionhouse.train.league import League

    league = League(self_play=0.2, same_table=0.5, outnumbered=0.3)
    rng = random.Random(5)
    counts = {"self": 0, "outnumbered": 0, "alone": 0}
    for _ in range(4000):
        seats = league.lineup(4, rng)
        mine = sum(kind == "learner" for kind, _, _ in seats)
        assert mine >= 1
        counts[{4: "self", 3: "outnumbered", 1: "alone"}[mine]] += 1
    # 4,000 draws: each share within 3 points of its probability (about 4 standard errors)
    assert abs(counts["self"] / 4000 - 0.2) < 0.03
    assert abs(counts["outnumbered"] / 4000 - 0.3) < 0.03
    assert abs(counts["alone"] / 4000 - 0.5) < 0.03
    old = League(self_play=0.4, same_table=0.5)  # without outnumbered: as runs before it drew
    assert all(sum(k == "learner" for k, _, _ in old.lineup(4, rng)) in (1, 4) for _ in range(500))


def test_training_games_run_the_networks_blas_on_one_thread(monkeypatch, tiny_policy):
    """The learner's batches in a chunk of games run numpy's BLAS on one thread (a second one
    busy-waits on a core another worker needs); the caller's setting comes back after."""
    seen = []
    forward = PolicyNet.forward

    def watched(self, obs, mask=None):
        seen.append(blas_threads())
        return forward(self, obs, mask)

    monkeypatch.setattr(PolicyNet, "forward", watched)
    net = read_policy(tiny_policy("ratzia"))
    setting = Setting("ratzia", 3, json.dumps(net.meta["options"]), net.arrays(), net.meta)
    tables = [Table(deal, (("learner", 0, -1),) * 3, deal) for deal in (1, 2)]
    with threadpool_limits(limits=2, user_api="blas"):
        played = play_tables(setting, {}, tables)
        assert blas_threads() == 2
    assert [p.reward is not None for p in played] == [True, True]
    assert seen and set(seen) == {1}


@pytest.mark.parametrize("reward", ["mixed", "win"])
def test_each_seats_last_return_is_its_final_reward(reward):
    """GAE ends each learner seat's decisions at the game's reward: the mixed one, or with
    `win` the share of the victory alone (a seat that lost gets 0 however close it came)."""
    from auctionhouse.train.league import League
    from auctionhouse.train.rollout import Rollout
    from auctionhouse.train.work import Played

    played = Played(
        obs=np.zeros((4, 1), np.float32), mask=np.ones((4, 1), bool), seat=[0, 1, 0, 1],
        action=[0] * 4, logp=[0.0] * 4, value=[0.3, 0.2, 0.6, 0.1],
        reward=[0.9, 0.4, 0.0], shares=[1.0, 0.0, 0.0], moves=9,
    )  # fmt: skip
    rollout = Rollout(get_game("qe"), 3, {}, League(), reward=reward)
    _, ret = rollout.advantages(played)
    final = played.reward if reward == "mixed" else played.shares
    assert ret[2] == pytest.approx(final[0]) and ret[3] == pytest.approx(final[1])
    with pytest.raises(ValueError, match="mixed or win"):
        Rollout(get_game("qe"), 3, {}, League(), reward="place")
