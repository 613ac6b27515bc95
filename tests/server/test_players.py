"""Player identities, ratings, player pages, leaderboards and rematches on the server: only the
key's hash is stored and the key shows up nowhere else, every input is bounded, a finished game
is rated once and together with its end, and a rematch keeps each person's seat for them."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from auctionhouse.server import create_app, storage
from auctionhouse.server.players import KEY_HEADER
from auctionhouse.server.ratings import places

from .conftest import test_settings
from .test_api import new_table
from .test_bot_seats import next_state, play_to_the_end
from .test_play import finished
from .test_websocket import hello


def make_player(client, name: str) -> dict:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return r.json()


def as_player(player: dict) -> dict:
    return {KEY_HEADER: player["key"]}


def finished_game(client, player: dict, rng: random.Random, **fields) -> dict:
    """An art-dice table of `player` against a beginner bot, played to its end by random moves."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "beginner"}]
    t = new_table(client, "art-dice", 2, seats=seats, **fields)
    r = client.post(f"/api/tables/{t['id']}/join", json={}, headers=as_player(player))
    assert r.status_code == 200, r.text
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        hello(ws, {"type": "auth", "token": r.json()["token"]})
        play_to_the_end(ws, next_state(ws), rng)
    return client.get(f"/api/tables/{t['id']}").json()


# --- identities ---------------------------------------------------------------------------------
def test_a_player_key_is_stored_only_as_its_hash_and_names_its_player(client):
    ann = make_player(client, "  Ann\u200b  ")
    assert ann["name"] == "Ann" and len(ann["key"]) == 43 and ann["id"]
    engine = client.app.state.lobby.db.engine
    with engine.connect() as conn:
        rows = conn.execute(sa.select(storage.players)).mappings().all()
    assert [r["key_hash"] for r in rows] == [hashlib.sha256(ann["key"].encode()).hexdigest()]
    assert all(ann["key"] not in str(v) for r in rows for v in r.values())

    me = client.get("/api/players/me", headers=as_player(ann)).json()
    assert me == {"id": ann["id"], "name": "Ann", "created_at": ann["created_at"]}
    renamed = client.put("/api/players/me", json={"name": "Annie"}, headers=as_player(ann))
    assert renamed.json()["name"] == "Annie"
    assert client.get(f"/api/players/{ann['id']}").json()["name"] == "Annie"
    page = client.get(f"/api/players/{ann['id']}").json()
    assert "key" not in page and ann["key"] not in str(page)


@pytest.mark.parametrize(
    ("key", "words"),
    [
        (None, "X-Player-Key"),
        ("short", "43 characters"),
        ("A" * 43, "not known"),
        (("é" * 43).encode("latin-1"), "43 characters"),
        ("A" * 42 + "=", "43 characters"),
    ],
)
def test_a_missing_or_wrong_key_gets_401_with_a_reason(client, key, words):
    headers = {} if key is None else {KEY_HEADER: key}
    for r in (
        client.get("/api/players/me", headers=headers),
        client.put("/api/players/me", json={"name": "X"}, headers=headers),
        client.post("/api/tables/nosuch/rematch", headers=headers),
    ):
        assert r.status_code == 401 and words in r.json()["detail"]


@pytest.mark.parametrize(
    ("name", "status", "words"),
    [
        ("", 422, "at least 1"),
        ("x" * 41, 422, "at most 40"),
        ("\u200b\u202e", 422, "1 to 40"),
        ("Strong bot", 422, "bot"),
        ("Ann (bot)", 422, "bot"),
        ("Strong b\u043et", 422, "bot"),  # a Cyrillic о
        ("Expert", 422, "Expert bot"),
        (7, 422, "string"),
    ],
)
def test_display_names_are_bounded_and_cleaned(client, name, status, words):
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == status and words in str(r.json()["detail"])
    assert client.post("/api/players", json={"name": "Abbot"}).status_code == 201


