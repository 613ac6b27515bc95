"""One WebSocket client: who it is (a seat or a spectator), its limits, and its messages.

The first message says who the client is: `{"type": "auth", "token": ...}` for a seat or
`{"type": "spectate"}`. Then a seat may send moves and expel a stalled seat (stalls.py); anyone
may send pings. Every refused
message gets an error naming what was wrong and changes nothing. Outgoing messages wait in a
queue per connection, so one slow client never holds up a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from ..core import RecordError, move_from_json
from . import strict_json
from .table import Refused, dumps

if TYPE_CHECKING:
    from .lobby import Lobby
    from .settings import Settings
    from .table import Table

log = logging.getLogger("auctionhouse.server")

# close codes (4000-4999 are the application's own)
CLOSE_AUTH = 4401  # bad token, or no auth/spectate message first
CLOSE_NOT_FOUND = 4404  # no such table
CLOSE_TIMEOUT = 4408  # no auth/spectate message in time
CLOSE_POLICY = 1008  # flood
CLOSE_SLOW = 4429  # the client does not read its messages
CLOSE_TRY_LATER = 1013  # too many connects of this seat (or spectators of this address)
CLOSE_GONE = 4410  # the table expired
CLOSE_ORIGIN = 4403  # a page of another origin (refused before the handshake: HTTP 403)

_REF_LIMIT = 64  # a ref is echoed back: a short string or an int


class Closed(Exception):
    """The client went away."""


class Connection:
    def __init__(self, ws: WebSocket, settings: Settings) -> None:
        self.ws = ws
        self.settings = settings
        self.seat: int | None = None
        self.out: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer: asyncio.Task | None = None
        self.closed = False
        self.tokens = float(settings.rate_burst)
        self.refill_at = settings.clock()
        self.refused_in_a_row = 0
        self.table_seen: str | None = None  # the seats (JSON) of the last Table it was sent
        self.worded = 0  # the log events whose sentences it has been sent (table.state_message)

    # --- sending ----------------------------------------------------------------------------
    def start_writer(self) -> None:
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, text: str) -> None:
        if self.closed:
            return
        if self.out.qsize() >= self.settings.send_queue_limit:
            self.close_soon(CLOSE_SLOW, "too many unread messages")
            return
        self.out.put_nowait(text)

    async def _write(self) -> None:
        try:
            while True:
                text = await self.out.get()
                if text is None:
                    return
                await self.ws.send_text(text)
        except Exception:  # the socket is gone; the reader notices too
            self.closed = True

    def close_soon(self, code: int, reason: str) -> None:
        if self.closed:
            return
        self.closed = True
        asyncio.get_running_loop().create_task(self._close(code, reason))

    def fail(self, e: Refused, code: int, **extra: Any) -> None:
        """Send the error, then close with `code`."""
        self.send(dumps({**e.to_json(), **extra}))
        self.close_soon(code, e.code)

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close(code, reason)

    async def finish(self) -> None:
        """Send what is queued, then stop the writer."""
        if self.writer is not None:
            self.out.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.writer, 5)

    # --- receiving --------------------------------------------------------------------------
    async def receive(self) -> str | bytes:
        msg = await self.ws.receive()
        if msg["type"] == "websocket.disconnect":
            raise Closed
        if msg.get("text") is not None:
            return msg["text"]
        return msg.get("bytes") or b""

    def parse(self, raw: str | bytes) -> dict:
        """A message as a dict, or Refused (size, not JSON, not an object, no type)."""
        size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "replace"))
        if size > self.settings.max_message_bytes:
            raise Refused(
                "too_large",
                f"a message is at most {self.settings.max_message_bytes} bytes, not {size}",
            )
        if isinstance(raw, bytes):
            raise Refused("bad_message", "send JSON as text frames, not binary ones")
        try:
            data = strict_json.loads(raw)
        except ValueError as e:
            raise Refused("bad_json", f"the message is not valid JSON: {e}") from None
        if not isinstance(data, dict):
            raise Refused("bad_message", 'a message is a JSON object with a "type"')
        kind = data.get("type")
        if not isinstance(kind, str):
            raise Refused("bad_message", 'a message needs a "type" (a string)')
        return data

    def take_token(self) -> bool:
        """The rate limit (a token bucket): False when this message is one too many."""
        s = self.settings
        now = s.clock()  # a clock that steps back refills nothing
        self.tokens = min(
            float(s.rate_burst), self.tokens + max(0.0, now - self.refill_at) * s.rate_per_second
        )
        self.refill_at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def refuse(self, e: Refused, ref: Any = None) -> None:
        self.refused_in_a_row += 1
        if self.refused_in_a_row > self.settings.flood_close_after:
            self.close_soon(CLOSE_POLICY, "too many refused messages")
            return
        self.send(dumps(e.to_json(ref)))


def _ref_of(data: dict) -> Any:
    ref = data.get("ref")
    if ref is None:
        return None
    if type(ref) is int and abs(ref) < 1 << 53:
        return ref
    if isinstance(ref, str) and len(ref) <= _REF_LIMIT:
        return ref
    raise Refused(
        "bad_message", f"a ref is a whole number or a string of at most {_REF_LIMIT} characters"
    )


async def serve_connection(ws: WebSocket, lobby: Lobby, table_id: str) -> None:
    """The whole life of one WebSocket: who it is, then its messages until it goes."""
    if not lobby.origins.allows(ws.headers.get("origin"), ws.headers.get("host")):
        await ws.close(CLOSE_ORIGIN)  # before accepting: the handshake gets HTTP 403
        return
    await ws.accept()
    conn = Connection(ws, lobby.settings)
    conn.start_writer()
    table: Table | None = None
    try:
        table = await lobby.get(table_id)
        if table is None:
            conn.fail(Refused("not_found", f"there is no table {table_id!r}"), CLOSE_NOT_FOUND)
            return
        if not await _identify(conn, table) or not _admitted(conn, lobby, table):
            return
        table.attach(conn)
        while not conn.closed:
            raw = await conn.receive()
            ref = None
            try:
                allowed = conn.take_token()
                data = conn.parse(raw)
                ref = _ref_of(data)
                if not allowed:
                    raise Refused("rate_limited", "too many messages: slow down and try again")
                await _handle(conn, table, data, ref)
                conn.refused_in_a_row = 0
            except Refused as e:
                conn.refuse(e, ref)
    except (Closed, WebSocketDisconnect):
        pass
    finally:
        if table is not None:
            table.detach(conn)
            lobby.release(table)
        await conn.finish()


async def _identify(conn: Connection, table: Table) -> bool:
    """The first message: auth with a seat token, or spectate."""
    try:
        raw = await asyncio.wait_for(conn.receive(), conn.settings.auth_timeout)
    except TimeoutError:
        conn.fail(Refused("auth_timeout", "send auth or spectate first"), CLOSE_TIMEOUT)
        return False
    try:
        conn.take_token()
        data = conn.parse(raw)
        kind = data["type"]
        if kind == "spectate":
            conn.seat = None
            return True
        if kind != "auth":
            raise Refused(
                "auth_required",
                f"the first message is auth (with the seat's token) or spectate, not {kind!r}",
            )
        seat = table.seat_for_token(data.get("token"))
        if seat is None:
            raise Refused("auth_failed", "that token is no seat's at this table")
        conn.seat = seat
        return True
    except Refused as e:
        conn.fail(e, CLOSE_AUTH)
        return False


def _admitted(conn: Connection, lobby: Lobby, table: Table) -> bool:
    """Whether the table is still there for it, and this seat (or a spectator from this
    address) has not connected too often."""
    if table.status == "expired":
        conn.fail(Refused("expired", lobby.expired_error().message), CLOSE_GONE)
        return False
    if conn.seat is not None:
        key: tuple = (table.id, conn.seat)
    else:
        key = ("spectator", lobby.client_key(conn.ws.client.host if conn.ws.client else ""))
    wait = lobby.connect_limit.take(key)
    if wait:
        seconds = math.ceil(wait)
        who = "spectators from your address connect" if conn.seat is None else "this seat connects"
        e = Refused("too_many_connects", f"{who} too often; connect again in {seconds} s")
        conn.fail(e, CLOSE_TRY_LATER, retry_after=seconds)
        return False
    return True


async def _handle(conn: Connection, table: Table, data: dict, ref: Any) -> None:
    kind = data["type"]
    if kind == "ping":
        conn.send(dumps({"type": "pong", "ref": ref}) if ref is not None else '{"type":"pong"}')
        return
    if kind == "move":
        if conn.seat is None:
            raise Refused("spectator", "a spectator cannot move")
        version = data.get("version")
        if version is not None and type(version) is not int:
            raise Refused("bad_message", "version is the whole number of moves you last saw")
        if "move" not in data:
            raise Refused("bad_message", 'a move message needs "move": [kind] or [kind, argument]')
        try:
            move = move_from_json(data["move"])
        except RecordError as e:
            raise Refused("bad_move", str(e)) from None
        await table.submit(conn.seat, move, "seat", conn, ref, version)
        return
    if kind == "expel":
        if conn.seat is None:
            raise Refused("spectator", "a spectator cannot expel a seat")
        await table.expel(conn.seat, data.get("seat"), conn, ref)
        return
    if kind in ("auth", "spectate"):
        raise Refused("bad_message", "this connection already said who it is")
    raise Refused("unknown_type", f"unknown message type {kind!r} (known: move, expel, ping)")
