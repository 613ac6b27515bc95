"""The lobby: every live table, creating and joining tables, and resuming them after a restart."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import math
import secrets
import time
from collections.abc import Callable
from typing import Any

from ..core import AuctionhouseError, Game
from ..games import get_game
from . import levels, names, rating_rules, reserved_names, stalls, storage
from .addresses import client_key
from .bot_budget import BotBudget, table_cost
from .botpool import BotPool
from .connection import CLOSE_GONE
from .limits import RateLimit
from .replay import ReplayCache
from .security import OriginPolicy
from .settings import Settings
from .table import Refused, Table, token_hash
from .table_caps import TableCaps

log = logging.getLogger("auctionhouse.server")

MAX_OPTION_INT = 1000  # option values are small: a deck of a million cards is refused
# at most one round of `table` messages this often (seconds): the joins and (re)connections in
# between make one
ANNOUNCE_DELAY = 0.25


class LobbyError(Exception):
    """A request the lobby refuses; `status` is the HTTP status, `retry_after` (seconds) says
    when a rate-limited client may try again."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


class Lobby:
    """`clock` is the lobby's now in Unix seconds (tables' times and deadlines, expiry, rate
    limits): `settings.clock` unless given; tests pass one they can move."""

    def __init__(self, settings: Settings, clock: Callable[[], float] | None = None) -> None:
        self.settings = settings
        self.clock = clock or settings.clock
        rules = rating_rules.RatingRules(
            settings.rated_games_per_opponent, settings.rated_opponent_window
        )
        self.db = storage.Database(settings.url(), settings.sqlite_synchronous, rating_rules=rules)
        # the salt of the seats' address hashes: in memory only, so a copy of the database
        # tells no address (hashes compare within one run of the server)
        self.address_salt = secrets.token_bytes(32)
        self.tables: dict[str, Table] = {}
        self.bots = BotPool(
            settings.bot_workers, settings.bot_move_limit, settings.quick_bot_workers, self.clock
        )
        self._loading: dict[str, asyncio.Future] = {}
        self.caps = TableCaps(settings)  # tables per address and in all (table_caps.py)
        self.bot_budget = BotBudget(settings)  # bot seconds per address (bot_budget.py)
        self.create_limit = RateLimit(settings.tables_per_minute, self.clock)
        self.join_limit = RateLimit(settings.joins_per_minute, self.clock)
        self.player_limit = RateLimit(settings.players_per_minute, self.clock)
        self.all_players_limit = RateLimit(settings.players_per_minute_total, self.clock)
        self.connect_limit = RateLimit(settings.seat_connects_per_minute, self.clock)
        self.replay_limit = RateLimit(settings.replays_per_minute, self.clock)
        self.replays = ReplayCache()
        self.origins = OriginPolicy(settings.allowed_origins)
        self.sweeper: asyncio.Task | None = None
        self.announce_delay = ANNOUNCE_DELAY
        self._announcing: dict[str, Table] = {}  # tables whose `table` message is due
        self._announce_timer: asyncio.TimerHandle | None = None
        self._announced_at = -math.inf  # time.monotonic() of the last round

    # --- start and stop ---------------------------------------------------------------------
    async def start(self) -> None:
        """Migrate the schema, expire the open tables that outlived `open_table_ttl` while the
        server was down, then resume every other unfinished table from its stored moves."""
        await asyncio.to_thread(self.db.start)
        if self.settings.open_table_ttl > 0:
            now = self.clock()
            before = now - self.settings.open_table_ttl
            await self.db.run(storage.expire_open_tables, before, now)
            self.sweeper = asyncio.get_running_loop().create_task(self._sweep())
        resumed = 0
        for table_id in await self.db.run(storage.live_table_ids):
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
        if self.sweeper is not None:
            self.sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sweeper
        if self._announce_timer is not None:
            self._announce_timer.cancel()
        for table in list(self.tables.values()):
            await table.stop()
            for conn in list(table.conns):
                conn.close_soon(1001, "server shutting down")
        await asyncio.to_thread(self.db.stop)
        await self.bots.stop()
        await self.replays.stop()

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
        """Forget a finished or expired table nobody watches (it is in the database)."""
        if table.status in ("finished", "expired") and not table.conns:
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
        kept: list[dict | None] | None = None,
        rematch_of: str | None = None,
        address: str | None = None,
        practice: bool = False,
    ) -> Table:
        """A new table with a random deal. `kept` (a rematch's): per seat, the fields of a human
        seat kept for a player (`player_id`, `name`; with `token_hash` and `joined_at` the seat
        is taken already), or None; `rematch_of`: the finished table it is a rematch of
        (storage.RematchTaken when that one has a rematch already); `address`: the creator's
        client address, whose tables are capped (table_caps.py; None: the server's own);
        `practice`: never rated, any turn timer (else one of at least `rated_min_turn_timer`)."""
        game = _checked(get_game, game_name)
        _check_option_values(game, options)
        opts = _checked(game.resolve, players, options)
        seat_specs = _seat_specs(seat_specs, players)
        seat_rows = []
        for i, spec in enumerate(seat_specs):
            if spec.get("kind") == "bot":
                bot = self.check_bot(game, spec.get("bot") or "beginner", players, opts)
                seat_rows.append(_seat_row(i, "bot", bot, levels.seat_name(game, bot)))
            else:
                seat_rows.append(_seat_row(i, "human", None, None))
                if kept and kept[i]:
                    seat_rows[-1].update(kept[i])
        _check_bot_twins(seat_rows)
        if fallback_bot is None:
            fallback_bot = "standard" if "heuristic" in game.bots() else "beginner"
        fallback_bot = self.check_bot(game, fallback_bot, players, opts)
        if turn_timer is None:  # people get a clock unless the table asks for none (0)
            turn_timer = self.settings.default_turn_timer
        turn_timer = turn_timer or None
        minimum = self.settings.rated_min_turn_timer
        if refusal := rating_rules.timer_refusal(practice, turn_timer, minimum):
            raise LobbyError(422, refusal)
        state = _checked(game.new_state, players, opts)  # a random deal
        now = self.clock()
        waiting = sum(1 for s in seat_rows if s["kind"] == "human" and s["token_hash"] is None)
        row = {
            "id": secrets.token_urlsafe(9),
            "game": game.name,
            "title": names.clean(title or "")[:100] or game.title,
            "players": players,
            "options": opts,
            "setup": state.setup,
            "status": "open" if waiting else "playing",
            "countdown": countdown,
            "turn_timer": turn_timer,
            "fallback_bot": fallback_bot,
            "version": 0,
            "result": None,
            "created_at": now,
            "started_at": None if waiting else now,
            "finished_at": None,
            "secret": secrets.token_hex(32),
            "practice": practice,
        }
        for s in seat_rows:
            s["table_id"] = row["id"]
        # counted and reserved with no await in between, so that creates at once cannot overrun
        key = None if address is None else self.client_key(address)
        opens = row["status"] == "open"
        refused = self.caps.refusal(self.tables.values(), key, opens, now)
        people = any(s["kind"] == "human" for s in seat_rows)
        bots = [s["bot"] for s in seat_rows if s["kind"] == "bot"]
        limit = self.settings.bot_move_limit
        cost = table_cost(game, bots, fallback_bot if people else None, limit)
        tables, creator = self.tables.values(), self.caps.creators.get
        refused = refused or self.bot_budget.refusal(tables, creator, key, cost)
        if refused is not None:
            raise LobbyError(*refused)
        with self.caps.reserving(key, opens), self.bot_budget.reserving(key, cost):
            await self.db.run(storage.insert_table, row, seat_rows, rematch_of)
            table = Table(self, {**row, "seats": seat_rows}, state)
            self.tables[table.id] = table
            if key is not None:
                self.caps.creators[table] = key
        if table.status == "playing" and people:
            table.begin(now)  # people seated as it was made (a rematch, a creator): clocks start
        else:
            table.start()
        return table

    async def create_seated(
        self, seat: int | None, name: str | None, player: dict | None, **table: Any
    ) -> tuple[Table, int, str]:
        """A table made as `create(**table)` makes it, its creator seated in it as `join` would
        seat them (in `seat`, else the first human seat): the table, the seat and its token. A
        table whose other seats are bots starts at once."""
        players = table["players"]
        specs = _seat_specs(table.get("seat_specs"), players)
        humans = [i for i, spec in enumerate(specs) if spec.get("kind") != "bot"]
        if seat is None and humans:
            seat = humans[0]
        elif seat is None or not 0 <= seat < players:
            where = "every seat is a bot's" if seat is None else f"there is no seat {seat}"
            raise LobbyError(422, f"{where}: choose a human seat to sit at")
        elif seat not in humans:
            raise LobbyError(422, f"seat {seat} is a bot's: choose a human seat to sit at")
        token = secrets.token_urlsafe(32)
        kept: list[dict | None] = [None] * players
        kept[seat] = {
            "player_id": player["id"] if player else None, "name": _seat_name(name, player),
            "token_hash": token_hash(token), "joined_at": self.clock(),
            "address_hash": self.address_hash(table.get("address")),
        }  # fmt: skip
        return await self.create(**table, kept=kept), seat, token

    def check_bot(self, game: Game, spec: str, players: int, options: dict) -> str:
        """What a seat that asks for bot `spec` stores at a table of `players` with `options`: a
        level's name (levels.py) that can play it, or with `allow_any_bot` a spec within the
        move limit."""
        s = self.settings
        return _checked(
            levels.check, game, spec, s.allow_any_bot, s.bot_move_limit, players, options
        )

    async def join(
        self,
        table_id: str,
        name: str | None,
        seat: int | None,
        player: dict | None = None,
        address: str | None = None,
    ) -> tuple[Table, int, str]:
        """Take a human seat (the first free one when `seat` is None); returns its token. A
        `player` (an identity: id and name) sits under their display name, may take a seat kept
        for them, and takes one seat per table. `address`: the client's (its hash is kept)."""
        table = self.tables.get(table_id)
        if table is None:
            stored = await self.get(table_id)
            if stored is None:
                raise LobbyError(404, f"there is no table {table_id!r}")
            self.release(stored)
            if stored.status == "expired":
                raise self.expired_error()
            raise LobbyError(409, "the game is over; no seat is free")
        name = _seat_name(name, player)
        me = player["id"] if player else None
        async with table.lock:
            if table.status == "expired":
                raise self.expired_error()
            if table.status != "open":
                raise LobbyError(409, "the game has started; every seat is taken")
            mine = next((s for s in table.seats if me and s.player_id == me and s.token_hash), None)
            if mine is not None:
                raise LobbyError(409, f"you sit at seat {mine.index} of this table already")
            open_seats = [s for s in table.seats if s.kind == "human" and s.token_hash is None]
            free = [s.index for s in open_seats if s.player_id in (None, me)]
            if seat is None:
                if not free:
                    raise LobbyError(409, "no human seat is free")
                kept = [s.index for s in open_seats if me and s.player_id == me]
                seat = (kept or free)[0]
            elif not 0 <= seat < len(table.seats):
                raise LobbyError(422, f"there is no seat {seat} at a {len(table.seats)}-seat table")
            elif table.seats[seat].kind != "human":
                raise LobbyError(409, f"seat {seat} is a bot's")
            elif seat not in free:
                kept_for = table.seats[seat].token_hash is None and table.seats[seat].name
                if kept_for:
                    raise LobbyError(409, f"seat {seat} is kept for {kept_for} (a rematch)")
                raise LobbyError(409, f"seat {seat} is taken (free seats: {free or 'none'})")
            twin = next(
                (
                    s
                    for s in table.seats
                    if s.index != seat and s.name and names.same_name(s.name, name)
                ),
                None,
            )
            if twin is not None:
                raise LobbyError(409, f"seat {twin.index} is {twin.name}: choose another name")
            token = secrets.token_urlsafe(32)
            digest = token_hash(token)
            where = self.address_hash(address)
            if not await self.db.run(storage.join_seat, table.id, seat, name, digest, me, where):
                raise LobbyError(409, f"seat {seat} is taken")
            s = table.seats[seat]
            s.name, s.token_hash, s.player_id = name, digest, me
            if len(open_seats) == 1:
                table.begin(self.clock())
            table.broadcast()
            table._announce()
        return table, seat, token

    async def rematch(
        self, table_id: str, player: dict, address: str | None = None
    ) -> tuple[Table, int, str]:
        """A new table like a finished one (game, options, seats, clocks) with a new deal: bots
        at the same levels, each person's seat kept for them. A table has one rematch: asking
        again gives the same one. Only someone who sat at the table may ask; the asker takes
        the seat kept for them there (as `join` does): the table, that seat and its token."""
        old = await self.get(table_id)
        if old is None:
            raise LobbyError(404, f"there is no table {table_id!r}")
        try:
            if old.status != "finished":
                raise LobbyError(409, "a rematch is made once the game is over")
            if not any(s.player_id == player["id"] for s in old.seats):
                raise LobbyError(403, "only someone who played at this table can ask for a rematch")
            if old.rematch is None:
                try:
                    new, seat, token = await self._create_rematch(old, player, address)
                    if seat is not None:  # seated as it was made: one write, not two
                        return new, seat, token
                except storage.RematchTaken as e:
                    old.rematch = e.table_id
        finally:
            self.release(old)
        new = await self.get(old.rematch)
        if new is None:  # (only a database edited by hand lacks it)
            raise LobbyError(404, "this table's rematch is gone")
        self.release(new)
        return await self.join(new.id, None, None, player, address)

    async def _create_rematch(
        self, old: Table, player: dict, address: str | None
    ) -> tuple[Table, int | None, str]:
        """The rematch table, the asker already in their kept seat (its index and token) unless
        their name now reads as another seat's (then None: they join it like anyone, and hear
        why not)."""
        kept = [
            {"player_id": s.player_id, "name": s.name} if s.player_id else None for s in old.seats
        ]
        seat = next(i for i, s in enumerate(old.seats) if s.player_id == player["id"])
        name = _seat_name(None, player)
        token = secrets.token_urlsafe(32)
        if not any(s.name and names.same_name(s.name, name) for s in old.seats if s.index != seat):
            kept[seat] = {
                "player_id": player["id"], "name": name, "token_hash": token_hash(token),
                "joined_at": self.clock(), "address_hash": self.address_hash(address),
            }  # fmt: skip
        else:
            seat = None
        specs = [{"kind": s.kind, "bot": s.bot_spec} for s in old.seats]
        countdown, timer = old.countdown, old.turn_timer or 0
        new = await self.create(
            old.game.name, len(old.seats), old.options, specs, old.title, countdown, timer,
            old.fallback_bot, kept, old.id, practice=old.practice,
        )  # fmt: skip
        old.rematch = new.id
        for conn in old.conns:  # everyone still at the old table hears of it
            conn.table_seen = None
        self.announce(old)
        return new, seat, token

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

    async def listing(self, status: str, game: str | None = None) -> list[dict]:
        """The tables in `status` (of `game` when given), newest first; of the open ones, a few
        per creator's address (a flood of one's tables does not fill the lobby)."""
        if status == "finished":
            rows = await self.db.run(storage.finished_rows, self.settings.list_limit, game)
            return [_stored_info(r) for r in rows]
        live = [
            t
            for t in self.tables.values()
            if t.status == status and (game is None or t.game.name == game)
        ]
        live.sort(key=lambda t: t.created_at, reverse=True)
        if status == "open":
            live = self.caps.listed(live)
        return [t.info() for t in live[: self.settings.list_limit]]

    # --- rate limits ------------------------------------------------------------------------
    def address_hash(self, address: str | None) -> str | None:
        """What a seat keeps of the address it was joined from (rating_rules.address_hash)."""
        if address is None:
            return None
        return rating_rules.address_hash(self.address_salt, self.client_key(address))

    def client_key(self, address: str) -> str:
        """Who a client address counts as for every limit (an IPv6 address: its network)."""
        return client_key(address, self.settings.ipv6_prefix)

    def check_rate(self, limit: RateLimit, address: str, what: str) -> None:
        """Take a token of `limit` for a client address, or refuse (429) saying when to retry."""
        wait = limit.take(self.client_key(address))
        if wait:
            seconds = math.ceil(wait)
            raise LobbyError(
                429, f"too many {what} from your address; try again in {seconds} s", seconds
            )

    # --- open tables nobody completes expire --------------------------------------------------
    def expired_error(self) -> LobbyError:
        minutes = self.settings.open_table_ttl / 60
        return LobbyError(
            409,
            f"this table expired: its seats were not all taken within {minutes:g} minutes; "
            "create a new one",
        )

    async def _sweep(self) -> None:
        every = min(60.0, self.settings.open_table_ttl / 4)
        while True:
            await asyncio.sleep(every)
            try:
                await self.expire()
            except Exception:
                log.exception("expiring open tables failed; trying again later")

    async def expire(self) -> list[str]:
        """Expire the open tables created `open_table_ttl` ago or more: stored as expired,
        forgotten, their connections told and closed. Returns their ids."""
        now = self.clock()
        before = now - self.settings.open_table_ttl
        stale = [
            t
            for t in self.tables.values()
            # a table being joined (its lock held) waits for the next sweep
            if t.status == "open" and t.created_at <= before and not t.lock.locked()
        ]
        for table in stale:
            table.status = "expired"
            table.finished_at = now
            self.unload(table)
        if not stale:
            return []
        # queued at once (no await since they were forgotten), so a load of one of them that
        # follows finds it expired
        await self.db.run(storage.expire_tables, [t.id for t in stale], now)
        gone = Refused("expired", self.expired_error().message)
        for table in stale:
            for conn in list(table.conns):
                conn.fail(gone, CLOSE_GONE)
        log.info("expired %d open table(s)", len(stale))
        return [t.id for t in stale]

    # --- `table` messages -------------------------------------------------------------------
    def announce(self, table: Table) -> None:
        """Send `table`'s Table to its connections: at once (on the next turn of the event loop)
        after a quiet time, else when `announce_delay` has passed since the last round, with
        whatever else changed meanwhile. A storm of reconnections makes few messages."""
        self._announcing[table.id] = table
        if self._announce_timer is None:
            wait = self._announced_at + self.announce_delay - time.monotonic()
            loop = asyncio.get_running_loop()
            self._announce_timer = loop.call_later(max(0.0, wait), self.flush_announcements)

    def flush_announcements(self) -> None:
        """Send every `table` message that is due now."""
        if self._announce_timer is not None:
            self._announce_timer.cancel()
            self._announce_timer = None
        self._announced_at = time.monotonic()
        due, self._announcing = self._announcing, {}
        for table in due.values():
            table.send_table()


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
        "player_id": None,
        "address_hash": None,
    }