def test_new_players_are_rate_limited_per_address_and_in_all(sqlite_url):
    settings = test_settings(sqlite_url, players_per_minute=2, players_per_minute_total=3)
    with TestClient(create_app(settings)) as client:
        assert [make_player(client, f"P{i}")["name"] for i in range(2)] == ["P0", "P1"]
        r = client.post("/api/players", json={"name": "P2"})
        assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
        assert "new players" in r.json()["detail"]
        # another address gets one more, then the bound on everyone together stops it
        lobby = client.app.state.lobby
        lobby.player_limit.buckets.clear()
        make_player(client, "P3")
        r = client.post("/api/players", json={"name": "P4"})
        assert r.status_code == 429 and "everyone" in r.json()["detail"]


def test_the_key_appears_in_no_log_and_no_message_to_anyone(client, caplog):
    caplog.set_level(logging.DEBUG)
    ann, bob = make_player(client, "Ann"), make_player(client, "Bob")
    t = new_table(client, "art-dice", 2)
    seen = []
    with client.websocket_connect(f"/ws/tables/{t['id']}") as watcher:
        seen.append(hello(watcher, {"type": "spectate"}))
        for p in (ann, bob):
            r = client.post(f"/api/tables/{t['id']}/join", json={}, headers=as_player(p))
            assert r.status_code == 200
            seen.append(r.json())
        seen.append(next_state(watcher))
    seen.append(client.get(f"/api/tables/{t['id']}").json())
    seen.append(client.get("/api/tables?status=playing").json())
    text = str(seen) + caplog.text
    assert ann["key"] not in text and bob["key"] not in text
    assert [s["player"] for s in seen[-2]["seats"]] == [ann["id"], bob["id"]]


# --- seats of players ----------------------------------------------------------------------------
def test_a_player_sits_under_their_name_once_per_table(client):
    ann = make_player(client, "Ann")
    t = new_table(client, "modern-art", 3)
    url = f"/api/tables/{t['id']}/join"
    r = client.post(url, json={"name": "ANN"}, headers=as_player(ann))  # reads the same: fine
    assert r.status_code == 200
    seat = client.get(f"/api/tables/{t['id']}").json()["seats"][r.json()["seat"]]
    assert (seat["name"], seat["player"]) == ("Ann", ann["id"])
    again = client.post(url, json={}, headers=as_player(ann))
    assert again.status_code == 409 and "already" in again.json()["detail"]
    other = make_player(client, "Cy")
    wrong = client.post(url, json={"name": "Dee"}, headers=as_player(other))
    assert wrong.status_code == 422 and "player name, Cy" in wrong.json()["detail"]
    nameless = client.post(url, json={})
    assert nameless.status_code == 422 and "player key" in nameless.json()["detail"]
    assert client.post(url, json={"name": "Eve"}).status_code == 200  # no key: as before


# --- ratings ---------------------------------------------------------------------------------------
def test_places_share_victories_and_equal_scores():
    assert places({"scores": [5, 9, 9, 1], "winners": [1, 2]}) == [3, 1, 1, 4]
    assert places({"scores": [3, 3, 1], "winners": [0]}) == [1, 2, 3]


def stored_table(conn, tid: str, game: str, seats: list[tuple[str, str | None, str | None]]):
    """A playing table whose seats are (kind, bot level, player id)."""
    conn.execute(
        storage.tables.insert().values(
            id=tid, game=game, title="t", players=len(seats), options={}, setup={}, status="playing",
            fallback_bot="beginner", version=0, created_at=1.0,
        )
    )  # fmt: skip
    conn.execute(
        storage.seats.insert(),
        [
            {"table_id": tid, "seat": i, "kind": k, "bot": b, "player_id": p, "name": p or b}
            for i, (k, b, p) in enumerate(seats)
        ],
    )


def add_players(conn, *ids: str) -> None:
    for pid in ids:
        conn.execute(
            storage.players.insert().values(id=pid, key_hash=pid * 4, name=pid, created_at=1.0)
        )


def rating_rows(engine) -> dict:
    with engine.connect() as conn:
        rows = conn.execute(sa.select(storage.ratings)).mappings().all()
    return {r["competitor"]: dict(r) for r in rows}


