"""Input hygiene (docs/server-api.md, docs/server-websocket.md): bodies and messages are strict
JSON, names and titles show only what can be seen and never read as another seat's name, WebSockets
from other origins are refused, and every HTTP response carries the security headers."""

from __future__ import annotations

import asyncio

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from auctionhouse.server import create_app
from auctionhouse.server.names import clean, same_name
from auctionhouse.server.security import OriginPolicy

from .conftest import live_server, test_settings
from .test_api import new_table
from .test_websocket import error_for, hello, seated

JSON = {"content-type": "application/json"}


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# --- strict JSON ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "body",
    [
        '{"game": "modern-art", "players": 4, "countdown": NaN}',
        '{"game": "modern-art", "players": 4, "countdown": Infinity}',
        '{"game": "modern-art", "players": 4, "turn_timer": -Infinity}',
        '{"game": "modern-art", "players": 4, "countdown": 1e400}',
        '{"game": "modern-art", "players": 4, "options": {"mystery": NaN}}',
        '{"game": "modern-art", "players": 3, "options": {"deck": {"Daniel Melim": [1, NaN]}}}',
        '{"game": "modern-art", "players": 4, "title": "\\ud800"}',
        '{"game": "\\udfff", "players": 4}',
        '{"game": "modern-art", "players": 3, "options": ' + nested(20000) + "}",
        '{"game": "modern-art", "players": 3, "options": {"deck": ' + nested(40) + "}}",
    ],
)
def test_a_body_that_is_not_strict_json_gets_422(client, body):
    r = client.post("/api/tables", content=body, headers=JSON)
    assert r.status_code == 422, r.text
    assert r.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_a_whole_number_too_long_to_read_is_refused_in_words(client):
    """Past 4300 digits, Python refuses to read a whole number and names an interpreter setting:
    the 422 says what is wrong and what would be right; up to the limit, it is read as sent."""
    body = '{"game": "qe", "players": 3, "options": {"seed_literal": 1%s}}'
    r = client.post("/api/tables", content=body % ("0" * 5000), headers=JSON)
    assert r.status_code == 422, r.text
    said = r.json()["detail"][0]["ctx"]["error"]
    assert said == "a whole number has at most 4300 digits here, not 5001"
    assert client.get("/api/tables").json() == []
    r = client.post("/api/tables", content=body % ("0" * 4299), headers=JSON)
    assert r.status_code == 422 and "seed_literal" in r.text  # read, then refused as an option


@pytest.mark.parametrize("headers", [{"content-type": "text/plain"}, {}])
def test_a_body_that_is_not_utf8_gets_422(client, headers):
    r = client.post("/api/tables", content=b'{"game": "\xff"}', headers=headers)
    assert r.status_code == 422 and r.json()["detail"]


@pytest.mark.parametrize(
    "body",
    ['{"name": "Ann", "seat": NaN}', '{"name": "Ann", "seat": 1e999}', '{"name": "\\ud83d"}'],
)
def test_a_join_that_is_not_strict_json_gets_422(client, body):
    t = new_table(client)
    r = client.post(f"/api/tables/{t['id']}/join", content=body, headers=JSON)
    assert r.status_code == 422, r.text
    assert not any(s["joined"] for s in client.get(f"/api/tables/{t['id']}").json()["seats"])


@pytest.mark.parametrize(
    "payload",
    [
        nested(2000),
        '{"type": "ping", "ref": NaN}',
        '{"type": "ping", "ref": 1, "x": -Infinity}',
        '{"type": "ping", "ref": 1, "x": 1e999}',
        '{"type": "ping", "ref": "\\udc00"}',
        '{"type": "move", "move": ["bid", ' + nested(100) + "]}",
    ],
)
def test_a_message_that_is_not_strict_json_is_bad_json_and_the_connection_stays(client, payload):
    tid, tokens, table = seated(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, {"type": "auth", "token": tokens[0]})
        err = error_for(ws, payload)
        assert err["code"] == "bad_json" and err["message"]
        ws.send_json({"type": "ping", "ref": 1})
        assert ws.receive_json() == {"type": "pong", "ref": 1}
    assert table.version == 0


