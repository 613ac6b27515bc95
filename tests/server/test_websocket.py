"""The WebSocket protocol in-process: who a connection is, what it receives, and every kind of bad
message refused with a clear error that changes nothing."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from auctionhouse.server import create_app
from auctionhouse.server.client import random_move

from .conftest import test_settings
from .test_api import new_table

STATE_KEYS = {
    "type", "table", "version", "status", "seat", "view", "words", "legal", "countdown", "timers",
    "stalls", "stood_in",
}  # fmt: skip


def seated(client, game="modern-art", players=3):
    """A started all-human table: its id, the tokens by seat, and the server's table. It has no
    turn timer: however slowly a test runs, no bot moves for its people."""
    t = new_table(client, game, players, turn_timer=0)
    tokens = [
        client.post(f"/api/tables/{t['id']}/join", json={"name": f"p{i}"}).json()["token"]
        for i in range(players)
    ]
    return t["id"], tokens, client.app.state.lobby.tables[t["id"]]


def hello(ws, message: dict) -> dict:
    """Send the first message; return the first state after the welcome."""
    ws.send_json(message)
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome"
    state = ws.receive_json()
    assert state["type"] == "state"
    return state


def drain(ws) -> list[dict]:
    """The messages waiting for `ws`: those that come before the answer to a ping."""
    ws.send_json({"type": "ping", "ref": "drain"})
    out = []
    while (msg := ws.receive_json()) != {"type": "pong", "ref": "drain"}:
        out.append(msg)
    return out


def error_for(ws, payload) -> dict:
    """Send a raw text or JSON message and return the error it gets."""
    ws.send_text(payload if isinstance(payload, str) else json.dumps(payload))
    msg = ws.receive_json()
    assert msg["type"] == "error", msg
    return msg


def test_a_seat_gets_its_own_view_and_legal_moves(client):
    tid, tokens, table = seated(client)
    p = table.state.next_actor()
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        state = hello(ws, {"type": "auth", "token": tokens[p]})
        assert set(state) == STATE_KEYS
        assert state["seat"] == p and state["status"] == "playing" and state["version"] == 0
        assert state["view"] == table.state.view(p)
        assert state["legal"] == [mk.to_json() for mk in table.state.legal_moves(p)]
    other = (p + 1) % 3
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        state = hello(ws, {"type": "auth", "token": tokens[other]})
        assert state["view"] == table.state.view(other) and state["legal"] == []


def test_spectators_see_the_spectator_view_and_cannot_act(client):
    tid, _, table = seated(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        state = hello(ws, {"type": "spectate"})
        assert state["seat"] is None and state["view"] == table.state.view(None)
        assert state["legal"] == []
        err = error_for(ws, {"type": "move", "move": ["play", 0]})
        assert err["code"] == "spectator"
    assert table.version == 0


@pytest.mark.parametrize(
    "first, code",
    [
        ({"type": "auth", "token": "x" * 43}, "auth_failed"),
        ({"type": "auth"}, "auth_failed"),
        ({"type": "auth", "token": 12}, "auth_failed"),
        ({"type": "move", "move": ["play", 0]}, "auth_required"),
        ("not json", "bad_json"),
    ],
)
def test_a_connection_must_say_who_it_is_first(client, first, code):
    tid, _, _ = seated(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        err = error_for(ws, first)
        assert err["code"] == code
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4401


def test_a_token_acts_for_its_own_seat_at_its_own_table_only(client):
    tid, tokens, table = seated(client)
    other_tid, other_tokens, _ = seated(client)
    with client.websocket_connect(f"/ws/tables/{other_tid}") as ws:
        assert error_for(ws, {"type": "auth", "token": tokens[0]})["code"] == "auth_failed"
    p = table.state.next_actor()
    q = (p + 1) % 3
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, {"type": "auth", "token": tokens[q]})
        mk = table.state.legal_moves(p)[0]
        err = error_for(ws, {"type": "move", "move": [mk.kind, mk.choices[0]]})
        assert err["code"] == "illegal_move" and err["rule"] and err["message"]
    assert table.version == 0


def test_unknown_table(client):
    with client.websocket_connect("/ws/tables/nothing-here") as ws:
        assert ws.receive_json()["code"] == "not_found"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


@pytest.mark.parametrize(
    "payload, code",
    [
        ("{", "bad_json"),
        ("[1, 2]", "bad_message"),
        ({"move": ["play", 0]}, "bad_message"),
        ({"type": 5}, "bad_message"),
        ({"type": "shout"}, "unknown_type"),
        ({"type": "auth", "token": "again"}, "bad_message"),
        ({"type": "move"}, "bad_message"),
        ({"type": "move", "move": "play"}, "bad_move"),
        ({"type": "move", "move": []}, "bad_move"),
        ({"type": "move", "move": [7]}, "bad_move"),
        ({"type": "move", "move": ["play", "12"]}, "bad_move"),
        ({"type": "move", "move": ["play", 1.5]}, "bad_move"),
        ({"type": "move", "move": ["play", True]}, "bad_move"),
        ({"type": "move", "move": ["play", [1, "2"]]}, "bad_move"),
        ({"type": "move", "move": ["play", 1, 2]}, "bad_move"),
        ({"type": "move", "move": ["teleport"]}, "illegal_move"),
        ({"type": "move", "move": ["play", 10**30]}, "illegal_move"),
        ({"type": "move", "move": ["play", -1]}, "illegal_move"),
        ({"type": "move", "move": ["play"], "version": "0"}, "bad_message"),
        ({"type": "move", "move": ["play"], "version": 3}, "stale"),
        ({"type": "move", "move": ["play"], "ref": {"a": 1}}, "bad_message"),
        ("x" * 5000, "too_large"),
    ],
)
def test_bad_messages_are_refused_and_change_nothing(client, payload, code):
    tid, tokens, table = seated(client)
    p = table.state.next_actor()
    before = json.dumps(table.state.snapshot())
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, {"type": "auth", "token": tokens[p]})
        err = error_for(ws, payload)
        assert err["code"] == code and err["message"]
        ws.send_json({"type": "ping", "ref": 1})
        assert ws.receive_json() == {"type": "pong", "ref": 1}  # still connected
    assert json.dumps(table.state.snapshot()) == before and table.version == 0


def test_binary_frames_are_refused(client):
    tid, tokens, _ = seated(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, {"type": "spectate"})
        ws.send_bytes(b'{"type": "ping"}')
        assert ws.receive_json()["code"] == "bad_message"


def test_a_legal_move_is_stored_then_sent_to_every_seat_with_the_ref_to_its_sender(client):
    tid, tokens, table = seated(client)
    p = table.state.next_actor()
    socks = [client.websocket_connect(f"/ws/tables/{tid}") for _ in range(4)]
    with socks[0] as a, socks[1] as b, socks[2] as c, socks[3] as spec:
        conns = [a, b, c]
        for seat, ws in enumerate(conns):
            hello(ws, {"type": "auth", "token": tokens[seat]})
        hello(spec, {"type": "spectate"})
        mk = table.state.legal_moves(p)[0]
        conns[p].send_json(
            {"type": "move", "move": [mk.kind, mk.choices[0]], "ref": "m1", "version": 0}
        )
        for seat, ws in enumerate(conns):
            msg = ws.receive_json()
            while msg["type"] != "state":
                msg = ws.receive_json()
            assert msg["version"] == 1 and msg["view"] == table.state.view(seat)
            assert ("ref" in msg) == (seat == p) and msg.get("ref", "m1") == "m1"
        msg = spec.receive_json()
        assert msg["version"] == 1 and msg["view"] == table.state.view(None)
    lobby = client.app.state.lobby
    import sqlalchemy as sa

    with lobby.db.engine.connect() as conn:
        rows = conn.execute(sa.text("select seq, seat, move, by from moves")).all()
    assert [
        (r[0], r[1], json.loads(r[2]) if isinstance(r[2], str) else r[2], r[3]) for r in rows
    ] == [(0, p, [mk.kind, mk.choices[0]], "seat")]


def test_reconnecting_with_the_token_gives_the_current_view(client):
    tid, tokens, table = seated(client)
    p = table.state.next_actor()
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, {"type": "auth", "token": tokens[p]})
        mk = table.state.legal_moves(p)[0]
        ws.send_json({"type": "move", "move": [mk.kind, mk.choices[0]]})
        assert ws.receive_json()["version"] == 1
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:  # a browser refresh
        state = hello(ws, {"type": "auth", "token": tokens[p]})
        assert state["version"] == 1 and state["view"] == table.state.view(p)
    # two tabs of one seat both follow the game
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as t1,
        client.websocket_connect(f"/ws/tables/{tid}") as t2,
    ):
        hello(t1, {"type": "auth", "token": tokens[p]})
        hello(t2, {"type": "auth", "token": tokens[p]})
        assert t1.receive_json()["type"] == "table"  # the second tab connected
        assert client.get(f"/api/tables/{tid}").json()["seats"][p]["connected"] == 2


def test_moves_before_the_game_starts_are_refused(client):
    t = new_table(client, "qe", 3)
    token = client.post(f"/api/tables/{t['id']}/join", json={"name": "A"}).json()["token"]
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        state = hello(ws, {"type": "auth", "token": token})
        assert state["status"] == "open" and state["legal"] == []
        assert error_for(ws, {"type": "move", "move": ["bid", 1]})["code"] == "not_started"


def test_floods_are_rate_limited_then_closed(sqlite_url, clock):
    settings = test_settings(
        sqlite_url, rate_per_second=1.0, rate_burst=5, flood_close_after=20, clock=clock
    )  # the clock stands still: no token comes back during the flood, however slow the machine
    with TestClient(create_app(settings)) as client:
        tid, tokens, table = seated(client)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, {"type": "spectate"})
            codes = []
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(60):
                    ws.send_json({"type": "ping"})
                for _ in range(60):
                    msg = ws.receive_json()
                    codes.append(msg.get("code", msg["type"]))
            assert closed.value.code == 1008
            # the burst, less the spectate message; then refusals until the connection is closed
            assert codes == ["pong"] * 4 + ["rate_limited"] * (len(codes) - 4)
            assert len(codes) > 20
        assert table.version == 0


def test_the_message_rate_refills_with_the_servers_clock(sqlite_url, clock):
    settings = test_settings(sqlite_url, rate_per_second=1.0, rate_burst=5, clock=clock)
    with TestClient(create_app(settings)) as client:
        tid, _, _ = seated(client)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, {"type": "spectate"})

            def answers(n: int) -> list[str]:
                for _ in range(n):
                    ws.send_json({"type": "ping"})
                return [ws.receive_json().get("code", "pong") for _ in range(n)]

            assert answers(5) == ["pong"] * 4 + ["rate_limited"]
            clock.advance(2)  # two seconds on: two tokens back (a rate of one a second)
            assert answers(3) == ["pong", "pong", "rate_limited"]


def moved(conns: list, seat: int, move: list, last: list[dict]) -> None:
    """`seat` moves through its connection; `last` becomes each seat's newest state message
    (the mover's answer carries its `ref`; the others were sent theirs before it)."""
    conns[seat].send_json({"type": "move", "move": move, "ref": "m"})
    msg = conns[seat].receive_json()
    while msg.get("ref") != "m":
        msg = conns[seat].receive_json()
    assert msg["type"] == "state", msg
    for q, ws in enumerate(conns):
        last[q] = msg if q == seat else [m for m in drain(ws) if m["type"] == "state"][-1]


def test_qe11_a_seat_peeks_through_the_server_while_others_bid(client):
    """QE-11 (sharpened): the server takes the peek from a seat of a 5-player table at any
    moment, also while it is not asked to act, and nobody's turn changes. (The table's state
    is a new object after each move: it is read afresh.)"""
    tid, tokens, table = seated(client, "qe", 5)
    rng = random.Random(5)
    with ExitStack() as stack:
        conns = [
            stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}")) for _ in range(5)
        ]
        last = [hello(ws, {"type": "auth", "token": tokens[seat]}) for seat, ws in enumerate(conns)]

        def waiting_peekers() -> list[int]:
            return [q for q in range(5) if q not in table.state.actors() and last[q]["legal"]]

        while not waiting_peekers():  # every seat moves through its own connection
            p = table.state.next_actor()
            legal = [mk for mk in last[p]["legal"] if mk["kind"] != "peek"]
            moved(conns, p, random_move(legal, rng), last)
        q = waiting_peekers()[0]
        assert [mk["kind"] for mk in last[q]["legal"]] == ["peek"]
        actors, version = table.state.actors(), table.version
        moved(conns, q, ["peek", 0], last)
    assert table.version == version + 1 and table.state.history[-1] == (q, ("peek", 0))
    assert table.state.actors() == actors and last[q]["legal"] == []  # once per game; no turn moved
    assert last[q]["view"]["peeks"][q] == 0 and last[q]["view"] == table.state.view(q)