def test_a_game_is_rated_once_with_its_end_and_bot_levels_as_one(db_url):
    """The end stored twice rates once; two seats of one level move it by their mean; a table of
    bots alone is not rated (a table with a person without an identity neither: test_farming)."""
    db = storage.Database(db_url)
    db.start()
    seats = [("human", None, "ann"), ("bot", "standard", None), ("bot", "standard", None),
             ("human", None, "bob")]  # fmt: skip
    result = {"scores": [30, 10, 5, 20], "winners": [0]}
    try:
        with db.engine.begin() as conn:
            add_players(conn, "ann", "bob")
            stored_table(conn, "a", "qe", seats)
            stored_table(conn, "b", "qe", [("bot", "standard", None), ("bot", "strong", None)])
        asyncio.run(db.append_move("a", 0, 0, ["pass"], "seat", result))
        asyncio.run(db.append_move("b", 0, 0, ["pass"], "bot", {"scores": [1, 2], "winners": [1]}))
        first = rating_rows(db.engine)
        with db.engine.begin() as conn:  # the end processed again (e.g. after a retry)
            conn.execute(storage.tables.update().values(status="playing"))
            conn.execute(storage.moves.delete())
        asyncio.run(db.append_move("a", 0, 0, ["pass"], "seat", result))
        again = rating_rows(db.engine)
        with db.engine.connect() as conn:
            res = conn.execute(sa.select(storage.results)).mappings().all()
            rated = dict(conn.execute(sa.select(storage.tables.c.id, storage.tables.c.rated)).all())
    finally:
        db.stop()
    assert first == again
    assert set(first) == {"player:ann", "player:bob", "bot:standard"}
    ann, std = first["player:ann"], first["bot:standard"]
    assert (ann["games"], ann["wins"], std["games"], std["wins"]) == (1, 1, 1, 0)
    assert (ann["opponents"], std["opponents"]) == (2, 2)  # the level and Bob; Ann and Bob
    assert ann["mu"] > 25 > std["mu"]  # the winner up, the beaten level down
    assert ann["ordinal"] == pytest.approx(ann["mu"] - 3 * ann["sigma"])
    assert sorted((r["seat"], r["place"], r["won"]) for r in res) == [
        (0, 1, True), (1, 3, False), (2, 4, False), (3, 2, False)
    ]  # fmt: skip
    assert rated == {"a": True, "b": False}


def test_a_rating_that_fails_to_store_takes_the_games_end_back_with_it(sqlite_url, monkeypatch):
    """Ratings and the game's end share one transaction: a crash between them stores neither."""
    db = storage.Database(sqlite_url)
    db.start()
    try:
        with db.engine.begin() as conn:
            add_players(conn, "ann", "bob")
            stored_table(conn, "a", "qe", [("human", None, "ann"), ("human", None, "bob")])
        broken = storage.results.insert

        def crash():
            raise RuntimeError("power cut")

        monkeypatch.setattr(storage.results, "insert", crash)
        with pytest.raises(RuntimeError):
            asyncio.run(
                db.append_move("a", 0, 0, ["pass"], "seat", {"scores": [2, 1], "winners": [0]})
            )
        with db.engine.connect() as conn:
            row = conn.execute(sa.select(storage.tables).where(storage.tables.c.id == "a")).first()
        assert (row.status, row.rated, row.version) == ("playing", False, 0)
        assert rating_rows(db.engine) == {}
        monkeypatch.setattr(storage.results, "insert", broken)
        asyncio.run(db.append_move("a", 0, 0, ["pass"], "seat", {"scores": [2, 1], "winners": [0]}))
        assert {r["games"] for r in rating_rows(db.engine).values()} == {1}
    finally:
        db.stop()


