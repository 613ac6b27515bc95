"""The command line speaks Ratzia: `simulate --json` passes the shared contract checker for 2 to
5 players, and a bad player count is refused with a sentence."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auctionhouse.cli import app

CHECKER = Path("/work/shared/tools/check_simulate_json.py")
GAMES = 20


@pytest.mark.skipif(not CHECKER.is_file(), reason="the shared contract checker is not here")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_simulate_json_passes_the_contract_checker(players):
    result = CliRunner().invoke(
        app,
        ["simulate", "ratzia", "-p", str(players), "-n", str(GAMES), "--seed", "1"]
        + ["--bots", "random", "--json"],
    )
    assert result.exit_code == 0, result.output
    check = subprocess.run(
        [sys.executable, str(CHECKER), "ratzia", str(players), str(GAMES)],
        input=result.stdout,
        capture_output=True,
        text=True,
        check=False,
    )
    assert check.returncode == 0, check.stderr or check.stdout
    assert f"ratzia/{players}p ok" in check.stdout


def test_simulate_refuses_six_players():
    result = CliRunner().invoke(app, ["simulate", "ratzia", "-p", "6", "-n", "1", "--json"])
    assert result.exit_code != 0
    assert "2 to 5 players" in str(result.exception or "") + result.output
