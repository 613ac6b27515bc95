"""Bots on the server cannot be read, stalled or broken: their randomness comes from a secret the
server never sends, their moves are paced so that timing shows nothing of their hands, only the
named levels are offered, every move has a hard limit, one table's bots never starve another's,
and no bot failure stops a table."""

from __future__ import annotations

import random
import time
from functools import partial

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from auctionhouse.bots import make_bot
from auctionhouse.core import derive_seed, move_from_json, replay
from auctionhouse.core.players import Observation
from auctionhouse.games import get_game
from auctionhouse.games.modern_art.deck import OPEN
from auctionhouse.server import create_app
from auctionhouse.server.client import random_move
from auctionhouse.server.table import safe_move

from .clocks import FakeClock, advance
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
LIMIT = 1.2  # the move limit, and so the pace of an operator's search spec


class Recording:
    """The lobby's bot pool, noting each move's ticket as it is asked (whose move it is, and once
    started its place in the pool's order) and again once answered."""

    def __init__(self, pool) -> None:
        self.pool = pool
        self.tickets: list = []
        self.answered: list = []

    async def act(self, *args):
        self.tickets.append(args[-1])
        move = await self.pool.act(*args)
        self.answered.append(args[-1])
        return move

    def answers(self, table: str) -> int:
        return sum(1 for t in self.answered if t.table == table)

    def __getattr__(self, name: str):
        return getattr(self.pool, name)


def wait_until(check, what: str, seconds: float = 120.0) -> None:
    """Poll `check` until it holds; fail only if it still does not after `seconds` (a hang)."""
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, what
        time.sleep(0.01)