def test_a_finished_game_reaches_the_players_page_history_and_the_leaderboard(client):
    ann = make_player(client, "Ann")
    tables = [finished_game(client, ann, random.Random(i)) for i in range(2)]
    page = client.get(f"/api/players/{ann['id']}").json()
    [rating] = page["ratings"]
    wins = sum(0 in t["result"]["winners"] for t in tables)
    assert (rating["game"], rating["games"], rating["wins"]) == ("art-dice", 2, wins)

    history = client.get(f"/api/players/{ann['id']}/history").json()
    assert [h["table"] for h in history] == [t["id"] for t in reversed(tables)]  # newest first
    newest = history[0]
    assert newest["score"] == tables[1]["result"]["scores"][0]
    assert newest["won"] == (0 in tables[1]["result"]["winners"])
    assert newest["rating"] == rating["rating"]
    assert [s["name"] for s in newest["seats"]] == ["Ann", "Beginner bot"]
    one = client.get(f"/api/players/{ann['id']}/history?game=art-dice&limit=1&offset=1").json()
    assert [h["table"] for h in one] == [tables[0]["id"]]
    assert client.get(f"/api/players/{ann['id']}/history?game=qe").json() == []

    board = client.get("/api/leaderboard/art-dice").json()
    assert [e["bot"] for e in board["entries"]] == ["beginner"]  # Ann: too few games to be listed
    assert (board["min_games"], board["min_opponents"]) == (10, 5)
    settings = client.app.state.lobby.settings
    settings.leaderboard_min_games = settings.leaderboard_min_opponents = 1
    board = client.get("/api/leaderboard/art-dice").json()
    assert board["total"] == 2
    names = [(e["rank"], e["name"], e["player"], e["bot"]) for e in board["entries"]]
    assert sorted(n[1] for n in names) == ["Ann", "Beginner bot"]
    assert [e["rating"] for e in board["entries"]] == sorted(
        (e["rating"] for e in board["entries"]), reverse=True
    )
    assert [n[0] for n in names] == [1, 2]
    assert (
        client.get("/api/leaderboard/art-dice?limit=1&offset=1").json()["entries"][0]["rank"] == 2
    )


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/players/nosuchplayer", 404),
        ("/api/players/" + "x" * 300, 404),
        ("/api/players/a%20b", 404),
        ("/api/players/nosuch/history", 404),
        ("/api/leaderboard/chess", 404),
        ("/api/leaderboard/qe?limit=0", 422),
        ("/api/leaderboard/qe?limit=101", 422),
        ("/api/leaderboard/qe?offset=-1", 422),
        ("/api/leaderboard/qe?offset=100001", 422),
        ("/api/leaderboard/qe?limit=x", 422),
        ("/api/tables?game=chess", 422),
        ("/api/tables?game=" + "q" * 65, 422),
    ],
)
def test_bad_queries_get_a_4xx_with_a_reason(client, path, status):
    r = client.get(path)
    assert r.status_code == status and r.json()["detail"]


def test_the_table_lists_filter_by_game(client):
    qe = new_table(client, "qe", 3)
    new_table(client, "ratzia", 3)
    listed = client.get("/api/tables?status=open&game=qe").json()
    assert [t["id"] for t in listed] == [qe["id"]]
    assert len(client.get("/api/tables?status=open").json()) == 2


# --- rematch -----------------------------------------------------------------------------------------
def test_a_rematch_keeps_each_persons_seat_and_is_made_once(sqlite_url):
    # nobody connected: the fallback bot plays both people's seats at once to the end
    with TestClient(create_app(test_settings(sqlite_url, abandoned_after=0))) as client:
        rematch_of_a_finished_table(client)


