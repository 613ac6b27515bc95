"""Expert iteration: the expert labels positions the greedy learner reaches, the labels of every
round are kept, the network learns them, and a run resumes to the very same weights."""

from __future__ import annotations

import csv
import random
from types import SimpleNamespace

import numpy as np
import torch

from auctionhouse.bots.policy_net import read_policy
from auctionhouse.games import get_game
from auctionhouse.train.expert import gather, label_round
from auctionhouse.train.run import Trainer
from auctionhouse.train.work import ExpertTable, expert_bot, expert_games

from .test_training import tiny, weights


def expert_run(game: str = "ratzia", **kw):
    settings = dict(expert="heuristic", expert_epochs=2, games_per_update=2, eval_games=0)
    settings.update(kw)
    return tiny(game, **settings)


def test_the_expert_labels_the_greedy_learners_decisions(tmp_path):
    t = Trainer(expert_run("modern-art", teacher="none"), tmp_path, "cpu")
    setting, net = t.setting(), t.setting().net()
    tables = [ExpertTable(5 + g, g, (1, 2, 3), 4, 6 + g, "random") for g in range(3)]
    obs, mask, said, mine, reward, shares = expert_games(setting, "heuristic", 1.0, tables)
    assert [spec for spec, _ in shares] == ["random"] * 3 and len(said) > 20
    assert all(mask[i, said[i]] and mask[i, mine[i]] for i in range(len(said)))
    assert (mask.sum(1) > 1).all()  # only decisions with a choice
    # the learner's ids are its greedy choice on the labelled views
    logits, _ = net.forward(obs, mask)
    assert [net.best(logits[i], mask[i]) for i in range(len(mine))] == list(mine)
    # a blank network plays apart from the heuristic, which says so
    assert (said != mine).mean() > 0.2
    assert ((reward >= 0) & (reward <= 1)).all()
    # half the decisions asked: about half as many labels, from the same games
    fewer = expert_games(setting, "heuristic", 0.5, tables)[2]
    assert 0.25 * len(said) < len(fewer) < 0.75 * len(said)


def test_several_against_specs_take_the_tables_in_turn_each_in_every_seat(tmp_path):
    t = Trainer(expert_run(teacher="none"), tmp_path, "cpu")
    setting = t.setting()
    seen = []
    workers = SimpleNamespace(map=lambda f, tasks: seen.extend(tasks) or [f(*x) for x in tasks])
    _, shares = label_round(
        setting, "heuristic", ("random", "heuristic"), 0.5, 12, random.Random(1), workers
    )
    tables = [table for *_, part in seen for table in part]
    assert [(x.seat, x.against) for x in tables] == [
        (g % 3, ("random", "heuristic")[g // 3 % 2]) for g in range(12)
    ]
    assert [spec for spec, _ in shares] == [x.against for x in tables]
    # the curve gives the learner's share against each kind it met
    run = expert_run(expert_against="heuristic,random", games_per_update=8)
    t = Trainer(run, tmp_path / "two", "cpu")
    t.run(updates=1)
    with open(tmp_path / "two" / "curve.csv") as f:
        row = list(csv.DictReader(f))[-1]
    assert row["share_heuristic"] and row["share_random"] and not row["share_ismcts"]


def test_a_search_expert_is_guided_by_the_learner_as_it_is_now(tmp_path):
    t = Trainer(expert_run(teacher="none"), tmp_path, "cpu")
    net = t.setting().net()
    game = get_game("ratzia")
    guided = expert_bot("ismcts:guide=learned:iterations=1", game, 1, net)
    assert guided.learned._given is net
    plain = expert_bot("ismcts:iterations=1", game, 1, net)
    assert plain.learned is None


def test_rounds_keep_every_label_and_the_network_learns_them(tmp_path):
    t = Trainer(expert_run(), tmp_path, "cpu")
    t.run(updates=1)
    first = len(t.labels["expert"])
    t.run(updates=2)
    assert len(t.labels["expert"]) > first
    with open(tmp_path / "curve.csv") as f:
        rows = list(csv.DictReader(f))
    assert [r["update"] for r in rows] == ["0", "1", "2"]
    assert all(0 <= float(r["expert_differs"]) <= 1 for r in rows[1:])
    assert all(float(r["accuracy"]) > 0 for r in rows[1:])
    meta = read_policy(tmp_path / "policy.npz").meta
    assert meta["updates"] == 2 and "expert iteration with heuristic" in meta["method"]


def test_fitting_the_labels_brings_the_network_to_the_expert(tmp_path):
    t = Trainer(expert_run(teacher="none", expert_epochs=40), tmp_path, "cpu")
    for group in t.opt.param_groups:
        group["lr"] = 1e-2

    def agreement() -> float:
        obs, mask = (torch.from_numpy(t.labels[k]) for k in ("obs", "mask"))
        with torch.no_grad():
            logits, _ = t.net(obs, mask)
        return float((logits.argmax(-1).numpy() == t.labels["expert"]).mean())

    t.run(updates=1)
    labels = t.labels
    before = float((labels["learner"] == labels["expert"]).mean())
    assert agreement() > max(0.8, before + 0.2)


def test_a_resumed_expert_run_equals_the_uninterrupted_run(tmp_path):
    straight = Trainer(expert_run(), tmp_path / "a", "cpu")
    straight.run(updates=2)
    first = Trainer(expert_run(), tmp_path / "b", "cpu")
    first.run(updates=1)
    resumed = Trainer.resume(tmp_path / "b", "cpu")
    assert len(resumed.labels["expert"]) == len(first.labels["expert"])
    resumed.run(updates=2)
    for a, b in zip(weights(straight), weights(resumed), strict=True):
        assert np.array_equal(a, b)


def test_only_the_newest_labels_are_kept():
    def labels(n, start):
        return {
            k: np.arange(start, start + n) for k in ("obs", "mask", "expert", "learner", "reward")
        }

    kept = gather(None, labels(3, 0), 4)
    kept = gather(kept, labels(3, 10), 4)
    assert list(kept["expert"]) == [2, 10, 11, 12]