def double_offer_answer(client, clock: FakeClock, want_fit: bool) -> bool:
    """Seat 0 (a person) plays a Double and declines to add; seat 1, a search bot that can add (or
    cannot: `want_fit`), answers. Its answer is in, a second tab connects, the clock reaches the
    decline's time plus the spec's pace less 0.01 s: nothing is shown; 0.02 s later it is. False
    when this deal does not give that case."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": SEARCH}, {"kind": "bot", "bot": "random"}]
    t = new_table(client, "modern-art", 3, seats=seats, turn_timer=0)
    table = client.app.state.lobby.tables[t["id"]]
    pool = client.app.state.lobby.bots
    st = table.state
    if st.next_actor() != 0:
        return False
    doubles = [c for c in st.hands[0] if c % 5 == 4]
    fitting = [c for c in doubles if any(x // 5 == c // 5 and x % 5 != 4 for x in st.hands[1])]
    pick = fitting if want_fit else [c for c in doubles if c not in fitting]
    if not pick:
        return False
    token = client.post(f"/api/tables/{t['id']}/join", json={"name": "a"}).json()["token"]
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        hello(ws, {"type": "auth", "token": token})
        ws.send_json({"type": "move", "move": ["play", pick[0]]})
        offer = next_state(ws)
        assert offer["view"]["phase"] == "double_offer" and offer["legal"]
        answers = pool.answers(table.id)
        ws.send_json({"type": "move", "move": ["decline"]})
        declined = next_state(ws)
        wait_until(lambda: pool.answers(table.id) > answers, "the bot never answered")
        with client.websocket_connect(f"/ws/tables/{t['id']}") as other:
            hello(other, {"type": "auth", "token": token})  # a second tab: no earlier answer
        advance(client, clock, LIMIT - 0.01, table)
        time.sleep(0.2)  # (room to show it, were it shown early)
        assert table.version == declined["version"]
        advance(client, clock, 0.02, table)
        answered = next_state(ws)
        assert answered["version"] == declined["version"] + 1
    choices = table.state.history[2][1]
    assert table.state.history[2][0] == 1 and (choices[0] == "add") <= want_fit
    return True


def test_a_search_bots_answer_at_a_double_offer_is_shown_at_its_pace_whether_it_can_add_or_not(
    sqlite_url,
):
    """Before: a bot with one legal move (it holds no card of the Double's artist) answered at
    once, one that could add searched; now both are shown when their pace is up on the table's
    clock (a clock the test moves: whatever the bots took), never before."""
    clock = FakeClock()
    shown = {True: 0, False: 0}
    settings = {"allow_any_bot": True, "bot_move_limit": LIMIT, "clock": clock}
    with app_client(sqlite_url, **settings) as client:
        client.app.state.lobby.bots = Recording(client.app.state.lobby.bots)
        for _ in range(400):
            if min(shown.values()) >= 2:
                break
            want = shown[True] < shown[False]
            shown[want] += double_offer_answer(client, clock, want)
    assert min(shown.values()) >= 2, shown


# --- 5. no bot failure stops a table -----------------------------------------------------------
class BrokenPool:
    """A bot pool that fails in every way a pool can: a bot error, a crash of its own, or a move
    that is no move."""

    def __init__(self) -> None:
        self.calls = 0
        self.killed = 0

    async def act(self, game, spec, seed, state, seat, legal, ticket=None):
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
        strong = next(lv for lv in games["art-dice"]["levels"] if lv["name"] == "strong")
        assert strong["bot"] == get_game("art-dice").search and strong["think"] > 1
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
    move, and the random table still plays its whole game, each of its moves waiting while at
    most one move of each other table starts (docs/server-defences.md, "Bot work shared between
    addresses"): counts, not seconds."""
    endless = [{"kind": "bot", "bot": "ismcts:iterations=1000000"}] * 2
    with app_client(sqlite_url, allow_any_bot=True, bot_move_limit=0.2, bot_workers=2) as client:
        lobby = client.app.state.lobby
        pool = lobby.bots = Recording(lobby.bots)
        hogs = [new_table(client, "art-dice", 2, seats=endless)["id"] for _ in range(2)]
        wait_until(lambda: {t.table for t in pool.tickets} >= set(hogs), "the hogs never asked")
        t = new_table(client, "ratzia", 2, seats=[{"kind": "bot", "bot": "random"}] * 2)
        table = lobby.tables[t["id"]]
        wait_until(lambda: table.status == "finished", "starved", 300)
        # every endless move is cut at the limit and a safe move played instead
        wait_until(
            lambda: all(lobby.tables[h].version >= 1 for h in hogs),
            "an endless bot stalled its table",
            300,
        )
        assert lobby.bots.killed >= 2
    mine = [k for k in pool.tickets if k.table == t["id"]]
    hog_moves = [k for k in pool.tickets if k.table in hogs]
    assert len(mine) >= table.version
    for k in mine:
        meanwhile = [h for h in hog_moves if k.asked_after < h.number < k.number]
        assert len(meanwhile) <= len(hogs), (k, meanwhile)


# --- 7. bot work shared fairly between addresses -----------------------------------------------
def create_at(client, address: str, game: str, players: int, bots: list[str]) -> str:
    """A table of bots made by a client at `address` (the lobby's create, as POST /api/tables
    calls it)."""
    lobby = client.app.state.lobby
    seats = [{"kind": "bot", "bot": b} for b in bots]
    make = partial(lobby.create, game, players, {}, seats, address=address)
    return client.portal.call(make).id


def test_one_addresses_searching_tables_do_not_slow_another_addresses_bots(sqlite_url):
    """A flood of searches: one address runs eight tables of searching bots (the per-address
    budget lifted); another address's table of beginner bots and its table of searching bots.
    One worker runs searches, one quick worker the beginners. Counts, not seconds: no beginner
    move starts after any search move asked after it, and each of the other address's search
    moves starts after at most one of the eight tables' moves that waited with it (first come,
    first served, it waited for up to seven)."""
    search = "ismcts:seconds=0.3"  # a time budget: as costly on any machine
    settings = {
        "allow_any_bot": True, "bot_move_limit": 1.0, "bot_workers": 1, "quick_bot_workers": 1,
        "bot_seconds_per_address": 0,
    }  # fmt: skip
    with app_client(sqlite_url, **settings) as client:
        lobby = client.app.state.lobby
        pool = lobby.bots = Recording(lobby.bots)
        heavy = [create_at(client, "10.0.0.1", "modern-art", 3, [search] * 3) for _ in range(8)]
        beginners = create_at(client, "10.0.0.2", "modern-art", 3, ["beginner"] * 3)
        searching = create_at(client, "10.0.0.2", "modern-art", 3, [search] * 3)

        def moves(table: str) -> int:
            return sum(1 for k in pool.answered if k.table == table)

        wait_until(lambda: moves(beginners) >= 30 and moves(searching) >= 3, "starved", 300)
        tickets = [k for k in pool.tickets if k.number]  # (started)
    heavy_moves = [k for k in tickets if k.table in heavy]

    def meanwhile(k) -> list:
        """The eight tables' moves started while `k` waited."""
        return [h for h in heavy_moves if k.asked_after < h.number < k.number]

    assert max(len(meanwhile(k)) for k in heavy_moves) >= 4  # the searches did queue
    for k in tickets:
        if k.table == beginners:
            assert not meanwhile(k), (k, meanwhile(k))
        elif k.table == searching:
            assert len(meanwhile(k)) <= 1, (k, meanwhile(k))


class LatePool:
    """A pool under load: each move is taken up `late` seconds (on the table's clock) after it
    is asked, and answered at once with a safe move."""

    def __init__(self, clock: FakeClock, late: float) -> None:
        self.clock, self.late = clock, late
        self.asked = 0
        self.killed = 0

    async def act(self, game, spec, seed, state, seat, legal, ticket):
        self.asked += 1
        ticket.started = self.clock() + self.late
        return safe_move(legal, seed)

    async def stop(self) -> None:
        pass


@pytest.mark.parametrize("late,shown", [(0.3, 0.5), (5.0, 5.0)])
def test_a_move_that_waited_for_a_worker_is_paced_from_when_one_took_it_up(sqlite_url, late, shown):
    """A beginner's move is shown `bot_delay` (0.5 s) after it was due, also when the pool took
    it up 0.3 s late; one taken up later than that (5 s: it waited behind other tables' moves)
    is shown its think time (0 s) after the pool took it up, never sooner, so that a bot's own
    time stays hidden."""
    clock = FakeClock()
    with app_client(sqlite_url, clock=clock, bot_delay=0.5) as client:
        lobby = client.app.state.lobby
        pool = lobby.bots = LatePool(clock, late)
        t = new_table(client, "ratzia", 2, seats=[{"kind": "bot", "bot": "beginner"}] * 2)
        table = lobby.tables[t["id"]]
        wait_until(lambda: pool.asked >= 1, "no bot was asked")
        advance(client, clock, shown - 0.01, table)
        time.sleep(0.2)  # (room to show it, were it shown early)
        assert table.version == 0
        advance(client, clock, 0.02, table)
        wait_until(lambda: table.version >= 1, "the move was never shown")


class OpenPool:
    """Bots that play an open auction's card where they hold one, open its bidding at 1 and
    pass every other bid (safe moves otherwise), answered at once."""

    async def act(self, game, spec, seed, state, seat, legal, ticket):
        kinds = {mk.kind: mk for mk in legal}
        if "play" in kinds:
            cards = kinds["play"].choices
            return ("play", next((c for c in cards if c % 5 == OPEN), cards[0]))
        if "pass" in kinds and "bid" in kinds and kinds["bid"].lo == 1:
            return ("bid", 1)
        return safe_move(legal, seed)

    async def stop(self) -> None:
        pass


def open_phase(table) -> bool:
    st = table.state
    return len(st.actors()) > 1 and not st.secret_moves()


def test_bots_that_pass_in_an_open_auction_are_not_paced(sqlite_url):
    """In an open auction (MA-9) a bot's bid is shown `bot_delay` (1 s) after its turn, and the
    passes of the bots that would not bid follow at once: the auction closes with no more
    time passing."""
    clock = FakeClock()
    with app_client(sqlite_url, clock=clock, bot_delay=1.0) as client:
        lobby = client.app.state.lobby
        lobby.bots = OpenPool()
        bots = [{"kind": "bot", "bot": "beginner"}] * 3
        t = new_table(client, "modern-art", 3, seats=bots, turn_timer=0)
        table = lobby.tables[t["id"]]
        for _ in range(200):  # paced moves, one a second, until an open auction's bidding
            if open_phase(table):
                break
            v = table.version
            advance(client, clock, 1.0, table)
            wait_until(lambda v=v: table.version > v, "a paced move was never shown")
        assert open_phase(table), "no open auction"
        v = table.version
        advance(client, clock, 0.99, table)
        time.sleep(0.2)  # (room to show it, were it shown early)
        assert table.version == v  # the opening bid is paced
        advance(client, clock, 0.02, table)
        wait_until(lambda: table.version >= v + 3, "the passes waited for the clock", 30)
        time.sleep(0.2)  # (room for another move, were one not paced)
        assert table.version == v + 3 and not open_phase(table)
        assert [m[1][0] for m in table.state.history[-3:]] == ["bid", "pass", "pass"]


def test_an_address_past_its_bot_seconds_is_refused_with_a_reason(sqlite_url):
    """With the default budget (2.5 bot seconds: two tables of strong bots) an address's third
    table of strong bots is refused (429, saying why and what to do), also as the fallback bot
    of people's table; tables of quick levels and other addresses' tables are not; once one of
    its tables is over it may make another."""
    clock = FakeClock()
    strong = [{"kind": "human"}, {"kind": "bot", "bot": "strong"}, {"kind": "bot", "bot": "strong"}]
    with app_client(sqlite_url, clock=clock, bot_seconds_per_address=2.5) as client:
        lobby = client.app.state.lobby
        for _ in range(2):
            new_table(client, "modern-art", 3, seats=strong)  # open: waiting for a person
        for body in (
            {"seats": strong},
            {"seats": [{"kind": "human"}] * 3, "fallback_bot": "strong"},
        ):
            r = client.post("/api/tables", json={"game": "modern-art", "players": 3, **body})
            assert r.status_code == 429, r.text
            detail = r.json()["detail"]
            assert "2.5 of its 2.5 bot seconds" in detail and "let one of them finish" in detail
        quick = [{"kind": "human"}, {"kind": "bot", "bot": "beginner"}, {"kind": "bot"}]
        new_table(client, "modern-art", 3, seats=quick)
        create_at(client, "10.0.0.9", "modern-art", 3, ["strong"] * 3)
        clock.advance(lobby.settings.open_table_ttl + 1)
        assert len(client.portal.call(lobby.expire)) == 3  # this address's open tables
        new_table(client, "modern-art", 3, seats=strong)
