"""The lobby cannot be flooded or shut (docs/server-defences.md, "Limits per client address" and
"Open tables expire"): creates, joins and WebSocket connects are rate-limited, open tables nobody
completes expire (also those stored before a restart), the live-table limit holds when creates come
at once, and a storm of reconnections costs a table's spectators a bounded number of messages. Time
is the lobby's injected clock, moved by hand."""

from __future__ import annotations

import asyncio
import time

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from auctionhouse.server import create_app
from auctionhouse.server.limits import RateLimit
from auctionhouse.server.lobby import LobbyError

from .clocks import FakeClock
from .conftest import test_settings
from .test_api import new_table
from .test_websocket import drain, hello, seated

QE = {"game": "qe", "players": 3}


def refused_connect(ws, first: dict) -> dict:
    """Send the first message of a connection the server refuses; its error (it closes)."""
    ws.send_json(first)
    err = ws.receive_json()
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    err["close"] = closed.value.code
    return err


# --- the rate limiter -------------------------------------------------------------------------
def test_a_rate_limit_refills_per_key_and_forgets_full_buckets():
    clock = FakeClock(0.0)
    limit = RateLimit(6, clock, max_keys=100)  # a token each 10 s, bursts of 6
    assert [limit.take("a") for _ in range(6)] == [0.0] * 6
    assert limit.take("a") == pytest.approx(10.0)
    assert limit.take("b") == 0.0  # another key has its own bucket
    clock.advance(10)
    assert limit.take("a") == 0.0 and limit.take("a") == pytest.approx(10.0)
    assert RateLimit(0, clock).take("a") == 0.0  # 0: no limit
    most = 0
    for round_ in range(10):  # 1000 new addresses a minute: only the last minute's are kept
        for i in range(1000):
            limit.take((round_, i))
            most = max(most, len(limit.buckets))
        clock.advance(60)
    assert most <= 2100
    limit.prune(clock())
    assert limit.buckets == {}


# --- creates and joins per client address ---------------------------------------------------
def test_creates_are_rate_limited_per_address_with_retry_after(sqlite_url, clock):
    app = create_app(test_settings(sqlite_url, tables_per_minute=3, clock=clock))
    with TestClient(app) as client:
        for _ in range(3):
            new_table(client, **QE)
        r = client.post("/api/tables", json=QE)
        assert r.status_code == 429 and r.headers["retry-after"] == "20"
        assert r.json()["detail"] == "too many new tables from your address; try again in 20 s"
        clock.advance(20)
        new_table(client, **QE)
        assert client.post("/api/tables", json=QE).status_code == 429
        assert len(client.app.state.lobby.tables) == 4  # (the listing shows 3 per address)


def test_joins_are_rate_limited_per_address(sqlite_url, clock):
    app = create_app(test_settings(sqlite_url, joins_per_minute=2, clock=clock))
    with TestClient(app) as client:
        t = new_table(client, **QE)
        join = f"/api/tables/{t['id']}/join"
        assert client.post(join, json={"name": "Ann"}).status_code == 200
        assert client.post("/api/tables/nope/join", json={"name": "Bo"}).status_code == 404
        r = client.post(join, json={"name": "Cy"})
        assert r.status_code == 429 and r.headers["retry-after"] == "30"
        assert "too many joins" in r.json()["detail"]
        clock.advance(30)
        assert client.post(join, json={"name": "Cy"}).status_code == 200


# --- WebSocket connects per seat and per spectator address ------------------------------------
def test_connects_are_rate_limited_per_seat_and_per_spectator_address(sqlite_url, clock):
    app = create_app(test_settings(sqlite_url, seat_connects_per_minute=2, clock=clock))
    with TestClient(app) as client:
        tid, tokens, _ = seated(client)
        url = f"/ws/tables/{tid}"
        for first in [{"type": "auth", "token": tokens[0]}, {"type": "spectate"}]:
            for _ in range(2):
                with client.websocket_connect(url) as ws:
                    hello(ws, first)
            with client.websocket_connect(url) as ws:
                err = refused_connect(ws, first)
            assert err["code"] == "too_many_connects" and err["close"] == 1013
            assert err["retry_after"] == 30 and "again in 30 s" in err["message"]
        with client.websocket_connect(url) as ws:  # seat 1 has connects of its own
            hello(ws, {"type": "auth", "token": tokens[1]})
        clock.advance(30)
        with client.websocket_connect(url) as ws:
            hello(ws, {"type": "auth", "token": tokens[0]})


