"""A stand-in table that the game engine itself plays: the page gets the engine's own views and
legal moves over a routed WebSocket (the games, catalogs and pages come from the real server), so
a test can set up an exact position (a Double that would end the round, a given ranking) and
bring on the next events when it wants. Each message brings every sentence of the log (`words`
from 0: what a server sends a new connection). Moves the page sends are applied to the engine; one the
engine refuses gets the server's kind of error, its sentence.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from auctionhouse.core import IllegalMove, move_from_json
from auctionhouse.core.moves import random_move
from auctionhouse.games import get_game

TABLE_ID = "E1"


def position(
    game: str, players: int, found: Callable, seeds: range = range(300), options: dict | None = None
):
    """The first state, over random games of `game` (by seed), for which `found(state)` holds;
    every seat plays random legal moves until then."""
    g = get_game(game)
    for seed in seeds:
        state = g.new_state(players, options or {}, seed=seed)
        rng = random.Random(seed)
        while not found(state):
            if state.is_over():
                break
            random_step(state, rng)
        else:
            return state
    raise AssertionError(f"no {game} game of seeds {seeds} reached the position")


def random_step(state, rng: random.Random, seats=None) -> None:
    """One random legal move by one of the seats to act (of `seats` when given)."""
    actors = [p for p in state.actors() if seats is None or p in seats]
    p = rng.choice(actors)
    state.apply(p, random_move(state.legal_moves(p), rng.random))


class EngineTable:
    """Table E1 for `page`: `seat` is this browser's (a person, "Ann"), the others bots."""

    def __init__(self, page, state, seat: int) -> None:
        self.page, self.state, self.seat = page, state, seat
        self.ws = None
        self.moves: list[list] = []
        n = state.num_players
        seats = [
            {"seat": p, "kind": "human" if p == seat else "bot",
             "name": "Ann" if p == seat else None, "bot": None if p == seat else "beginner",
             "joined": True, "connected": int(p == seat), "player": None}
            for p in range(n)
        ]  # fmt: skip
        self.info = {
            "id": TABLE_ID, "game": state.game.name, "title": state.game.title, "players": n,
            "options": {}, "status": "playing", "version": 0, "seats": seats, "countdown": None,
            "turn_timer": None, "fallback_bot": "beginner", "created_at": 0.0,
            "started_at": 0.0, "finished_at": None, "result": None, "rematch": None,
        }  # fmt: skip
        page.route(f"**/api/tables/{TABLE_ID}", lambda route: route.fulfill(json=self.info))
        page.route_web_socket(f"**/ws/tables/{TABLE_ID}", self._socket)
        page.add_init_script(
            f"localStorage.setItem('auctionhouse.seat.{TABLE_ID}', "
            f"JSON.stringify({{seat: {seat}, token: 'stand-in', name: 'Ann'}}))"
        )

    def open(self, server: str) -> None:
        self.page.goto(f"{server}/#/table/{TABLE_ID}")
        self.page.wait_for_selector(".board .panel")

    def message(self, ref=None) -> dict:
        st = self.state
        over = st.is_over()
        legal = [] if over else [mk.to_json() for mk in st.legal_moves(self.seat)]
        view = st.view(self.seat)
        words = {"from": 0, "lines": [st.game.event_sentence(e) for e in view["log"]]}
        msg = {
            "type": "state", "table": TABLE_ID, "version": len(st.history),
            "status": "finished" if over else "playing", "seat": self.seat,
            "view": view, "words": words, "legal": legal, "countdown": None, "timers": [],
        }  # fmt: skip
        if ref is not None:
            msg["ref"] = ref
        return msg

    def push(self) -> None:
        """Send the position as it is now (after moves made here)."""
        self.ws.send(json.dumps(self.message()))

    def others_move(self, rng: random.Random, until: Callable | None = None, most: int = 400):
        """Random moves by the other seats, while only they act, until `until(state)` (or this
        seat's turn, or the end); then the page is sent the new position."""
        others = set(range(self.state.num_players)) - {self.seat}
        for _ in range(most):
            st = self.state
            if st.is_over() or not set(st.actors()) & others or (until and until(st)):
                break
            random_step(st, rng, others)
        self.push()

    def _socket(self, ws) -> None:
        self.ws = ws

        def on_message(text: str) -> None:
            msg = json.loads(text)
            if msg["type"] == "auth":
                ws.send(json.dumps({"type": "welcome", "seat": self.seat, "table": self.info}))
                ws.send(json.dumps(self.message()))
            elif msg["type"] == "move":
                self.moves.append(msg["move"])
                try:
                    self.state.apply(self.seat, move_from_json(msg["move"]))
                except IllegalMove as e:
                    ws.send(json.dumps({"type": "error", "code": "illegal_move",
                                        "message": str(e), "ref": msg.get("ref")}))  # fmt: skip
                    return
                ws.send(json.dumps(self.message(msg.get("ref"))))
            else:
                self.other_message(msg)

        ws.on_message(on_message)

    def other_message(self, msg: dict) -> None:
        """A message of another type (a subclass may answer it through `self.ws`)."""
