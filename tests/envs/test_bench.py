"""`auctionhouse bench --envs`: per game, environment steps per second beside the engine's moves
per second, and a step's parts (figures are checked for shape, never for speed)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from auctionhouse.cli import app

KEYS = {
    "game",
    "players",
    "engine_moves_per_second",
    "env_steps_per_second",
    "raw_env_steps_per_second",
    "view_us",
    "encode_us",
    "mask_us",
    "engine_move_us",
}


def test_bench_envs_prints_every_figure_for_each_game():
    result = CliRunner().invoke(
        app,
        ["bench", "--envs", "-g", "ratzia", "-g", "qe", "-p", "9", "--seconds", "0.3", "--json"],
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [(r["game"], r["players"]) for r in rows] == [("ratzia", 5), ("qe", 5)]
    for r in rows:
        assert set(r) == KEYS
        assert all(r[k] > 0 for k in KEYS - {"game", "players"})


def test_bench_envs_prints_a_table():
    result = CliRunner().invoke(app, ["bench", "--envs", "-g", "art-dice", "--seconds", "0.3"])
    assert result.exit_code == 0, result.output
    assert "Environments: random masked actions" in result.stdout and "art-d" in result.stdout
