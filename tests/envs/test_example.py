"""The training example of docs/envs.md runs, and learns something, in seconds."""

from __future__ import annotations

import runpy
from pathlib import Path

import numpy as np

EXAMPLE = Path(__file__).parents[2] / "examples" / "reinforce_seat.py"


def test_the_reinforce_example_trains_a_policy():
    example = runpy.run_path(str(EXAMPLE))
    weights, bias, rewards = example["train"]("art-dice", 2, "random", episodes=40, seed=1)
    assert len(rewards) == 40 and all(0.0 <= r <= 1.0 for r in rewards)
    assert 0 < sum(rewards) < 40  # some games won, some lost: the updates are not all zero
    assert np.abs(weights).sum() > 0 and np.all(np.isfinite(weights))


def test_the_example_prints_its_progress(capsys):
    runpy.run_path(str(EXAMPLE))["main"](["--game", "art-dice", "--episodes", "8"])
    out = capsys.readouterr().out
    assert "win share, first 2 games" in out and "last 2 games" in out
