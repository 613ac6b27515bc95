"""Bad input on the command line: one line on stderr naming the problem, exit code 2, never a
traceback, a hang or unbounded memory."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from auctionhouse.cli import app
from auctionhouse.games import all_games

runner = CliRunner()


def refused(args: list[str], *words: str) -> str:
    """Runs the command; checks it failed with one error line containing `words`; returns it."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].strip(), result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def no_server(monkeypatch, tmp_path):
    """`serve` must fail before uvicorn starts: starting it fails the test instead of serving.
    The default database goes to a temporary folder."""
    import uvicorn

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))

    def started(*a, **kw):
        raise AssertionError("uvicorn started")

    monkeypatch.setattr(uvicorn, "run", started)


@pytest.fixture
def served(monkeypatch):
    """Runs `serve` up to uvicorn and hands back the settings it would have served with."""
    import auctionhouse.server

    seen = {}

    def run(host, port, settings, log_level="info"):
        seen.update(host=host, port=port, settings=settings, log_level=log_level)

    monkeypatch.setattr(auctionhouse.server, "serve", run)
    return seen


# --- usage errors: typer's own checks print one line too ----------------------------------------
BAD_OPTIONS = [
    (["simulate"], ["Missing argument"]),
    (["nope"], ["No such command 'nope'"]),
    (["simulate", "qe", "--games", "many"], ["--games"]),
    (["simulate", "qe", "--workers", "-1"], ["--workers"]),
    (["simulate", "qe", "--workers", "0"], ["--workers"]),
    (["tournament", "qe", "--bots", "random,random,random", "--workers", "-1"], ["--workers"]),
    (["tournament", "qe", "--bots", "random,random,random", "--workers", "0"], ["--workers"]),
    (["simulate", "qe", "--games", "100000000"], ["--games"]),
    (["tournament", "qe", "--bots", "random,random,random", "-n", "0"], ["--games"]),
    (["simulate", "qe", "--seed", "-1"], ["--seed"]),
    (["simulate", "qe", "--seed", str(2**64)], ["--seed"]),
    (["play", "qe", "--seed", "-1"], ["--seed"]),
    (["simulate", "qe", "--backend", "spark"], ["--backend", "local or ray"]),
    (["simulate", "qe", "--address", "127.0.0.1:6379"], ["--address", "ray"]),
    (["bench", "--seconds", "0"], ["--seconds"]),
    (["bench", "--seconds", "-1"], ["--seconds"]),
    (["bench", "--seconds", "nan"], ["--seconds"]),
    (["bench", "--seconds", "inf"], ["--seconds"]),
    (["bench", "--seconds", "100000"], ["--seconds"]),
    (["serve", "--log-level", "loud"], ["--log-level", "debug, info, warning or error"]),
    (["serve", "--port", "99999"], ["--port"]),
    (["serve", "--port", "0"], ["--port"]),
    (["serve", "--bot-delay", "nan"], ["--bot-delay"]),
    (["serve", "--turn-timer", "-1"], ["--turn-timer"]),
    (["serve", "--turn-timer", "inf"], ["--turn-timer"]),
    (["serve", "--open-table-ttl", "0"], ["--open-table-ttl"]),
    (["serve", "--bot-move-limit", "inf"], ["--bot-move-limit"]),
    (["serve", "--bot-move-limit", "0"], ["--bot-move-limit"]),
    (["serve", "--bot-workers", "0"], ["--bot-workers"]),
    (["serve", "--bot-seconds-per-address", "-1"], ["--bot-seconds-per-address"]),
    (["serve", "--allow-origin", "example.org"], ["--allow-origin", "scheme://host"]),
    (["serve", "--allow-origin", "https://example.org/path"], ["--allow-origin"]),
    (["serve", "--allow-origin", "ftp://example.org"], ["--allow-origin"]),
    (["serve", "--allow-origin", "https://example.org:99999"], ["--allow-origin"]),
    (["serve", "--trusted-proxy", "proxy.example"], ["--trusted-proxy", "not an IP address"]),
    (["serve", "--trusted-proxy", "10.0.0.1/8"], ["--trusted-proxy", "10.0.0.0/8"]),
    (["serve", "--ipv6-prefix", "16"], ["--ipv6-prefix"]),
    (["serve", "--request-timeout", "-1"], ["--request-timeout"]),
    (["serve", "--idle-timeout", "0"], ["--idle-timeout"]),
    (["serve", "--connections-per-address", "-1"], ["--connections-per-address"]),
    (["serve", "--turn-timer", "5"], ["--turn-timer", "--rated-min-turn-timer (20)"]),
    (["serve", "--leaderboard-min-games", "-1"], ["--leaderboard-min-games"]),
]


