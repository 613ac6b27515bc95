"""The lobby cannot be flooded or shut (docs/server.md, "Rate limits" and "Expiry"): creates,
joins and WebSocket connects are rate-limited, open tables nobody completes expire (also those
stored before a restart), the live-table limit holds when creates come at once, and a storm of
reconnections costs a table's spectators a bounded number of messages. Time is the lobby's
injected clock, moved by hand."""

from __future__ import annotations

import asyncio

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from auctionhouse.server import create_app
from auctionhouse.server.limits import RateLimit
from auctionhouse.server.lobby import LobbyError

from .clocks import FakeClock
from .conftest import test_settings
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


# --- WebSocket connects per seat and per spectator address ------------------------------------


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