def test_state_messages_bring_the_sentences_a_connection_lacks(client):
    """Each state message carries the log's sentences from the first one this connection was not
    sent yet (`words.from`); a new connection (a refresh) gets them all."""
    tid, tokens, table = seated(client, "ratzia", 3)
    game = table.game
    rng = random.Random(3)
    with client.websocket_connect(f"/ws/tables/{tid}") as spec:
        first = hello(spec, {"type": "spectate"})
        lines = first["words"]["lines"]
        assert first["words"]["from"] == 0
        assert lines == [game.event_sentence(e) for e in first["view"]["log"]]
        for _ in range(6):
            p = table.state.next_actor()
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                mine = hello(ws, {"type": "auth", "token": tokens[p]})
                ws.send_json({"type": "move", "move": random_move(mine["legal"], rng)})
                ws.receive_json()
            for msg in drain(spec):
                if msg["type"] == "state":
                    assert msg["words"]["from"] == len(lines)  # only what is new
                    lines = lines + msg["words"]["lines"]
        log = table.state.view(None)["log"]
        assert len(log) > len(first["view"]["log"])
        assert lines == [game.event_sentence(e) for e in log]
    with client.websocket_connect(f"/ws/tables/{tid}") as again:
        state = hello(again, {"type": "spectate"})
        assert state["words"] == {"from": 0, "lines": lines, "made_for": []}
