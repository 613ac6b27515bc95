"""Fuzzing the WebSocket with hypothesis: whatever a seat sends (garbage, wrong types, moves out of
turn, amounts out of range, huge numbers, oversize text), the answer is either an error that
changes nothing or, for a legal move by an actor, the next state."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auctionhouse.core import move_from_json
from auctionhouse.server import create_app

from ..conftest import examples
from .conftest import test_settings
from .test_api import new_table
from .test_websocket import drain, hello

ERROR_CODES = {
    "bad_json", "bad_message", "bad_move", "unknown_type", "illegal_move", "stale", "too_large",
    "game_over", "spectator",
}  # fmt: skip

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
)
json_values = st.recursive(
    scalars, lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=6), c, max_size=4)
)
kinds = st.sampled_from(
    ["play", "bid", "pass", "price", "buy", "add", "decline", "flip"]
) | st.text(max_size=10)
args = (
    st.integers(min_value=-5, max_value=120)
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.lists(st.integers(min_value=-3, max_value=30), max_size=5)
    | scalars
)


@st.composite
def move_messages(draw) -> str:
    move = draw(
        st.one_of(st.tuples(kinds).map(list), st.tuples(kinds, args).map(list), json_values)
    )
    msg = {"type": "move", "move": move}
    if draw(st.booleans()):
        msg["version"] = draw(st.integers(min_value=-1, max_value=5) | json_values)
    if draw(st.booleans()):
        msg["ref"] = draw(st.integers(min_value=0, max_value=99) | st.text(max_size=70))
    return json.dumps(msg)


messages = st.one_of(
    move_messages(),
    json_values.map(json.dumps),
    st.dictionaries(st.just("type"), json_values).map(json.dumps),
    st.text(max_size=100),
    st.integers(min_value=4000, max_value=6000).map(
        lambda n: '{"type":"ping","x":"' + "x" * n + '"}'
    ),
)


@pytest.mark.parametrize("game, players", [("modern-art", 3), ("qe", 3)])
def test_fuzzed_messages_are_refused_or_are_legal_moves(sqlite_url, game, players):
    # no rate limit, and no closing after many refused messages in a row (most fuzz is refused)
    app = create_app(
        test_settings(sqlite_url, rate_per_second=1e6, rate_burst=10**6, flood_close_after=10**9)
    )
    with TestClient(app) as client:
        t = new_table(client, game, players, turn_timer=0)  # no bot moves, however slow the run
        tokens = [
            client.post(f"/api/tables/{t['id']}/join", json={"name": f"p{i}"}).json()["token"]
            for i in range(players)
        ]
        table = app.state.lobby.tables[t["id"]]
        ctxs = [client.websocket_connect(f"/ws/tables/{t['id']}") for _ in range(players)]
        socks = [c.__enter__() for c in ctxs]
        for seat, ws in enumerate(socks):
            hello(ws, {"type": "auth", "token": tokens[seat]})
        client.portal.call(app.state.lobby.flush_announcements)  # who connected after whom
        for ws in socks:
            assert {m["type"] for m in drain(ws)} <= {"table"}

        @settings(
            max_examples=examples(300),
            deadline=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(
            text=messages, who=st.integers(min_value=0, max_value=players - 1), actor=st.booleans()
        )
        def check(text, who, actor):
            if actor and table.state.actors():
                who = table.state.next_actor()
            before = json.dumps(table.state.snapshot())
            version = table.version
            legal = table.state.legal_moves(who) if table.status == "playing" else []
            socks[who].send_text(text)
            reply = socks[who].receive_json()
            if reply["type"] == "error":
                assert reply["code"] in ERROR_CODES and reply["message"]
                assert table.version == version and json.dumps(table.state.snapshot()) == before
                return
            if reply["type"] == "pong":
                return
            assert reply["type"] == "state" and reply["version"] == version + 1
            sent = json.loads(text)
            move = move_from_json(sent["move"])
            assert any(mk.kind == move[0] and mk.accepts(move[1]) for mk in legal)
            for other, ws in enumerate(socks):
                if other != who:
                    assert ws.receive_json()["version"] == version + 1

        try:
            check()
        finally:
            for c in ctxs:
                c.__exit__(None, None, None)


# --- HTTP bodies --------------------------------------------------------------------------------
any_text = st.text(st.characters(categories=["L", "N", "P", "S", "Z", "C"]), max_size=12)
loose_floats = st.floats()  # json.dumps writes NaN and Infinity, which are not JSON
loose_values = st.recursive(
    st.none() | st.booleans() | st.integers() | loose_floats | any_text,
    lambda c: st.lists(c, max_size=3) | st.dictionaries(any_text, c, max_size=3),
    max_leaves=12,
)
new_tables = st.fixed_dictionaries(
    {"game": st.sampled_from(["modern-art", "ratzia", "qe", "art-dice"]) | any_text},
    optional={
        "players": st.integers(min_value=1, max_value=6) | loose_values,
        "options": st.dictionaries(st.sampled_from(["deck", "mystery", "open_cash"]), loose_values)
        | loose_values,
        "seats": st.lists(st.just({"kind": "human"}), max_size=6) | loose_values,
        "title": any_text | loose_values,
        "countdown": loose_floats | loose_values,
        "turn_timer": loose_floats | loose_values,
    },
)
bodies = st.one_of(
    new_tables.map(json.dumps),
    loose_values.map(json.dumps),
    st.text(max_size=60),
    st.integers(min_value=1, max_value=5000).map(
        lambda n: '{"options": ' + "[" * n + "]" * n + "}"
    ),
)
joins = st.fixed_dictionaries(
    {"name": any_text | loose_values}, optional={"seat": st.integers(-1, 6) | loose_values}
).map(json.dumps) | st.text(max_size=30)


def test_fuzzed_bodies_get_an_answer_never_a_500(sqlite_url):
    """Whatever a body holds (NaN, deep nesting, lone surrogates, wrong types), creating and
    joining answer 2xx or a 4xx with a detail; a 500 would raise in the test client."""
    with TestClient(create_app(test_settings(sqlite_url))) as client:
        t = new_table(client, "qe", 5)
        headers = {"content-type": "application/json"}

        @settings(
            max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck)
        )
        @given(body=bodies, join=joins)
        def check(body, join):
            r = client.post("/api/tables", content=body, headers=headers)
            assert r.status_code in (201, 413, 422), r.text
            assert r.status_code == 201 or r.json()["detail"]
            r = client.post(f"/api/tables/{t['id']}/join", content=join, headers=headers)
            assert r.status_code in (200, 409, 413, 422), r.text
            assert r.status_code == 200 or r.json()["detail"]

        check()
