"""One live table: its game state, its seats, the connections watching it, and the task that
moves its bots, runs its clocks and closes open auctions when their countdown ends.

Every change goes through `_apply_locked` under the table's lock: the engine checks the move, the
database stores it, and only then does every connection get its own seat's view. Nothing else of
the state leaves this module while the game runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import time
from typing import TYPE_CHECKING, Any

import orjson

from ..bots import make_bot
from ..bots.random_bot import RandomBot
from ..core import IllegalMove, Move, State, derive_seed, move_to_json, replay
from ..core.players import Bot, Observation
from ..core.state import RECORD_FORMAT
from ..games import get_game
from . import storage

if TYPE_CHECKING:
    from .connection import Connection
    from .lobby import Lobby

log = logging.getLogger("auctionhouse.server")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def dumps(data: Any) -> str:
    """Compact JSON text (orjson: a view of a long game is several kilobytes)."""
    try:
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # an integer beyond 64 bits (Q.E. bids have no upper limit)
        return json.dumps(data, separators=(",", ":"))


class Refused(Exception):
    """A message or move the server will not act on; `code` says why, `rule` names the rule."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def to_json(self, ref: Any = None) -> dict:
        out: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        if self.rule is not None:
            out["rule"] = self.rule
        if ref is not None:
            out["ref"] = ref
        return out


class Seat:
    __slots__ = ("index", "kind", "bot_spec", "name", "token_hash", "bot", "connected")

    def __init__(self, row: dict) -> None:
        self.index: int = row["seat"]
        self.kind: str = row["kind"]
        self.bot_spec: str | None = row["bot"]
        self.name: str | None = row["name"]
        self.token_hash: str | None = row["token_hash"]
        self.bot: Bot | None = None  # the seat's bot, or the fallback bot playing for a human
        self.connected = 0

    def info(self) -> dict:
        return {
            "seat": self.index,
            "kind": self.kind,
            "name": self.name,
            "bot": self.bot_spec,
            "joined": self.kind == "bot" or self.token_hash is not None,
            "connected": self.connected,
        }


