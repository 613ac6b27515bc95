"""Nobody freezes a game by keeping a socket open and never moving: once a table has waited on a
person `stall_after` seconds (10 minutes; their turn timer when longer) since they last moved,
any other person seated there may expel them and the fallback bot plays their seat to the end;
past `max_stall` (a day) the fallback bot takes the seat over unasked. The clock is one the tests
move, so no outcome depends on the machine's speed."""

from __future__ import annotations

import asyncio
import random
import time

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from auctionhouse.server import create_app
from auctionhouse.server.client import random_move

from .clocks import advance
from .conftest import test_settings
from .test_api import new_table
from .test_bot_seats import next_state, play_to_the_end
from .test_clocks import joined, reaches, settled
from .test_websocket import hello

DAY = 86400.0


def app(url: str, clock, **kw) -> TestClient:
    return TestClient(create_app(test_settings(url, clock=clock, **kw)))


def answer(ws, message: dict) -> dict:
    """Send a message with a ref; the error or state that answers it."""
    ws.send_json({**message, "ref": "q"})
    while (msg := ws.receive_json()).get("ref") != "q":
        pass
    return msg


def with_bots(client, game: str, kinds: list[str], **fields):
    """A started table of people and beginner bots: its info, each person's token by seat, and
    the server's table."""
    seats = [{"kind": k, "bot": "beginner" if k == "bot" else None} for k in kinds]
    t = new_table(client, game, len(kinds), seats=seats, **fields)
    join = f"/api/tables/{t['id']}/join"
    people = [i for i, k in enumerate(kinds) if k == "human"]
    tokens = {
        i: client.post(join, json={"name": f"p{i}", "seat": i}).json()["token"] for i in people
    }
    return t, tokens, client.app.state.lobby.tables[t["id"]]


def waits_on_people(table, timeout: float = 60.0) -> int:
    """The table's version once it waits on people only (no bot move due: however slowly the
    bots' workers start)."""
    deadline = time.monotonic() + timeout
    while True:
        awaited = table.awaited()
        people = awaited and all(table.seats[p].kind == "human" for p in awaited)
        if people and not table.lock.locked():
            return table.version
        assert time.monotonic() < deadline, "the bots never let the people move"
        time.sleep(0.02)


def moves_by(client) -> list[tuple[int, str]]:
    with client.app.state.lobby.db.engine.connect() as conn:
        return [tuple(r) for r in conn.execute(sa.text("select seat, by from moves order by seq"))]


def test_a_person_who_never_moves_is_expelled_by_another_and_the_game_ends(sqlite_url, clock):
    with app(sqlite_url, clock) as client:
        t, tokens, table = joined(client, "art-dice", 2, turn_timer=0)  # no timer
        p = table.state.next_actor()
        q = 1 - p
        ws = f"/ws/tables/{t['id']}"
        with client.websocket_connect(ws) as staller, client.websocket_connect(ws) as other:
            hello(staller, {"type": "auth", "token": tokens[p]})  # connected, and never moves
            state = hello(other, {"type": "auth", "token": tokens[q]})
            assert state["stalls"] == [
                {"seat": p, "since": clock.now, "expel_at": clock.now + 600,
                 "takeover_at": clock.now + DAY}
            ]  # fmt: skip
            advance(client, clock, 599, table)
            assert settled(table) == 0  # the freeze: nothing moves the table on
            early = answer(other, {"type": "expel", "seat": p})
            assert early["code"] == "not_stalled" and "in 1 s" in early["message"], early
            advance(client, clock, 1, table)
            state = answer(other, {"type": "expel", "seat": p})
            assert state["type"] == "state" and state["stalls"] == [], state
            play_to_the_end(other, state, random.Random(1))
        assert table.status == "finished"
        by = moves_by(client)
        assert {b for s, b in by if s == p} == {"fallback"}
        assert {b for s, b in by if s == q} == {"seat"}
        seat = client.get(f"/api/tables/{t['id']}").json()["seats"][p]
        assert seat["expelled"] == {"at": clock.now, "by": q}


def test_only_another_seated_person_may_expel_and_only_a_stalled_seat(sqlite_url, clock):
    with app(sqlite_url, clock) as client:
        t, tokens, table = with_bots(client, "art-dice", ["human", "human", "bot"], turn_timer=0)
        ws = f"/ws/tables/{t['id']}"
        waits_on_people(table)  # the bot moved if it was first
        with client.websocket_connect(ws) as watcher:
            p = hello(watcher, {"type": "spectate"})["stalls"][0]["seat"]
            q = 1 - p
            with client.websocket_connect(ws) as other:
                hello(other, {"type": "auth", "token": tokens[q]})
                advance(client, clock, 600, table)
                refused = {
                    "spectator": answer(watcher, {"type": "expel", "seat": p}),
                    "itself": answer(other, {"type": "expel", "seat": q}),
                    "a bot": answer(other, {"type": "expel", "seat": 2}),
                    "no seat": answer(other, {"type": "expel", "seat": 3}),
                    "not a number": answer(other, {"type": "expel", "seat": str(p)}),
                }
                assert {k: m.get("code") for k, m in refused.items()} == {
                    "spectator": "spectator", "itself": "cannot_expel", "a bot": "cannot_expel",
                    "no seat": "bad_message", "not a number": "bad_message",
                }  # fmt: skip
                before = settled(table)
                assert before == table.version and p in table.waits.started
                assert answer(other, {"type": "expel", "seat": p})["type"] == "state"
                again = answer(other, {"type": "expel", "seat": p})
                assert again["code"] == "cannot_expel", again
                # the fallback bot moves for the seat (perhaps already: count from before)
                reaches(table, before + 1)
            # the expelled person may watch, with their seat's view, and may no longer act
            with client.websocket_connect(ws) as staller:
                state = hello(staller, {"type": "auth", "token": tokens[p]})
                assert state["seat"] == p and state["legal"] == []
                assert answer(staller, {"type": "move", "move": ["pass"]})["code"] == "expelled"
                assert answer(staller, {"type": "expel", "seat": q})["code"] == "expelled"
        assert (p, "fallback") in moves_by(client) and (p, "seat") not in moves_by(client)