def rematch_of_a_finished_table(client):
    ann, bob, cy = (make_player(client, n) for n in ("Ann", "Bob", "Cy"))
    t = new_table(
        client, "art-dice", 3, title="Friday", turn_timer=90,
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "standard"}],
    )  # fmt: skip
    url = f"/api/tables/{t['id']}/rematch"
    r = client.post(f"/api/tables/{t['id']}/join", json={}, headers=as_player(ann))
    token = r.json()["token"]
    early = client.post(url, headers=as_player(ann))
    assert early.status_code == 409 and "over" in early.json()["detail"]
    client.post(f"/api/tables/{t['id']}/join", json={}, headers=as_player(bob))
    finished(client, t["id"])
    with client.websocket_connect(f"/ws/tables/{t['id']}") as a:
        hello(a, {"type": "auth", "token": token})
        assert client.post(url, headers=as_player(cy)).status_code == 403
        r = client.post(url, headers=as_player(bob))
        assert r.status_code == 200, r.text
        asked = r.json()
        new = asked["info"]
        # Bob, who asked, sits at his kept seat at once; the token is that seat's
        assert (asked["table"], asked["seat"]) == (new["id"], 1)
        with client.websocket_connect(f"/ws/tables/{new['id']}") as b:
            first = hello(b, {"type": "auth", "token": asked["token"]})
        # the answer's state is what that seat's connection says first: Bob's own view
        assert first["seat"] == 1 and asked["state"] == first
        # Ann, still at the old table, hears of it
        msg = a.receive_json()
        while msg["type"] != "table":
            msg = a.receive_json()
        assert msg["table"]["rematch"] == new["id"]
    assert client.get(f"/api/tables/{t['id']}").json()["rematch"] == new["id"]

    old = client.get(f"/api/tables/{t['id']}").json()
    same = ("game", "players", "options", "title", "turn_timer", "countdown", "fallback_bot")
    assert {k: new[k] for k in same} == {k: old[k] for k in same}
    assert new["status"] == "open"
    kept = [(s["kind"], s["bot"], s["player"], s["name"], s["joined"]) for s in new["seats"]]
    assert kept == [
        ("human", None, ann["id"], "Ann", False),
        ("human", None, bob["id"], "Bob", True),
        ("bot", "standard", None, "Standard bot", True),
    ]
    join = f"/api/tables/{new['id']}/join"
    taken = client.post(join, json={"seat": 0}, headers=as_player(cy))
    assert taken.status_code == 409 and "kept for Ann" in taken.json()["detail"]
    assert client.post(join, json={"name": "Zed"}).status_code == 409  # no free seat for others
    again = client.post(url, headers=as_player(bob))  # Bob sits there already
    assert again.status_code == 409 and "already" in again.json()["detail"]
    # Ann's ask gives the same table, and her kept seat
    joined = client.post(url, headers=as_player(ann)).json()
    assert (joined["table"], joined["seat"]) == (new["id"], 0)
    assert client.get(f"/api/tables/{new['id']}").json()["status"] == "playing"


def test_a_rematch_against_bots_starts_at_once_with_the_askers_clock(client):
    dee = make_player(client, "Dee")
    old = finished_game(client, dee, random.Random(3), turn_timer=90)
    r = client.post(f"/api/tables/{old['id']}/rematch", headers=as_player(dee))
    assert r.status_code == 200, r.text
    asked = r.json()
    # the only person, seated as it was made: the game is on, and her clock runs on her turns
    assert asked["info"]["status"] == "playing" and asked["info"]["started_at"]
    assert asked["seat"] == 0 and asked["state"]["status"] == "playing"
    with client.websocket_connect(f"/ws/tables/{asked['table']}") as ws:
        state = hello(ws, {"type": "auth", "token": asked["token"]})
        while 0 not in state["view"]["actors"]:
            state = next_state(ws)
        assert [t["seat"] for t in state["timers"]] == [0] and state["legal"]


def test_a_rematch_asker_now_named_as_another_seat_is_told_so(client):
    ann, bob = make_player(client, "Ann"), make_player(client, "Bob")
    t = new_table(
        client, "art-dice", 2, turn_timer=0.01, practice=True, seats=[{"kind": "human"}] * 2
    )
    for p in (ann, bob):
        client.post(f"/api/tables/{t['id']}/join", json={}, headers=as_player(p))
    finished(client, t["id"])
    client.put("/api/players/me", json={"name": "bob"}, headers=as_player(ann))
    r = client.post(f"/api/tables/{t['id']}/rematch", headers=as_player(ann))
    assert r.status_code == 409 and "seat 1 is Bob: choose another name" in r.json()["detail"]
    new = client.get(f"/api/tables/{t['id']}").json()["rematch"]
    assert [s["joined"] for s in client.get(f"/api/tables/{new}").json()["seats"]] == [False] * 2
