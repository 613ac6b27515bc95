"""A flood of open tables from many addresses cannot stop a person from starting a game nor fill the
lobby (docs/server-defences.md, "Tables per address"): open tables are capped per address and in
all, a table made with its creator and bots in every seat starts at once whatever the open tables,
and the open listing shows a few tables per creator. Each request's client address comes from a test
header (the floods come from many addresses on loopback); time is a FakeClock."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest
from fastapi.testclient import TestClient

from auctionhouse.server import create_app
from auctionhouse.server.lobby import LobbyError

from .conftest import test_settings
from .test_websocket import hello

PEER = "x-test-peer"
QE = {"game": "qe", "players": 3}
BOTS = [{"kind": "bot"}, {"kind": "bot"}]
ALL_BOTS_BUT_ME = {**QE, "seats": [{"kind": "human"}, *BOTS]}  # with `join`: starts at once
OPEN = {**QE, "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}]}


def peers(app):
    """`app` with each request's client address taken from its X-Test-Peer header."""

    async def with_peer(scope, receive, send):
        if scope["type"] in ("http", "websocket"):
            peer = dict(scope["headers"]).get(PEER.encode())
            if peer:
                scope = {**scope, "client": (peer.decode(), 50000)}
        await app(scope, receive, send)

    return with_peer


def serve(url: str, **settings):
    """A TestClient whose requests say their address, and the app's lobby."""
    app = create_app(test_settings(url, **settings))
    return TestClient(peers(app)), app.state.lobby


def post(client, address: str, body: dict, path: str = "/api/tables", **headers):
    return client.post(path, json=body, headers={PEER: address, **headers})


def flood(client, addresses: int, each: int) -> Counter:
    """`each` creates of an open table from each of `addresses` addresses: the statuses."""
    answers = Counter()
    for a in range(addresses):
        for _ in range(each):
            answers[post(client, f"10.0.{a}.1", QE).status_code] += 1
    return answers


def listed_by(client, lobby) -> Counter:
    """How many open tables the lobby's listing shows of each creator's address."""
    listed = client.get("/api/tables").json()
    return Counter(lobby.caps.creators.get(lobby.tables[t["id"]]) for t in listed)


# --- the flood --------------------------------------------------------------------------------
def test_a_flood_of_open_tables_from_many_addresses_cannot_stop_a_game_from_starting(
    sqlite_url, clock
):
    settings = dict(open_tables_per_address=5, max_open_tables=60, max_live_tables=70)
    client, lobby = serve(sqlite_url, clock=clock, **settings)
    with client:
        answers = flood(client, addresses=20, each=8)  # 160 creates from 20 addresses
        assert answers == {201: 60, 429: 3 * 12, 503: 8 * 8}
        r = post(client, "10.0.19.1", QE)
        assert r.status_code == 503
        assert r.json()["detail"] == (
            "the server has too many tables waiting for players; join one, or seat bots in every "
            "seat but yours so that your table starts at once"
        )
        # a person from a fresh address: seated with bots as the table is made, it starts
        r = post(client, "192.0.2.7", {**ALL_BOTS_BUT_ME, "join": {"name": "Lee"}})
        assert r.status_code == 201, r.text
        made = r.json()
        assert made["status"] == "playing" and made["started_at"] == clock()
        assert made["joined"]["seat"] == 0 and made["seats"][0]["name"] == "Lee"
        with client.websocket_connect(f"/ws/tables/{made['id']}") as ws:
            state = hello(ws, {"type": "auth", "token": made["joined"]["token"]})
            assert state["seat"] == 0
        # and joining a waiting table works as before
        spam = client.get("/api/tables").json()[0]["id"]
        r = post(client, "192.0.2.8", {"name": "Mo"}, f"/api/tables/{spam}/join")
        assert r.status_code == 200


