"""Terminal play: whole games driven through standard input, for every game."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from auctionhouse.cli import app
from auctionhouse.core import replay
from auctionhouse.games import all_games, get_game

runner = CliRunner()


@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_a_whole_game_through_standard_input(name, tmp_path):
    game = get_game(name)
    players = min(max(3, game.min_players), game.max_players)
    # always the first choice, and Enter for the amount (the smallest allowed)
    answers = "1\n\n" * 4000
    result = runner.invoke(
        app,
        [
            "play",
            name,
            "-p",
            str(players),
            "--seat",
            "1",
            "--seed",
            "5",
            "--records",
            str(tmp_path),
        ],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    assert "Result" in result.stdout and "record saved" in result.stdout
    rec = json.loads(next(tmp_path.glob("*.json")).read_text())
    state = replay(game, rec)
    assert state.is_over()
    assert rec["bots"][1] == "(you)"


def test_help_history_refusals_and_quit(tmp_path):
    answers = "\n".join(["help", "history", "banana", "99", "view", "quit"]) + "\n"
    result = runner.invoke(
        app,
        ["play", "modern-art", "-p", "3", "--seed", "2", "--records", str(tmp_path)],
        input=answers,
    )
    out = result.stdout
    assert result.exit_code == 0
    assert "Other commands" in out  # help
    assert "Round 1 begins." in out  # history
    assert "'banana' is not a choice" in out and "'99' is not a choice" in out
    assert "You left the table" in out and "record saved" in out
    rec = json.loads(next(tmp_path.glob("*.json")).read_text())
    assert "result" not in rec  # an unfinished game is saved as it stands


def test_an_amount_out_of_range_is_explained():
    # seat 0 plays its first card; whatever the auction, "1" then a huge amount is refused
    answers = "1\n" + "1\n100000\n" * 3 + "quit\n"
    result = runner.invoke(app, ["play", "modern-art", "-p", "3", "--seed", "4"], input=answers)
    assert "out of range" in result.stdout or "is not a choice" in result.stdout


def test_only_the_seat_s_own_hand_is_drawn():
    from auctionhouse.games.modern_art.words import card_words

    state = get_game("modern-art").new_state(3, seed=8)
    result = runner.invoke(app, ["play", "modern-art", "-p", "3", "--seed", "8"], input="quit\n")
    flat = " ".join(result.stdout.replace("│", " ").split())
    shown = flat.split("your hand ", 1)[1].split(" cash ", 1)[0]
    assert sorted(shown.split(", ")) == sorted(card_words(c) for c in state.hands[0])


def test_bad_seat_is_refused():
    result = runner.invoke(app, ["play", "modern-art", "-p", "3", "--seat", "3"])
    assert result.exit_code == 2 and "--seat must be a seat from 0 to 2" in result.stderr


def saved_record(tmp_path, game: str) -> dict:
    files = list(tmp_path.glob(f"{game}-*.json"))
    assert len(files) == 1
    return json.loads(files[0].read_text())


def test_the_end_of_input_saves_the_game(tmp_path):
    # a few moves, then standard input runs out in the middle of the game
    args = ["play", "ratzia", "-p", "3", "--seed", "3", "--records", str(tmp_path)]
    result = runner.invoke(app, args, input="1\n\n" * 3)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and result.stderr == ""
    rec = saved_record(tmp_path, "ratzia")
    assert [line for line in result.stdout.splitlines() if "record saved to" in line] == [
        f"input ended: record saved to {next(tmp_path.glob('ratzia-*.json'))}"
    ]
    state = replay(get_game("ratzia"), rec)
    assert not state.is_over() and any(m[0] == 0 for m in rec["moves"])


def test_ctrl_c_saves_the_game_and_exits_130(tmp_path, monkeypatch):
    import auctionhouse.cli

    answers = iter(["1", "", "1", ""])

    def ask(prompt: str) -> str:
        answer = next(answers, None)
        if answer is None:
            raise KeyboardInterrupt
        return answer

    monkeypatch.setattr(auctionhouse.cli.console, "input", ask)
    args = ["play", "qe", "-p", "3", "--seed", "6", "--records", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 130, result.output
    assert "Traceback" not in result.output and result.stderr == ""
    path = next(tmp_path.glob("qe-*.json"))
    assert f"interrupted: record saved to {path}" in result.stdout.splitlines()
    state = replay(get_game("qe"), saved_record(tmp_path, "qe"))
    assert not state.is_over() and len(state.history) > 0


def test_typed_brackets_are_shown_as_typed(tmp_path):
    args = ["play", "modern-art", "-p", "3", "--seed", "2", "--records", str(tmp_path)]
    result = runner.invoke(app, args, input="[/]\n[bold]\nquit\n")
    assert result.exit_code == 0, result.output
    assert "'[/]' is not a choice" in result.stdout
    assert "'[bold]' is not a choice" in result.stdout
