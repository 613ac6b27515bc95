"""A small asyncio client of the server: the HTTP calls, one WebSocket per seat, and a seat that
plays random legal moves from its own messages. The load benchmark (scripts/load_bench.py) and
the server's tests use it; it needs nothing but `httpx` and `websockets`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from typing import Any

import orjson

from ..bots.random_bot import RandomBot
from ..core import MoveKind, amount, choice, move_to_json

AMOUNT_SPAN = 20  # random amounts run from a kind's minimum to at most this much above it


def kind_from_json(data: dict) -> MoveKind:
    """A legal-move kind as the server sends it, back into a `MoveKind`."""
    kind = data["kind"]
    if "parts" in data:
        lo, hi = data["total"]
        return MoveKind(kind, lo, hi, parts=tuple(tuple(p) for p in data["parts"]))
    if "choices" in data:
        return choice(kind, tuple(data["choices"]))
    if "min" in data:
        return amount(kind, data["min"], data["max"], AMOUNT_SPAN)
    return MoveKind(kind)


def random_move(legal: list[dict], rng: random.Random) -> list:
    """A random move among the legal kinds of a state message, as JSON."""
    bot = RandomBot()
    bot.rng = rng
    return move_to_json(bot.choose([kind_from_json(k) for k in legal]))


class Api:
    """The HTTP API."""

    def __init__(self, base_url: str, **kwargs: Any) -> None:
        import httpx2

        self.base = base_url.rstrip("/")
        self.http = httpx2.AsyncClient(base_url=self.base, **kwargs)

    async def close(self) -> None:
        await self.http.aclose()

    async def _json(self, method: str, path: str, **kwargs: Any) -> Any:
        r = await self.http.request(method, path, **kwargs)
        if r.status_code >= 400:
            raise RuntimeError(f"{method} {path}: {r.status_code} {r.text}")
        return r.json()

    async def create_table(self, game: str, players: int, **fields: Any) -> dict:
        return await self._json(
            "POST", "/api/tables", json={"game": game, "players": players, **fields}
        )

    async def join(self, table_id: str, name: str, seat: int | None = None) -> dict:
        return await self._json(
            "POST", f"/api/tables/{table_id}/join", json={"name": name, "seat": seat}
        )

    async def table(self, table_id: str) -> dict:
        return await self._json("GET", f"/api/tables/{table_id}")

    async def record(self, table_id: str) -> dict:
        return await self._json("GET", f"/api/tables/{table_id}/record")

    def ws_url(self, table_id: str) -> str:
        return self.base.replace("http", "ws", 1) + f"/ws/tables/{table_id}"


class SeatSocket:
    """One WebSocket to a table, as a seat (with its token) or a spectator (token None).

    A reader task keeps the newest state in `state`, the errors answering a `ref` in `errors`,
    and every message in `messages` when `keep` is true; `changed` is set at each message.
    """

    def __init__(
        self, url: str, token: str | None = None, compression: bool = True, keep: bool = True
    ) -> None:
        self.url = url
        self.token = token
        self.compression = "deflate" if compression else None  # browsers ask for deflate
        self.keep = keep
        self.ws = None
        self.messages: list[dict] = []
        self.errors: dict[Any, dict] = {}
        self.state: dict | None = None
        self.changed = asyncio.Event()
        self.received_at: dict[Any, float] = {}  # ref -> when the state carrying it arrived
        self.reader: asyncio.Task | None = None

    async def connect(self) -> SeatSocket:
        import websockets

        self.ws = await websockets.connect(
            self.url, max_size=None, open_timeout=30, compression=self.compression
        )
        hello = {"type": "auth", "token": self.token} if self.token else {"type": "spectate"}
        await self.ws.send(json.dumps(hello))
        self.reader = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for text in self.ws:
                msg = orjson.loads(text)
                if self.keep:
                    self.messages.append(msg)
                kind = msg.get("type")
                if kind == "state":
                    self.state = msg
                    if "ref" in msg:
                        self.received_at[msg["ref"]] = time.perf_counter()
                elif kind == "error" and "ref" in msg:
                    self.errors[msg["ref"]] = msg
                self.changed.set()
        self.changed.set()

    @property
    def open(self) -> bool:
        return self.reader is not None and not self.reader.done()

    async def send(self, data: dict | str) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            await self.ws.send(data if isinstance(data, str) else json.dumps(data))
        except ConnectionClosed as e:
            raise ConnectionError(f"the connection closed: {e}") from None

    async def move(self, move: list, version: int | None = None, ref: Any = None) -> None:
        msg: dict[str, Any] = {"type": "move", "move": move}
        if version is not None:
            msg["version"] = version
        if ref is not None:
            msg["ref"] = ref
        await self.send(msg)

    async def wait(self, predicate, timeout: float = 30.0) -> dict | None:
        """Wait until `predicate(self)` holds (or the socket closes); returns the newest state."""
        deadline = time.monotonic() + timeout
        while not predicate(self):
            if not self.open:
                raise ConnectionError("the connection closed")
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message in time")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)
        return self.state

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self.reader is not None:
            with contextlib.suppress(Exception):
                await self.reader


async def play_randomly(
    sock: SeatSocket,
    rng: random.Random,
    think: float = 0.0,
    latencies: list[float] | None = None,
    timeout: float = 600.0,
) -> dict:
    """Play a seat to the game's end with random legal moves, each after about `think` seconds
    (uniform in 0.5-1.5 times it). Each move's latency (send to the state carrying its ref) goes
    into `latencies`. Returns counts of moves sent and refused."""
    sent = refused = 0
    acted = -1
    end = time.monotonic() + timeout
    while True:
        state = await sock.wait(
            lambda s, acted=acted: (
                s.state is not None
                and (
                    s.state["status"] == "finished"
                    or (s.state["legal"] and s.state["version"] > acted)
                )
            ),
            max(0.1, end - time.monotonic()),
        )
        if state["status"] == "finished":
            return {"sent": sent, "refused": refused}
        if think:
            await asyncio.sleep(think * (0.5 + rng.random()))
            if sock.state["version"] != state["version"]:
                continue  # the table moved on while we thought: look again
        ref = f"{id(sock)}-{sent}"
        start = time.perf_counter()
        await sock.move(random_move(state["legal"], rng), state["version"], ref)
        sent += 1
        await sock.wait(lambda s, ref=ref: ref in s.received_at or ref in s.errors, timeout)
        if ref in sock.received_at:
            acted = state["version"]
            if latencies is not None:
                latencies.append(sock.received_at.pop(ref) - start)
        else:  # refused (stale, or an illegal random amount): look at the newest state again
            refused += 1
            if sock.errors.pop(ref)["code"] == "rate_limited":
                await asyncio.sleep(0.5)
