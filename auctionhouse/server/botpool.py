"""Bot moves in worker processes, each with a hard wall-clock limit, shared fairly.

A thread cannot be stopped, so a bot that searches too long (whatever its parameters) would hold
a thread and the interpreter's lock for every table. Here each move goes to a worker process;
one that has not answered within `limit` seconds is killed and replaced, and the caller gets
`BotFailed`. Workers run at a lower CPU priority than the server, so people's moves and messages
come first.

A move that finds no idle worker waits in a FairQueue (fairqueue.py): a freed worker goes to the
creators (client address keys) in turn, and within a creator to its tables in turn, and a table
asks for one move at a time; so a creator with eight tables of searching bots gets one move in
for each move of a creator with one table, and a table's move waits for at most one move of each
other creator waiting (and those in progress). `quick_workers` more processes run only the
moves of levels that move at once (think time 0: random, heuristic, network; milliseconds), so
those never wait behind a search. Workers are started as moves need them, up to their numbers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from ..core import Move
from .fairqueue import FairQueue

log = logging.getLogger("auctionhouse.server")


STARTUP_LIMIT = 120.0  # seconds a new worker may take to import the games and bots


class BotFailed(Exception):
    """The bot raised, its worker died, or it ran past the limit; the message says which."""


@dataclass(eq=False)
class Ticket:
    """Whose bot move it is (the pool serves creators in turn, then a creator's tables in turn)
    and, filled in by the pool, when and in what order it began."""

    creator: str = ""  # the creator's address key
    table: str = ""
    quick: bool = False  # its level moves at once (think 0): a quick worker may run it
    # the pool's clock when a worker took the move up, if it had to wait for one (behind other
    # moves, or for a worker's start-up); None: a worker took it at once
    started: float | None = None
    # counts, not times: how many moves the pool had started when this one asked, and this
    # one's number among them (the moves started while it waited lie between)
    asked_after: int = 0
    number: int = 0


class _Worker:
    """One worker process and our end of its socket; `quick_only`: it runs quick moves only."""

    def __init__(self, quick_only: bool = False) -> None:
        self.quick_only = quick_only
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
    """`workers` processes running any bot move and `quick_workers` more running quick ones only,
    each move cut at `limit` seconds; `clock` stamps when a move began (Ticket.started)."""

    def __init__(
        self,
        workers: int,
        limit: float,
        quick_workers: int = 0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.size = max(1, workers)
        self.quick_size = max(0, quick_workers)
        self.limit = limit
        self.clock = clock
        self.workers: list[_Worker] = []  # started (or being replaced), idle or busy
        self.idle: list[_Worker] = []
        self.waiting: FairQueue[_Wait] = FairQueue()
        self.started = 0  # moves handed a worker so far
        self.killed = 0  # workers stopped for running past the limit or dying
        self.closed = False
        self._replacing: set[asyncio.Task] = set()  # workers being started in a killed one's place

    async def stop(self) -> None:
        self.closed = True
        for task in list(self._replacing):
            task.cancel()
        await asyncio.gather(*self._replacing, return_exceptions=True)
        for w in self.workers:
            await asyncio.to_thread(w.kill)
        self.workers, self.idle = [], []
        self._fail(lambda _: True, "the server is stopping")

    async def act(
        self,
        game: str,
        spec: str,
        seed: int,
        state,
        seat: int,
        legal: list,
        ticket: Ticket | None = None,
    ) -> Move:
        """The move bot `spec` (seeded with `seed`) makes for `seat` in `state`, in its turn
        (`ticket`: whose move; its start is written there); BotFailed when it raises, dies or
        runs past the limit."""
        ticket = ticket or Ticket()
        worker, waited = await self._worker_for(ticket)
        healthy = False
        try:
            if not worker.ready:  # a new worker: its start-up is not the bot's time
                await self._reply(worker, STARTUP_LIMIT)
                worker.ready = waited = True
            if waited:
                ticket.started = self.clock()
            worker.conn.send((game, spec, seed, state, seat, legal))
            kind, value = await self._reply(worker, self.limit)
            healthy = True
        except TimeoutError:
            raise BotFailed(f"no move within the limit of {self.limit:g} s") from None
        except (EOFError, OSError, ValueError) as e:
            raise BotFailed(f"the bot's worker died ({type(e).__name__})") from None
        finally:
            if healthy:
                self._release(worker)
            else:
                self._retire(worker)
        if kind != "ok":
            raise BotFailed(value)
        return value

    # --- handing workers out ------------------------------------------------------------------
    async def _worker_for(self, ticket: Ticket) -> tuple[_Worker, bool]:
        """An idle worker that may run the move, a new one, or (waited: True) one freed in the
        move's turn."""
        if self.closed:
            raise BotFailed("the server is stopping")
        ticket.asked_after = self.started
        worker = self._idle_for(ticket) or self._grow(ticket)
        if worker is not None:
            self._hand(ticket)
            return worker, False
        wait = _Wait(ticket, asyncio.get_running_loop().create_future())
        self.waiting.put(ticket.creator, ticket.table, wait)
        try:
            return await wait.turn, True
        except asyncio.CancelledError:
            self.waiting.discard(ticket.creator, ticket.table, wait)
            if wait.turn.done() and not wait.turn.cancelled() and not wait.turn.exception():
                self._release(wait.turn.result())  # handed over as the table stopped
            raise

    def _idle_for(self, ticket: Ticket) -> _Worker | None:
        fits = [w for w in self.idle if _serves(w, ticket)]
        if not fits:
            return None
        worker = max(fits, key=lambda w: w.quick_only)  # a quick move takes a quick worker first
        self.idle.remove(worker)
        return worker

    def _grow(self, ticket: Ticket) -> _Worker | None:
        """A new worker for this move, if one more may be started."""
        quick = sum(w.quick_only for w in self.workers)
        if ticket.quick and quick < self.quick_size:
            worker = _Worker(quick_only=True)
        elif len(self.workers) - quick < self.size:
            worker = _Worker()
        else:
            return None
        self.workers.append(worker)
        return worker

    def _hand(self, ticket: Ticket) -> None:
        self.started += 1
        ticket.number = self.started

    def _release(self, worker: _Worker) -> None:
        """A worker is free: to the next move in turn it may run, else idle."""
        if self.closed:
            return
        # (a wait whose table stopped is skipped: it is forgotten as its task ends)
        wait = self.waiting.take(lambda w: not w.turn.done() and _serves(worker, w.ticket))
        if wait is None:
            self.idle.append(worker)
            return
        self._hand(wait.ticket)
        wait.turn.set_result(worker)

    def _fail(self, which: Callable[[_Wait], bool], reason: str) -> None:
        """Fail the waiting moves `which` picks."""
        while (wait := self.waiting.take(lambda w: not w.turn.done() and which(w))) is not None:
            wait.turn.set_exception(BotFailed(reason))

    # --- talking to workers, replacing them ---------------------------------------------------
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

    def _retire(self, worker: _Worker) -> None:
        """A worker that failed, or was left mid-move: killed and replaced in the background (the
        move that failed does not wait for that)."""
        self.killed += 1
        if self.closed:  # (`stop` kills every worker)
            return
        task = asyncio.get_running_loop().create_task(self._replace(worker))
        self._replacing.add(task)
        task.add_done_callback(self._replacing.discard)

    async def _replace(self, worker: _Worker) -> None:
        """Kill a worker and start another in its place (handed out once it is ready)."""
        await asyncio.to_thread(worker.kill)
        fresh = None
        try:
            fresh = await asyncio.to_thread(_Worker, worker.quick_only)
            await self._reply(fresh, STARTUP_LIMIT)
            fresh.ready = True
        except Exception:
            log.exception("a bot worker could not be started")
            if fresh is not None:
                await asyncio.to_thread(fresh.kill)
            fresh = None
        except asyncio.CancelledError:  # the pool is stopping
            if fresh is not None:
                fresh.kill()
            raise
        if worker not in self.workers:
            if fresh is not None:
                await asyncio.to_thread(fresh.kill)
            return
        if fresh is not None:
            self.workers[self.workers.index(worker)] = fresh
            self._release(fresh)
            return
        self.workers.remove(worker)
        # the moves no worker left may run fail now (a later move starts a worker again)
        left = self.workers
        self._fail(
            lambda w: not any(_serves(x, w.ticket) for x in left), "no bot worker is running"
        )


@dataclass(eq=False)
class _Wait:
    """A move waiting for a worker: the future gets the worker in its turn."""

    ticket: Ticket
    turn: asyncio.Future


def _serves(worker: _Worker, ticket: Ticket) -> bool:
    return ticket.quick or not worker.quick_only
