"""Storage: the Alembic migrations build exactly the schema the code uses, on both databases; the
database thread commits batches and fails only the bad call; the CLI's serve command."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from typer.testing import CliRunner

from auctionhouse.cli import app as cli
from auctionhouse.server import default_database_url, storage


def test_migrations_build_the_schema_the_code_uses(db_url):
    engine = storage.make_engine(db_url)
    storage.upgrade(engine)
    storage.upgrade(engine)  # a second start changes nothing
    with engine.connect() as conn:
        ctx = MigrationContext.configure(conn)
        assert ctx.get_current_revision() == "0005"
        assert compare_metadata(ctx, storage.metadata) == []
    engine.dispose()


def migrated_to(db_url: str, revision: str):
    """An engine on a database whose schema is at `revision`."""
    from alembic import command
    from alembic.config import Config

    engine = storage.make_engine(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(storage.MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
    return engine


def test_tables_stored_before_secrets_get_one_each_on_upgrade(db_url):
    """0002 gives every table stored under 0001 its own secret (the seed of its bots)."""
    engine = migrated_to(db_url, "0001")
    with engine.begin() as conn:
        for tid in ("a", "b"):
            row, seats = table_row(tid)
            conn.execute(storage.tables.insert().values(**row))
            conn.execute(storage.seats.insert(), seats)
    storage.upgrade(engine)
    with engine.connect() as conn:
        found = conn.execute(sa.select(storage.tables.c.secret)).scalars().all()
    engine.dispose()
    assert len(found) == 2 and len(set(found)) == 2
    assert all(len(bytes.fromhex(s)) == 32 for s in found)


def test_tables_stored_before_players_keep_their_seats_and_moves_on_upgrade(db_url):
    """0003 adds columns to tables and seats: what was stored stays, unrated and unlinked."""
    engine = migrated_to(db_url, "0002")
    with engine.begin() as conn:
        row, seats = table_row("a")
        conn.execute(storage.tables.insert().values(**row))
        conn.execute(storage.seats.insert(), seats)
        conn.execute(
            storage.moves.insert().values(
                table_id="a", seq=0, seat=0, move=["pass"], by="seat", created_at=1.0
            )
        )
    storage.upgrade(engine)
    with engine.connect() as conn:
        stored = storage.load_table(conn, "a")
    engine.dispose()
    assert stored["rated"] is False and stored["rematch"] is None
    assert [s["player_id"] for s in stored["seats"]] == [None]
    assert [m["move"] for m in stored["moves"]] == [["pass"]]


def test_seats_stored_before_expulsions_are_nobodys_expelled_on_upgrade(db_url):
    """0004 adds when a seat was expelled (and by whom): a stored seat was never expelled."""
    engine = migrated_to(db_url, "0003")
    with engine.begin() as conn:
        row, seats = table_row("a")
        conn.execute(storage.tables.insert().values(**row))
        conn.execute(storage.seats.insert(), seats)
    storage.upgrade(engine)
    with engine.connect() as conn:
        stored = storage.load_table(conn, "a")
    engine.dispose()
    assert [(s["expelled_at"], s["expelled_by"]) for s in stored["seats"]] == [(None, None)]


def test_sqlite_runs_in_wal_mode_with_foreign_keys(sqlite_url):
    engine = storage.make_engine(sqlite_url)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("pragma journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("pragma foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("pragma synchronous").scalar() == 2  # FULL
    engine.dispose()
    with pytest.raises(ValueError, match="synchronous"):
        storage.make_engine(sqlite_url, "SOMETIMES")


def test_sqlite_checkpoints_beside_the_commits_not_inside_them(sqlite_url):
    """The server's connections never checkpoint in a commit (a move would wait for it); the
    database's own checkpoint copies the whole log."""
    db = storage.Database(sqlite_url)
    db.start()

    async def go():
        await db.run(storage.insert_table, *table_row("a"))
        for i in range(300):
            await db.append_move("a", i, 0, ["bid", i], "seat", None)

    try:
        asyncio.run(go())
        with db.engine.connect() as conn:
            assert conn.exec_driver_sql("pragma wal_autocheckpoint").scalar() == 0
        busy, frames, copied = db.checkpoint()
        assert busy == 0 and frames > 0 and copied == frames
    finally:
        db.stop()


