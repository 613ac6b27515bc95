"""The replay of a finished table for the browser's replay viewer: every position of the game
with every seat's view, so that every hand can be shown at every step.

`GET /api/tables/{id}/replay` (docs/server.md, "Replays"). Only a finished table has one: while a
game runs nothing hidden leaves the server, and once it is over its record (the whole deal) is
public anyway.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..core import move_from_json
from ..games import get_game
from .table import dumps

router = APIRouter()


def replay_steps(record: dict) -> dict:
    """Every position of a finished game's record, from the deal to the end.

    Step k is the position after k moves: `move` (the k-th move: `seat`, `move` as
    `[kind, argument?]`, `by`; None for the deal), `view` (the spectator view), `seats` (each
    seat's view) and `log`: how many events of the top-level `log` had happened (the views carry
    no log of their own). Should a game's log ever not grow by appending, that step's `log` is
    the list of its events instead of a count.
    """
    game = get_game(record["game"])
    state = game.new_state(record["players"], record.get("options") or {}, setup=record["setup"])
    n = state.num_players
    by = record.get("table", {}).get("moves_by") or []
    moves = record["moves"]
    positions = []  # (move, spectator view with its log, seat views)
    for k in range(len(moves) + 1):
        move = None
        if k:
            seat, *mv = moves[k - 1]
            state.apply(seat, move_from_json(mv))
            move = {"seat": seat, "move": mv, "by": by[k - 1] if k - 1 < len(by) else None}
        positions.append((move, state.view(None), [state.view(p, log=False) for p in range(n)]))
    final_log = positions[-1][1]["log"]
    steps = []
    for move, spectator, seats in positions:
        log = spectator.pop("log")
        steps.append(
            {
                "move": move,
                "log": len(log) if final_log[: len(log)] == log else log,
                "view": spectator,
                "seats": seats,
            }
        )
    return {
        "game": game.name,
        "players": n,
        "options": record.get("options") or {},
        "setup": record["setup"],
        "result": record.get("result"),
        "table": record.get("table"),
        "log": final_log,
        "steps": steps,
    }


@router.get(
    "/api/tables/{table_id}/replay",
    responses={404: {"description": "no such table"}, 409: {"description": "not finished yet"}},
)
async def table_replay(table_id: str, request: Request) -> Response:
    """A finished table, position by position, with every seat's view (409 while it runs)."""
    record = await request.app.state.lobby.record(table_id)
    text = await asyncio.to_thread(lambda: dumps(replay_steps(record)))
    return Response(text, media_type="application/json")
