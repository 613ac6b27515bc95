"""The lobby: every live table, creating and joining tables, and resuming them after a restart."""

from __future__ import annotations

import asyncio
import gc
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..bots import make_bot
from ..core import AuctionhouseError, Game
from ..games import get_game
from . import storage
from .settings import Settings
from .table import Table, token_hash

log = logging.getLogger("auctionhouse.server")

MAX_OPTION_INT = 1000  # option values are small: a deck of a million cards is refused


class LobbyError(Exception):
    """A request the lobby refuses; `status` is the HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Lobby:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.db = storage.Database(settings.url(), settings.sqlite_synchronous)
        self.tables: dict[str, Table] = {}
        self.bot_pool = ThreadPoolExecutor(settings.bot_threads, thread_name_prefix="bot")
        self._loading: dict[str, asyncio.Future] = {}

    # --- start and stop ---------------------------------------------------------------------
    async def start(self) -> None:
        """Migrate the schema, then resume every unfinished table from its stored moves."""
        await asyncio.to_thread(self.db.start)
        resumed = 0
        for table_id in await self.db.run(storage.unfinished_ids):
            row = await self.db.run(storage.load_table, table_id)
            try:
                table = Table.from_row(self, row)
            except AuctionhouseError:
                log.exception("table %s cannot be resumed from its record; left as it is", table_id)
                continue
            self.tables[table_id] = table
            table.start()
            resumed += 1
        if resumed:
            log.info("resumed %d unfinished table(s)", resumed)
        if self.settings.freeze_gc:
            gc.collect()
            gc.freeze()

    async def stop(self) -> None:
        for table in list(self.tables.values()):
            await table.stop()
            for conn in list(table.conns):
                conn.close_soon(1001, "server shutting down")
        await asyncio.to_thread(self.db.stop)
        self.bot_pool.shutdown(wait=False, cancel_futures=True)

    # --- tables -----------------------------------------------------------------------------
    async def get(self, table_id: str) -> Table | None:
        """A live table, or a finished one loaded from the database (None: no such table)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not isinstance(table_id, str) or len(table_id) > 32:
            return None
        pending = self._loading.get(table_id)
        if pending is None:
            pending = self._loading[table_id] = asyncio.ensure_future(self._load(table_id))
            pending.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(pending)

    async def _load(self, table_id: str) -> Table | None:
        row = await self.db.run(storage.load_table, table_id)
        if row is None:
            return None
        table = self.tables.get(table_id) or Table.from_row(self, row)
        self.tables[table_id] = table
        return table

    def release(self, table: Table) -> None:
        """Forget a finished table nobody watches (it is in the database)."""
        if table.status == "finished" and not table.conns:
            self.unload(table)

    def unload(self, table: Table) -> None:
        if self.tables.get(table.id) is table:
            del self.tables[table.id]

    async def create(
        self,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seat_specs: list[dict] | None,
        title: str | None = None,
        countdown: float | None = None,
        turn_timer: float | None = None,
        fallback_bot: str | None = None,
    ) -> Table:
        live = sum(1 for t in self.tables.values() if t.status != "finished")
        if live >= self.settings.max_live_tables:
            raise LobbyError(503, "the server has too many tables in play; try again later")
        game = _checked(get_game, game_name)
        _check_option_values(game, options)
        opts = _checked(game.resolve, players, options)
        seat_specs = seat_specs or [{"kind": "human"}] * players
        if len(seat_specs) != players:
            raise LobbyError(422, f"give one seat per player: {len(seat_specs)} for {players}")
        seat_rows = []
        for i, spec in enumerate(seat_specs):
            if spec.get("kind") == "bot":
                bot = self.check_bot(game, spec.get("bot") or "random")
                seat_rows.append(_seat_row(i, "bot", bot, f"{bot} (bot)"))
            else:
                seat_rows.append(_seat_row(i, "human", None, None))
        if fallback_bot is None:
            fallback_bot = "heuristic" if "heuristic" in game.bots() else "random"
        fallback_bot = self.check_bot(game, fallback_bot)
        state = _checked(game.new_state, players, opts)  # a random deal
        now = time.time()
        humans = sum(1 for s in seat_rows if s["kind"] == "human")
        row = {
            "id": secrets.token_urlsafe(9),
            "game": game.name,
            "title": (title or game.title).strip()[:100] or game.title,
            "players": players,
            "options": opts,
            "setup": state.setup,
            "status": "open" if humans else "playing",
            "countdown": countdown,
            "turn_timer": turn_timer,
            "fallback_bot": fallback_bot,
            "version": 0,
            "result": None,
            "created_at": now,
            "started_at": None if humans else now,
            "finished_at": None,
        }
        for s in seat_rows:
            s["table_id"] = row["id"]
        await self.db.run(storage.insert_table, row, seat_rows)
        table = Table(self, {**row, "seats": seat_rows}, state)
        self.tables[table.id] = table
        table.start()
        return table

    def check_bot(self, game: Game, spec: str) -> str:
        """A bot spec the server accepts: a known bot with parameters within its limits."""
        bot = _checked(make_bot, spec, game, 0)
        seconds = bot.settings.get("seconds")
        if isinstance(seconds, (int, float)) and seconds > self.settings.max_bot_seconds:
            raise LobbyError(
                422, f"bot {bot.name}: seconds is at most {self.settings.max_bot_seconds:g} here"
            )
        iterations = bot.settings.get("iterations")
        if isinstance(iterations, int) and iterations > self.settings.max_bot_iterations:
            raise LobbyError(
                422,
                f"bot {bot.name}: iterations is at most {self.settings.max_bot_iterations} here",
            )
        return bot.spec()

    async def join(self, table_id: str, name: str, seat: int | None) -> tuple[Table, int, str]:
        """Take a human seat (the first free one when `seat` is None); returns its token."""
        table = self.tables.get(table_id)
        if table is None:
            if await self.get(table_id) is None:
                raise LobbyError(404, f"there is no table {table_id!r}")
            raise LobbyError(409, "the game is over; no seat is free")
        name = " ".join(name.split())
        if not 1 <= len(name) <= 40:
            raise LobbyError(422, "a name has 1 to 40 characters")
        async with table.lock:
            if table.status != "open":
                raise LobbyError(409, "the game has started; every seat is taken")
            free = [s.index for s in table.seats if s.kind == "human" and s.token_hash is None]
            if seat is None:
                if not free:
                    raise LobbyError(409, "no human seat is free")
                seat = free[0]
            elif not 0 <= seat < len(table.seats):
                raise LobbyError(422, f"there is no seat {seat} at a {len(table.seats)}-seat table")
            elif table.seats[seat].kind != "human":
                raise LobbyError(409, f"seat {seat} is a bot's")
            elif seat not in free:
                raise LobbyError(409, f"seat {seat} is taken (free seats: {free or 'none'})")
            token = secrets.token_urlsafe(32)
            digest = token_hash(token)
            if not await self.db.run(storage.join_seat, table.id, seat, name, digest):
                raise LobbyError(409, f"seat {seat} is taken")
            s = table.seats[seat]
            s.name, s.token_hash = name, digest
            if len(free) == 1:
                table.begin(time.time())
            table.broadcast()
            table._announce()
        return table, seat, token

    async def record(self, table_id: str) -> dict:
        """A finished table's record (options, setup, every move) with its seats."""
        row = await self.db.run(storage.load_table, table_id)
        if row is None:
            raise LobbyError(404, f"there is no table {table_id!r}")
        if row["status"] != "finished":
            raise LobbyError(409, "the record is shown once the game is over")
        table = Table.from_row(self, row)
        rec = table.record()
        rec["table"]["moves_by"] = [m["by"] for m in row["moves"]]
        return rec

    async def listing(self, status: str) -> list[dict]:
        if status == "finished":
            rows = await self.db.run(storage.finished_rows, self.settings.list_limit)
            return [_stored_info(r) for r in rows]
        live = [t for t in self.tables.values() if t.status == status]
        live.sort(key=lambda t: t.created_at, reverse=True)
        return [t.info() for t in live[: self.settings.list_limit]]


