"""Ratings cannot be farmed (docs/server-defences.md, "Ratings"): the two recipes that did it,
replayed on loopback, leave the farmer off the leaderboard with no rating gained, while people who
play each other and the levels honestly are still rated.

Each client here comes from an address of its own: the app sits behind uvicorn's proxy-headers
middleware, trusted, so that a request's `X-Forwarded-For` is its client address.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections import Counter

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from auctionhouse.core import move_to_json
from auctionhouse.server import create_app, players, storage
from auctionhouse.server.client import kind_from_json, random_move
from auctionhouse.server.rating_rules import ABSENT, RATED, RatingRules, absent, verdict
from auctionhouse.server.ratings import updated
from auctionhouse.server.table import safe_move

from .clocks import FakeClock, advance
from .conftest import test_settings
from .test_bot_seats import next_state
from .test_play import wait_until
from .test_players import add_players, rating_rows, stored_table
from .test_storage import migrated_to
from .test_websocket import drain, hello

GAMES = 20  # as in the recipes


@contextlib.contextmanager
def served(url: str, **kw):
    """The app in-process, each request's client address its `X-Forwarded-For`; yields the
    client and the lobby."""
    kw = {"rate_per_second": 1e6, "rate_burst": 10**6} | kw  # a driver that pings a lot
    app = create_app(test_settings(url, **kw))
    with TestClient(ProxyHeadersMiddleware(app, trusted_hosts="*")) as client:
        yield client, app.state.lobby


def at(address: str) -> dict:
    return {"X-Forwarded-For": address}


def new_player(client, name: str, address: str) -> dict:
    r = client.post("/api/players", json={"name": name}, headers=at(address))
    assert r.status_code == 201, r.text
    return r.json()


def new_table(client, address: str, **body) -> dict:
    r = client.post("/api/tables", json=body, headers=at(address))
    assert r.status_code == 201, r.text
    return r.json()


def join(client, tid: str, address: str, player: dict | None = None, name: str | None = None):
    """A seat's token: joined by `player` (their key) or, without one, as `name`."""
    headers = at(address) | ({"X-Player-Key": player["key"]} if player else {})
    r = client.post(f"/api/tables/{tid}/join", json={"name": name} if name else {}, headers=headers)
    assert r.status_code == 200, r.text
    return r.json()["token"]


def random_choice(state: dict, rng: random.Random) -> list:
    return random_move(state["legal"], rng)


def throw(state: dict, rng: random.Random) -> list:
    """A seat driven to lose: the least it may do (pass, never bid, the cheapest move)."""
    return move_to_json(safe_move([kind_from_json(k) for k in state["legal"]], rng.getrandbits(62)))


def play_out(client, tid: str, tokens: dict[int, str], choose: dict, rng: random.Random) -> None:
    """Connect each seat of `tokens` and answer every state with `choose[seat](state, rng)`
    until the game is over (bot seats and the server move in between)."""
    with contextlib.ExitStack() as stack:
        socks, latest = {}, {}
        for seat, token in tokens.items():
            socks[seat] = stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}"))
            latest[seat] = hello(socks[seat], {"type": "auth", "token": token})
        first = next(iter(socks))
        for _ in range(5000):
            for seat, ws in socks.items():
                states = [m for m in drain(ws) if m["type"] == "state"]
                latest[seat] = states[-1] if states else latest[seat]
            if any(s["status"] == "finished" for s in latest.values()):
                return
            movers = [p for p, s in latest.items() if s["legal"]]
            if not movers:  # the others are bots: their move is coming
                latest[first] = next_state(socks[first])
                continue
            p = rng.choice(movers)
            move = choose[p](latest[p], rng)
            socks[p].send_json({"type": "move", "move": move, "version": latest[p]["version"]})
    raise AssertionError("the game did not end")


def board(client, game: str) -> dict:
    r = client.get(f"/api/leaderboard/{game}")
    assert r.status_code == 200, r.text
    return r.json()


def rating_of(client, player: dict, game: str) -> dict | None:
    page = client.get(f"/api/players/{player['id']}").json()
    return next((r for r in page["ratings"] if r["game"] == game), None)


def listed(client, player: dict, game: str) -> bool:
    return any(e["player"] == player["id"] for e in board(client, game)["entries"])


