"""Bots on the server cannot be read, stalled or broken: their randomness comes from a secret the
server never sends, their moves are paced so that timing shows nothing of their hands, only the
named levels are offered, every move has a hard limit, one table's bots never starve another's,
and no bot failure stops a table."""

from __future__ import annotations

import random
import statistics
import time

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from auctionhouse.bots import make_bot
from auctionhouse.core import derive_seed, move_from_json, replay
from auctionhouse.core.players import Observation
from auctionhouse.games import get_game
from auctionhouse.server import create_app
from auctionhouse.server.client import random_move

from .conftest import test_settings
from .test_api import new_table
from .test_websocket import hello

ROOMY = {"tables_per_minute": 10_000, "joins_per_minute": 10_000}  # many tables, one address


def app_client(url: str, **kw) -> TestClient:
    return TestClient(create_app(test_settings(url, **{**ROOMY, **kw})))


def next_state(ws) -> dict:
    while True:
        msg = ws.receive_json()
        if msg["type"] == "state":
            return msg


def play_to_the_end(ws, state: dict, rng: random.Random, moves: int = 5000) -> dict:
    """A person who answers every state with a random legal move until the game is over."""
    for _ in range(moves):
        if state["status"] == "finished":
            return state
        if state["legal"]:
            move = random_move(state["legal"], rng)
            ws.send_json({"type": "move", "move": move, "version": state["version"]})
        state = next_state(ws)
    raise AssertionError("the game did not end")


# --- 1. nobody can reproduce a bot's randomness ------------------------------------------------
def public_guesses(table: dict, p: int, version: int, game) -> list:
    """Bots a client could build from public facts: seeded by the table id (as the server once
    did), by the id, seat and move number, or by the creation time."""
    tid = table["id"]
    id_int = int.from_bytes(tid.encode(), "little")
    seeds = [
        derive_seed(id_int, f"bot/{p}/{version}"),
        derive_seed(id_int, f"seat/{p}/{version}"),
        derive_seed(int(table["created_at"]), f"seat/{p}"),
    ]
    return [make_bot("random", game, s) for s in seeds]


def test_a_client_knowing_every_public_fact_cannot_reproduce_the_bots_sealed_bids(sqlite_url):
    """Q.E. with a person and two random bots. An attacker who knows the table id, its options,
    every message, and (more than any client knows) each bot's legal moves at each decision
    predicts the bots' sealed bids with every seed public facts give; before the fix the table-id
    seed predicted all of them. The table's secret appears in no message and no HTTP answer."""
    game = get_game("qe")
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    with app_client(sqlite_url) as client:
        t = new_table(client, "qe", 3, seats=seats, turn_timer=0)
        token = client.post(f"/api/tables/{t['id']}/join", json={"name": "eve"}).json()["token"]
        inbox = []
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            state = hello(ws, {"type": "auth", "token": token})
            rng = random.Random(3)
            for _ in range(5000):
                if state["status"] == "finished":
                    break
                if state["legal"]:
                    move = random_move(state["legal"], rng)
                    ws.send_json({"type": "move", "move": move, "version": state["version"]})
                state = next_state(ws)
                inbox.append(state)
        record = client.get(f"/api/tables/{t['id']}/record").json()
        answers = [
            client.get(f"/api/tables/{t['id']}").text,
            client.get("/api/tables?status=finished").text,
            client.get(f"/api/tables/{t['id']}/record").text,
            client.get(f"/api/tables/{t['id']}/replay").text,
        ]
        with client.app.state.lobby.db.engine.connect() as conn:
            secret = conn.execute(sa.text("select secret from tables")).scalar_one()

    assert len(bytes.fromhex(secret)) == 32
    assert all(secret not in text for text in answers)
    assert all(secret not in str(msg) for msg in inbox)

    # the attack, with each bot's true legal moves at every decision
    old = {p: make_bot("random", game, derive_seed(int.from_bytes(t["id"].encode(), "little"),
                                                    f"seat/{p}")) for p in (1, 2)}  # fmt: skip
    # A sealed bid of 0 says little (a random bot bids 0 or an amount, as often); a bid of an
    # amount is guessed by chance about once in its span (20 or more amounts).
    state = game.new_state(3, record["options"], setup=record["setup"])
    amounts = matched_old = matched_any = 0
    for version, (p, *move) in enumerate(record["moves"]):
        move = move_from_json(move)
        if p != 0:
            obs = Observation(state.clone(), p, list(state.legal_moves(p)))
            guess_old = old[p].act(obs)
            guesses = [b.act(obs) for b in public_guesses(t, p, version, game)]
            if state.secret_moves() and move[1]:
                amounts += 1
                matched_old += guess_old == move
                matched_any += move in guesses
        state.apply(p, move)
    assert amounts >= 5
    assert matched_old <= amounts // 2, (matched_old, amounts)  # before the fix: every one
    assert matched_any <= amounts // 2, (matched_any, amounts)


