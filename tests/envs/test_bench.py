"""`auctionhouse bench --envs`: per game and player count, environment steps per second and the
observation's cost against the engine's move, with each target's verdict (figures are checked
for shape, never for speed)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from auctionhouse.cli import app

FIGURES = {
    "engine_moves_per_second",
    "env_steps_per_second",
    "raw_env_steps_per_second",
    "engine_move_us",
    "observation_us",
    "view_encode_us",
    "mask_us",
}
VERDICTS = {"steps_target_met", "observation_below_move"}
# a call that only copies a vector: near zero, so its difference of two timings may be either side
FLOOR = "copy_floor_us"


def test_bench_envs_prints_every_figure_for_each_game():
    result = CliRunner().invoke(
        app,
        ["bench", "--envs", "-g", "ratzia", "-g", "qe", "-p", "9", "--seconds", "0.3", "--json"],
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [(r["game"], r["players"]) for r in rows] == [("ratzia", 5), ("qe", 5)]
    for r in rows:
        assert set(r) == FIGURES | VERDICTS | {"game", "players", FLOOR}
        assert isinstance(r[FLOOR], float)
        assert all(r[k] > 0 for k in FIGURES)
        assert r["steps_target_met"] == (r["env_steps_per_second"] >= 25_000)
        assert r["observation_below_move"] == (r["observation_us"] < r["engine_move_us"])


def test_bench_envs_prints_a_table_of_every_player_count_with_the_verdicts():
    result = CliRunner().invoke(app, ["bench", "--envs", "-g", "art-dice", "--seconds", "0.3"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Environments: random masked actions" in out and "art-d" in out
    assert "steps/s >= 25,000: " in out and " of 3; observation < engine move: " in out
