"""Nobody sees a move before it is stored. While the database cannot take the move (its write
lock held from outside), no reader (the mover, another seat, a new spectator, the HTTP API) sees
it; a server killed then restarts without it, so nobody ever saw a move the database lacks; once
the lock goes, the move is stored and then shown."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3

import pytest
import sqlalchemy as sa

from auctionhouse.server.client import Api, SeatSocket, random_move

from .test_durability import ready, start_server

HOLD = 1.0  # seconds the lock is held before the readers are asked


@contextlib.contextmanager
def write_lock(db_url: str):
    """Hold the database's write lock on the moves from outside the server."""
    if db_url.startswith("sqlite"):
        conn = sqlite3.connect(db_url.removeprefix("sqlite:///"), isolation_level=None)
        conn.execute("begin immediate")
        try:
            yield
        finally:
            conn.execute("rollback")
            conn.close()
        return
    engine = sa.create_engine(db_url)
    with engine.connect() as conn:
        trans = conn.begin()
        conn.execute(sa.text("lock table moves in exclusive mode"))
        try:
            yield
        finally:
            trans.rollback()
    engine.dispose()


async def two_seats(api: Api) -> tuple[str, list[str], list[SeatSocket], int, dict]:
    t = await api.create_table("art-dice", 2, turn_timer=0)
    tokens = [(await api.join(t["id"], f"p{i}"))["token"] for i in range(2)]
    socks = [await SeatSocket(api.ws_url(t["id"]), k).connect() for k in tokens]
    for s in socks:
        await s.wait(lambda s: s.state is not None)
    mover = next(i for i, s in enumerate(socks) if s.state["legal"])
    return t["id"], tokens, socks, mover, socks[mover].state


def versions(sock: SeatSocket) -> set[int]:
    return {m["version"] for m in sock.messages if m["type"] == "state"}


async def readers_see_version(api: Api, tid: str) -> list[int]:
    """What a new spectator and the HTTP API say the table's version is."""
    spectator = await SeatSocket(api.ws_url(tid)).connect()
    await spectator.wait(lambda s: s.state is not None)
    seen = [spectator.state["version"], (await api.table(tid))["version"]]
    await spectator.close()
    return seen


def first_move(state: dict) -> list:
    return random_move(state["legal"], random.Random(1))


class Served:
    """A real server process on `db_url` and an API client of it; `restart` kills it with
    SIGKILL and starts another on the same database."""

    def __init__(self, db_url: str) -> None:
        self.db_url = db_url
        self.proc, base = start_server(db_url)
        self.api = Api(base, timeout=30)

    async def restart(self) -> None:
        self.proc.kill()
        self.proc.wait(10)
        await self.api.close()
        self.proc, base = start_server(self.db_url)
        self.api = Api(base, timeout=30)
        await ready(self.api)

    async def close(self) -> None:
        await self.api.close()
        self.proc.kill()
        self.proc.wait(10)


async def kill_while_locked(served: Served) -> None:
    tid, _, socks, mover, state = await two_seats(served.api)
    with write_lock(served.db_url):
        await socks[mover].move(first_move(state), ref="held")
        await asyncio.sleep(HOLD)
        assert await readers_see_version(served.api, tid) == [0, 0]
        assert all(versions(s) == {0} for s in socks)
        assert not any(m.get("ref") == "held" for m in socks[mover].messages)
        served.proc.kill()  # SIGKILL while the move waits for the database
        served.proc.wait(10)
    seen = set().union(*(versions(s) for s in socks))
    await served.restart()
    stored = (await served.api.table(tid))["version"]
    assert seen == {0} and stored == 0  # nobody saw a move the database lacks


async def release_and_see(served: Served) -> None:
    tid, _, socks, mover, state = await two_seats(served.api)
    with write_lock(served.db_url):
        await socks[mover].move(first_move(state), ref="held")
        await asyncio.sleep(HOLD)
        assert await readers_see_version(served.api, tid) == [0, 0]
    await socks[mover].wait(lambda s: s.state["version"] == 1)
    assert any(m.get("ref") == "held" for m in socks[mover].messages)
    assert await readers_see_version(served.api, tid) == [1, 1]
    for s in socks:
        await s.close()


async def run(db_url: str, scenario) -> None:
    served = Served(db_url)
    try:
        await ready(served.api)
        await scenario(served)
    finally:
        await served.close()


@pytest.mark.parametrize("scenario", [kill_while_locked, release_and_see])
def test_a_move_is_seen_only_once_stored(db_url, scenario):
    asyncio.run(run(db_url, scenario))
