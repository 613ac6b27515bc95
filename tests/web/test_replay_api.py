"""`GET /api/tables/{id}/replay` (docs/server-api.md, "Replays"): every position of a finished
game with every seat's view, for the browser's replay viewer; refused while the game runs."""

from __future__ import annotations

import json
import time

import pytest

from auctionhouse.core import replay
from auctionhouse.games import get_game
from auctionhouse.server import Settings, create_app

GAMES = [("modern-art", 3), ("ratzia", 3), ("qe", 4), ("art-dice", 2)]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from fastapi.testclient import TestClient

    db = tmp_path_factory.mktemp("replay") / "server.sqlite3"
    with TestClient(create_app(Settings(database_url=f"sqlite:///{db}", bot_delay=0.0))) as c:
        yield c


def finished_table(client, game: str, players: int) -> str:
    seats = [{"kind": "bot", "bot": "random"}] * players
    table = client.post("/api/tables", json={"game": game, "players": players, "seats": seats})
    assert table.status_code == 201
    tid = table.json()["id"]
    end = time.monotonic() + 120  # a bound on a hang: a busy machine is slow, never that slow
    while client.get(f"/api/tables/{tid}").json()["status"] != "finished":
        assert time.monotonic() < end, f"{game}: the bots did not finish"
        time.sleep(0.02)
    return tid


def as_json(data):
    return json.loads(json.dumps(data))


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_replay_holds_every_position_with_every_seats_view(client, game, players):
    tid = finished_table(client, game, players)
    rec = client.get(f"/api/tables/{tid}/record").json()
    res = client.get(f"/api/tables/{tid}/replay")
    assert res.status_code == 200
    data = res.json()
    assert (data["game"], data["players"], data["setup"]) == (game, players, rec["setup"])
    assert data["result"] == rec["result"]
    assert data["table"]["moves_by"] == ["bot"] * len(rec["moves"])
    steps = data["steps"]
    assert len(steps) == len(rec["moves"]) + 1
    assert steps[0]["move"] is None
    g = get_game(game)
    # the log's sentences, as the table's clients were sent them (docs/server-websocket.md)
    assert data["words"] == [g.event_sentence(e) for e in data["log"]]
    for k in sorted({0, 1, len(steps) // 2, len(steps) - 1, *range(0, len(steps), 9)}):
        step = steps[k]
        if k:
            seat, *move = rec["moves"][k - 1]
            assert step["move"] == {"seat": seat, "move": move, "by": "bot"}
        state = replay(g, rec, upto=k)
        spectator = as_json(state.view(None))
        assert data["log"][: step["log"]] == spectator.pop("log")
        assert step["view"] == spectator
        assert step["seats"] == [as_json(state.view(p, log=False)) for p in range(players)]
    last = steps[-1]
    assert last["view"]["over"] and "final" in last["view"]
    assert all("final" in v for v in last["seats"])


def test_replay_is_refused_before_the_end_and_for_no_table(client):
    table = client.post("/api/tables", json={"game": "qe", "players": 3}).json()  # all human
    res = client.get(f"/api/tables/{table['id']}/replay")
    assert res.status_code == 409
    assert "over" in res.json()["detail"]
    assert client.get("/api/tables/no-such-table/replay").status_code == 404