# --- recipe (a): one keyed player, two anonymous seats driven to lose ---------------------------
def test_anonymous_seats_driven_to_lose_lift_nobody(sqlite_url):
    rng = random.Random(1)
    with served(sqlite_url) as (client, lobby):
        farmer = new_player(client, "Farmer", "198.51.100.7")
        won = 0
        for _ in range(GAMES):
            t = new_table(client, "198.51.100.7", game="modern-art", players=3, turn_timer=0)
            tokens = {0: join(client, t["id"], "198.51.100.7", farmer)}
            tokens[1] = join(client, t["id"], "203.0.113.1", name="Sheep")
            tokens[2] = join(client, t["id"], "203.0.113.2", name="Lamb")
            play_out(client, t["id"], tokens, {0: random_choice, 1: throw, 2: throw}, rng)
            won += 0 in client.get(f"/api/tables/{t['id']}").json()["result"]["winners"]
        assert won > GAMES // 2  # the recipe works: the farmer wins most games ...
        # ... and gains nothing by it: no rating, not listed, no table rated
        assert rating_of(client, farmer, "modern-art") is None
        assert not listed(client, farmer, "modern-art")
        assert board(client, "modern-art")["total"] == 0
        with lobby.db.engine.connect() as conn:
            assert not conn.execute(
                sa.select(sa.func.count()).where(storage.tables.c.rated)
            ).scalar()


# --- recipe (b): a keyed seat that never connects, the fallback bot playing it -------------------
def test_a_rated_table_refuses_a_turn_timer_below_the_minimum(sqlite_url):
    with served(sqlite_url) as (client, _):
        body = {"game": "modern-art", "players": 3, "fallback_bot": "strong"}
        for timer in (0.01, 19.9):
            r = client.post("/api/tables", json=body | {"turn_timer": timer})
            assert r.status_code == 422
            assert "at least 20 seconds" in r.json()["detail"] and "practice" in r.json()["detail"]
        assert new_table(client, "x", **body, turn_timer=20)["turn_timer"] == 20
        assert new_table(client, "x", **body, turn_timer=0)["turn_timer"] is None  # no timer
        fast = new_table(client, "x", **body, turn_timer=0.01, practice=True)
        assert (fast["turn_timer"], fast["practice"]) == (0.01, True)
    with served(sqlite_url, default_turn_timer=5) as (client, _):  # the server's own default
        r = client.post("/api/tables", json={"game": "qe", "players": 3})
        assert r.status_code == 422 and "at least 20" in r.json()["detail"]


def test_a_seat_the_fallback_bot_plays_collects_no_wins(sqlite_url):
    """The farmer joins and never connects: nobody is connected, so the table's fallback bot plays
    the farmer's seat at once (`abandoned_after` 0) against two beginners, and wins."""
    with served(sqlite_url, abandoned_after=0) as (client, lobby):
        farmer = new_player(client, "Farmer", "198.51.100.7")
        bots = [{"kind": "human"}] + [{"kind": "bot", "bot": "beginner"}] * 2
        won = 0
        for _ in range(GAMES):
            t = new_table(client, "198.51.100.7", game="modern-art", players=3, seats=bots,
                          turn_timer=20, fallback_bot="standard")  # fmt: skip
            join(client, t["id"], "198.51.100.7", farmer)
            done = finished(client, t["id"])
            won += 0 in done["result"]["winners"]
        assert won > GAMES // 2  # the fallback bot wins most games for the seat ...
        mine = rating_of(client, farmer, "modern-art")
        # ... yet each game counts as the farmer's loss: no win, the rating down, not listed
        assert (mine["games"], mine["wins"]) == (GAMES, 0)
        assert mine["rating"] < 0
        assert not listed(client, farmer, "modern-art")
        with lobby.db.engine.connect() as conn:
            rows = conn.execute(
                sa.select(storage.results.c.absent, storage.results.c.won, storage.results.c.place)
                .where(storage.results.c.player_id == farmer["id"])
            ).all()  # fmt: skip
        assert set(rows) == {(True, False, 3)}  # last, every time


def finished(client, tid: str) -> dict:
    info: dict = {}

    def done() -> bool:
        info.update(client.get(f"/api/tables/{tid}").json())
        return info["status"] == "finished"

    wait_until(done)
    return info