@pytest.mark.parametrize("args,words", BAD_OPTIONS, ids=[" ".join(a) for a, _ in BAD_OPTIONS])
def test_bad_options_get_one_line(args, words, no_server):
    refused(args, *words)


# --- rich markup in user text is printed as it is ------------------------------------------------
def test_an_error_prints_brackets_as_they_are():
    refused(["simulate", "[/]"], "unknown game '[/]'")
    refused(["simulate", "[bold]x"], "unknown game '[bold]x'")


def test_the_ray_extra_is_named_in_full(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails
    refused(["simulate", "qe", "-n", "1", "--backend", "ray"], "'auctionhouse[ray]'")


def test_a_record_error_keeps_its_brackets(tmp_path):
    f = tmp_path / "r.json"
    runner.invoke(app, ["simulate", "qe", "-p", "3", "-n", "1", "--records", str(tmp_path)])
    rec = json.loads(next(tmp_path.glob("qe-*.json")).read_text())
    rec["moves"][0] = 5
    f.write_text(json.dumps(rec))
    refused(["replay", str(f)], "move 1: 5 is not [player, kind, argument]")


GAME_PAIRS = [
    (a.name, b.name, players)
    for a in all_games()
    for b in all_games()
    if a.name != b.name
    for players in [max(a.min_players, b.min_players)]
    if players <= min(a.max_players, b.max_players)
]


@pytest.mark.parametrize(("game", "said", "players"), GAME_PAIRS)
def test_a_record_of_another_game_is_named_as_such(tmp_path, game, said, players):
    args = ["simulate", game, "-p", str(players), "-n", "1", "--records", str(tmp_path)]
    assert runner.invoke(app, args).exit_code == 0
    f = next(tmp_path.glob(f"{game}-*.json"))
    rec = json.loads(f.read_text())
    rec["game"] = said
    f.write_text(json.dumps(rec))
    refused(["replay", str(f)], "record of another game", f"says {said!r}", f"deal of {game!r}")


# --- files given to read ---------------------------------------------------------------------
def test_a_huge_file_is_refused_without_reading_it(tmp_path):
    big = tmp_path / "big.json"
    with big.open("wb") as f:  # sparse: 2 GB that take no disk
        f.truncate(2 * 1024**3)
    refused(["replay", str(big)], str(big), "MiB")
    big_deck = tmp_path / "big.toml"
    big.rename(big_deck)
    refused(["simulate", "modern-art", "--deck", str(big_deck)], str(big_deck), "MiB")


def test_a_binary_file_is_refused(tmp_path):
    blob = tmp_path / "blob.json"
    blob.write_bytes(bytes(range(256)) * 4)
    refused(["replay", str(blob)], "UTF-8")
    refused(["simulate", "modern-art", "--deck", str(blob)], "UTF-8")


def test_a_pipe_or_folder_is_not_read(tmp_path):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    refused(["replay", str(fifo)], "not a regular file")
    refused(["simulate", "modern-art", "--deck", str(fifo)], "not a regular file")
    refused(["replay", str(tmp_path)], "folder")


def test_deeply_nested_json_is_refused(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    refused(["replay", str(deep)], "too deeply nested")
    refused(["simulate", "modern-art", "--deck", str(deep)], "too deeply nested")


def test_a_record_whose_options_are_not_a_table(tmp_path):
    runner.invoke(app, ["simulate", "qe", "-p", "3", "-n", "1", "--records", str(tmp_path)])
    f = next(tmp_path.glob("qe-*.json"))
    rec = json.loads(f.read_text())
    rec["options"] = [1, 2]
    f.write_text(json.dumps(rec))
    refused(["replay", str(f)], "options", "list")


@pytest.mark.parametrize("count", [1_000_000_000, 101])
def test_a_deck_with_too_many_cards_of_a_kind(tmp_path, count):
    deck = tmp_path / "deck.toml"
    deck.write_text(f'[artists."Manuel Carvalho"]\nopen = {count}\n')
    refused(["simulate", "modern-art", "--deck", str(deck)], "Manuel Carvalho", "at most 100")


def test_a_deck_with_too_many_cards_in_all(tmp_path):
    from auctionhouse.games.modern_art.deck import ARTISTS

    deck = {a: [100, 100, 0, 0, 0] for a in ARTISTS}  # 1000 cards
    deck[ARTISTS[0]] = [100, 100, 1, 0, 0]
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck))
    refused(["simulate", "modern-art", "--deck", str(path)], "1001 cards", "at most 1000")


