"""Replays of finished games (docs/server-defences.md, "Replays"): built once per table, in a
worker process, kept gzipped, limited per client address; many at once leave the server free."""

from __future__ import annotations

import asyncio
import gzip
import json
import multiprocessing
import os
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from auctionhouse.server import create_app
from auctionhouse.server.replay import Busy, ReplayCache, replay_steps

from .conftest import test_settings


def pid_build(record: dict) -> bytes:
    """A stand-in build (run in the worker): waits until the file the record names exists, then
    answers with the worker's process id."""
    release = Path(record["release"])
    end = time.monotonic() + 60
    while not release.exists() and time.monotonic() < end:
        time.sleep(0.01)
    return gzip.compress(json.dumps({"pid": os.getpid(), "id": record["id"]}).encode())


def test_a_replay_is_built_once_in_another_process_while_the_server_goes_on(tmp_path):
    release = tmp_path / "release"
    asked = []

    before = set(multiprocessing.active_children())

    async def main():
        cache = ReplayCache(build=pid_build)

        async def record():
            asked.append(1)
            return {"release": str(release), "id": "t1"}

        try:
            many = [asyncio.ensure_future(cache.get("t1", record)) for _ in range(20)]
            # the builds wait on the worker; the event loop still turns (the server answers)
            for _ in range(50):
                await asyncio.sleep(0.01)
            assert not any(f.done() for f in many)
            release.touch()
            answers = await asyncio.wait_for(asyncio.gather(*many), 120)
            again = await cache.get("t1", record)
        finally:
            await cache.stop()
        return answers, again, cache.builds

    answers, again, builds = asyncio.run(main())
    assert len(asked) == 1 and builds == 1
    assert len(set(answers)) == 1 and again == answers[0]
    built = json.loads(gzip.decompress(again))
    assert built["pid"] != os.getpid()
    # the worker is gone once the cache stops: no process outlives the server
    assert set(multiprocessing.active_children()) <= before


def test_builds_waiting_beyond_the_bounds_are_refused_and_the_least_used_kept_go_first(tmp_path):
    release = tmp_path / "release"

    async def main():
        cache = ReplayCache(max_building=3, per_client=2, build=pid_build)

        def record(tid):
            async def rec():
                return {"release": str(release), "id": tid}

            return rec

        try:
            first = [asyncio.ensure_future(cache.get(t, record(t), "x")) for t in ("a", "b")]
            await asyncio.sleep(0)
            with pytest.raises(Busy, match="the replays you asked for"):
                await cache.get("c", record("c"), "x")
            # one already being built is no new build: it is waited for, not refused
            same = asyncio.ensure_future(cache.get("a", record("a"), "x"))
            other = asyncio.ensure_future(cache.get("c", record("c"), "y"))
            await asyncio.sleep(0)
            with pytest.raises(Busy, match="busy building replays"):
                await cache.get("d", record("d"), "z")
            release.touch()
            await asyncio.wait_for(asyncio.gather(*first, same, other), 120)
            assert cache.asked_by == {} and cache.building == {}
            assert len({len(v) for v in cache.kept.values()}) == 1  # replays of one size each
            cache.max_bytes = 2 * cache.size // 3  # room for two
            await cache.get("a", record("a"))  # "a" used last: "b" went first
            await asyncio.wait_for(cache.get("d", record("d")), 120)
        finally:
            await cache.stop()
        return list(cache.kept), cache.builds

    kept, builds = asyncio.run(main())
    assert builds == 4
    assert kept == ["a", "d"]  # "d" pushed out the two least recently used


@pytest.fixture
def client(sqlite_url):
    settings = test_settings(sqlite_url, replays_per_minute=3)
    with TestClient(create_app(settings)) as c:
        yield c


def finished_table(client) -> str:
    seats = [{"kind": "bot", "bot": "random"}] * 3
    table = client.post("/api/tables", json={"game": "ratzia", "players": 3, "seats": seats})
    assert table.status_code == 201
    tid = table.json()["id"]
    end = time.monotonic() + 120
    while client.get(f"/api/tables/{tid}").json()["status"] != "finished":
        assert time.monotonic() < end, "the bots did not finish"
        time.sleep(0.02)
    return tid


def test_the_replay_is_sent_gzipped_built_once_and_limited_per_address(client):
    tid = finished_table(client)
    lobby = client.app.state.lobby
    record = client.get(f"/api/tables/{tid}/record").json()
    zipped = client.get(f"/api/tables/{tid}/replay", headers={"Accept-Encoding": "gzip"})
    assert zipped.status_code == 200
    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.json() == json.loads(json.dumps(replay_steps(record)))
    plain = client.get(f"/api/tables/{tid}/replay", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.json() == zipped.json()
    assert client.get(f"/api/tables/{tid}/replay").status_code == 200  # the third of 3
    assert lobby.replays.builds == 1
    refused = client.get(f"/api/tables/{tid}/replay")
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) > 0
    assert "too many replays" in refused.json()["detail"]


def test_a_running_table_has_no_replay_and_builds_nothing(client):
    seats = [{"kind": "human"}] * 3
    tid = client.post("/api/tables", json={"game": "ratzia", "players": 3, "seats": seats})
    res = client.get(f"/api/tables/{tid.json()['id']}/replay")
    assert res.status_code == 409
    assert client.get("/api/tables/nosuchtable/replay").status_code == 404
    assert client.app.state.lobby.replays.builds == 0
