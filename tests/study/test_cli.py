"""`auctionhouse study`: the files it writes, a report that opens offline, its JSON, and bad
input refused in one line with exit code 2."""

from __future__ import annotations

import csv
import json
import re

import pytest
from typer.testing import CliRunner

from auctionhouse.cli import app
from auctionhouse.games import get_game

from ..test_cli_errors import refused

runner = CliRunner()
SMALL = ["-n", "24", "--skill-games", "6", "--workers", "1"]


@pytest.mark.parametrize("game", ["modern-art", "ratzia", "qe", "art-dice"])
def test_a_study_writes_a_self_contained_report_json_and_tables(game, tmp_path):
    out = tmp_path / "s"
    result = runner.invoke(app, ["study", game, "-p", "3", *SMALL, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "seat test" in result.stdout and "report.html" in result.stdout
    page = (out / "report.html").read_text()
    assert page.count("<svg") >= 10
    # nothing fetched from elsewhere: no scripts, stylesheets or images by address
    assert not re.search(r"<(script|link|img|iframe)\b|\bsrc=|url\((?!#)", page)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["variants"][0]["games"] == 24 and summary["comparison"] is None
    g = get_game(game)
    assert [s["players"] for s in summary["skill"]] == list(range(g.min_players, g.max_players + 1))
    with (out / "seats.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert [r["position"] for r in rows] == ["1", "2", "3"]
    assert sum(float(r["wins"]) for r in rows) == pytest.approx(24)
    assert any(
        t["name"] in p.name
        for p in out.glob("*.csv")
        for t in summary["variants"][0]["game"]["tables"]
    )


def test_a_game_without_a_study_module_shows_the_figures_every_game_has(monkeypatch, tmp_path):
    monkeypatch.setattr(type(get_game("ratzia")), "study", None)
    out = tmp_path / "s"
    result = runner.invoke(app, ["study", "ratzia", "-p", "3", *SMALL, "--out", str(out)])
    assert result.exit_code == 0, result.output
    v = json.loads((out / "summary.json").read_text())["variants"][0]
    keys = {h["key"] for h in v["headline"]}
    assert {"first_share", "margin", "moves", "tie"} <= keys
    assert not keys & {"rounds", "comeback", "rz_steals"}  # rounds are the game's to tell
    assert v["game"] == {"tables": [], "figures": []} and v["comeback"] == []
    page = (out / "report.html").read_text()
    assert "Seat advantage" in page and "Comebacks" not in page and "designers" not in page


def test_vs_compares_a_second_variant_and_json_prints_the_summary(tmp_path):
    result = runner.invoke(
        app,
        ["study", "modern-art", *SMALL, "--skill", "none", "--out", str(tmp_path),
         "--vs", "deck=docs/decks/seed-001.toml", "--vs", "players=3", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    a, b = summary["variants"]
    assert (a["players"], b["players"]) == (4, 3)
    assert isinstance(b["options"]["deck"], dict)
    assert summary["skill"] == []
    rows = summary["comparison"]["rows"]
    assert {"first_share", "moves", "ma_price"} <= {r["key"] for r in rows}
    assert all(r["p"] is None or 0 <= r["p"] <= 1 for r in rows)
    assert (tmp_path / "comparison.csv").exists()


@pytest.mark.parametrize(
    "args,words",
    [
        (["--vs", "colour=red"], ["--vs cannot change 'colour'"]),
        (["--vs", "players"], ["key=value"]),
        (["--vs", "players=9"], ["3 to 5 players, not 9"]),
        (["--vs", "players=3", "--bots", "random,random,random,random"], ["--vs bots="]),
        (["--vs", "deck=nowhere.toml"], ["nowhere.toml"]),
        (["--skill", "heuristic"], ["--skill is STRONG,WEAK"]),
        (["--skill", "heuristic,nobody"], ["unknown bot 'nobody'"]),
        (["--bots", "nobody"], ["unknown bot"]),
        (["--skill-games", "0"], ["--skill-games"]),
        (["--games", "0"], ["--games"]),
        (["--address", "localhost:1"], ["--backend ray"]),
        (["--backend", "cloud"], ["local or ray"]),
        (["-o", "mystery=true"], ["3 players"]),
    ],
)
def test_bad_input_is_refused_in_one_line(args, words, tmp_path):
    refused(["study", "modern-art", "--out", str(tmp_path / "o"), *args], *words)
    assert not (tmp_path / "o" / "report.html").exists()


def test_an_out_that_is_a_file_is_refused_before_any_game(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    refused(["study", "qe", "--out", str(f)], "--out")


def test_a_deck_for_a_game_without_one_is_refused(tmp_path):
    refused(
        ["study", "qe", "--vs", "deck=docs/decks/seed-001.toml", "--out", str(tmp_path)], "deck"
    )
