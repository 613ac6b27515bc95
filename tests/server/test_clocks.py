"""Nobody stalls a table by leaving: tables with people get a turn timer by default (the fallback
bot moves for a seat waited on that long, and the person can come back), and a table no person
has been connected to for a while is played by its fallback bot until somebody returns. The
clock is one the tests move, so no outcome depends on the machine's speed."""

from __future__ import annotations

import random
import time

import pytest
from fastapi.testclient import TestClient

from auctionhouse.server import create_app
from auctionhouse.server.client import random_move

from .clocks import FakeClock, advance, run_clock, settled, settled_now
from .conftest import test_settings
from .test_api import new_table
from .test_websocket import hello


def reaches(table, version: int, timeout: float = 60.0) -> int:
    """Wait until the table is at `version` or beyond (or finished); its version then."""
    deadline = time.monotonic() + timeout
    while table.version < version and table.status == "playing":
        assert time.monotonic() < deadline, f"stuck at version {table.version}"
        time.sleep(0.02)
    return table.version


@pytest.fixture
def clocked(sqlite_url):
    clock = FakeClock()
    settings = test_settings(sqlite_url, clock=clock, abandoned_after=600.0)
    with TestClient(create_app(settings)) as client:
        yield client, clock


def joined(client, game: str, players: int, **fields):
    t = new_table(client, game, players, **fields)
    tokens = [
        client.post(f"/api/tables/{t['id']}/join", json={"name": f"p{i}"}).json()["token"]
        for i in range(players)
    ]
    return t, tokens, client.app.state.lobby.tables[t["id"]]


def test_tables_with_people_get_the_default_turn_timer_unless_they_ask_for_none(sqlite_url):
    with TestClient(create_app(test_settings(sqlite_url))) as client:
        assert new_table(client, "qe", 3)["turn_timer"] == 180
        assert new_table(client, "qe", 3, turn_timer=45)["turn_timer"] == 45
        assert new_table(client, "qe", 3, turn_timer=0)["turn_timer"] is None
    with TestClient(create_app(test_settings(sqlite_url, default_turn_timer=None))) as client:
        assert new_table(client, "qe", 3)["turn_timer"] is None


def test_a_person_who_leaves_on_their_turn_is_moved_for_and_can_come_back(clocked):
    client, clock = clocked
    t, tokens, table = joined(client, "art-dice", 2)
    p = table.state.next_actor()
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        state = hello(ws, {"type": "auth", "token": tokens[p]})
        assert state["timers"] == [{"seat": p, "deadline": clock.now + 180}]
    # the tab is closed; the table waits the default 180 seconds, then the fallback bot moves
    advance(client, clock, 179, table)
    assert settled(table) == 0
    advance(client, clock, 2, table)
    reaches(table, 1)
    v = settled(table)  # the fallback bot moved once, and the table waits for the next person
    assert v >= 1 and table.state.history[0][0] == p
    # the person comes back and moves for themselves
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        state = hello(ws, {"type": "auth", "token": tokens[table.state.next_actor()]})
        assert state["legal"]
        move = random_move(state["legal"], random.Random(0))
        ws.send_json({"type": "move", "move": move, "ref": "back"})
        msg = ws.receive_json()
        while msg["type"] != "state":
            msg = ws.receive_json()
        assert msg["ref"] == "back" and msg["version"] == v + 1


def test_a_table_nobody_watches_is_played_by_its_fallback_bot_until_somebody_returns(sqlite_url):
    clock = FakeClock()
    # bots are paced on the table's clock: they move only as the test moves it
    settings = test_settings(sqlite_url, clock=clock, abandoned_after=600.0, bot_delay=1.0)
    with TestClient(create_app(settings)) as client:
        handed_over(client, clock)


def handed_over(client, clock) -> None:
    t, tokens, table = joined(client, "ratzia", 2, turn_timer=0)  # no timer: only abandonment
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        hello(ws, {"type": "auth", "token": tokens[0]})
    settled(table)  # the table has seen the person go
    advance(client, clock, 599, table)
    assert settled(table) == 0  # people may step away for a while
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        hello(ws, {"type": "spectate"})  # a spectator is nobody's seat
        run_clock(client, clock, table, lambda: table.version >= 5)  # abandoned past 600 s
    # seat 1 comes back: the move under way is shown, then the bots stop playing for people
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        hello(ws, {"type": "auth", "token": tokens[1]})
        run_clock(client, clock, table, lambda: settled_now(table))
        v = table.version
        assert table.status == "playing"
        advance(client, clock, 601, table)  # as long as made it abandoned: nothing now
        assert settled(table) == v and table.status == "playing"
    import sqlalchemy as sa

    with client.app.state.lobby.db.engine.connect() as conn:
        by = set(conn.execute(sa.text("select by from moves")).scalars())
    assert by == {"fallback"}
