"""The installed game through the command line: simulate (its JSON against the team's contract
checker), a tournament, a tiny study, the replay of a written record, and a whole game played
in the terminal."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from auctionhouse.cli import app
from auctionhouse.core import replay

from ..simulate_contract import check_contract
from .conftest import NAME

runner = CliRunner()


def ok(args: list[str], **kw):
    result = runner.invoke(app, args, **kw)
    assert result.exit_code == 0, result.output
    return result


def test_the_game_is_listed(game):
    assert NAME in ok(["games"]).stdout


def test_simulate_keeps_the_json_contract_and_its_records_replay(game, tmp_path):
    assert "going-once/3p ok" in check_contract(NAME, 3, 20)
    args = ["simulate", NAME, "-p", "4", "-n", "3", "--bots", "heuristic,random,random,random"]
    out = json.loads(ok([*args, "-o", "lots=5", "--records", str(tmp_path), "--json"]).stdout)
    assert out["moves_per_game"] == 4 * 5
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 3
    for f in files:
        rec = json.loads(f.read_text())
        got = json.loads(ok(["replay", str(f), "--json"]).stdout)
        assert got == {"game": NAME, "over": True, **rec["result"]}
        assert "Going Once: 20 moves replayed, game over" in ok(["replay", str(f)]).stdout


def test_a_tournament_ranks_the_heuristic_over_random(game):
    args = ["tournament", NAME, "--bots", "heuristic,random", "-p", "2", "-n", "40"]
    out = json.loads(ok([*args, "--workers", "1", "--json"]).stdout)
    share = {b["bot"]: b["win_share"] for b in out["bots"]}
    assert out["games"] == 40 and share["heuristic"] > share["random"]


def test_a_tiny_study_writes_its_report(game, tmp_path):
    args = ["study", NAME, "-p", "3", "-n", "12", "--skill-games", "4", "--workers", "1"]
    ok([*args, "--out", str(tmp_path)])
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["variants"][0]["games"] == 12
    assert (tmp_path / "report.html").read_text().count("<svg") >= 5


@pytest.mark.parametrize("seat", [0, 2])
def test_a_whole_game_in_the_terminal(game, tmp_path, seat):
    # the first choice (bid), then Enter for the amount: the smallest allowed
    args = ["play", NAME, "-p", "3", "--seat", str(seat), "--seed", "5"]
    result = ok([*args, "--records", str(tmp_path)], input="1\n\n" * 200)
    assert "Result" in result.stdout and "record saved" in result.stdout
    assert "a lot worth" in result.stdout  # the game's own sentences
    rec = json.loads(next(tmp_path.glob("*.json")).read_text())
    assert replay(game, rec).is_over() and rec["bots"][seat] == "(you)"
    assert all(m[2] == 0 for m in rec["moves"] if m[0] == seat)
