"""Whole games on the server: bot tables for every game, the open-auction countdown (MA-9) and
turn timers with the fallback bot (on a clock the tests move, so no outcome hangs on the
machine's speed)."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from auctionhouse.core import replay
from auctionhouse.games import all_games, get_game
from auctionhouse.server import create_app
from auctionhouse.server.client import random_move

from .clocks import FakeClock, advance, settled, wait_until
from .conftest import test_settings
from .test_api import new_table
from .test_websocket import hello, seated


def finished(client, tid) -> dict:
    info = {}

    def done():
        info.update(client.get(f"/api/tables/{tid}").json())
        return info["status"] == "finished"

    wait_until(done)
    return info


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_bot_tables_play_every_game_to_the_end(client, game):
    g = get_game(game)
    specs = ["heuristic" if "heuristic" in g.bots() else "random", "random"]
    n = g.min_players
    seats = [{"kind": "bot", "bot": specs[i % 2]} for i in range(n)]
    t = new_table(client, game, n, seats=seats)
    assert t["status"] == "playing"
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        hello(ws, {"type": "spectate"})
        info = finished(client, t["id"])
    rec = client.get(f"/api/tables/{t['id']}/record").json()
    state = replay(g, rec)
    assert state.is_over() and state.result().to_json() == info["result"]
    assert rec["table"]["moves_by"] == ["bot"] * len(rec["moves"])
    assert t["id"] not in client.app.state.lobby.tables  # finished and unwatched: unloaded


def open_auction_table(client, countdown):
    """A started 3-seat Modern Art table whose auctioneer has just played an open-auction card."""
    for _ in range(50):
        tid, tokens, table = seated(client, "modern-art", 3)
        client.app.state.lobby.tables[tid].countdown = countdown
        p = table.state.next_actor()
        open_cards = [c for c in table.state.legal_moves(p)[0].choices if c % 5 == 0]
        if open_cards:
            return tid, tokens, table, p, open_cards[0]
    raise AssertionError("no deal with an open-auction card in 50 tries")


@pytest.fixture
def clocked(sqlite_url):
    """The app in-process with a clock the test moves (deadlines pass when the test says)."""
    clock = FakeClock()
    settings = test_settings(sqlite_url, clock=clock, tables_per_minute=1000, joins_per_minute=1000)
    with TestClient(create_app(settings)) as client:
        yield client, clock


def test_ma9_countdown_closes_the_open_auction_by_passing_in_order(clocked):
    client, clock = clocked
    tid, tokens, table, p, card = open_auction_table(client, countdown=20)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, {"type": "auth", "token": tokens[p]})
        ws.send_json({"type": "move", "move": ["play", card]})
        msg = ws.receive_json()
        assert msg["view"]["phase"] == "open_auction"
        assert msg["countdown"] == {"seconds": 20, "deadline": clock.now + 20}
        q = (p + 1) % 3
        ws.send_json({"type": "move", "move": ["pass"]})  # the auctioneer passes
        msg = ws.receive_json()
        assert msg["version"] == 2 and msg["countdown"]["deadline"] == clock.now + 20
        advance(client, clock, 19.9, table)
        assert settled(table) == 2  # not yet
        advance(client, clock, 0.2, table)
        while msg["version"] < 4:  # sent once stored
            msg = ws.receive_json()
        assert msg["view"]["phase"] != "open_auction" and msg["countdown"] is None
    moves = table.state.history[2:]
    # nobody bid: the countdown passes the two others, from the auctioneer's left, in order
    assert moves == [(q, ("pass", None)), ((q + 1) % 3, ("pass", None))]
    import sqlalchemy as sa

    with client.app.state.lobby.db.engine.connect() as conn:
        by = conn.execute(sa.text("select by from moves order by seq")).scalars().all()
    assert by == ["seat", "seat", "countdown", "countdown"]


def test_ma9_countdown_after_a_bid_sells_to_the_highest_bidder(clocked):
    client, clock = clocked
    tid, tokens, table, p, card = open_auction_table(client, countdown=20)
    q = (p + 1) % 3
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as a,
        client.websocket_connect(f"/ws/tables/{tid}") as b,
    ):
        hello(a, {"type": "auth", "token": tokens[p]})
        hello(b, {"type": "auth", "token": tokens[q]})
        a.send_json({"type": "move", "move": ["play", card]})
        first = b.receive_json()
        assert first["countdown"] is not None  # everyone sees the deadline
        b.send_json({"type": "move", "move": ["bid", 7]})
        assert b.receive_json()["version"] == 2
        advance(client, clock, 21, table)
        wait_until(lambda: table.state.view(None)["phase"] != "open_auction")
    assert table.state.history[2:] == [(s, ("pass", None)) for s in ((q + 1) % 3, p)]
    won = table.state.view(None)["log"][-1]
    assert (won["event"], won["seat"], won["price"]) == ("won", q, 7)


def test_turn_timer_lets_the_fallback_bot_move_for_an_absent_seat(clocked):
    client, clock = clocked
    t = new_table(client, "art-dice", 2, turn_timer=100, fallback_bot="random")
    tokens = [
        client.post(f"/api/tables/{t['id']}/join", json={"name": n}).json()["token"]
        for n in ("a", "b")
    ]
    table = client.app.state.lobby.tables[t["id"]]
    p = table.state.next_actor()
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        state = hello(ws, {"type": "auth", "token": tokens[p]})
        assert state["timers"] == [{"seat": p, "deadline": clock.now + 100}]
        advance(client, clock, 99, table)
        assert settled(table) == 0  # not yet
        advance(client, clock, 2, table)
        msg = ws.receive_json()
        while msg["type"] != "state":
            msg = ws.receive_json()
        assert msg["version"] == 1
    assert table.state.history[0][0] == p
    import sqlalchemy as sa

    with client.app.state.lobby.db.engine.connect() as conn:
        assert conn.execute(sa.text("select by from moves")).scalars().first() == "fallback"


def test_bots_wait_for_a_human_actor_and_answer_them(client):
    t = new_table(
        client, "art-dice", 2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    )
    token = client.post(f"/api/tables/{t['id']}/join", json={"name": "a"}).json()["token"]
    table = client.app.state.lobby.tables[t["id"]]
    rng = random.Random(5)
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        state = hello(ws, {"type": "auth", "token": token})
        for _ in range(2000):
            if state["status"] == "finished":
                break
            if state["legal"] and state["version"] == table.version:
                move = random_move(state["legal"], rng)
                ws.send_json({"type": "move", "move": move, "version": state["version"]})
            msg = ws.receive_json()
            if msg["type"] == "state":
                state = msg
        assert state["status"] == "finished"
    assert {s for s, _ in table.state.history} == {0, 1}


def test_bots_in_an_open_auction_bid_in_next_actor_order_and_wait_after_passing(client):
    """MA-9 with a person and two bots: the bots bid and pass among themselves while the person
    thinks; a bot that passed is not asked again until someone else bids, and the auction then
    waits for the person."""
    seats = [
        {"kind": "human"},
        {"kind": "bot", "bot": "heuristic"},
        {"kind": "bot", "bot": "heuristic"},
    ]
    for _ in range(100):
        t = new_table(client, "modern-art", 3, seats=seats)
        table = client.app.state.lobby.tables[t["id"]]
        if table.state.next_actor() != 0:
            continue
        cards = [c for c in table.state.legal_moves(0)[0].choices if c % 5 == 0]
        if cards:
            break
    else:
        raise AssertionError("no deal where seat 0 starts with an open-auction card")
    token = client.post(f"/api/tables/{t['id']}/join", json={"name": "a"}).json()["token"]
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        hello(ws, {"type": "auth", "token": token})
        ws.send_json({"type": "move", "move": ["play", cards[0]]})
        wait_until(lambda: table.version >= 1 and table.awaited() == [0])
        settled(table)
        assert table.awaited() == [0]  # the bots are done: the auction waits for the person
        auction = table.state.history[1:]
        assert auction and {p for p, _ in auction} <= {1, 2}
        for i, (p, (kind, _)) in enumerate(auction):
            if kind == "pass":  # a bot bids again only after another seat's bid
                later = [(q, k) for q, (k, _) in auction[i + 1 :]]
                own = next((j for j, (q, _) in enumerate(later) if q == p), None)
                if own is not None:
                    assert any(k == "bid" and q != p for q, k in later[:own])
        v = table.version
        ws.send_json({"type": "move", "move": ["pass"]})  # the person's pass closes it
        wait_until(lambda: table.version > v)
        assert table.state.history[v] == (0, ("pass", None))
        assert any(e["event"] == "won" for e in table.state.view(None)["log"])
