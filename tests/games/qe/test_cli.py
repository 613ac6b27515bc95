"""The command line speaks Q.E.: `simulate --json` passes the shared contract checker for 3 to 5
players, `bench` and `replay` run, and a bad player count is refused with a sentence."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from auctionhouse.cli import app

from ...simulate_contract import check_contract

GAMES = 20


@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulate_json_passes_the_contract_checker(players):
    check_contract("qe", players, GAMES)


def test_seed_literal_option_records_and_replay(tmp_path):
    args = ["simulate", "qe", "-p", "4", "-n", "3", "-o", "seed_literal=true", "--json"]
    out = CliRunner().invoke(app, [*args, "--records", str(tmp_path)])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["options"] == {"seed_literal": True}
    record = sorted(tmp_path.iterdir())[0]
    again = CliRunner().invoke(app, ["replay", str(record), "--json"])
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["over"] is True


def test_a_bad_player_count_is_one_sentence():
    out = CliRunner().invoke(app, ["simulate", "qe", "--players", "6", "--games", "1"])
    assert out.exit_code == 2
    assert "qe is for 3 to 5 players, not 6" in out.output


def test_bench_runs():
    out = CliRunner().invoke(app, ["bench", "-g", "qe", "--seconds", "0.05", "--json"])
    assert out.exit_code == 0, out.output
    (row,) = json.loads(out.stdout)
    assert row["game"] == "qe" and row["players"] == 4 and row["games_per_second"] > 0
