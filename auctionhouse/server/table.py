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
import secrets
from functools import partial
from typing import TYPE_CHECKING, Any

import orjson

from ..bots.random_bot import RandomBot
from ..core import IllegalMove, Move, MoveKind, State, move_from_json, move_to_json, replay
from ..core.state import RECORD_FORMAT
from ..games import get_game
from . import bot_budget, levels, stalls, storage

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
    __slots__ = (
        "index", "kind", "bot_spec", "name", "token_hash", "player_id", "connected",
        "expelled_at", "expelled_by",
    )  # fmt: skip

    def __init__(self, row: dict) -> None:
        self.index: int = row["seat"]
        self.kind: str = row["kind"]
        self.bot_spec: str | None = row["bot"]
        self.name: str | None = row["name"]
        self.token_hash: str | None = row["token_hash"]
        # the player identity seated here; before the seat is joined, the one it is kept for
        self.player_id: str | None = row.get("player_id")
        self.connected = 0
        # handed to the fallback bot for good (stalls.py): when, and by which seat (None: the
        # server, past max_stall)
        self.expelled_at: float | None = row.get("expelled_at")
        self.expelled_by: int | None = row.get("expelled_by")

    def info(self) -> dict:
        return {
            "seat": self.index,
            "kind": self.kind,
            "name": self.name,
            "bot": self.bot_spec,
            "joined": self.kind == "bot" or self.token_hash is not None,
            "connected": self.connected,
            "player": self.player_id,
            "expelled": stalls.expelled_info(self.expelled_at, self.expelled_by),
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
        self.rematch: str | None = row.get("rematch")  # the table a rematch created
        self.practice = bool(row.get("practice"))  # never rated (rating_rules.py)
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
        self.changed_at = 0.0  # when the state last changed (bots' moves are paced from it)
        self.people_left_at: float | None = None  # since when no person has been connected
        self.waits = stalls.Waits()  # how long each person has kept the table waiting
        # the moves made for a person (by the fallback bot or the countdown): the log lines each
        # added, (first, end, seat, by, why); and per seat its last one, until it moves itself
        self.made_for: list[tuple[int, int, int, str, str | None]] = []
        self.stood_in: dict[int, dict] = {}
        # the seed of the table's bots (hex in the database; a table stored without one gets one
        # for as long as it is in memory)
        secret = row.get("secret")
        self.secret = bytes.fromhex(secret) if secret else secrets.token_bytes(32)
        self._refresh_clocks(self.clock(), mover=None)

    def clock(self) -> float:
        """Wall-clock seconds (deadlines are sent to clients): the lobby's clock."""
        return self.lobby.clock()

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
        table = cls(lobby, row, replay(game, record))
        table.made_for = _made_for(game, record, row)
        return table

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
            "rematch": self.rematch,
            "practice": self.practice,
            "stalls": stalls.listing(self),
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

    def state_message(self, seat: int | None, worded: int = 0) -> dict:
        """The `state` message of `seat` (None: a spectator), to a client that holds the
        sentences of the first `worded` events of the log: `words` brings the rest."""
        st = self.state
        playing = self.status == "playing"
        mover = playing and seat is not None and self.seats[seat].expelled_at is None
        legal = st.legal_moves(seat) if mover else ()
        deadline = self.countdown_deadline
        view = st.view(seat)
        log = view.get("log") or []
        start = min(worded, len(log))
        return {
            "type": "state",
            "table": self.id,
            "version": len(st.history),
            "status": self.status,
            "seat": seat,
            "view": view,
            # the log's sentences, from what this seat's own view holds (the client keeps those
            # before `from`): a message carries each sentence once, not the whole game's again;
            # and which of them a move made for a person added
            "words": {
                "from": start,
                "lines": [self.game.event_sentence(e) for e in log[start:]],
                "made_for": [
                    {"line": i, "seat": p, "by": by, "why": why}
                    for first, end, p, by, why in self.made_for
                    if end > start
                    for i in range(max(first, start), min(end, len(log)))
                ],
            },
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
            "stalls": stalls.listing(self),
            # this seat's own last move made for it (its own to know), until it moves itself
            "stood_in": self.stood_in.get(seat) if seat is not None else None,
        }

    # --- connections ------------------------------------------------------------------------
    def attach(self, conn: Connection) -> None:
        self.conns.add(conn)
        if conn.seat is not None:
            self.seats[conn.seat].connected += 1
        info = self.info()
        conn.table_seen = dumps(info["seats"])
        conn.send(dumps({"type": "welcome", "seat": conn.seat, "table": info}))
        msg = self.state_message(conn.seat)
        conn.worded = len(msg["view"].get("log") or [])
        conn.send(dumps(msg))
        if conn.seat is not None:
            self._announce()
            self.changed.set()  # the driver looks again: the table is not abandoned

    def detach(self, conn: Connection) -> None:
        """Forget a connection (the caller then lets the lobby release a table that is over)."""
        if conn not in self.conns:
            return
        self.conns.discard(conn)
        if conn.seat is not None:
            self.seats[conn.seat].connected -= 1
            self._announce()
            self.changed.set()  # the driver looks again: nobody may be left

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
        """Each connection its own seat's state message, with the sentences of the events it
        has not been sent; the one that moved gets its `ref`."""
        texts: dict[tuple[int | None, int], tuple[str, int]] = {}
        for c in list(self.conns):
            key = (c.seat, c.worded)
            found = texts.get(key)
            if found is None:
                msg = self.state_message(c.seat, c.worded)
                found = texts[key] = (dumps(msg), len(msg["view"].get("log") or []))
            text, c.worded = found
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
        """Check `move` with the engine on a copy of the state, store it, and only then make the
        copy the table's state and send everyone the new state; or raise Refused with nothing
        changed. Until the database has the move, every reader (a new connection, the HTTP API,
        a bot) sees the state before it. `version`, when given, must be the current one."""
        if self.status != "playing":
            if self.status == "open":
                raise Refused("not_started", "the game starts when every human seat is taken")
            raise Refused("game_over", "the game is over; no more moves")
        if by == "seat" and self.seats[seat].expelled_at is not None:
            raise Refused("expelled", stalls.EXPELLED)
        if version is not None and version != len(self.state.history):
            raise Refused(
                "stale",
                f"the table is at version {len(self.state.history)}, not {version}; "
                "look at the new state and move again",
            )
        state = self.state.clone()
        try:
            state.apply(seat, move)
        except IllegalMove as e:
            raise Refused("illegal_move", e.reason, rule=e.rule) from None
        except Exception:
            log.exception("table %s: the engine failed on a move; nothing changed", self.id)
            raise Refused(
                "internal", "the server could not apply that move; nothing changed"
            ) from None
        seq = len(state.history) - 1
        for_person = by in ("fallback", "countdown") and self.seats[seat].kind == "human"
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
        if for_person:
            self._stand_in(seat, move, by, seq + 1, state)
        elif by == "seat":
            self.stood_in.pop(seat, None)
        self.state = state
        now = self.clock()
        if result is not None:
            self.status = "finished"
            self.finished_at = now
        self._refresh_clocks(now, mover=seat, by=by)
        self.broadcast(origin, ref)
        self.changed.set()

    def _stand_in(self, seat: int, move: Move, by: str, version: int, after: State) -> None:
        """Note a move made for a person (before `after` becomes the table's state): the log
        lines it added, and why it was made (the turn timer, an expelled seat, nobody there)."""
        why = "countdown" if by == "countdown" else "timer"
        if by == "fallback" and self.seats[seat].expelled_at is not None:
            why = "expelled"
        elif by == "fallback" and self.abandoned(self.clock()):
            why = "away"
        first, end = _log_length(self.state), _log_length(after)
        self.made_for.append((first, end, seat, by, why))
        self.stood_in[seat] = {"version": version, "move": move_to_json(move), "by": by, "why": why}

    async def _reload(self) -> None:
        """The state as the database has it (after a failure storing a move: it may or may not
        have been committed)."""
        row = await self.lobby.db.run(storage.load_table, self.id)
        fresh = Table.from_row(self.lobby, row)
        self.state = fresh.state
        self.status = fresh.status
        self.made_for = fresh.made_for
        self._refresh_clocks(self.clock(), mover=None)
        for c in self.conns:
            c.worded = 0  # another state: its sentences are all sent again
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

    def _refresh_clocks(self, now: float, mover: int | None, by: str | None = None) -> None:
        self.changed_at = now
        awaited = self.awaited()
        seats = self.seats
        humans = {p for p in awaited if seats[p].kind == "human" and seats[p].expelled_at is None}
        self.waits.update(now, humans, mover, by)
        if self.turn_timer:
            for p in list(self.awaited_since):
                if p not in humans or p == mover:
                    del self.awaited_since[p]
            for p in humans:
                self.awaited_since.setdefault(p, now)
        st = self.state
        open_phase = self.status == "playing" and len(st.actors()) > 1 and not st.secret_moves()
        self.countdown_deadline = now + self.countdown if self.countdown and open_phase else None

    def abandoned(self, now: float) -> bool:
        """Whether the table has human seats and no person has been connected for
        `abandoned_after` seconds: its fallback bot then plays those seats (at bot pace) until
        someone comes back."""
        humans = [s for s in self.seats if s.kind == "human" and s.expelled_at is None]
        if not humans or any(s.connected for s in humans):
            self.people_left_at = None
            return False
        if self.people_left_at is None:
            self.people_left_at = now
        return now >= self.people_left_at + self.lobby.settings.abandoned_after

    # --- the driver: bots, turn timers, countdowns --------------------------------------------
    def start(self) -> None:
        if self.driver is None and self.status == "playing":
            self.driver = asyncio.get_running_loop().create_task(self._drive())

    async def stop(self) -> None:
        if self.driver is not None:
            # cancelled until it ends: in Python 3.11 a wait_for whose wait ends as it is
            # cancelled returns instead of raising, and the driver would go on waiting
            while not self.driver.done():
                self.driver.cancel()
                await asyncio.wait([self.driver], timeout=1.0)
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
        """Until the game ends: whatever is due (a bot's move, a fallback move, the countdown),
        else sleep until the next deadline or change. Nothing a bot or the engine raises stops
        it: the failure is logged and the table goes on (after a pause that grows while the same
        step keeps failing, so a lasting fault cannot spin)."""
        failures = 0
        while self.status == "playing":
            self.changed.clear()
            try:
                action, wake = self._due(self.clock())
                if action is not None:
                    await action()
                    failures = 0
                    continue
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.exception("table %s: the driver failed (%d in a row); it goes on", self.id,
                              failures)  # fmt: skip
                wake = self.clock() + min(60.0, 0.25 * 2**failures)
            timeout = None if wake is None else max(0.0, wake - self.clock())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), timeout)

    def _due(self, now: float):
        """The next thing the server does at this table by itself, or when to look again."""
        times: list[tuple[float, Any]] = []
        if self.countdown_deadline is not None:
            times.append((self.countdown_deadline, self._expire_countdown))
        abandoned = self.abandoned(now)
        if self.people_left_at is not None and not abandoned:
            times.append((self.people_left_at + self.lobby.settings.abandoned_after, None))
        for p in self.awaited():
            s = self.seats[p]
            handed = abandoned or s.expelled_at is not None
            by = "bot" if s.kind == "bot" else "fallback" if handed else None
            if by is not None:  # one bot at a time, in next_actor order, from the change on
                times.append((self.changed_at, partial(self._bot_move, p, by, self.changed_at)))
                break
        if not abandoned:
            for p, since in self.awaited_since.items():
                due = since + self.turn_timer
                times.append((due, partial(self._bot_move, p, "fallback", due)))
        for when, p in stalls.takeovers(self):
            times.append((when, partial(self._take_over, p)))
        if not times:
            return None, None
        when, action = min(times, key=lambda t: t[0])
        if when > now or action is None:
            return None, max(when, now + 0.001)
        return action, None

    def bot_choice(self, p: int, by: str) -> levels.Choice:
        """The bot that moves for seat `p`: its own, or the table's fallback bot."""
        stored = self.seats[p].bot_spec if by == "bot" else self.fallback_bot
        return levels.choice(self.game, stored or "random", self.lobby.settings.bot_move_limit)

    def bot_seed(self, p: int, version: int, by: str) -> int:
        """The seed of a bot's move, drawn from the table's secret (never sent to anyone): a
        client that knows every public fact cannot reproduce a bot's sealed bid."""
        msg = f"{by}/{p}/{version}".encode()
        digest = hmac.new(self.secret, msg, hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "little") >> 1

    async def _bot_move(self, p: int, by: str, due: float) -> None:
        """A bot's move for seat `p` (its own bot, or the fallback bot), shown exactly its level's
        think time (plus `bot_delay`, but for a pass in an open phase) after `due`, however long
        the bot took: watchers learn nothing about its hand from its speed. (A move that waited
        longer than `bot_delay` for a bot worker, behind other tables' moves, is shown its think
        time after a worker took it up.) A bot that fails or runs past the move limit is
        replaced, for this move, by a safe legal move."""
        state = self.state  # never changed in place (`_apply_locked` replaces it)
        version = len(state.history)
        legal = list(state.legal_moves(p))
        choice = self.bot_choice(p, by)
        seed = self.bot_seed(p, version, by)
        ticket = bot_budget.ticket(self, choice.think)
        try:
            move = await self.lobby.bots.act(
                self.game.name, choice.spec, seed, state, p, legal, ticket
            )
        except Exception as e:  # BotFailed, or the pool's own trouble: the table goes on
            log.warning("table %s: bot %s at seat %d failed (%s); a safe move instead",
                        self.id, choice.spec, p, e)  # fmt: skip
            move = safe_move(legal, seed)
        # shown at due + delay + think, or think after a worker took it up if that was later:
        # late by the queue, never by the bot's own time; a change of the state ends the wait
        # early (the move is then stale), nothing else does: a seat connecting must not reveal
        # the bot's speed. A pass in an open phase (several actors, nothing secret: Modern Art's
        # open auction, MA-9) skips `bot_delay`, so that the bots that would not bid drop out at
        # once instead of a paced delay each: the pass is public, and is shown at its fixed
        # time (think, from due) too, so the time tells nothing the move does not; a bot still
        # silent then is one that will bid, which its bid, public, says `bot_delay` later.
        delay = self.lobby.settings.bot_delay
        if move[0] == "pass" and len(state.actors()) > 1 and not state.secret_moves():
            delay = 0.0
        end = due + delay
        if ticket.started is not None:
            end = max(end, ticket.started)
        end += choice.think
        while (left := end - self.clock()) > 0 and self._unchanged(version):
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)
        async with self.lock:
            if not self._unchanged(version):
                return  # the table moved on while the bot thought: it is asked again
            try:
                await self._apply_locked(p, move, by)
                return
            except Refused as e:
                log.error("table %s: bot %s at seat %d refused: %s", self.id, choice.spec, p, e)
            await self._apply_locked(p, safe_move(legal, seed), by)

    def _unchanged(self, version: int) -> bool:
        return self.status == "playing" and len(self.state.history) == version

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

    # --- stalled seats (stalls.py) ----------------------------------------------------------
    async def expel(self, by: int, p: Any, origin: Connection | None = None, ref: Any = None):
        """Seat `by` hands stalled seat `p` to the fallback bot for good, or Refused."""
        async with self.lock:
            now = self.clock()
            why = stalls.refusal(self, by, p, now)
            if why is not None:
                raise Refused(*why)
            await self._hand_over(p, by, now, origin, ref)

    async def _take_over(self, p: int) -> None:
        """Past `max_stall` the fallback bot takes seat `p` over unasked."""
        async with self.lock:
            now = self.clock()
            if self.status == "playing" and stalls.overdue(self, p, now):
                await self._hand_over(p, None, now)

    async def _hand_over(
        self, p: int, by: int | None, now: float, origin: Connection | None = None, ref: Any = None
    ) -> None:
        try:
            await self.lobby.db.run(stalls.expel_seat, self.id, p, now, by)
        except Exception:
            log.exception("table %s: storing that seat %d is expelled failed", self.id, p)
            raise Refused("internal", "the server could not store that; try again") from None
        seat = self.seats[p]
        seat.expelled_at, seat.expelled_by = now, by
        self.waits.forget(p)
        self.awaited_since.pop(p, None)
        self.changed_at = now  # the fallback bot's first move for the seat is paced from here
        who = "the server (max_stall)" if by is None else f"seat {by}"
        log.info("table %s: seat %d handed to the fallback bot by %s", self.id, p, who)
        self.broadcast(origin, ref)
        self._announce()
        self.changed.set()

    # --- records ----------------------------------------------------------------------------
    def record(self) -> dict:
        rec = self.state.record()
        rec["table"] = {
            "id": self.id,
            "title": self.title,
            "seats": [
                {
                    "seat": s.index,
                    "kind": s.kind,
                    "name": s.name,
                    "bot": s.bot_spec,
                    "player": s.player_id,
                    "expelled": stalls.expelled_info(s.expelled_at, s.expelled_by),
                }
                for s in self.seats
            ],
            "created_at": self.created_at,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
        }
        return rec