@pytest.mark.parametrize("turn_timer", [0, DAY])
def test_a_lone_staller_among_bots_is_taken_over_after_max_stall(sqlite_url, clock, turn_timer):
    with app(sqlite_url, clock) as client:
        t, tokens, table = with_bots(client, "qe", ["human", "bot", "bot"], turn_timer=turn_timer)
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            hello(ws, {"type": "auth", "token": tokens[0]})  # connected: never abandoned
            v = waits_on_people(table)
            advance(client, clock, DAY - 1, table)
            assert settled(table) == v and table.status == "playing"
            advance(client, clock, 1, table)
            reaches(table, 10_000)
        assert table.status == "finished"
        assert table.seats[0].expelled_at == clock.now and table.seats[0].expelled_by is None
        by = moves_by(client)
        assert {b for s, b in by if s == 0} == {"fallback"}


def test_timeouts_add_up_to_a_stall_whether_the_person_is_connected_or_not(sqlite_url, clock):
    """The turn timer runs for a connected person and for a gone one; its fallback moves are not
    the person's, so the waits on them add up: 3 timeouts of 3 minutes, then 1 more minute make
    the 10 minutes after which the other person may expel them."""
    with app(sqlite_url, clock) as client:
        t, tokens, table = joined(client, "art-dice", 2, turn_timer=180)
        p = table.state.next_actor()
        q = 1 - p
        ws = f"/ws/tables/{t['id']}"
        with client.websocket_connect(ws) as other:
            state = hello(other, {"type": "auth", "token": tokens[q]})
            rng = random.Random(2)
            timeouts = 0
            for _ in range(500):
                assert state["status"] == "playing"
                stall = next((s for s in state["stalls"] if s["seat"] == p), None)
                if stall is None:  # the other person's turn: a random move
                    move = random_move(state["legal"], rng)
                    other.send_json({"type": "move", "move": move, "version": state["version"]})
                    state = next_state(other)
                    continue
                assert stall["since"] == clock.now - 180 * timeouts
                assert state["timers"] == [{"seat": p, "deadline": clock.now + 180}]
                if timeouts == 3:
                    break
                if timeouts == 0:  # the first time the person is connected (and idle)
                    with client.websocket_connect(ws) as staller:
                        hello(staller, {"type": "auth", "token": tokens[p]})
                        advance(client, clock, 180, table)
                        state = next_state(other)
                else:
                    advance(client, clock, 180, table)
                    state = next_state(other)
                timeouts += 1
            assert timeouts == 3
            early = answer(other, {"type": "expel", "seat": p})
            assert early["code"] == "not_stalled" and "in 60 s" in early["message"], early
            advance(client, clock, 60, table)
            assert answer(other, {"type": "expel", "seat": p})["type"] == "state"
        mine = [b for s, b in moves_by(client) if s == p]
        assert len(mine) >= 3 and set(mine) == {"fallback"}


def test_an_expulsion_survives_a_restart(db_url, clock):
    with app(db_url, clock) as client:
        t, tokens, table = joined(client, "art-dice", 2, turn_timer=0)
        p = table.state.next_actor()
        q = 1 - p
        with client.websocket_connect(f"/ws/tables/{t['id']}") as other:
            hello(other, {"type": "auth", "token": tokens[q]})
            advance(client, clock, 600, table)
            assert answer(other, {"type": "expel", "seat": p})["type"] == "state"
    with app(db_url, clock) as client:
        info = client.get(f"/api/tables/{t['id']}").json()
        assert info["seats"][p]["expelled"] == {"at": clock.now, "by": q}
        with client.websocket_connect(f"/ws/tables/{t['id']}") as staller:
            state = hello(staller, {"type": "auth", "token": tokens[p]})
            assert state["legal"] == [] and p not in [s["seat"] for s in state["stalls"]]
            assert answer(staller, {"type": "move", "move": ["pass"]})["code"] == "expelled"


# --- found by these tests: a server stopping as a table's driver wakes ------------------------
def test_a_table_stops_even_when_its_driver_wakes_as_it_is_cancelled(sqlite_url, clock):
    """Python 3.11's wait_for returns, instead of raising, when its wait ends as it is
    cancelled: the table's driver then went on waiting, and the server's shutdown with it."""
    with app(sqlite_url, clock) as client:
        _, _, table = joined(client, "art-dice", 2, turn_timer=0)
        settled(table)  # the driver waits for a change

        async def wake_and_stop() -> bool:
            table.changed.set()
            await asyncio.sleep(0)  # the driver's wait has ended; the driver has not run yet
            async with asyncio.timeout(60) as limit:  # (it would hang until its next deadline)
                await table.stop()
            return limit.expired()

        assert client.portal.call(wake_and_stop) is False and table.driver is None