def test_a_connected_seat_that_lets_the_turn_timer_move_is_absent(sqlite_url):
    """The same with the farmer connected and idle, at the shortest rated timer: the fallback
    bot moves for them each time it runs out (the clock is moved by hand)."""
    clock = FakeClock(1_000_000.0)
    with served(sqlite_url, clock=clock) as (client, lobby):
        farmer = new_player(client, "Farmer", "198.51.100.7")
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "beginner"}]
        t = new_table(client, "x", game="art-dice", players=2, seats=seats, turn_timer=20)
        token = join(client, t["id"], "198.51.100.7", farmer)
        table = lobby.tables[t["id"]]
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            hello(ws, {"type": "auth", "token": token})
            for _ in range(2000):
                if table.status == "finished":
                    break
                version = table.version
                advance(client, clock, 20, table)
                wait_until(lambda v=version: table.version > v or table.status == "finished")
        assert table.status == "finished"
        with lobby.db.engine.connect() as conn:
            by = Counter(
                conn.execute(
                    sa.select(storage.moves.c.by).where(
                        storage.moves.c.table_id == t["id"], storage.moves.c.seat == 0
                    )
                ).scalars()
            )
            [row] = conn.execute(
                sa.select(storage.results).where(storage.results.c.player_id == farmer["id"])
            ).mappings()
        assert by["seat"] == 0 and by["fallback"] > 0
        assert (row["absent"], row["won"], row["place"]) == (True, False, 2)


# --- honest play is still rated -----------------------------------------------------------------
def two_people_and_a_level(client, ann, bob, ann_at, bob_at, rng, level="standard") -> dict:
    """An art-dice table of Ann, Bob and a level, both people playing at random; its info."""
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": level}]
    t = new_table(client, ann_at, game="art-dice", players=3, seats=seats, turn_timer=0)
    tokens = {0: join(client, t["id"], ann_at, ann), 1: join(client, t["id"], bob_at, bob)}
    play_out(client, t["id"], tokens, {0: random_choice, 1: random_choice}, rng)
    return client.get(f"/api/tables/{t['id']}").json()


def test_people_playing_each_other_and_the_levels_are_rated(db_url):
    rng = random.Random(2)
    lowered = {"leaderboard_min_games": 2, "leaderboard_min_opponents": 2}
    with served(db_url, **lowered) as (client, _):
        ann = new_player(client, "Ann", "198.51.100.7")
        bob = new_player(client, "Bob", "2001:db8:1::5")
        for _ in range(2):
            two_people_and_a_level(client, ann, bob, "198.51.100.7", "2001:db8:1::5", rng)
        for who in (ann, bob):
            mine = rating_of(client, who, "art-dice")
            assert (mine["games"], mine["opponents"]) == (2, 2)  # each other and the level
        entries = board(client, "art-dice")["entries"]
        assert {e["player"] for e in entries} == {ann["id"], bob["id"], None}
        assert [e["bot"] for e in entries if e["bot"]] == ["standard"]
        history = client.get(f"/api/players/{ann['id']}/history").json()
        assert [h["absent"] for h in history] == [False, False]


@pytest.mark.parametrize(
    ("ann_at", "bob_at"),
    [("198.51.100.7", "198.51.100.7"), ("2001:db8:1::5", "2001:db8:1::ffff:7")],
    ids=["one IPv4 address", "one IPv6 /64"],
)
def test_people_who_joined_from_one_address_are_not_rated_together(sqlite_url, ann_at, bob_at):
    with served(sqlite_url) as (client, lobby):
        ann = new_player(client, "Ann", "192.0.2.1")
        bob = new_player(client, "Bob", "192.0.2.2")
        two_people_and_a_level(client, ann, bob, ann_at, bob_at, random.Random(3))
        assert rating_rows(lobby.db.engine) == {}
        with lobby.db.engine.connect() as conn:
            stored = conn.execute(sa.select(storage.seats.c.address_hash)).scalars().all()
        # what is kept of an address: a hash, the same for both, under a salt not stored
        assert stored[0] == stored[1] and len(stored[0]) == 64 and stored[2] is None
        assert all(ann_at not in str(v) and "db8" not in str(v) for v in stored)
        # and nobody is told it: not on the table, its record or replay, nor a player's pages
        [tid] = {s["id"] for s in client.get("/api/tables?status=finished").json()}
        shown = [
            client.get(path).text
            for path in (f"/api/tables/{tid}", f"/api/tables/{tid}/record",
                         f"/api/tables/{tid}/replay", "/api/tables?status=finished",
                         f"/api/players/{ann['id']}", f"/api/players/{ann['id']}/history")
        ]  # fmt: skip
        assert all(stored[0] not in text for text in shown)