class Table:
    """A table held in memory; the database holds the same table, move for move."""

    def __init__(self, lobby: Lobby, row: dict, state: State) -> None:
        self.lobby = lobby
        self.id: str = row["id"]
        self.game = state.game
        self.title: str = row["title"]
        self.options: dict = row["options"]
        self.status: str = row["status"]  # open | playing | finished
        self.countdown: float | None = row["countdown"]
        self.turn_timer: float | None = row["turn_timer"]
        self.fallback_bot: str = row["fallback_bot"]
        self.created_at: float = row["created_at"]
        self.started_at: float | None = row["started_at"]
        self.finished_at: float | None = row["finished_at"]
        self.state = state
        self.seats = [Seat(s) for s in row["seats"]]
        self.conns: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.driver: asyncio.Task | None = None
        # clocks (wall-clock seconds): when each awaited human seat began to be awaited, when the
        # open-auction countdown ends, when the next bot may move
        self.awaited_since: dict[int, float] = {}
        self.countdown_deadline: float | None = None
        self.bot_ready_at = 0.0
        self.bot_failures = 0
        self._refresh_clocks(time.time(), mover=None)

    @classmethod
    def from_row(cls, lobby: Lobby, row: dict) -> Table:
        """Rebuild a stored table: its setup, then every stored move (core.replay semantics)."""
        game = get_game(row["game"])
        record = {
            "format": RECORD_FORMAT,
            "game": game.name,
            "players": row["players"],
            "options": row["options"],
            "setup": row["setup"],
            "moves": [[m["seat"], *m["move"]] for m in row["moves"]],
        }
        return cls(lobby, row, replay(game, record))

    # --- facts for clients ------------------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.state.history)

    def info(self) -> dict:
        out = {
            "id": self.id,
            "game": self.game.name,
            "title": self.title,
            "players": self.state.num_players,
            "options": self.options,
            "status": self.status,
            "version": self.version,
            "seats": [s.info() for s in self.seats],
            "countdown": self.countdown,
            "turn_timer": self.turn_timer,
            "fallback_bot": self.fallback_bot,
            "created_at": self.created_at,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "result": None,
        }
        if self.status == "finished":
            out["result"] = self.state.result().to_json()
        return out

    def seat_for_token(self, token: Any) -> int | None:
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        digest = token_hash(token)
        found = None
        for s in self.seats:  # every seat compared, in constant time each
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                found = s.index
        return found

    def state_message(self, seat: int | None) -> dict:
        st = self.state
        playing = self.status == "playing"
        legal = st.legal_moves(seat) if playing and seat is not None else ()
        deadline = self.countdown_deadline
        return {
            "type": "state",
            "table": self.id,
            "version": len(st.history),
            "status": self.status,
            "seat": seat,
            "view": st.view(seat),
            "legal": [mk.to_json() for mk in legal],
            "countdown": None
            if deadline is None
            else {"deadline": deadline, "seconds": self.countdown},
            "timers": [
                {"seat": p, "deadline": since + self.turn_timer}
                for p, since in sorted(self.awaited_since.items())
            ]
            if self.turn_timer
            else [],
        }

    # --- connections ------------------------------------------------------------------------
    def attach(self, conn: Connection) -> None:
        self.conns.add(conn)
        if conn.seat is not None:
            self.seats[conn.seat].connected += 1
        info = self.info()
        conn.table_seen = dumps(info["seats"])
        conn.send(dumps({"type": "welcome", "seat": conn.seat, "table": info}))
        conn.send(dumps(self.state_message(conn.seat)))
        if conn.seat is not None:
            self._announce()

    def detach(self, conn: Connection) -> None:
        if conn not in self.conns:
            return
        self.conns.discard(conn)
        if conn.seat is not None:
            self.seats[conn.seat].connected -= 1
            self._announce()
        if not self.conns and self.status in ("finished", "expired"):
            self.lobby.unload(self)

    def _announce(self) -> None:
        """Tell everyone watching who sits where and who is connected, soon: the lobby gathers
        the joins and (re)connections of a moment into one `table` message (`send_table`)."""
        self.lobby.announce(self)

    def send_table(self) -> None:
        """The `table` message, to each connection that has not seen these seats yet (so a seat
        that connects and goes again before it is sent costs nobody a message)."""
        info = self.info()
        seats = dumps(info["seats"])
        text = None
        for c in self.conns:
            if c.table_seen != seats:
                c.table_seen = seats
                text = text or dumps({"type": "table", "table": info})
                c.send(text)

    def broadcast(self, origin: Connection | None = None, ref: Any = None) -> None:
        """Each connection its own seat's state message; the one that moved gets its `ref`."""
        texts: dict[int | None, str] = {}
        for c in list(self.conns):
            text = texts.get(c.seat)
            if text is None:
                text = texts[c.seat] = dumps(self.state_message(c.seat))
            if c is origin and ref is not None:
                text = f'{text[:-1]},"ref":{dumps(ref)}}}'
            c.send(text)

    # --- moves ------------------------------------------------------------------------------
    async def submit(self, *args: Any) -> None:
        """A move from a connection or a bot: `_apply_locked`'s arguments, under the lock."""
        async with self.lock:
            await self._apply_locked(*args)

    async def _apply_locked(
        self,
        seat: int,
        move: Move,
        by: str,
        origin: Connection | None = None,
        ref: Any = None,
        version: int | None = None,
    ) -> None:
        """Check `move` with the engine, store it, then send everyone the new state; or raise
        Refused with nothing changed. `version`, when given, must be the current one."""
        if self.status != "playing":
            if self.status == "open":
                raise Refused("not_started", "the game starts when every human seat is taken")
            raise Refused("game_over", "the game is over; no more moves")
        state = self.state
        if version is not None and version != len(state.history):
            raise Refused(
                "stale",
                f"the table is at version {len(state.history)}, not {version}; "
                "look at the new state and move again",
            )
        try:
            state.apply(seat, move)
        except IllegalMove as e:
            raise Refused("illegal_move", e.reason, rule=e.rule) from None
        except Exception:
            log.exception("table %s: the engine failed on a move; reloading the table", self.id)
            await self._reload()
            raise Refused(
                "internal", "the server could not apply that move; nothing changed"
            ) from None
        seq = len(state.history) - 1
        result = state.result()
        res_json = None if result is None else result.to_json()
        try:
            await self.lobby.db.append_move(self.id, seq, seat, move_to_json(move), by, res_json)
        except Exception:
            log.exception("table %s: storing move %d failed; reloading the table", self.id, seq)
            await self._reload()
            raise Refused(
                "internal", "the server could not store that move; nothing changed, try again"
            ) from None
        now = time.time()
        if result is not None:
            self.status = "finished"
            self.finished_at = now
        self._refresh_clocks(now, mover=seat)
        self.broadcast(origin, ref)
        self.changed.set()

    async def _reload(self) -> None:
        """The state as the database has it (after a failure between engine and storage)."""
        row = await self.lobby.db.run(storage.load_table, self.id)
        fresh = Table.from_row(self.lobby, row)
        self.state = fresh.state
        self.status = fresh.status
        self._refresh_clocks(time.time(), mover=None)
        self.broadcast()

    # --- who is waited on, and the clocks ---------------------------------------------------
    def awaited(self) -> list[int]:
        """The seats the table waits on, in the order a program asks them (from next_actor).

        With one actor, or secret moves (sealed bids), every actor. In an open phase with several
        actors (Modern Art's open auction): the next actor, and those who may still pass; a seat
        that passed and may only bid again is not waited on (it may still bid at any moment).
        """
        st = self.state
        if self.status != "playing":
            return []
        actors = st.actors()
        if len(actors) <= 1:
            return list(actors)
        n = st.num_players
        first = st.next_actor()
        order = sorted(actors, key=lambda p: (p - first) % n)
        if st.secret_moves():
            return order
        return [p for p in order if p == first or _may_pass(st, p)]

    def _refresh_clocks(self, now: float, mover: int | None) -> None:
        awaited = self.awaited()
        if self.turn_timer:
            humans = {p for p in awaited if self.seats[p].kind == "human"}
            for p in list(self.awaited_since):
                if p not in humans or p == mover:
                    del self.awaited_since[p]
            for p in humans:
                self.awaited_since.setdefault(p, now)
        st = self.state
        open_phase = self.status == "playing" and len(st.actors()) > 1 and not st.secret_moves()
        self.countdown_deadline = now + self.countdown if self.countdown and open_phase else None
        self.bot_ready_at = now + self.lobby.settings.bot_delay

    # --- the driver: bots, turn timers, countdowns --------------------------------------------
    def start(self) -> None:
        if self.driver is None and self.status == "playing":
            self.driver = asyncio.get_running_loop().create_task(self._drive())

    async def stop(self) -> None:
        if self.driver is not None:
            self.driver.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.driver
            self.driver = None

    def begin(self, now: float) -> None:
        """Every human seat is taken: the game starts."""
        self.status = "playing"
        self.started_at = now
        self._refresh_clocks(now, mover=None)
        self.start()

    async def _drive(self) -> None:
        try:
            while self.status == "playing":
                self.changed.clear()
                now = time.time()
                action, wake = self._due(now)
                if action is not None:
                    await action()
                    continue
                timeout = None if wake is None else max(0.0, wake - now)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), timeout)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the driver stopped", self.id)

    def _due(self, now: float):
        """The next thing the server does at this table by itself, or when to look again."""
        times: list[tuple[float, Any]] = []
        if self.countdown_deadline is not None:
            times.append((self.countdown_deadline, self._expire_countdown))
        for p in self.awaited():
            seat = self.seats[p]
            if seat.kind == "bot" and self.bot_failures < 3:  # else: logged, people go on
                times.append((self.bot_ready_at, lambda p=p: self._bot_move(p, "bot")))
                break  # one bot at a time, in next_actor order
        for p, since in self.awaited_since.items():
            times.append((since + self.turn_timer, lambda p=p: self._bot_move(p, "fallback")))
        if not times:
            return None, None
        when, action = min(times, key=lambda t: t[0])
        return (action, None) if when <= now else (None, when)

    def _bot_for(self, p: int) -> Bot:
        seat = self.seats[p]
        if seat.bot is None:
            spec = seat.bot_spec if seat.kind == "bot" else self.fallback_bot
            seed = derive_seed(int.from_bytes(self.id.encode(), "little"), f"seat/{p}")
            seat.bot = make_bot(spec, self.game, seed)
        return seat.bot

    async def _bot_move(self, p: int, by: str) -> None:
        state = self.state
        version = len(state.history)
        obs = Observation(state.clone(), p, list(state.legal_moves(p)))
        bot = self._bot_for(p)
        loop = asyncio.get_running_loop()
        try:
            move = await loop.run_in_executor(self.lobby.bot_pool, bot.act, obs)
        except Exception:
            log.exception("table %s: bot %s failed at seat %d", self.id, bot.spec(), p)
            move = RandomBot(version).choose(obs.legal)
        async with self.lock:
            if self.status != "playing" or len(self.state.history) != version:
                return  # the table moved on while the bot thought: it is asked again
            try:
                await self._apply_locked(p, move, by)
                self.bot_failures = 0
                return
            except Refused as e:
                log.error("table %s: bot %s at seat %d refused: %s", self.id, bot.spec(), p, e)
            try:  # a buggy bot must not stop the game: a random legal move instead
                await self._apply_locked(p, RandomBot(version).choose(obs.legal), by)
            except Refused:
                self.bot_failures += 1

    async def _expire_countdown(self) -> None:
        """MA-9 with a clock: when the countdown ends, each remaining actor who may pass passes,
        in next_actor order, until the open phase closes."""
        async with self.lock:
            self.countdown_deadline = None
            st = self.state
            for _ in range(2 * st.num_players):
                if self.status != "playing" or st.secret_moves() or len(st.actors()) <= 1:
                    break
                n, first = st.num_players, st.next_actor()
                order = sorted(st.actors(), key=lambda q: (q - first) % n)
                p = next((q for q in order if _may_pass(st, q)), None)
                if p is None:
                    break
                await self._apply_locked(p, ("pass", None), "countdown")
                st = self.state

    # --- records ----------------------------------------------------------------------------
    def record(self) -> dict:
        rec = self.state.record()
        rec["table"] = {
            "id": self.id,
            "title": self.title,
            "seats": [
                {"seat": s.index, "kind": s.kind, "name": s.name, "bot": s.bot_spec}
                for s in self.seats
            ],
            "created_at": self.created_at,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
        }
        return rec


def _may_pass(state: State, p: int) -> bool:
    return any(mk.kind == "pass" for mk in state.legal_moves(p))
