"""`auctionhouse train` on the command line: a short run, its resumption, and bad input refused
in one line with exit code 2."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from auctionhouse.bots.policy_net import read_policy
from auctionhouse.cli import app
from tests.test_cli_errors import refused

runner = CliRunner()
SHORT = ["--games-per-update", "2", "--warm-games", "2"]


def test_train_then_resume_then_play(tmp_path):
    out = tmp_path / "run"
    args = ["train", "qe", "--updates", "1", "--out", str(out), "--outnumbered", "0.5", *SHORT]
    args += ["--self-play", "0.2", "--same-table", "1", "--league", "heuristic=0.85, past=0.15"]
    args += ["--reward", "win", "--warm-epochs", "2", "--lr", "1e-4", "--target-kl", "0.02"]
    done = runner.invoke(app, args)
    assert done.exit_code == 0, done.output
    config = json.loads((out / "config.json").read_text())
    assert config["outnumbered"] == 0.5 and config["warm_epochs"] == 2
    assert (config["self_play"], config["same_table"]) == (0.2, 1.0)
    assert config["league_weights"] == {"past": 0.15, "heuristic": 0.85, "ismcts": 0, "random": 0}
    assert config["ppo"]["lr"] == 1e-4 and config["ppo"]["target_kl"] == 0.02
    assert config["reward"] == "win"
    assert "policy.npz" in done.output
    again = runner.invoke(app, ["train", "qe", "--updates", "2", "--resume", str(out)])
    assert again.exit_code == 0, again.output
    assert read_policy(out / "policy.npz").meta["updates"] == 2
    bots = f"learned:weights={out / 'policy.npz'},heuristic,heuristic,heuristic"
    played = runner.invoke(app, ["simulate", "qe", "-n", "2", "--bots", bots, "--json"])
    assert played.exit_code == 0, played.output


def test_bad_runs_are_refused(tmp_path):
    out = tmp_path / "run"
    assert (
        runner.invoke(app, ["train", "qe", "--updates", "1", "--out", str(out), *SHORT]).exit_code
        == 0
    )
    refused(["train", "qe", "--updates", "1", "--out", str(out)], "already holds a run", "--resume")
    refused(["train", "ratzia", "--resume", str(out)], "run of qe")
    refused(["train", "qe", "--resume", str(tmp_path / "nothing")], "no training run to resume")
    refused(["train", "qe", "--teacher", "bogus", "--out", str(tmp_path / "b")], "unknown bot")
    refused(["train", "qe", "--minutes", "0"], "--minutes")
    refused(["train", "qe", "-p", "9", "--out", str(tmp_path / "c")], "players")
    refused(["train", "qe", "--device", "tpu"], "--device")
    refused(["train", "qe", "--outnumbered", "1.5"], "--outnumbered")
    refused(["train", "qe", "--outnumbered", "nan"], "--outnumbered")
    refused(["train", "qe", "--warm-epochs", "0"], "--warm-epochs")
    refused(["train", "qe", "--self-play", "1.5"], "--self-play")
    refused(["train", "qe", "--same-table", "-0.1"], "--same-table")
    fresh = str(tmp_path / "d")
    refused(["train", "qe", "--out", fresh, "--self-play", "0.7", "--outnumbered", "0.5"],
            "together at most 1")  # fmt: skip
    refused(["train", "qe", "--out", fresh, "--league", "bogus=1"], "KIND one of")
    refused(["train", "qe", "--out", fresh, "--league", "heuristic"], "KIND=WEIGHT")
    refused(["train", "qe", "--out", fresh, "--league", "heuristic=nan"], "a number from 0")
    refused(["train", "qe", "--out", fresh, "--league", "heuristic=-1"], "a number from 0")
    refused(["train", "qe", "--out", fresh, "--league", "past=1"], "above 0")
    refused(["train", "qe", "--lr", "0"], "--lr")
    refused(["train", "qe", "--reward", "place"], "--reward")
    refused(["train", "qe", "--target-kl", "-1"], "--target-kl")
    refused(["train", "qe", "--target-kl", "nan"], "--target-kl")
    file = tmp_path / "file"
    file.write_text("x")
    refused(["train", "qe", "--out", str(file)], "is a file")


def test_bad_weights_are_refused(tmp_path):
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a policy")
    refused(["simulate", "qe", "-n", "1", "--bots", f"learned:weights={junk}"], "not a policy file")
    refused(["simulate", "qe", "-n", "1", "--bots", "learned:temperature=-1"], "temperature")


def test_a_run_starts_from_a_policy_file(tmp_path, tiny_policy):
    out = tmp_path / "on"
    args = ["train", "art-dice", "-p", "3", "--updates", "1", "--out", str(out), "--init"]
    refused([*args, tiny_policy("qe")], "of qe at 3 players")
    # the tiny policy has 16 units; a run has 256,256 unless it started from the file's shape
    refused([*args, tiny_policy("art-dice")], "layers (16,)")


def test_a_run_of_expert_iteration_records_its_settings(tmp_path):
    out = tmp_path / "expert"
    args = ["train", "ratzia", "--updates", "1", "--out", str(out), *SHORT, "--expert", "heuristic"]
    done = runner.invoke(app, [*args, "--expert-share", "0.25", "--expert-epochs", "2"])
    assert done.exit_code == 0, done.output
    config = json.loads((out / "config.json").read_text())
    assert (config["expert"], config["expert_share"], config["expert_epochs"]) == (
        "heuristic", 0.25, 2,
    )  # fmt: skip
    assert config["expert_against"] == "heuristic"
    assert (config["eval_every"], config["checkpoint_every"]) == (1, 1)  # rounds are long
    assert "expert iteration" in read_policy(out / "policy.npz").meta["method"]
    fresh = str(tmp_path / "other")
    refused(["train", "qe", "--out", fresh, "--expert", "bogus"], "unknown bot")
    refused(["train", "qe", "--out", fresh, "--expert", "heuristic", "--expert-against", "x"],
            "unknown bot")  # fmt: skip
    refused(["train", "qe", "--out", fresh, "--expert", "heuristic", "--expert-against",
             "heuristic,"], "several separated by commas")  # fmt: skip
    refused(["train", "qe", "--expert-share", "0"], "--expert-share")
    refused(["train", "qe", "--expert-share", "nan"], "--expert-share")
    refused(["train", "qe", "--expert-epochs", "0"], "--expert-epochs")