def _seat_name(name: str | None, player: dict | None) -> str:
    """The name a joining seat shows: a player's display name (a name given with it must read
    the same), else the given name, cleaned."""
    if player is not None:
        if name is not None and not names.same_name(names.clean(name), player["name"]):
            raise LobbyError(
                422,
                f"you sit under your player name, {player['name']}: leave the name out, "
                "or change your player name first",
            )
        return player["name"]
    name = names.clean(name or "")
    if not 1 <= len(name) <= 40:
        raise LobbyError(422, "a name has 1 to 40 visible characters")
    refusal = reserved_names.refusal(name)
    if refusal is not None:
        raise LobbyError(422, refusal)
    return name


def _seat_specs(specs: list[dict] | None, players: int) -> list[dict]:
    """One seat spec per player (all human when none are given)."""
    specs = specs or [{"kind": "human"}] * players
    if len(specs) != players:
        raise LobbyError(422, f"give one seat per player: {len(specs)} for {players}")
    return specs


def _check_bot_twins(seat_rows: list[dict]) -> None:
    """A person seated as the table is made reads as no bot seat's name (as `join` checks)."""
    bots = [s for s in seat_rows if s["kind"] == "bot"]
    for s in seat_rows:
        if s["kind"] == "human" and s["name"]:
            twin = next((b for b in bots if names.same_name(b["name"], s["name"])), None)
            if twin is not None:
                raise LobbyError(409, f"seat {twin['seat']} is {twin['name']}: choose another name")


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
                "player": s.get("player_id"),
                "expelled": stalls.expelled_info(s.get("expelled_at"), s.get("expelled_by")),
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
        "rematch": row.get("rematch"),
        "practice": bool(row.get("practice")),
        "stalls": [],
    }
