"""The replay of a finished table for the browser's replay viewer: every position of the game
with every seat's view, so that every hand can be shown at every step (served by replay_api.py).

A replay is built once per finished table, in a worker process (a long game's is seconds of
CPU, which in the server's own process would hold up every table), and kept gzipped in memory,
the most recently used first, within a byte budget.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ..core import move_from_json
from ..games import get_game
from .table import dumps


def replay_steps(record: dict) -> dict:
    """Every position of a finished game's record, from the deal to the end.

    Step k is the position after k moves: `move` (the k-th move: `seat`, `move` as
    `[kind, argument?]`, `by`; None for the deal), `view` (the spectator view), `seats` (each
    seat's view) and `log`: how many events of the top-level `log` had happened (the views carry
    no log of their own). Should a game's log ever not grow by appending, that step's `log` is
    the list of its events instead of a count, with their sentences in its own `words`. The
    top-level `words` are the sentences of the top-level `log` (`Game.event_sentence`), the same
    the table's clients were sent.
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
        step = {"move": move, "log": len(log), "view": spectator, "seats": seats}
        if final_log[: len(log)] != log:
            step["log"] = log
            step["words"] = [game.event_sentence(e) for e in log]
        steps.append(step)
    return {
        "game": game.name,
        "players": n,
        "options": record.get("options") or {},
        "setup": record["setup"],
        "result": record.get("result"),
        "table": record.get("table"),
        "log": final_log,
        "words": [game.event_sentence(e) for e in final_log],
        "steps": steps,
    }


def gzipped_replay(record: dict) -> bytes:
    """The replay as gzipped JSON (what the worker process returns: a few percent of its size)."""
    return gzip.compress(dumps(replay_steps(record)).encode(), compresslevel=6, mtime=0)


class Busy(Exception):
    """Too many replays are waiting to be built."""


def _lower_priority() -> None:
    with contextlib.suppress(OSError):
        os.nice(10)


class ReplayCache:
    """Finished tables' replays, gzipped: each built once (requests for one being built wait for
    that build), one at a time in a worker process started on first use, the most recently used
    kept within `max_bytes`. A new build is refused (`Busy`) rather than queued beyond
    `max_building` waiting in all, or `per_client` asked for by one client."""

    def __init__(
        self,
        max_bytes: int = 64 << 20,
        max_building: int = 16,
        per_client: int = 2,
        build: Callable[[dict], bytes] = gzipped_replay,
    ) -> None:
        self.build = build  # run in the worker: a module-level function
        self.max_bytes = max_bytes
        self.max_building = max_building
        self.per_client = per_client
        self.asked_by: dict[str, int] = {}  # builds waiting, by who asked for them
        self.kept: OrderedDict[str, bytes] = OrderedDict()
        self.size = 0
        self.building: dict[str, asyncio.Future[bytes]] = {}
        self.builds = 0  # replays built since start (each table's once while it is kept)
        self.executor: ProcessPoolExecutor | None = None

    async def get(
        self, table_id: str, record: Callable[[], Awaitable[dict]], client: str = ""
    ) -> bytes:
        """Table `table_id`'s replay, gzipped; `record()` gives its record (LobbyError when it
        has none) if it must be built; `client` (a client address's key) asks for it."""
        kept = self.kept.get(table_id)
        if kept is not None:
            self.kept.move_to_end(table_id)
            return kept
        pending = self.building.get(table_id)
        if pending is None:
            if len(self.building) >= self.max_building:
                raise Busy("the server is busy building replays; try again in a minute")
            if self.asked_by.get(client, 0) >= self.per_client:
                raise Busy("wait for the replays you asked for before asking for another")
            pending = asyncio.ensure_future(self._build(table_id, record))
            self.building[table_id] = pending
            self.asked_by[client] = self.asked_by.get(client, 0) + 1
            pending.add_done_callback(lambda _: self._built(table_id, client))
        return await asyncio.shield(pending)

    async def _build(self, table_id: str, record: Callable[[], Awaitable[dict]]) -> bytes:
        rec = await record()
        if self.executor is None:
            self.executor = ProcessPoolExecutor(
                1, multiprocessing.get_context("spawn"), initializer=_lower_priority
            )
        loop = asyncio.get_running_loop()
        try:
            data = await loop.run_in_executor(self.executor, self.build, rec)
        except BrokenProcessPool:  # the worker died: the next replay starts a new one
            self.executor = None
            raise
        self.builds += 1
        self._keep(table_id, data)
        return data

    def _built(self, table_id: str, client: str) -> None:
        self.building.pop(table_id, None)
        left = self.asked_by.pop(client) - 1
        if left:
            self.asked_by[client] = left

    def _keep(self, table_id: str, data: bytes) -> None:
        if len(data) > self.max_bytes:
            return
        self.kept[table_id] = data
        self.size += len(data)
        while self.size > self.max_bytes:
            _, old = self.kept.popitem(last=False)
            self.size -= len(old)

    async def stop(self) -> None:
        """Stop the worker process (after the build under way, if any): waited for, so that no
        process outlives the server."""
        if self.executor is not None:
            executor, self.executor = self.executor, None
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)
