"""The HTTP API: games, creating, listing and joining tables, records; refusals with reasons."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from auctionhouse.server import create_app
from auctionhouse.server.table import token_hash

from .clocks import wait_until
from .conftest import test_settings


def new_table(client, game="modern-art", players=3, **fields) -> dict:
    r = client.post("/api/tables", json={"game": game, "players": players, **fields})
    assert r.status_code == 201, r.text
    return r.json()


def test_games_lists_every_registered_game_with_bots_and_catalog(client):
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games) == {"modern-art", "ratzia", "qe", "art-dice"}
    ma = games["modern-art"]
    assert (ma["min_players"], ma["max_players"]) == (3, 5)
    assert (ma["countdown"], games["qe"]["countdown"]) == (20, None)  # the lobby's proposal
    assert {b["name"] for b in ma["bots"]} >= {"random", "ismcts", "heuristic"}
    assert "seconds" in next(b for b in ma["bots"] if b["name"] == "ismcts")["params"]
    assert {o["name"] for o in ma["options"]} == {"deck", "mystery", "open_cash"}


def test_create_list_join_until_the_table_starts(db_url):
    with TestClient(create_app(test_settings(db_url))) as client:
        t = new_table(
            client, "ratzia", 3, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}]
        )
        assert t["status"] == "open" and t["version"] == 0
        assert [s["kind"] for s in t["seats"]] == ["human", "human", "bot"]
        assert t["seats"][2]["joined"] and not t["seats"][0]["joined"]
        assert "setup" not in t
        assert [x["id"] for x in client.get("/api/tables").json()] == [t["id"]]

        j = client.post(f"/api/tables/{t['id']}/join", json={"name": "  Ann   Lee "}).json()
        assert j["seat"] == 0 and len(j["token"]) >= 43  # 32 random bytes, url-safe
        info = client.get(f"/api/tables/{t['id']}").json()
        assert info["seats"][0]["name"] == "Ann Lee" and info["status"] == "open"

        taken = client.post(f"/api/tables/{t['id']}/join", json={"name": "Bo", "seat": 0})
        assert taken.status_code == 409 and "taken" in taken.json()["detail"]
        bot = client.post(f"/api/tables/{t['id']}/join", json={"name": "Bo", "seat": 2})
        assert bot.status_code == 409 and "bot" in bot.json()["detail"]

        j2 = client.post(f"/api/tables/{t['id']}/join", json={"name": "Bo"}).json()
        assert j2["seat"] == 1 and j2["token"] != j["token"]
        assert client.get(f"/api/tables/{t['id']}").json()["status"] in ("playing", "finished")
        assert client.get("/api/tables").json() == []
        full = client.post(f"/api/tables/{t['id']}/join", json={"name": "Cy"})
        assert full.status_code == 409


def test_only_the_token_hash_is_stored(client):
    t = new_table(client)
    token = client.post(f"/api/tables/{t['id']}/join", json={"name": "Ann"}).json()["token"]
    lobby = client.app.state.lobby
    import sqlalchemy as sa

    with lobby.db.engine.connect() as conn:
        dump = "\n".join(
            repr(tuple(row))
            for table in ("tables", "seats", "moves")
            for row in conn.execute(sa.text(f"select * from {table}"))
        )
    assert token not in dump
    assert token_hash(token) in dump


@pytest.mark.parametrize(
    "body, words",
    [
        ({"game": "chess", "players": 2}, "unknown game"),
        ({"game": "qe", "players": 9}, "3 to 5 players"),
        ({"game": "modern-art", "players": 3, "options": {"colour": 1}}, "no option"),
        ({"game": "modern-art", "players": 4, "options": {"mystery": True}}, "3 players"),
        ({"game": "modern-art", "players": 3, "options": {"deck": "/etc/passwd"}}, "file name"),
        (
            {"game": "modern-art", "players": 3, "options": {"deck": {"Manuel Carvalho": [10**9]}}},
            "numbers up to",
        ),
        ({"game": "qe", "players": 3, "seats": [{"kind": "human"}]}, "one seat per player"),
        (
            {"game": "qe", "players": 3, "seats": [{"kind": "bot", "bot": "genius"}] * 3},
            "not offered here; choose a level: beginner, standard, strong",
        ),
        (
            {
                "game": "qe",
                "players": 3,
                "seats": [{"kind": "bot", "bot": "ismcts:seconds=999"}] * 3,
            },
            "not offered here",
        ),
        ({"game": "qe", "players": 3, "fallback_bot": "random:x=1"}, "not offered here"),
    ],
)
def test_bad_tables_are_refused_with_a_reason(client, body, words):
    r = client.post("/api/tables", json=body)
    assert r.status_code == 422
    assert words in r.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_malformed_requests_are_refused(client):
    assert client.post("/api/tables", json={"game": "qe"}).status_code == 422
    assert (
        client.post(
            "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
        ).status_code
        == 422
    )
    big = {"game": "qe", "players": 3, "title": "x" * 70000}
    assert client.post("/api/tables", json=big).status_code == 413
    assert client.get("/api/tables/nope").status_code == 404
    assert client.post("/api/tables/nope/join", json={"name": "A"}).status_code == 404
    t = new_table(client)
    assert client.post(f"/api/tables/{t['id']}/join", json={"name": "   "}).status_code == 422
    assert (
        client.post(f"/api/tables/{t['id']}/join", json={"name": "A", "seat": 7}).status_code == 422
    )


def test_record_only_once_the_game_is_over(db_url):
    from auctionhouse.core import replay
    from auctionhouse.games import get_game

    with TestClient(create_app(test_settings(db_url))) as client:
        t = new_table(client, "art-dice", 2, seats=[{"kind": "bot", "bot": "heuristic"}] * 2)
        open_t = new_table(client, "art-dice", 2)
        assert client.get(f"/api/tables/{open_t['id']}/record").status_code == 409
        info = {}

        def finished() -> bool:
            info.update(client.get(f"/api/tables/{t['id']}").json())
            return info["status"] == "finished"

        wait_until(finished, what="the bots did not finish")
        assert info["result"]["winners"]
        rec = client.get(f"/api/tables/{t['id']}/record").json()
        state = replay(get_game("art-dice"), rec)
        assert state.is_over() and state.result().to_json() == info["result"]
        assert len(rec["moves"]) == info["version"] == len(rec["table"]["moves_by"])
        assert set(rec["table"]["moves_by"]) == {"bot"}
        finished = client.get("/api/tables", params={"status": "finished"}).json()
        assert [f["id"] for f in finished] == [t["id"]]


def test_openapi_documents_the_api(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/tables", "/api/tables/{table_id}/join", "/api/tables/{table_id}/record"} <= set(
        paths
    )