def test_the_same_public_table_with_another_secret_gets_other_bot_moves(sqlite_url):
    """Two tables alike in every public fact (id, options, deal, seats) but their secret: their
    bots' seeds differ, so no function of public facts gives a bot's moves."""
    with app_client(sqlite_url) as client:
        t = new_table(client, "qe", 3, seats=[{"kind": "human"}] * 3, turn_timer=0)
        table = client.app.state.lobby.tables[t["id"]]
        seeds = [table.bot_seed(1, v, "bot") for v in range(20)]
        table.secret = bytes(32)
        assert [table.bot_seed(1, v, "bot") for v in range(20)] != seeds
        assert len(set(seeds)) == 20  # a fresh seed every move


# --- 2. a bot's think time does not show its hand ----------------------------------------------
SEARCH = "ismcts:iterations=10:seconds=0.3"  # thinks 0.3 s at most; the server waits the limit
LIMIT = 1.2  # far more than the search takes, even on a loaded machine


def double_offer_delay(client, want_fit: bool) -> float | None:
    """Seat 0 (a person) plays a Double and declines to add; the delay until seat 1 (a search
    bot that can add, or cannot: `want_fit`) shows its answer, as a watcher measures it. None
    when this deal does not give that case."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": SEARCH}, {"kind": "bot", "bot": "random"}]
    t = new_table(client, "modern-art", 3, seats=seats, turn_timer=0)
    table = client.app.state.lobby.tables[t["id"]]
    st = table.state
    if st.next_actor() != 0:
        return None
    doubles = [c for c in st.hands[0] if c % 5 == 4]
    fitting = [c for c in doubles if any(x // 5 == c // 5 and x % 5 != 4 for x in st.hands[1])]
    pick = fitting if want_fit else [c for c in doubles if c not in fitting]
    if not pick:
        return None
    token = client.post(f"/api/tables/{t['id']}/join", json={"name": "a"}).json()["token"]
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        hello(ws, {"type": "auth", "token": token})
        ws.send_json({"type": "move", "move": ["play", pick[0]]})
        offer = next_state(ws)
        assert offer["view"]["phase"] == "double_offer" and offer["legal"]
        ws.send_json({"type": "move", "move": ["decline"]})
        declined = next_state(ws)
        start = time.monotonic()
        with client.websocket_connect(f"/ws/tables/{t['id']}") as other:
            hello(other, {"type": "auth", "token": token})  # a second tab: no earlier answer
        answered = next_state(ws)
        delay = time.monotonic() - start
        assert answered["version"] == declined["version"] + 1
    choices = table.state.history[2][1]
    assert table.state.history[2][0] == 1 and (choices[0] == "add") <= want_fit
    return delay


def test_a_search_bots_delay_at_a_double_offer_is_the_same_whether_it_can_add_or_not(sqlite_url):
    """Before: a bot with one legal move (it holds no card of the Double's artist) answered at
    once, one that could add searched; now both answer when their level's time is up."""
    delays: dict[bool, list[float]] = {True: [], False: []}
    with app_client(sqlite_url, allow_any_bot=True, bot_move_limit=LIMIT) as client:
        for _ in range(400):
            if min(len(v) for v in delays.values()) >= 6:
                break
            want = len(delays[True]) < len(delays[False])
            d = double_offer_delay(client, want)
            if d is not None:
                delays[want].append(d)
    assert min(len(v) for v in delays.values()) >= 6, delays
    pace = LIMIT  # an operator's search spec is shown when its move limit is up
    assert min(min(v) for v in delays.values()) >= pace - 0.05, delays
    medians = [statistics.median(v) for v in delays.values()]
    assert abs(medians[0] - medians[1]) < 0.1, delays


# --- 5. no bot failure stops a table -----------------------------------------------------------
class BrokenPool:
    """A bot pool that fails in every way a pool can: a bot error, a crash of its own, or a move
    that is no move."""

    def __init__(self) -> None:
        self.calls = 0
        self.killed = 0

    async def act(self, game, spec, seed, state, seat, legal):
        self.calls += 1
        kind = self.calls % 3
        if kind == 0:
            from auctionhouse.server.botpool import BotFailed

            raise BotFailed("no move within the limit")
        if kind == 1:
            raise RuntimeError("the pool itself broke")
        return ("nonsense", [1, 2, 3])

    async def stop(self) -> None:
        pass


@pytest.mark.parametrize("game", ["modern-art", "qe", "art-dice", "ratzia"])
def test_a_table_plays_on_with_safe_moves_when_every_bot_fails(sqlite_url, game):
    g = get_game(game)
    n = g.min_players
    with app_client(sqlite_url) as client:
        client.app.state.lobby.bots = BrokenPool()
        t = new_table(client, game, n, seats=[{"kind": "bot", "bot": "random"}] * n)
        table = client.app.state.lobby.tables[t["id"]]
        end = time.monotonic() + 120
        while table.status != "finished":
            assert time.monotonic() < end, "the table stalled"
            time.sleep(0.02)
        rec = client.get(f"/api/tables/{t['id']}/record").json()
    assert replay(g, rec).is_over()


def test_the_driver_survives_a_fault_of_its_own_and_goes_on(sqlite_url):
    with app_client(sqlite_url) as client:
        t = new_table(client, "ratzia", 2, seats=[{"kind": "bot", "bot": "random"}] * 2)
        table = client.app.state.lobby.tables[t["id"]]
        real = type(table).awaited
        faults = []

        def faulty(self):
            if len(faults) < 2:
                faults.append(1)
                raise ZeroDivisionError("a fault in the engine")
            return real(self)

        table.awaited = faulty.__get__(table)
        client.portal.call(table.changed.set)
        end = time.monotonic() + 120
        while table.status != "finished":
            assert time.monotonic() < end, "the table stalled"
            time.sleep(0.02)
    assert len(faults) == 2


def test_a_huge_qe_opening_bid_breaks_no_bot_and_survives_a_restart(sqlite_url):
    """QE-: bids are unbounded. A person opens at 10**400; the random and heuristic bots must
    still bid, in exact integers, and the table goes on after the server restarts."""
    seats = [
        {"kind": "human"},
        {"kind": "bot", "bot": "random"},
        {"kind": "bot", "bot": "heuristic"},
    ]
    huge = 10**400
    with app_client(sqlite_url) as client:
        for _ in range(50):
            t = new_table(client, "qe", 3, seats=seats, turn_timer=0)
            if client.app.state.lobby.tables[t["id"]].state.next_actor() == 0:
                break
        token = client.post(f"/api/tables/{t['id']}/join", json={"name": "a"}).json()["token"]
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            state = hello(ws, {"type": "auth", "token": token})
            assert state["legal"][0]["kind"] == "open"
            ws.send_json({"type": "move", "move": ["open", huge]})
            while state["version"] < 3:  # the opening bid and both bots' sealed bids
                state = next_state(ws)
    with app_client(sqlite_url) as client:  # a restart on the same database
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            state = hello(ws, {"type": "auth", "token": token})
            state = play_to_the_end(ws, state, random.Random(1))
        rec = client.get(f"/api/tables/{t['id']}/record").json()
    assert rec["moves"][0] == [0, "open", huge]
    assert replay(get_game("qe"), rec).is_over()


# --- 6. levels, limits and fairness ------------------------------------------------------------
def test_the_server_offers_levels_and_refuses_other_specs_unless_allowed(sqlite_url):
    with app_client(sqlite_url) as client:
        games = {g["name"]: g for g in client.get("/api/games").json()}
        names = ["beginner", "standard", "learned", "strong", "expert"]  # Q.E. has weights
        assert [lv["name"] for lv in games["qe"]["levels"]] == names
        strong = games["art-dice"]["levels"][-1]
        assert strong["bot"].startswith("ismcts") and strong["think"] > 1
        for spec in ["ismcts:iterations=200000", "ismcts:iterations=1:halving=1000000000",
                     "ismcts:seconds=0.5", "heuristic:x=1"]:  # fmt: skip
            r = client.post(
                "/api/tables",
                json={"game": "qe", "players": 3, "seats": [{"kind": "bot", "bot": spec}] * 3},
            )
            assert r.status_code == 422 and "not offered" in r.json()["detail"], spec
        t = new_table(client, "qe", 3, seats=[{"kind": "bot", "bot": "heuristic"}] * 3)
        assert [s["bot"] for s in t["seats"]] == ["standard"] * 3
    with app_client(sqlite_url, allow_any_bot=True, bot_move_limit=2.0) as client:
        r = client.post(
            "/api/tables",
            json={
                "game": "qe",
                "players": 3,
                "seats": [{"kind": "bot", "bot": "ismcts:seconds=3"}] * 3,
            },
        )
        assert r.status_code == 422 and "move limit" in r.json()["detail"]
        t = new_table(client, "qe", 3, seats=[{"kind": "bot", "bot": "ismcts:seconds=1.5"}] * 3)
        assert t["seats"][0]["bot"] == "ismcts:seconds=1.5"


def test_learned_levels_play_where_their_weights_fit(sqlite_url):
    """The learned levels are offered for the player counts with shipped weights, refused with a
    reason at other tables, and play whole games on the server."""
    with app_client(sqlite_url) as client:
        games = {g["name"]: g for g in client.get("/api/games").json()}
        learned = [lv for lv in games["qe"]["levels"] if lv["name"] in ("learned", "expert")]
        assert [lv["players"] for lv in learned] == [[4], [4]]
        assert "guide=learned" in learned[1]["bot"]
        for level in ("learned", "expert"):
            r = client.post(
                "/api/tables",
                json={"game": "qe", "players": 3, "seats": [{"kind": "bot", "bot": level}] * 3},
            )
            assert r.status_code == 422 and "at 4 players" in r.json()["detail"], r.text
        t = new_table(client, "qe", 4, seats=[{"kind": "bot", "bot": "learned"}] * 4)
        assert [s["name"] for s in t["seats"]] == ["Learned bot"] * 4
        table = client.app.state.lobby.tables[t["id"]]
        end = time.monotonic() + 120
        while table.status != "finished" and time.monotonic() < end:
            time.sleep(0.05)
        assert table.status == "finished"


def test_tables_of_endless_bots_do_not_starve_another_tables_bots(sqlite_url):
    """Two tables whose bots would search for hours (an operator allowed any spec) and one of
    random bots, two workers: every endless move is cut at the limit and replaced by a safe
    move, and the random table still plays its whole game, each of its moves waiting at most
    for the two moves ahead of it (docs/server.md, "Bots")."""
    endless = [{"kind": "bot", "bot": "ismcts:iterations=1000000"}] * 2
    with app_client(sqlite_url, allow_any_bot=True, bot_move_limit=0.2, bot_workers=2) as client:
        hogs = [new_table(client, "art-dice", 2, seats=endless) for _ in range(2)]
        time.sleep(0.1)
        t = new_table(client, "ratzia", 2, seats=[{"kind": "bot", "bot": "random"}] * 2)
        table = client.app.state.lobby.tables[t["id"]]
        end = time.monotonic() + 300
        while table.status != "finished":
            assert time.monotonic() < end, f"starved at version {table.version}"
            time.sleep(0.05)
        lobby = client.app.state.lobby
        assert lobby.bots.killed >= 2
        assert all(lobby.tables[h["id"]].version >= 1 for h in hogs)
        with lobby.db.engine.connect() as conn:
            times = (
                conn.execute(
                    sa.text("select created_at from moves where table_id = :t order by seq"),
                    {"t": t["id"]},
                )
                .scalars()
                .all()
            )
    # each move waited at most for the one endless move ahead of it (two workers, two other
    # tables: docs/server.md), and a worker's start-up after one was stopped: seconds, not the
    # minutes an endless move would take
    assert max(b - a for a, b in zip(times, times[1:], strict=False)) < 5.0