def test_a_few_open_tables_per_creator_are_listed_and_a_persons_table_is_seen(sqlite_url, clock):
    client, lobby = serve(sqlite_url, clock=clock, open_tables_per_address=5)
    with client:
        assert flood(client, addresses=20, each=8) == {201: 100, 429: 60}
        assert list(listed_by(client, lobby).values()) == [3] * 20
        clock.advance(1)
        r = post(client, "192.0.2.7", {**OPEN, "join": {"name": "Lee"}})
        assert r.status_code == 201 and r.json()["status"] == "open"
        clock.advance(1)
        assert flood(client, addresses=20, each=2) == {429: 40}  # the flood goes on: refused
        listed = client.get("/api/tables").json()
        assert listed[0]["id"] == r.json()["id"] and len(listed) == 61
        # someone else takes the free seat: the game starts
        r = post(client, "192.0.2.8", {"name": "Mo"}, f"/api/tables/{listed[0]['id']}/join")
        assert r.status_code == 200
        assert client.get(f"/api/tables/{listed[0]['id']}").json()["status"] == "playing"


def test_the_listing_shows_each_creators_newest_open_tables(sqlite_url, clock):
    client, lobby = serve(sqlite_url, clock=clock, open_tables_per_address=5)
    with client:
        made = []
        for _ in range(5):
            clock.advance(1)
            made.append(post(client, "10.0.0.1", QE).json()["id"])
        assert [t["id"] for t in client.get("/api/tables").json()] == made[:1:-1]
        by_game = client.get("/api/tables", params={"game": "qe"}).json()
        assert len(by_game) == 3


# --- the caps per address ---------------------------------------------------------------------
def test_open_tables_per_address_free_up_as_they_fill_or_expire(sqlite_url, clock):
    settings = dict(open_tables_per_address=2, open_table_ttl=600)
    client, lobby = serve(sqlite_url, clock=clock, **settings)
    with client:
        first = post(client, "10.0.0.1", OPEN).json()["id"]
        clock.advance(100)
        post(client, "10.0.0.1", OPEN)
        r = post(client, "10.0.0.1", OPEN)
        assert r.status_code == 429 and r.headers["retry-after"] == "500"  # the first expires
        assert r.json()["detail"] == (
            "your address has 2 tables waiting for players; let one fill, or seat bots in every "
            "seat but yours so that the new table starts at once, or try again in 500 s"
        )
        assert post(client, "10.0.1.1", OPEN).status_code == 201  # another address
        assert (
            post(client, "10.0.0.1", {**ALL_BOTS_BUT_ME, "join": {"name": "Ann"}}).json()["status"]
            == "playing"
        )  # a table that starts at once is not an open one
        for name in ("Bo", "Cy"):  # the first fills: it no longer waits
            assert post(client, "10.9.9.9", {"name": name}, f"/api/tables/{first}/join").is_success
        assert post(client, "10.0.0.1", OPEN).status_code == 201
        assert post(client, "10.0.0.1", OPEN).status_code == 429
        clock.advance(600)
        assert len(client.portal.call(lobby.expire)) == 3  # its two and 10.0.1.1's
        assert post(client, "10.0.0.1", OPEN).status_code == 201


def test_live_tables_per_address_bound_games_that_start_at_once(sqlite_url, clock):
    client, lobby = serve(sqlite_url, clock=clock, live_tables_per_address=3)
    with client:
        for _ in range(3):
            r = post(client, "10.0.0.1", {**ALL_BOTS_BUT_ME, "join": {"name": "Ann"}})
            assert r.json()["status"] == "playing"
        r = post(client, "10.0.0.1", {**ALL_BOTS_BUT_ME, "join": {"name": "Ann"}})
        assert r.status_code == 429
        assert r.json()["detail"] == "your address has 3 tables open or playing; finish one first"
        assert post(client, "10.0.1.1", {**ALL_BOTS_BUT_ME, "join": {"name": "Bo"}}).is_success


def test_an_ipv6_network_is_one_address_for_the_caps(sqlite_url, clock):
    client, lobby = serve(sqlite_url, clock=clock, open_tables_per_address=3)
    with client:
        codes = [post(client, f"2001:db8:0:1::{i:x}", QE).status_code for i in range(1, 6)]
        assert codes == [201, 201, 201, 429, 429]
        assert post(client, "2001:db8:0:2::1", QE).status_code == 201