def test_a_reconnection_storm_costs_spectators_few_messages(client):
    """Connects and disconnects of a seat announce the table to every connection; the lobby
    sends at most one round of announcements each `announce_delay`, with every change of that
    time, and none to a connection that has seen those seats."""
    lobby = client.app.state.lobby
    lobby.announce_delay = 3600.0  # one round, then nothing goes out on its own: flushed by hand
    tid, tokens, _ = seated(client)
    spectators = [client.websocket_connect(f"/ws/tables/{tid}") for _ in range(10)]
    socks = [s.__enter__() for s in spectators]
    try:
        for ws in socks:
            hello(ws, {"type": "spectate"})
        client.portal.call(lobby.flush_announcements)  # the round: the next waits an hour
        for _ in range(30):  # 30 connect cycles of seat 0
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                hello(ws, {"type": "auth", "token": tokens[0]})
        client.portal.call(lobby.flush_announcements)
        assert [drain(ws) for ws in socks] == [[]] * 10  # back as it was: nothing to say
        with client.websocket_connect(f"/ws/tables/{tid}") as seat:
            hello(seat, {"type": "auth", "token": tokens[0]})
            for _ in range(30):
                with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                    hello(ws, {"type": "auth", "token": tokens[0]})
            client.portal.call(lobby.flush_announcements)
            for inbox in [drain(ws) for ws in socks]:
                assert [m["type"] for m in inbox] == ["table"]
                assert inbox[0]["table"]["seats"][0]["connected"] == 1
    finally:
        for s in spectators:
            s.__exit__(None, None, None)


def test_connect_limits_bound_a_storm_whatever_the_timing(sqlite_url, clock):
    settings = test_settings(sqlite_url, seat_connects_per_minute=5, clock=clock)
    with TestClient(create_app(settings)) as client:
        tid, tokens, _ = seated(client)
        with client.websocket_connect(f"/ws/tables/{tid}") as spectator:
            hello(spectator, {"type": "spectate"})
            refused = 0
            for _ in range(50):
                with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                    ws.send_json({"type": "auth", "token": tokens[0]})
                    refused += ws.receive_json()["type"] == "error"
            assert refused == 45
            client.portal.call(client.app.state.lobby.flush_announcements)
            assert len(drain(spectator)) <= 10  # a connect and a disconnect of each let in


# --- the live-table limit ---------------------------------------------------------------------
def test_the_live_table_limit_holds_when_creates_come_at_once(db_url):
    with TestClient(create_app(test_settings(db_url, max_live_tables=5))) as client:
        lobby = client.app.state.lobby

        async def burst():
            creates = (lobby.create("qe", 3, {}, None) for _ in range(20))
            return await asyncio.gather(*creates, return_exceptions=True)

        results = client.portal.call(burst)
        refused = [r for r in results if isinstance(r, LobbyError)]
        assert len(refused) == 15 and {e.status for e in refused} == {503}
        assert len(client.get("/api/tables").json()) == 5
        r = client.post("/api/tables", json=QE)
        assert r.status_code == 503 and "too many tables" in r.json()["detail"]


# --- expiry -----------------------------------------------------------------------------------
def test_open_tables_nobody_completes_expire(db_url, clock):
    settings = test_settings(db_url, open_table_ttl=600, max_live_tables=2, clock=clock)
    with TestClient(create_app(settings)) as client:
        lobby = client.app.state.lobby
        old = new_table(client, **QE)["id"]
        tid, tokens, playing = seated(client, "qe", 3)  # every seat taken: never expires
        token = client.post(f"/api/tables/{old}/join", json={"name": "Ann"}).json()["token"]
        assert client.post("/api/tables", json=QE).status_code == 503
        with client.websocket_connect(f"/ws/tables/{old}") as ws:
            hello(ws, {"type": "auth", "token": token})
            clock.advance(599)
            assert client.portal.call(lobby.expire) == []
            clock.advance(1)
            assert client.portal.call(lobby.expire) == [old]
            err = ws.receive_json()
            assert err["code"] == "expired" and "within 10 minutes" in err["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4410
        info = client.get(f"/api/tables/{old}").json()
        assert info["status"] == "expired" and info["finished_at"] == clock()
        assert [t["id"] for t in client.get("/api/tables").json()] == []
        r = client.post(f"/api/tables/{old}/join", json={"name": "Bo"})
        assert r.status_code == 409
        assert r.json()["detail"].startswith("this table expired: its seats were not all taken")
        with client.websocket_connect(f"/ws/tables/{old}") as ws:
            err = refused_connect(ws, {"type": "auth", "token": token})
            assert err["code"] == "expired" and err["close"] == 4410
        assert old not in lobby.tables and playing.status == "playing"
        new_table(client, **QE)  # the expired table no longer counts against the limit


def test_open_tables_stored_before_a_restart_expire_at_start_up(db_url, clock):
    settings = test_settings(db_url, open_table_ttl=600, clock=clock)
    with TestClient(create_app(settings)) as client:
        old = new_table(client, **QE)["id"]
        clock.advance(300)
        young = new_table(client, **QE)["id"]
    clock.advance(300)
    with TestClient(create_app(settings)) as client:
        assert client.get(f"/api/tables/{old}").json()["status"] == "expired"
        assert [t["id"] for t in client.get("/api/tables").json()] == [young]
        assert old not in client.app.state.lobby.tables


def test_the_lobby_sweeps_by_itself(sqlite_url, clock):
    settings = test_settings(sqlite_url, open_table_ttl=0.2, clock=clock)  # a sweep every 0.05 s
    with TestClient(create_app(settings)) as client:
        tid = new_table(client, **QE)["id"]
        clock.advance(1)
        end = time.monotonic() + 30
        while client.get(f"/api/tables/{tid}").json()["status"] != "expired":
            assert time.monotonic() < end, "the table did not expire"
            time.sleep(0.01)
