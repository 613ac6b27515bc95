"""Durability: a real `auctionhouse serve` process killed with SIGKILL in the middle of games, then
started again on the same database. Bot tables resume by themselves, people reconnect with their
tokens, every game goes on to its end, and the stored moves replay exactly: every state a client
saw before the kill is a step of the final record (no move lost), the moves are numbered 0..n-1
once each (none doubled)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
import socket
import subprocess
import sys
import time

import sqlalchemy as sa

from auctionhouse.core import replay
from auctionhouse.games import get_game
from auctionhouse.server.client import Api, SeatSocket, play_randomly

from .test_leak import check_messages

BOT_TABLES = [
    ("modern-art", 3, ["random", "random", "heuristic"]),
    ("ratzia", 3, ["random"] * 3),
    ("art-dice", 2, ["heuristic", "random"]),
]
HUMAN_TABLES = [("qe", 3), ("art-dice", 2)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(url: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    cmd = [sys.executable, "-m", "auctionhouse"]
    proc = subprocess.Popen(
        [*cmd, "serve", "--port", str(port), "--database-url", url, "--bot-delay", "0.01",
         "--log-level", "warning"],
    )  # fmt: skip
    return proc, f"http://127.0.0.1:{port}"


async def ready(api: Api) -> None:
    end = time.monotonic() + 120  # a bound on a hang: a busy machine starts it slowly
    while time.monotonic() < end:
        with contextlib.suppress(Exception):
            if (await api.http.get("/api/health")).status_code == 200:
                return
        await asyncio.sleep(0.1)
    raise RuntimeError("the server did not start")


async def seat_play(sock: SeatSocket, seed: int) -> None:
    with contextlib.suppress(ConnectionError, TimeoutError, OSError):
        await play_randomly(sock, random.Random(seed), think=0.01, timeout=300)


async def scenario(db_url: str) -> None:
    proc, base = start_server(db_url)
    api = Api(base, timeout=30)
    try:
        await ready(api)
        bots, humans = [], []
        for game, n, specs in BOT_TABLES:
            seats = [{"kind": "bot", "bot": s} for s in specs]
            t = await api.create_table(game, n, seats=seats)
            spectator = await SeatSocket(api.ws_url(t["id"])).connect()
            bots.append((t["id"], n, spectator))
        for game, n in HUMAN_TABLES:
            t = await api.create_table(game, n)
            tokens = [(await api.join(t["id"], f"p{i}"))["token"] for i in range(n)]
            socks = [await SeatSocket(api.ws_url(t["id"]), k).connect() for k in tokens]
            humans.append((t["id"], tokens, socks))
        plays = [
            asyncio.ensure_future(seat_play(s, 17 * i + j))
            for i, (_, _, socks) in enumerate(humans)
            for j, s in enumerate(socks)
        ]
        watched = [sock for _, _, sock in bots] + [socks[0] for _, _, socks in humans]

        def started() -> int:
            return sum(s.state is not None and s.state["version"] > 0 for s in watched)

        deadline = time.monotonic() + 120
        while started() < 3:  # however fast or slow the machine: once three games are under way
            assert time.monotonic() < deadline, "the games did not start"
            await asyncio.sleep(0.02)
        proc.send_signal(signal.SIGKILL)  # in the middle of games
        proc.wait(10)
        await asyncio.gather(*plays)
        seen_before = {tid: sock.messages for tid, _, sock in bots}
        seen_before.update({tid: [s.messages for s in socks] for tid, _, socks in humans})
        mid_game = [
            tid
            for tid, msgs in seen_before.items()
            if any(m["type"] == "state" and m["status"] == "playing" and m["version"] > 0
                   for m in (msgs if isinstance(msgs[0], dict) else msgs[0]))
        ]  # fmt: skip
        assert len(mid_game) >= 3, "the kill came too early or too late to test anything"

        await api.close()
        proc, base = start_server(db_url)  # the same database
        api = Api(base, timeout=30)
        await ready(api)
        again = []
        for i, (tid, tokens, _) in enumerate(humans):
            socks = [await SeatSocket(api.ws_url(tid), k).connect() for k in tokens]
            again.append((tid, socks))
            for j, s in enumerate(socks):
                plays.append(asyncio.ensure_future(seat_play(s, 1000 + 17 * i + j)))
        watchers = []
        for tid, _, _ in bots:
            w = await SeatSocket(api.ws_url(tid)).connect()
            watchers.append((tid, w))
        await asyncio.gather(*plays)
        for _, w in watchers:
            await w.wait(lambda s: s.state is not None and s.state["status"] == "finished", 300)

        for tid, n, spectator in bots:
            record = await api.record(tid)
            after = next(w for t, w in watchers if t == tid)
            inbox = seen_before[tid] + after.messages
            check_messages(record, [[]] * n + [inbox])
            await spectator.close()
            await after.close()
        for tid, socks in again:
            record = await api.record(tid)
            before = seen_before[tid]
            inboxes = [b + s.messages for b, s in zip(before, socks, strict=True)]
            check_messages(record, [*inboxes, []])
            for s in socks:
                await s.close()
        for tid in [*(t[0] for t in bots), *(t[0] for t in humans)]:
            record = await api.record(tid)
            state = replay(get_game(record["game"]), record)
            assert state.is_over() and state.result().to_json() == record["result"]
    finally:
        await api.close()
        proc.kill()
        proc.wait(10)


def stored_moves_are_numbered_once(db_url: str) -> None:
    engine = sa.create_engine(db_url)
    with engine.connect() as conn:
        rows = conn.execute(sa.text("select table_id, seq from moves order by table_id, seq")).all()
        versions = dict(conn.execute(sa.text("select id, version from tables")).all())
    engine.dispose()
    by_table: dict[str, list[int]] = {}
    for tid, seq in rows:
        by_table.setdefault(tid, []).append(seq)
    assert set(by_table) == set(versions)
    for tid, seqs in by_table.items():
        assert seqs == list(range(versions[tid])), tid


def test_sigkill_mid_game_then_restart_loses_and_doubles_nothing(db_url):
    asyncio.run(scenario(db_url))
    stored_moves_are_numbered_once(db_url)
