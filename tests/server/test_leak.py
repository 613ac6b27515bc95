"""Leak test: full games of every game with every seat (and a spectator) connected over real
WebSockets, playing random moves from their own messages. Every message each connection got is
checked against the finished game's record, replayed step by step: a state message holds exactly
the seat's view and legal moves at its version, the sentences of that view's log (each sent once
on a connection), and nothing else of the state."""

from __future__ import annotations

import asyncio
import random

import pytest

from auctionhouse.core import move_from_json
from auctionhouse.games import all_games, get_game
from auctionhouse.server.client import Api, SeatSocket, play_randomly

from ..conftest import examples
from .conftest import live_server, test_settings

STATE_KEYS = {
    "type", "table", "version", "status", "seat", "view", "words", "legal", "countdown", "timers",
    "stalls", "stood_in",
}  # fmt: skip
TABLE_KEYS = {
    "id", "game", "title", "players", "options", "status", "version", "seats", "countdown",
    "turn_timer", "fallback_bot", "created_at", "started_at", "finished_at", "result", "rematch",
    "stalls", "practice",
}  # fmt: skip


async def play_one(base: str, game: str, players: int, seed: int) -> tuple[dict, list[list[dict]]]:
    """One all-human table played by random clients; the record and each connection's messages
    (one list per seat, then the spectator's)."""
    api = Api(base)
    t = await api.create_table(game, players)
    tokens = [(await api.join(t["id"], f"p{i}"))["token"] for i in range(players)]
    socks = [await SeatSocket(api.ws_url(t["id"]), tok).connect() for tok in tokens]
    spectator = await SeatSocket(api.ws_url(t["id"])).connect()
    rng = random.Random(seed)
    await asyncio.gather(
        *(play_randomly(s, random.Random(rng.random()), timeout=300) for s in socks)
    )
    await spectator.wait(lambda s: s.state is not None and s.state["status"] == "finished")
    record = await api.record(t["id"])
    for s in (*socks, spectator):
        await s.close()
    await api.close()
    return record, [s.messages for s in (*socks, spectator)]


def check_messages(record: dict, inboxes: list[list[dict]]) -> int:
    """Every message against the replay; returns how many state messages were checked."""
    game = get_game(record["game"])
    n = record["players"]
    state = game.new_state(n, record["options"], setup=record["setup"])
    seats = [*range(n), None]
    steps = []  # per version: (views, legal moves) per seat
    for entry in [None, *record["moves"]]:
        if entry is not None:
            state.apply(entry[0], move_from_json(entry[1:]))
        over = state.is_over()
        steps.append(
            (
                {p: state.view(p) for p in seats},
                {
                    p: [] if over or p is None else [mk.to_json() for mk in state.legal_moves(p)]
                    for p in seats
                },
                set() if over else set(state.actors()),
            )
        )
    checked = 0
    for seat, inbox in zip(seats, inboxes, strict=True):
        versions = []
        lines: list[str] = []  # the log's sentences this connection holds
        welcomed = False
        for msg in inbox:
            kind = msg["type"]
            if kind == "state":
                assert set(msg) - {"ref"} == STATE_KEYS, set(msg)
                assert msg["seat"] == seat and msg["table"] == record["table"]["id"]
                views, legal, actors = steps[msg["version"]]
                assert msg["view"] == views[seat], (seat, msg["version"])
                assert msg["legal"] == legal[seat], (seat, msg["version"])
                # the sentences this connection lacks (all on a new one), from the very view
                # it is sent
                words = msg["words"]
                assert set(words) == {"from", "lines", "made_for"}, words
                assert words["from"] == (0 if welcomed else len(lines)), (words["from"], welcomed)
                lines = lines[: words["from"]] + words["lines"]
                log = views[seat]["log"]
                assert lines == [game.event_sentence(e) for e in log], (seat, msg["version"])
                # which lines a move made for a person added (public once made), and the seat's
                # own move made for it (its own to know)
                for m in words["made_for"]:
                    assert words["from"] <= m["line"] < len(log) and m["by"] == "fallback", m
                stood_in = msg["stood_in"]
                assert stood_in is None or set(stood_in) == {"version", "move", "by", "why"}
                welcomed = False
                # no countdown at these tables; the default turn timer runs for the actors only
                assert msg["countdown"] is None
                assert {t["seat"] for t in msg["timers"]} <= actors, msg["timers"]
                assert {s["seat"] for s in msg["stalls"]} <= actors, msg["stalls"]
                versions.append(msg["version"])
                checked += 1
            elif kind in ("welcome", "table"):
                welcomed = welcomed or kind == "welcome"
                assert set(msg["table"]) == TABLE_KEYS
                assert msg["table"]["result"] is None or msg["table"]["status"] == "finished"
            else:
                assert kind == "error" and set(msg) <= {"type", "code", "message", "rule", "ref"}
                assert msg["code"] in ("stale", "illegal_move", "game_over", "rate_limited"), msg
        if inbox:  # each connection saw the versions in order, up to the end
            assert versions == sorted(versions) and versions[-1] == len(record["moves"])
    return checked


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_no_message_holds_anything_outside_the_seats_view(sqlite_url, game):
    g = get_game(game)
    with live_server(test_settings(sqlite_url, rate_per_second=500, rate_burst=500)) as base:
        for i in range(examples(2)):
            players = g.min_players + i % (g.max_players - g.min_players + 1)
            record, inboxes = asyncio.run(play_one(base, game, players, seed=i))
            assert record["result"]["winners"]
            assert check_messages(record, inboxes) > len(record["moves"])
