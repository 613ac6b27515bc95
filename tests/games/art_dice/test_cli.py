"""`auctionhouse simulate art-dice ... --json` keeps its contract for every player count, as
checked by the team's checker script; a bad player count is refused with a sentence."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from auctionhouse.cli import app
from tests.simulate_contract import check_contract


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_json_contract(players):
    check_contract("art-dice", players, 20)


def test_simulate_refuses_five_players():
    result = CliRunner().invoke(app, ["simulate", "art-dice", "-p", "5", "-n", "1", "--json"])
    assert result.exit_code != 0
    assert "2 to 4 players" in str(result.exception or "") + result.output