def _checked(fn, *args):
    try:
        return fn(*args)
    except AuctionhouseError as e:
        raise LobbyError(422, str(e)) from None


def _seat_row(i: int, kind: str, bot: str | None, name: str | None) -> dict:
    return {
        "seat": i,
        "kind": kind,
        "bot": bot,
        "name": name,
        "token_hash": None,
        "joined_at": None,
    }


def _check_option_values(game: Game, options: dict[str, Any]) -> None:
    """Options come from strangers: no file names (an option that converts a string may read a
    file on the server) and no huge numbers."""
    specs = {o.name: o for o in game.options}
    for name, value in options.items():
        spec = specs.get(name)
        if spec is None:
            continue  # game.resolve names it
        if spec.convert is not None and isinstance(value, str) and value != spec.default:
            raise LobbyError(
                422,
                f"option {name}: give the value itself (JSON), not a file name or text to convert",
            )
        if not _small(value, 0):
            raise LobbyError(422, f"option {name}: numbers up to {MAX_OPTION_INT}, nesting up to 4")


def _small(value: Any, depth: int) -> bool:
    if depth > 4:
        return False
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return True
    if isinstance(value, int):
        return abs(value) <= MAX_OPTION_INT
    if isinstance(value, float):
        return abs(value) <= MAX_OPTION_INT
    if isinstance(value, list):
        return all(_small(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(_small(v, depth + 1) for v in value.values())
    return False


def _stored_info(row: dict) -> dict:
    """A finished table's public facts, from its database row."""
    return {
        "id": row["id"],
        "game": row["game"],
        "title": row["title"],
        "players": row["players"],
        "options": row["options"],
        "status": row["status"],
        "version": row["version"],
        "seats": [
            {
                "seat": s["seat"],
                "kind": s["kind"],
                "name": s["name"],
                "bot": s["bot"],
                "joined": True,
                "connected": 0,
            }
            for s in row["seats"]
        ],
        "countdown": row["countdown"],
        "turn_timer": row["turn_timer"],
        "fallback_bot": row["fallback_bot"],
        "created_at": row["created_at"],
        "started_at": row["started_at"],
        "finished_at": row["finished_at"],
        "result": row["result"],
    }
