"""Runs `auctionhouse simulate ... --json` and the team's contract checker on its output.

The checker lives in the team's shared folder next to the repository (`../shared/tools`); a copy
in tests/tools keeps the test running on a clone without it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from auctionhouse.cli import app

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "tools" / "check_simulate_json.py"
CHECKER = SHARED if SHARED.is_file() else ROOT / "tests" / "tools" / "check_simulate_json.py"


def simulate_json(game: str, players: int, games: int, *extra: str) -> str:
    args = ["simulate", game, "--players", str(players), "--games", str(games), "--seed", "1"]
    result = CliRunner().invoke(app, [*args, "--bots", "random", "--json", *extra])
    assert result.exit_code == 0, result.output
    return result.stdout


def check_contract(game: str, players: int, games: int, *extra: str) -> str:
    """The checker's one-line figure; fails the test with the checker's complaint."""
    out = simulate_json(game, players, games, *extra)
    check = subprocess.run(
        [sys.executable, str(CHECKER), game, str(players), str(games)],
        input=out,
        capture_output=True,
        text=True,
        check=False,
    )
    assert check.returncode == 0, check.stderr or check.stdout
    assert f"{game}/{players}p ok" in check.stdout
    return check.stdout