def test_a_checkpoint_after_a_burst_leaves_a_small_write_ahead_log(sqlite_url):
    """SQLite reuses its log's file rather than shrink it: after a burst of 400 commits, the
    checkpoint leaves at most `wal_keep` bytes of it on disk (measured by size, not time)."""
    db = storage.Database(sqlite_url)
    db.wal_keep = 64 << 10
    storage.upgrade(db.engine)  # (the database thread and its checkpoints are not started)
    wal = Path(sqlite_url.removeprefix("sqlite:///") + "-wal")
    try:
        with db.engine.begin() as conn:
            storage.insert_table(conn, *table_row("a"))
        for i in range(400):
            with db.engine.begin() as conn:
                storage._store_moves(conn, [("a", i, 0, ["bid", "x" * 500], "seat", None)])
        assert wal.stat().st_size > 16 * db.wal_keep
        busy, frames, copied = db.checkpoint()
        assert busy == 0 and copied == frames > 0
        assert wal.stat().st_size <= db.wal_keep
        with db.engine.connect() as conn:  # nothing lost
            assert len(storage.load_table(conn, "a")["moves"]) == 400
    finally:
        db.stop()


def table_row(tid: str) -> tuple[dict, list[dict]]:
    row = {
        "id": tid, "game": "qe", "title": "t", "players": 1, "options": {}, "setup": {"x": 1},
        "status": "playing", "countdown": None, "turn_timer": None, "fallback_bot": "random",
        "version": 0, "result": None, "created_at": 1.0, "started_at": 1.0, "finished_at": None,
    }  # fmt: skip
    seat = {"table_id": tid, "seat": 0, "kind": "human", "bot": None, "name": None,
            "token_hash": None, "joined_at": None}  # fmt: skip
    return row, [seat]


def test_a_batch_stores_every_move_and_a_bad_call_fails_alone(db_url):
    db = storage.Database(db_url)
    db.start()

    async def go():
        await db.run(storage.insert_table, *table_row("a"))
        await db.run(storage.insert_table, *table_row("b"))
        calls = [db.append_move("a", i, 0, ["bid", i], "seat", None) for i in range(20)]
        calls.append(db.append_move("a", 3, 0, ["bid", 99], "seat", None))  # seq 3 again
        calls += [db.append_move("b", 0, 0, ["pass"], "bot", {"scores": [1], "winners": [0]})]
        return await asyncio.gather(*calls, return_exceptions=True)

    try:
        results = asyncio.run(go())
        assert [r for r in results if isinstance(r, Exception)] == [results[20]]
        assert isinstance(results[20], sa.exc.IntegrityError)
        with db.engine.connect() as conn:
            a = storage.load_table(conn, "a")
            b = storage.load_table(conn, "b")
        assert [m["move"] for m in a["moves"]] == [["bid", i] for i in range(20)]
        assert a["version"] == 20 and a["status"] == "playing"
        assert b["status"] == "finished" and b["result"] == {"scores": [1], "winners": [0]}
    finally:
        db.stop()


def test_the_default_database_is_a_sqlite_file_in_the_user_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    url = default_database_url()
    assert url == f"sqlite:///{tmp_path}/auctionhouse/server.sqlite3"
    assert (tmp_path / "auctionhouse").is_dir()


def test_the_migrations_ship_inside_the_package():
    from setuptools import find_packages

    found = find_packages(where=str(storage.MIGRATIONS.parents[2]), include=["auctionhouse*"])
    assert {"auctionhouse.server.migrations", "auctionhouse.server.migrations.versions"} <= set(
        found
    )
    assert (storage.MIGRATIONS / "env.py").is_file()


def test_serve_command_options_and_errors():
    runner = CliRunner()
    out = runner.invoke(cli, ["serve", "--help"])
    assert out.exit_code == 0
    for word in ("--host", "--port", "--database-url", "--bot-delay", "--sqlite-synchronous"):
        assert word in out.output
    bad = runner.invoke(cli, ["serve", "--bot-delay", "-1"])
    assert bad.exit_code == 2 and "bot-delay" in bad.output


def test_serve_accepts_a_reachable_postgresql(postgres_url, monkeypatch):
    """`serve` checks the database before it starts: a PostgreSQL that answers passes."""
    import auctionhouse.server

    seen = {}
    monkeypatch.setattr(auctionhouse.server, "serve", lambda *a, **kw: seen.update(args=a))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = str(s.getsockname()[1])
    result = CliRunner().invoke(cli, ["serve", "--port", port, "--database-url", postgres_url])
    assert result.exit_code == 0, result.output
    assert seen["args"][2].database_url == postgres_url