def _log_length(state: State) -> int:
    return len(state.view(None).get("log") or [])


def _made_for(game: Any, record: dict, row: dict) -> list:
    """`Table.made_for` of a stored table, from who made each move (why is not stored: None)."""
    humans = {s["seat"] for s in row["seats"] if s["kind"] == "human"}
    moves = row["moves"]
    marked = {
        k
        for k, m in enumerate(moves)
        if m.get("by") in ("fallback", "countdown") and m["seat"] in humans
    }
    if not marked:
        return []
    state = game.new_state(record["players"], record["options"] or {}, setup=record["setup"])
    out = []
    for k, m in enumerate(moves):
        first = _log_length(state) if k in marked else 0
        state.apply(m["seat"], move_from_json(m["move"]))
        if k in marked:
            out.append((first, _log_length(state), m["seat"], m["by"], None))
    return out


def _may_pass(state: State, p: int) -> bool:
    return any(mk.kind == "pass" for mk in state.legal_moves(p))


def safe_move(legal: list[MoveKind], seed: int) -> Move:
    """The least committal legal move, with no arithmetic that could fail: a pass (or any kind
    without an argument), else the first choice, else the smallest amount; a split (art-dice)
    is drawn by the random bot."""
    plain = [mk for mk in legal if mk.lo is None and mk.choices is None and mk.parts is None]
    if plain:
        return (next((mk for mk in plain if mk.kind == "pass"), plain[0]).kind, None)
    for mk in legal:
        if mk.choices is not None:
            return (mk.kind, mk.choices[0])
    for mk in legal:
        if mk.parts is None:
            return (mk.kind, mk.lo)
    return RandomBot(seed).choose(legal)