# --- files and folders to write ----------------------------------------------------------------
def test_records_into_a_file_or_an_impossible_folder(tmp_path):
    taken = tmp_path / "taken"
    taken.write_text("x")
    refused(["simulate", "qe", "-n", "1", "--records", str(taken)], str(taken), "not a folder")
    refused(["simulate", "qe", "-n", "1", "--records", str(taken / "sub")], str(taken / "sub"))
    refused(["play", "qe", "--records", str(taken)], str(taken), "not a folder")
    assert not list(tmp_path.glob("qe-*"))


def test_tournament_out_is_checked_before_the_games(tmp_path):
    taken = tmp_path / "taken"
    taken.write_text("x")
    bots = ["--bots", "random,random,random", "-p", "3", "-n", "3"]
    refused(["tournament", "qe", *bots, "--out", str(taken / "res")], str(taken))
    refused(["tournament", "qe", *bots, "--out", "/"], "--out")
    result = runner.invoke(app, ["tournament", "qe", *bots, "--out", str(tmp_path / "a" / "b")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "a" / "b.json").is_file()


def test_play_checks_the_player_count_before_the_seat():
    refused(["play", "qe", "-p", "0"], "3 to 5 players")


# --- Ray: an address where no cluster listens ---------------------------------------------------
def test_a_ray_address_where_nothing_listens_fails_at_once():
    address = f"127.0.0.1:{free_port()}"
    refused(["simulate", "qe", "-n", "1", "--backend", "ray", "--address", address], address)


def test_a_ray_address_in_the_wrong_form():
    refused(["simulate", "qe", "-n", "1", "--backend", "ray", "--address", "nothing"], "host:port")


def test_a_ray_cluster_that_does_not_answer_times_out():
    """Something listens but no Ray cluster answers: the connect is bounded (1 s here)."""
    pytest.importorskip("ray")
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"127.0.0.1:{silent.getsockname()[1]}"
        code = (
            "import sys; import auctionhouse.arena.backends as b; b.RAY_CONNECT_TIMEOUT = 1.0; "
            "from auctionhouse.cli import main; sys.argv[0] = 'auctionhouse'; main()"
        )
        args = ["simulate", "qe", "-n", "1", "--backend", "ray", "--address", address]
        done = subprocess.run(
            [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=300
        )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and address in lines[0] and "1 s" in lines[0], done.stderr


# --- serve: the database and the address are checked before uvicorn starts ---------------------
@pytest.mark.parametrize(
    "url,words",
    [
        ("foo://bar", ["foo"]),
        ("notaurl", ["notaurl", "database URL"]),
        ("postgresql+psycopg://u:secret@127.0.0.1:1/x", ["127.0.0.1", "cannot connect"]),
        ("sqlite:////nonexistent/dir/x.db", ["/nonexistent/dir", "does not exist"]),
        ("sqlite://", ["in-memory"]),
        ("sqlite:///:memory:", ["in-memory"]),
    ],
)
def test_serve_checks_the_database_first(url, words, no_server):
    line = refused(["serve", "--database-url", url], *words)
    assert "secret" not in line


def test_serve_refuses_a_port_in_use(no_server, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        url = f"sqlite:///{tmp_path / 'x.db'}"
        refused(["serve", "--port", port, "--database-url", url], port, "in use")


def test_serve_passes_its_options_to_the_settings(served, tmp_path):
    url = f"sqlite:///{tmp_path / 'x.db'}"
    port = str(free_port())
    args = ["serve", "--port", port, "--database-url", url, "--allow-origin", "https://a.org"]
    args += ["--allow-origin", "HTTP://LOCALHOST:5173", "--allow-any-bot", "--turn-timer", "0"]
    args += ["--open-table-ttl", "60", "--bot-move-limit", "2.5", "--bot-workers", "3"]
    args += ["--abandoned-after", "90", "--tables-per-minute", "0", "--joins-per-minute", "5"]
    args += ["--connects-per-minute", "7"]
    args += ["--open-tables-per-address", "2", "--max-open-tables", "9"]
    args += ["--live-tables-per-address", "0"]
    args += ["--quick-bot-workers", "2", "--bot-seconds-per-address", "5"]
    args += ["--trusted-proxy", "10.0.0.0/8", "--trusted-proxy", "2001:DB8::1"]
    args += ["--ipv6-prefix", "56", "--request-timeout", "3", "--idle-timeout", "4"]
    args += ["--connections-per-address", "8", "--max-connections", "500"]
    args += ["--rated-min-turn-timer", "45", "--rated-games-per-opponent", "3"]
    args += ["--leaderboard-min-games", "20", "--leaderboard-min-opponents", "8"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    s = served["settings"]
    assert s.abandoned_after == 90.0
    assert (s.tables_per_minute, s.joins_per_minute, s.seat_connects_per_minute) == (0, 5, 7)
    assert s.allowed_origins == ("https://a.org", "http://localhost:5173")
    assert s.allow_any_bot is True and s.default_turn_timer is None
    assert (s.open_table_ttl, s.bot_move_limit, s.bot_workers) == (60.0, 2.5, 3)
    assert (s.open_tables_per_address, s.max_open_tables, s.live_tables_per_address) == (2, 9, 0)
    assert (s.quick_bot_workers, s.bot_seconds_per_address) == (2, 5.0)
    assert s.trusted_proxies == ("10.0.0.0/8", "2001:db8::1/128") and s.ipv6_prefix == 56
    assert (s.request_timeout, s.idle_timeout) == (3.0, 4.0)
    assert (s.connections_per_address, s.max_connections) == (8, 500)
    assert (s.rated_min_turn_timer, s.rated_games_per_opponent) == (45.0, 3)
    assert (s.leaderboard_min_games, s.leaderboard_min_opponents) == (20, 8)
    assert served["port"] == int(port) and s.database_url == url


def test_serve_keeps_the_settings_defaults(served, tmp_path):
    from auctionhouse.server import Settings

    url = f"sqlite:///{tmp_path / 'x.db'}"
    result = runner.invoke(app, ["serve", "--port", str(free_port()), "--database-url", url])
    assert result.exit_code == 0, result.output
    assert served["settings"] == Settings(database_url=url)
    args = ["serve", "--port", str(free_port()), "--database-url", url, "--turn-timer", "30"]
    assert runner.invoke(app, args).exit_code == 0
    assert served["settings"].default_turn_timer == 30.0


def test_serve_names_a_database_it_cannot_migrate(no_server, tmp_path):
    """A schema from a newer release (an Alembic revision this one does not know) is one line,
    before the server starts, not a traceback from its start-up."""
    import sqlite3

    path = tmp_path / "newer.db"
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("create table alembic_version (version_num varchar(32) primary key)")
        conn.execute("insert into alembic_version values ('9999')")
        conn.commit()
    refused(["serve", "--database-url", f"sqlite:///{path}"], "cannot create or upgrade", "9999")
