"""Fixtures of the server tests: a database of each kind (SQLite file, PostgreSQL schema), the
app in-process (TestClient) and a real uvicorn server in a thread.

PostgreSQL: the URL comes from AUCTIONHOUSE_TEST_POSTGRES_URL (scripts/test.sh installs, starts
and exports it). Without it the fixture tries the URL scripts/test.sh uses, starting the local
cluster first if it is down; a PostgreSQL that cannot be reached fails the tests, never skips them.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import subprocess
import threading
import time
from urllib.parse import quote

import pytest
import sqlalchemy as sa

from auctionhouse.server import Settings, create_app
from auctionhouse.server.app import WS_MAX_BYTES

from .clocks import FakeClock


def pytest_configure(config):
    # starlette's TestClient asks for httpx2; httpx is what FastAPI documents and what we install
    config.addinivalue_line("filterwarnings", "ignore:.*httpx2")


PG_ENV = "AUCTIONHOUSE_TEST_POSTGRES_URL"
PG_DEFAULT = "postgresql+psycopg://auctionhouse:auctionhouse@127.0.0.1:5432/auctionhouse_test"


def _reachable(url: str) -> str | None:
    """None when a connection works, else the reason."""
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            conn.execute(sa.text("select 1"))
        return None
    except Exception as e:
        return str(e).splitlines()[0]
    finally:
        engine.dispose()


@pytest.fixture(scope="session")
def postgres_url() -> str:
    url = os.environ.get(PG_ENV)
    if url:
        problem = _reachable(url)
        if problem:
            pytest.fail(f"PostgreSQL at {PG_ENV} is not reachable: {problem}")
        return url
    problem = _reachable(PG_DEFAULT)
    if problem and shutil.which("pg_ctlcluster"):
        subprocess.run(["pg_ctlcluster", "15", "main", "start"], capture_output=True)
        end = time.monotonic() + 60  # a bound on a hang: a busy machine starts it slowly
        while problem and time.monotonic() < end:
            time.sleep(0.5)
            problem = _reachable(PG_DEFAULT)
    if problem:
        pytest.fail(
            f"no PostgreSQL for the server tests ({problem}). Run `bash scripts/test.sh`, which "
            f"installs and starts it, or set {PG_ENV} to a postgresql+psycopg:// URL."
        )
    return PG_DEFAULT


@contextlib.contextmanager
def pg_schema(base_url: str):
    """A fresh schema in the test database, as a URL whose connections use it."""
    name = "t_" + secrets.token_hex(6)
    engine = sa.create_engine(base_url)
    with engine.begin() as conn:
        conn.execute(sa.text(f"create schema {name}"))
    sep = "&" if "?" in base_url else "?"
    try:
        yield f"{base_url}{sep}options={quote(f'-csearch_path={name}')}"
    finally:
        with engine.begin() as conn:
            conn.execute(sa.text(f"drop schema {name} cascade"))
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """Each test that takes it runs against both databases."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'server.sqlite3'}"
        return
    with pg_schema(request.getfixturevalue("postgres_url")) as url:
        yield url


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


def test_settings(url: str, **kw) -> Settings:
    """Settings for a test: bots without delay, and no rate limits on creates, joins and
    connects unless the test sets them (tests/server/test_lobby_limits.py does)."""
    kw.setdefault("bot_delay", 0.0)
    for limit in ("tables_per_minute", "joins_per_minute", "seat_connects_per_minute",
                  "players_per_minute", "players_per_minute_total", "replays_per_minute"):  # fmt: skip
        kw.setdefault(limit, 0)
    # one address makes every table of a test: no cap per address (test_open_tables.py sets them)
    kw.setdefault("open_tables_per_address", 0)
    kw.setdefault("live_tables_per_address", 0)
    kw.setdefault("bot_seconds_per_address", 0)  # (test_bot_seats.py sets it)
    return Settings(database_url=url, **kw)


test_settings.__test__ = False  # a helper, not a test


@pytest.fixture
def client(sqlite_url):
    """The app in-process on SQLite (fastapi.testclient), bots without delay."""
    from fastapi.testclient import TestClient

    with TestClient(create_app(test_settings(sqlite_url))) as c:
        yield c


@contextlib.contextmanager
def live_server(settings: Settings, **options):
    """A real uvicorn server on a free port in a thread, with uvicorn's `options` (those of
    `serve`: `edge.uvicorn_options(settings)`); yields its base URL."""
    import uvicorn

    config = uvicorn.Config(
        create_app(settings),
        host="127.0.0.1",
        port=0,
        log_level="warning",
        ws_max_size=WS_MAX_BYTES,
        **options,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 60  # a bound on a hang: a busy machine starts it slowly
    while not server.started and thread.is_alive() and time.monotonic() < end:
        time.sleep(0.025)
    if not server.started:
        raise RuntimeError("the test server did not start")
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


@pytest.fixture
def clock() -> FakeClock:
    """The lobby's clock for a test (`test_settings(url, clock=clock)`), in whole seconds so
    that advancing it by whole seconds is exact."""
    return FakeClock(float(int(time.time())))
