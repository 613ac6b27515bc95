"""Bot moves in worker processes, each with a hard wall-clock limit.

A thread cannot be stopped, so a bot that searches too long (whatever its parameters) would hold
a thread and the interpreter's lock for every table. Here each move goes to a worker process;
one that has not answered within `limit` seconds is killed and replaced, and the caller gets
`BotFailed`. Workers are handed out first come, first served, and a table asks for one move at a
time, so a table with costly bots waits its turn behind the others and never starves them: with
W workers and T other tables waiting, a table's move starts within ceil(T / W) moves of the
others, each at most `limit` long (a stopped worker's replacement is handed out once started).
Workers run at a lower CPU priority than the server, so people's moves and messages come first.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import subprocess
import sys
from multiprocessing.connection import Connection
from typing import Any

from ..core import Move

log = logging.getLogger("auctionhouse.server")


STARTUP_LIMIT = 120.0  # seconds a new worker may take to import the games and bots


class BotFailed(Exception):
    """The bot raised, its worker died, or it ran past the limit; the message says which."""


class _Worker:
    """One worker process and our end of its socket."""

    def __init__(self) -> None:
        ours, theirs = socket.socketpair()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "auctionhouse.server.botworker", str(theirs.fileno())],
            pass_fds=[theirs.fileno()],
            stdin=subprocess.DEVNULL,
        )
        theirs.close()
        self.conn = Connection(ours.detach())
        self.ready = False  # it says so once its imports are done

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.proc.kill()
            self.proc.wait(5)
        with contextlib.suppress(Exception):
            self.conn.close()


class BotPool:
    """`workers` processes running bot moves, each move cut at `limit` seconds."""

    def __init__(self, workers: int, limit: float) -> None:
        self.size = max(1, workers)
        self.limit = limit
        self.idle: asyncio.Queue[_Worker] | None = None
        self.workers: list[_Worker] = []
        self.killed = 0  # workers stopped for running past the limit or dying

    def _start(self) -> None:
        """The workers, started on the first move asked for (most test servers never ask)."""
        self.idle = asyncio.Queue()
        for _ in range(self.size):
            w = _Worker()
            self.workers.append(w)
            self.idle.put_nowait(w)

    async def stop(self) -> None:
        for w in self.workers:
            await asyncio.to_thread(w.kill)
        self.workers = []

    async def act(self, game: str, spec: str, seed: int, state, seat: int, legal: list) -> Move:
        """The move bot `spec` (seeded with `seed`) makes for `seat` in `state`; BotFailed when
        it raises, dies or runs past the limit."""
        if self.idle is None:
            self._start()
        assert self.idle is not None
        if not self.workers:
            raise BotFailed("no bot worker is running")
        worker = await self.idle.get()  # first come, first served
        healthy = False
        try:
            if not worker.ready:  # a new worker: its start-up is not the bot's time
                await self._reply(worker, STARTUP_LIMIT)
                worker.ready = True
            worker.conn.send((game, spec, seed, state, seat, legal))
            kind, value = await self._reply(worker, self.limit)
            healthy = True
        except TimeoutError:
            raise BotFailed(f"no move within the limit of {self.limit:g} s") from None
        except (EOFError, OSError, ValueError) as e:
            raise BotFailed(f"the bot's worker died ({type(e).__name__})") from None
        finally:
            if healthy:
                self.idle.put_nowait(worker)
            else:
                await self._replace(worker)
        if kind != "ok":
            raise BotFailed(value)
        return value

    async def _reply(self, worker: _Worker, limit: float) -> tuple[str, Any]:
        loop = asyncio.get_running_loop()
        ready = loop.create_future()
        fd = worker.conn.fileno()
        loop.add_reader(fd, lambda: ready.done() or ready.set_result(None))
        try:
            await asyncio.wait_for(ready, limit)
        finally:
            loop.remove_reader(fd)
        return worker.conn.recv()

    async def _replace(self, worker: _Worker) -> None:
        self.killed += 1
        await asyncio.to_thread(worker.kill)
        if worker in self.workers:
            self.workers.remove(worker)
        try:
            fresh = await asyncio.to_thread(_Worker)
            await self._reply(fresh, STARTUP_LIMIT)  # handed out only once it is ready
            fresh.ready = True
        except Exception:
            log.exception("a bot worker could not be started; %d left", len(self.workers))
            return
        self.workers.append(fresh)
        assert self.idle is not None
        self.idle.put_nowait(fresh)
