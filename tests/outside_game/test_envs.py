"""The installed game through the research adapters, each checked by its library's own
checker: PettingZoo's `api_test` and `seed_test`, Gymnasium's `check_env` (by its registered
id too), OpenSpiel's `random_sim_test` (loaded by name). Each runs in a fresh interpreter
(envs_checks.py says why)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import plugin_env

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("adapter", ["pettingzoo", "gymnasium", "openspiel"])
def test_the_adapters_checkers_pass(installed, adapter):
    if adapter == "openspiel":
        pytest.importorskip("pyspiel")
    done = subprocess.run(
        [sys.executable, "-m", "tests.outside_game.envs_checks", adapter],
        cwd=ROOT,
        env=plugin_env(installed),
        capture_output=True,
        text=True,
        check=False,
        timeout=600,  # a bound on a hang, not a measure
    )
    assert done.returncode == 0 and done.stdout.strip().endswith("checked"), done.stderr[-3000:]


def test_openspiel_registers_a_game_installed_after_its_import(game):
    import pyspiel

    from auctionhouse.envs import openspiel

    openspiel.register()  # whatever this process imported first, the game is now known
    loaded = pyspiel.load_game(openspiel.short_name(game.name), {"players": 3})
    assert loaded.num_players() == 3 and openspiel.register() == []
    assert openspiel.openspiel_game(game.name, 2).max_game_length() == game.max_length(
        2, game.resolve(2)
    )