def test_the_caps_hold_when_creates_come_at_once(db_url):
    client, lobby = serve(db_url, open_tables_per_address=4, max_open_tables=6)
    with client:

        async def burst(address: str, n: int):
            creates = (lobby.create("qe", 3, {}, None, address=address) for _ in range(n))
            return await asyncio.gather(*creates, return_exceptions=True)

        def statuses(results):
            return Counter(201 if not isinstance(r, LobbyError) else r.status for r in results)

        assert statuses(client.portal.call(burst, "10.0.0.1", 10)) == {201: 4, 429: 6}
        assert statuses(client.portal.call(burst, "10.0.0.2", 10)) == {201: 2, 503: 8}
        assert Counter(t.status for t in lobby.tables.values()) == {"open": 6}


def test_a_restart_forgets_who_made_the_tables(sqlite_url, clock):
    settings = dict(clock=clock, open_tables_per_address=2, open_tables_listed_per_address=1)
    client, lobby = serve(sqlite_url, **settings)
    with client:
        for _ in range(2):
            post(client, "10.0.0.1", QE)
        assert len(client.get("/api/tables").json()) == 1
    client, lobby = serve(sqlite_url, **settings)
    with client:
        assert len(client.get("/api/tables").json()) == 2  # resumed: made by nobody known
        assert post(client, "10.0.0.1", QE).status_code == 201


# --- a creator seated as the table is made ----------------------------------------------------
def test_a_creator_with_a_player_key_takes_a_seat_as_the_table_is_made(sqlite_url, clock):
    client, lobby = serve(sqlite_url, clock=clock)
    with client:
        ann = client.post("/api/players", json={"name": "Ann"}).json()
        key = {"X-Player-Key": ann["key"]}
        r = post(client, "10.0.0.1", {**OPEN, "join": {"seat": 1}}, **key)
        assert r.status_code == 201, r.text
        made = r.json()
        assert made["status"] == "open" and made["joined"]["seat"] == 1
        seat = made["seats"][1]
        assert (seat["name"], seat["joined"], seat["player"]) == ("Ann", True, ann["id"])
        join = f"/api/tables/{made['id']}/join"
        r = post(client, "10.0.0.1", {}, join, **key)
        assert (
            r.status_code == 409 and r.json()["detail"] == "you sit at seat 1 of this table already"
        )
        assert post(client, "10.0.0.2", {"name": "ann"}, join).status_code == 409  # reads as Ann
        assert post(client, "10.0.0.2", {"name": "Bo"}, join).json()["seat"] == 0
        assert client.get(f"/api/tables/{made['id']}").json()["status"] == "playing"
        with client.websocket_connect(f"/ws/tables/{made['id']}") as ws:
            assert hello(ws, {"type": "auth", "token": made["joined"]["token"]})["seat"] == 1


@pytest.mark.parametrize(
    ("body", "status", "detail"),
    [
        ({**OPEN, "join": {}}, 422, "give the name shown at the table, or your player key"),
        ({**OPEN, "join": {"name": "Ann", "seat": 2}}, 422, "seat 2 is a bot's: choose a human"),
        ({**OPEN, "join": {"name": "Ann", "seat": 3}}, 422, "there is no seat 3: choose a human"),
        ({**QE, "seats": [{"kind": "bot"}] * 3, "join": {"name": "Ann"}}, 422, "every seat is a"),
        ({**OPEN, "join": {"name": "\u200b"}}, 422, "a name has 1 to 40 visible characters"),
        ({**QE, "seats": [{"kind": "human"}], "join": {"name": "Ann"}}, 422, "give one seat per"),
    ],
)
def test_a_seat_asked_for_at_creation_is_checked_like_a_join(sqlite_url, body, status, detail):
    client, lobby = serve(sqlite_url)
    with client:
        r = post(client, "10.0.0.1", body)
        assert r.status_code == status and r.json()["detail"].startswith(detail)
        assert lobby.tables == {}
