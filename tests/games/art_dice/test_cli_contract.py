"""`auctionhouse simulate art-dice ... --json` keeps its contract for every player count, as
checked by the project's shared checker script."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auctionhouse.cli import app

ROOT = Path(__file__).resolve().parents[3]
CHECKERS = [
    ROOT.parent / "shared" / "tools" / "check_simulate_json.py",
    Path("/work/shared/tools/check_simulate_json.py"),
]
CHECKER = next((p for p in CHECKERS if p.is_file()), None)


@pytest.mark.skipif(CHECKER is None, reason="the shared checker script is not beside the repo")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_json_contract(players):
    args = ["simulate", "art-dice", "--players", str(players), "--games", "20", "--seed", "1"]
    out = CliRunner().invoke(app, [*args, "--bots", "random", "--json"])
    assert out.exit_code == 0, out.output
    checked = subprocess.run(
        [sys.executable, str(CHECKER), "art-dice", str(players), "20"],
        input=out.stdout,
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr or checked.stdout
    assert checked.stdout.startswith(f"art-dice/{players}p ok")
