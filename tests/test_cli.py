"""The command line: games, simulate (and its JSON contract), replay, bench, and its errors."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from auctionhouse.cli import app
from auctionhouse.games import all_games

from .simulate_contract import ROOT, check_contract, simulate_json

runner = CliRunner()
CASES = [(g.name, n) for g in all_games() for n in range(g.min_players, g.max_players + 1)]


def test_games_lists_every_game_with_players_and_options():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for g in all_games():
        assert g.name in result.stdout
        assert f"{g.min_players}-{g.max_players}" in result.stdout


@pytest.mark.parametrize("name,players", CASES)
def test_simulate_json_keeps_the_contract(name, players):
    check_contract(name, players, 12)


def test_the_readme_names_exactly_the_keys_simulate_json_prints():
    readme = (ROOT / "README.md").read_text()
    start = readme.index("it prints exactly one object: `") + len("it prints exactly one object: `")
    contract = readme[start : readme.index("`", start)]
    top, seat = contract.split('"seats": [')
    got = json.loads(simulate_json("modern-art", 3, 2, "--option", "mystery=true"))
    assert [*re.findall(r'"(\w+)"', top), "seats"] == list(got)
    assert re.findall(r'"(\w+)"', seat) == list(got["seats"][0])
    assert got["options"] == {"deck": "standard", "mystery": True, "open_cash": False}


def test_simulate_is_reproducible_from_its_seed():
    args = ["simulate", "modern-art", "-p", "4", "-n", "5", "--seed", "9", "--json"]
    a, b = (json.loads(runner.invoke(app, args).stdout) for _ in range(2))
    assert a["seats"] == b["seats"] and a["moves_per_game"] == b["moves_per_game"]


def test_simulate_table_output():
    result = runner.invoke(app, ["simulate", "modern-art", "-p", "3", "-n", "4"])
    assert result.exit_code == 0
    assert "win %" in result.stdout and "games/s" in result.stdout


def test_records_replay_to_the_same_result(tmp_path):
    out = runner.invoke(
        app, ["simulate", "modern-art", "-p", "4", "-n", "3", "--records", str(tmp_path), "--json"]
    )
    assert out.exit_code == 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 3
    for f in files:
        rec = json.loads(f.read_text())
        res = runner.invoke(app, ["replay", str(f), "--json"])
        assert res.exit_code == 0, res.output
        got = json.loads(res.stdout)
        assert got == {"game": "modern-art", "over": True, **rec["result"]}


def test_replay_names_the_illegal_move(tmp_path):
    runner.invoke(app, ["simulate", "modern-art", "-p", "3", "-n", "1", "--records", str(tmp_path)])
    f = next(tmp_path.glob("*.json"))
    rec = json.loads(f.read_text())
    rec["moves"][4] = [rec["moves"][4][0], "bid", 10**6]
    f.write_text(json.dumps(rec))
    res = runner.invoke(app, ["replay", str(f)])
    assert res.exit_code == 2
    assert "move 5 (player" in res.stderr


@pytest.mark.parametrize(
    "args,message",
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", "modern-art", "-p", "7"], "3 to 5 players, not 7"),
        (["simulate", "modern-art", "-o", "speed=fast"], "no option 'speed'"),
        (["simulate", "modern-art", "-o", "open_cash=maybe"], "takes true or false"),
        (["simulate", "modern-art", "-o", "oops"], "key=value"),
        (["simulate", "modern-art", "--bots", "genius"], "unknown bot 'genius'"),
        (["simulate", "modern-art", "--bots", "random,random"], "one per seat"),
        (["simulate", "modern-art", "--deck", "/nonexistent.toml"], "cannot read it"),
        (["replay", "/nonexistent.json"], "cannot read record"),
    ],
)
def test_bad_input_gets_a_one_line_error(args, message):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1 and result.stdout == ""


def test_bench_prints_speed_for_each_game():
    result = runner.invoke(app, ["bench", "--seconds", "0.05", "--json"])
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    assert {r["game"] for r in rows} == {g.name for g in all_games()}
    for r in rows:
        assert r["games_per_second"] > 0 and r["us_per_move"] > 0 and r["moves_per_game"] > 0
        # the deal is timed apart: counting it gives fewer games a second
        assert r["deal_us"] > 0 and r["games_per_second_with_deal"] < r["games_per_second"]
