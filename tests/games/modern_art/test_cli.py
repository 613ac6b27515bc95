"""The command line speaks Modern Art: `simulate --json` keeps the shared contract with the
mystery variant and a list of seats; a bad player count is refused with a sentence."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from auctionhouse.cli import app

from ...simulate_contract import check_contract

runner = CliRunner()


def test_simulate_json_for_the_mystery_variant_and_a_seat_list():
    check_contract("modern-art", 3, 10, "--option", "mystery=true")
    out = runner.invoke(
        app,
        [
            "simulate",
            "modern-art",
            "-p",
            "3",
            "-n",
            "6",
            "--bots",
            "random,random,random",
            "--json",
        ],
    )
    seats = json.loads(out.stdout)["seats"]
    assert [s["bot"] for s in seats] == ["random"] * 3
    assert sum(s["wins"] for s in seats) == pytest.approx(6)


def test_a_bad_player_count_is_one_sentence():
    result = runner.invoke(app, ["simulate", "modern-art", "-p", "2", "-n", "1", "--json"])
    assert result.exit_code == 2
    assert "modern-art is for 3 to 5 players, not 2" in result.output