def test_one_opponent_or_one_address_counts_a_few_times_a_window(sqlite_url):
    rng = random.Random(4)
    with served(sqlite_url, rated_games_per_opponent=2) as (client, lobby):
        ann = new_player(client, "Ann", "198.51.100.7")
        bob = new_player(client, "Bob", "203.0.113.9")
        cy = new_player(client, "Cy", "192.0.2.3")
        for _ in range(3):
            two_people_and_a_level(client, ann, bob, "198.51.100.7", "203.0.113.9", rng)
        assert rating_of(client, ann, "art-dice")["games"] == 2  # the third did not count
        assert rating_of(client, bob, "art-dice")["games"] == 2
        # another identity from Bob's address is the same opponent
        two_people_and_a_level(client, ann, cy, "198.51.100.7", "203.0.113.9", rng)
        assert rating_of(client, ann, "art-dice")["games"] == 2
        assert rating_of(client, cy, "art-dice") is None
        # a window later they count again
        with lobby.db.engine.begin() as conn:
            old = storage.results.c.finished_at - RatingRules().window - 1
            conn.execute(storage.results.update().values(finished_at=old))
        two_people_and_a_level(client, ann, bob, "198.51.100.7", "203.0.113.9", rng)
        assert rating_of(client, ann, "art-dice")["games"] == 3


def test_practice_tables_are_never_rated_and_their_rematches_are_practice(sqlite_url):
    with served(sqlite_url) as (client, lobby):
        ann = new_player(client, "Ann", "198.51.100.7")
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "beginner"}]
        t = new_table(client, "x", game="art-dice", players=2, seats=seats, turn_timer=0,
                      practice=True)  # fmt: skip
        token = join(client, t["id"], "198.51.100.7", ann)
        play_out(client, t["id"], {0: token}, {0: random_choice}, random.Random(5))
        assert rating_rows(lobby.db.engine) == {}
        headers = at("198.51.100.7") | {"X-Player-Key": ann["key"]}
        r = client.post(f"/api/tables/{t['id']}/rematch", headers=headers)
        assert r.status_code == 200 and r.json()["info"]["practice"] is True
        assert address_hashes(lobby, r.json()["table"]) == address_hashes(lobby, t["id"])


def address_hashes(lobby, tid: str) -> list[str | None]:
    with lobby.db.engine.connect() as conn:
        query = sa.select(storage.seats.c.address_hash).where(storage.seats.c.table_id == tid)
        return conn.execute(query.order_by(storage.seats.c.seat)).scalars().all()


def test_a_seat_taken_as_the_table_is_made_keeps_its_address_too(sqlite_url):
    with served(sqlite_url) as (client, lobby):
        ann, bob = new_player(client, "Ann", "192.0.2.1"), new_player(client, "Bob", "192.0.2.2")
        body = {"game": "art-dice", "players": 2, "join": {}}
        r = client.post(
            "/api/tables", json=body, headers=at("2001:db8::1") | {"X-Player-Key": ann["key"]}
        )
        assert r.status_code == 201, r.text
        join(client, r.json()["id"], "2001:db8::2", bob)  # the same /64
        first, second = address_hashes(lobby, r.json()["id"])
        assert first is not None and first == second


# --- the rules, one by one ------------------------------------------------------------------------
def seat(kind="human", player=None, bot=None, address=None) -> dict:
    return {"kind": kind, "player_id": player, "bot": bot, "address_hash": address}


def test_the_fallback_making_most_of_a_seats_moves_makes_it_absent():
    assert absent(Counter(fallback=6, seat=5))
    assert not absent(Counter(fallback=5, seat=5))
    # the countdown's passes are nobody's choice: counted for neither side
    assert absent(Counter(fallback=2, seat=1, countdown=40))
    assert not absent(Counter(seat=3, countdown=40))
    assert absent(Counter(expelled=3, seat=1))  # any move the person did not make


def test_the_verdict_on_a_table():
    levels = {"beginner", "standard"}
    rules = RatingRules(games_per_opponent=2)
    ann, bob = seat(player="ann", address="a"), seat(player="bob", address="b")
    std = seat("bot", bot="standard")
    mine = {0: Counter(seat=9), 1: Counter(seat=9)}
    assert verdict(False, [ann, bob, std], levels, mine, {}, rules) == ([RATED] * 3, None)
    assert verdict(True, [ann, bob], levels, mine, {}, rules)[1] == "a practice table"
    assert "without a player identity" in verdict(False, [ann, seat()], levels, mine, {}, rules)[1]
    odd = seat("bot", bot="random:seed=3")
    assert "not one of the levels" in verdict(False, [ann, odd], levels, mine, {}, rules)[1]
    twin = seat(player="cy", address="a")
    assert "one address" in verdict(False, [ann, twin], levels, mine, {}, rules)[1]
    gone = {0: Counter(seat=9), 1: Counter(fallback=9)}
    assert verdict(False, [ann, bob, std], levels, gone, {}, rules)[0] == [RATED, ABSENT, RATED]
    # met twice lately: both left out, by identity or by the other's address
    often = {"ann": Counter({"player:bob": 2})}
    assert verdict(False, [ann, bob, std], levels, mine, often, rules)[0] == [None, None, RATED]
    often = {"bob": Counter({"address:a": 2})}
    assert verdict(False, [ann, bob, std], levels, mine, often, rules)[0] == [None, None, RATED]
    no_cap = RatingRules(games_per_opponent=0)
    assert verdict(False, [ann, bob], levels, mine, often, no_cap)[0] == [RATED, RATED]


