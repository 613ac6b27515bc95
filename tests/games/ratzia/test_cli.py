"""The command line speaks Ratzia: `simulate --json` passes the shared contract checker for 2 to
5 players, and a bad player count is refused with a sentence."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from auctionhouse.cli import app

from ...simulate_contract import check_contract

GAMES = 20


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_simulate_json_passes_the_contract_checker(players):
    check_contract("ratzia", players, GAMES)


def test_simulate_refuses_six_players():
    result = CliRunner().invoke(app, ["simulate", "ratzia", "-p", "6", "-n", "1", "--json"])
    assert result.exit_code != 0
    assert "2 to 5 players" in str(result.exception or "") + result.output