@pytest.mark.parametrize("first", ['{"type": "auth", "token": "\\ud800"}', nested(2000)])
def test_a_first_message_that_is_not_strict_json_closes_with_4401(client, first):
    tid, _, _ = seated(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert error_for(ws, first)["code"] == "bad_json"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4401


# --- names and titles -----------------------------------------------------------------------
def test_clean_strips_what_cannot_be_seen_and_normalizes_the_rest():
    assert clean("\u202eA\x00n\u200bn\u2066 ") == "Ann"
    assert clean("  Ann \t\n Lee\u00a0\u3000 ") == "Ann Lee"
    assert clean("Ｊｏ ﬁ") == "Jo fi"  # NFKC: full-width letters, ligatures
    assert clean("An\ufe0fn\u034f\u3164") == "Ann"
    assert clean("\u200b\u202e\x07\u2800") == ""
    assert clean("Zoë 🎲") == "Zoë 🎲"
    assert same_name("Straße", "STRASSE") and not same_name("Ann", "Anne")


def test_names_are_compared_by_what_they_read_as():
    assert same_name("\u0412ob", "Bob")  # a Cyrillic В
    assert same_name("B0B", "bob") and same_name("BiII", "Bill")
    assert same_name("IAN", "ian") and same_name("Ian", "lan") and not same_name("ian", "lan")
    assert same_name("\U0001d52d\U0001d4b6\u1eff\U0001d561\U0001d552\u2113", "paypal")
    assert not same_name("\u0432ob", "Bob")  # a small Cyrillic в reads as ʙ, not b
    assert not same_name("Ann", "Anne") and not same_name("Zoë", "Zoe")


def test_names_lose_invisible_characters_and_may_not_read_as_another_seats(db_url):
    with TestClient(create_app(test_settings(db_url))) as client:
        seats = [{"kind": "human"}] * 4 + [{"kind": "bot"}]
        t = new_table(client, "modern-art", 5, seats=seats)
        tid = t["id"]

        def join(name):
            return client.post(f"/api/tables/{tid}/join", json={"name": name})

        assert join("\u202eA\x00n\u200bn\u2066 ").status_code == 200
        assert client.get(f"/api/tables/{tid}").json()["seats"][0]["name"] == "Ann"
        for twin in [
            "ann",
            "ＡＮＮ",
            "A\u200dnn",
            "\u2067Ann\u2069",
            "An\ufe0fn",
            "Ann\x00",
            " ANN ",
            "\u0410nn",  # a Cyrillic А
        ]:
            r = join(twin)
            assert r.status_code == 409, twin
            assert r.json()["detail"] == "seat 0 is Ann: choose another name"
        assert join("\u0412ob").status_code == 200  # a Cyrillic В
        twin = join("Bob")
        assert twin.status_code == 409
        assert twin.json()["detail"] == "seat 1 is \u0412ob: choose another name"
        blank = join("\u200b\u202e\x07\u2066")
        assert blank.status_code == 422 and "visible" in blank.json()["detail"]
        assert join("Bo\tb\r\n").status_code == 200
        names = [s["name"] for s in client.get(f"/api/tables/{tid}").json()["seats"]]
        assert names[:3] == ["Ann", "\u0412ob", "Bo b"]


# the levels' names and titles, a bot's name, and look-alikes and run-together spellings of them
BOT_NAMES = [
    "Strong bot",
    "Strong b\u043et",  # a Cyrillic о
    "STRONG B0T",
    "StrongBot",
    "strong_bot",
    "Expert",
    "\u0415xpert bot",  # a Cyrillic Е
    "learned",
    "ISMCTS",
    "Random",
    "Ann (bot)",
    "Ann b\u043et",
]


@pytest.mark.parametrize("name", BOT_NAMES)
def test_a_person_may_not_sit_under_a_bots_name(client, name):
    t = new_table(client, "qe", 3)  # no bot sits at it: the names are reserved everywhere
    r = client.post(f"/api/tables/{t['id']}/join", json={"name": name})
    assert r.status_code == 422 and "bot" in r.json()["detail"], r.json()
    ok = client.post(f"/api/tables/{t['id']}/join", json={"name": "Abbot"})
    assert ok.status_code == 200


def test_titles_lose_invisible_characters(client):
    t = new_table(client, "qe", 3, title="\u202eGame\x00 \u200bnight\u2069")
    assert t["title"] == "Game night"
    assert new_table(client, "qe", 3, title="\u200b\u2066")["title"] == "Q.E."


# --- origins --------------------------------------------------------------------------------
def test_the_origin_policy():
    policy = OriginPolicy(["https://friends.example"])
    assert policy.allows(None, "play.example")  # not a browser
    assert policy.allows("http://play.example:8000", "play.example:8000")
    assert policy.allows("https://play.example", "play.example:443")
    assert policy.allows("wss://PLAY.example", "play.example")
    assert policy.allows("HTTPS://Friends.Example/", "play.example")
    assert not policy.allows("http://play.example:8001", "play.example:8000")
    for origin in [
        "http://evil.example",
        "http://play.example.evil.example",
        "null",
        "file://play.example",
        "https://friends.example.evil.example",
    ]:
        assert not policy.allows(origin, "play.example"), origin


def test_websockets_from_other_origins_are_refused_before_the_handshake(sqlite_url):
    settings = test_settings(sqlite_url, allowed_origins=("https://friends.example",))
    with TestClient(create_app(settings)) as client:
        tid, _, _ = seated(client)
        for origin in ["http://evil.example", "null", "http://testserver.evil.example"]:
            with (
                pytest.raises(WebSocketDisconnect) as refused,
                client.websocket_connect(f"/ws/tables/{tid}", headers={"origin": origin}),
            ):
                pass
            assert refused.value.code == 4403
        for origin in [None, "http://testserver", "https://testserver", "https://friends.example"]:
            headers = {} if origin is None else {"origin": origin}
            with client.websocket_connect(f"/ws/tables/{tid}", headers=headers) as ws:
                hello(ws, {"type": "spectate"})


def test_uvicorn_answers_a_foreign_origin_with_403(sqlite_url):
    import websockets

    async def connect(url: str, origin: str):
        async with websockets.connect(url, origin=origin) as ws:
            # an unknown table is refused on connect, before any message: a send could race
            # the server's close, so only read
            return await ws.recv()

    with live_server(test_settings(sqlite_url)) as base:
        url = base.replace("http://", "ws://") + "/ws/tables/nothing-here"
        with pytest.raises(websockets.exceptions.InvalidStatus) as refused:
            asyncio.run(connect(url, "http://evil.example"))
        assert refused.value.response.status_code == 403
        assert '"not_found"' in asyncio.run(connect(url, base))  # its own pages' origin


# --- security headers -----------------------------------------------------------------------
def test_every_response_carries_the_security_headers(client):
    responses = [
        client.get(path) for path in ["/", "/js/app.js", "/api/health", "/api/tables/nope", "/x"]
    ]
    responses.append(client.post("/api/tables", json={"game": "qe"}))  # 422
    responses.append(client.post("/api/tables", json={"game": "qe", "title": "x" * 70000}))
    assert [r.status_code for r in responses] == [200, 200, 200, 404, 404, 422, 413]
    for r in responses:
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "no-referrer"
        csp = [d.strip() for d in r.headers["content-security-policy"].split(";")]
        assert {"default-src 'self'", "script-src 'self'", "style-src 'self'"} <= set(csp)
        assert "frame-ancestors 'none'" in csp
        assert "connect-src 'self' ws://testserver wss://testserver" in csp
    docs = client.get("/docs")
    assert docs.status_code == 200
    csp = docs.headers["content-security-policy"]
    assert "https://cdn.jsdelivr.net" in csp and "frame-ancestors 'none'" in csp