def test_an_absent_seat_loses_and_nobody_gains_from_it(db_url):
    db = storage.Database(db_url)
    db.start()
    result = {"scores": [30, 10, 5], "winners": [0]}  # the fallback won for Ann
    try:
        with db.engine.begin() as conn:
            add_players(conn, "ann", "bob")
            stored_table(conn, "a", "qe", [("human", None, "ann"), ("human", None, "bob"),
                                          ("bot", "standard", None)])  # fmt: skip
            conn.execute(storage.moves.insert(), [
                {"table_id": "a", "seq": i, "seat": s, "move": ["pass"], "by": by,
                 "created_at": 1.0}
                for i, (s, by) in enumerate([(0, "fallback"), (0, "fallback"), (1, "seat")])
            ])  # fmt: skip
        asyncio.run(db.append_move("a", 3, 0, ["pass"], "seat", result))
        rows = rating_rows(db.engine)
    finally:
        db.stop()
    ann, bob, std = rows["player:ann"], rows["player:bob"], rows["bot:standard"]
    assert (ann["games"], ann["wins"], ann["opponents"]) == (1, 0, 2)
    assert ann["mu"] < 25
    # Bob and the level are rated as if only they had played: Bob (10) above the level (5)
    (bob_mu, _), (std_mu, _) = updated([(25.0, 25 / 3)] * 2, [1, 2])
    assert bob["mu"] == pytest.approx(bob_mu) and std["mu"] == pytest.approx(std_mu)
    assert (bob["opponents"], std["opponents"]) == (1, 1)


def test_the_leaderboard_lists_people_with_enough_games_and_opponents(db_url):
    engine = storage.make_engine(db_url)
    storage.upgrade(engine)
    rows = [  # (competitor, games, opponents, ordinal)
        ("player:few", 9, 9, 30.0), ("player:alone", 50, 4, 20.0), ("player:ok", 10, 5, 10.0),
        ("bot:standard", 1, 1, 5.0),
    ]  # fmt: skip
    with engine.begin() as conn:
        add_players(conn, "few", "alone", "ok")
        for name, games, opponents, ordinal in rows:
            pid = name.split(":")[1] if name.startswith("player") else None
            conn.execute(storage.ratings.insert().values(
                game="qe", competitor=name, player_id=pid, bot=None if pid else "standard",
                mu=ordinal, sigma=0.0, ordinal=ordinal, games=games, wins=0, opponents=opponents,
                updated_at=1.0,
            ))  # fmt: skip
        board = players.leaderboard(conn, "qe", 50, 0, 10, 5)
    engine.dispose()
    assert [(e["player"], e["bot"]) for e in board["entries"]] == [("ok", None), (None, "standard")]
    assert (board["total"], board["min_games"], board["min_opponents"]) == (2, 10, 5)


def test_the_upgrade_counts_the_opponents_already_met(db_url):
    engine = migrated_to(db_url, "0004")
    with engine.begin() as conn:
        add_players(conn, "ann")
        stored_table(conn, "a", "qe", [("human", None, "ann"), ("bot", "standard", None)])
        for who, pid in (("player:ann", "ann"), ("bot:standard", None)):
            conn.execute(storage.ratings.insert().values(
                game="qe", competitor=who, player_id=pid, bot=None if pid else "standard", mu=25.0,
                sigma=8.0, ordinal=1.0, games=1, wins=0, updated_at=1.0,
            ))  # fmt: skip
        conn.execute(storage.results.insert(), [
            {"table_id": "a", "seat": i, "game": "qe", "competitor": who, "player_id": pid,
             "score": 1, "place": i + 1, "won": i == 0, "mu": 25.0, "sigma": 8.0, "ordinal": 1.0,
             "finished_at": 1.0}
            for i, (who, pid) in enumerate((("player:ann", "ann"), ("bot:standard", None)))
        ])  # fmt: skip
    storage.upgrade(engine)
    rows = rating_rows(engine)
    engine.dispose()
    assert rows["player:ann"]["opponents"] == rows["bot:standard"]["opponents"] == 1
