"""Where games run: this process, local worker processes, or a Ray cluster.

Every backend returns the outcomes in job order, so a series gives the same results whatever
the backend and the number of workers. What only worker processes or Ray need is imported when
they are used (a series in this process starts faster).
"""

from __future__ import annotations

import itertools
import os
import signal
from collections.abc import Callable, Sequence
from typing import TypeVar

from ..core import AuctionhouseError
from .jobs import Job, Outcome, run_chunk
from .limits import check_workers

Progress = Callable[[int], None]  # called with the number of games just finished
BACKENDS = ("local", "ray")
RAY_CONNECT_TIMEOUT = 60.0  # seconds to wait for the Ray cluster at an address
IN_FLIGHT = 4  # chunks submitted per local worker ahead of the results
T = TypeVar("T")
R = TypeVar("R")


def chunked(items: Sequence[T], size: int) -> list[list[T]]:
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def chunk_size(n_jobs: int, workers: int) -> int:
    # several chunks per worker keep the load even and the progress bar moving
    return max(1, min(64, n_jobs // (workers * 8) or 1))


def run_jobs(
    jobs: Sequence[Job],
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> list[Outcome]:
    check_backend(backend, workers)
    outcomes: list[Outcome] = []

    def done(chunk: list[Outcome]) -> None:
        outcomes.extend(chunk)
        if progress:
            progress(len(chunk))

    size = 1 if backend == "local" and workers == 1 else chunk_size(len(jobs), workers)
    map_chunks(run_chunk, chunked(jobs, size), workers, backend, address, done)
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def map_chunks(
    fn: Callable[[T], R],
    chunks: Sequence[T],
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    done: Callable[[R], None] | None = None,
) -> None:
    """Run `fn(chunk)` for every chunk (in this process, in `workers` local processes, or on
    Ray) and hand each result to `done` as it comes, in any order. `fn` and the chunks must
    pickle (a module-level function, plain data)."""
    check_backend(backend, workers)
    done = done or (lambda _: None)
    if backend == "ray":
        _run_ray(fn, chunks, workers, address, done)
    elif workers == 1:
        for chunk in chunks:
            done(fn(chunk))
    else:
        _run_processes(fn, chunks, workers, done)


def check_backend(backend: str, workers: int) -> None:
    if backend not in BACKENDS:
        raise AuctionhouseError(f"unknown backend {backend!r} (use local or ray)")
    check_workers(workers)


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


def _run_processes(fn, chunks, workers, done) -> None:
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    finished = 0
    todo = iter(chunks)
    # Ctrl+C reaches the workers too: they ignore it, and the chunks not started are dropped
    # (leaving the pool normally would wait for every one of them)
    pool = ProcessPoolExecutor(max(1, min(workers, len(chunks))), initializer=_ignore_sigint)
    try:
        # a few chunks in flight per worker, the next submitted as one finishes: a finished
        # chunk's result is let go once handed on, so memory does not grow with the chunks
        pending = {pool.submit(fn, c) for c in itertools.islice(todo, IN_FLIGHT * workers)}
        while pending:
            ready, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in ready:
                done(f.result())
                finished += 1
                nxt = next(todo, None)
                if nxt is not None:
                    pending.add(pool.submit(fn, nxt))
    except BrokenProcessPool:
        raise AuctionhouseError(
            "a worker process died (killed, or out of memory): try fewer workers"
        ) from None
    finally:
        pool.shutdown(wait=finished == len(chunks), cancel_futures=True)


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_ray(fn, chunks, workers, address, done) -> None:
    try:
        import ray
    except ImportError:
        raise AuctionhouseError(
            "the ray backend needs Ray: pip install 'auctionhouse[ray]'"
        ) from None
    started = False
    if not ray.is_initialized():
        if address:
            _connect_ray(ray, address, RAY_CONNECT_TIMEOUT)
        else:
            ray.init(include_dashboard=False, log_to_driver=False, num_cpus=max(1, workers))
        started = True
    try:
        task = ray.remote(fn)
        pending = [task.remote(c) for c in chunks]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for result in ray.get(ready):
                done(result)
    finally:
        if started:
            ray.shutdown()


def _connect_ray(ray, address: str, timeout: float) -> None:
    """`ray.init(address)`, failing with a sentence when nothing listens there or no cluster
    answers within `timeout` seconds (Ray itself would retry forever)."""
    import logging
    import re
    import socket
    import threading

    if address not in ("auto", "local"):
        m = re.fullmatch(r"(?:ray://)?(\[[^\]]+\]|[^:/\s]+):(\d{1,5})", address)
        if m is None:
            raise AuctionhouseError(
                f"a Ray address is host:port, ray://host:port or auto, not {address!r}"
            )
        host = m.group(1).strip("[]")
        try:
            socket.create_connection((host, int(m.group(2))), timeout=min(5.0, timeout)).close()
        except OSError as e:
            reason = e.strerror or str(e) or type(e).__name__
            raise AuctionhouseError(f"no Ray cluster at {address}: {reason}") from None
    failure: list[BaseException] = []

    def connect() -> None:
        try:
            ray.init(
                address=address,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.ERROR,
            )
        except Exception as e:
            failure.append(e)

    # in a thread, so that waiting can be bounded; one that never connects is left behind
    attempt = threading.Thread(target=connect, daemon=True)
    attempt.start()
    attempt.join(timeout)
    if attempt.is_alive():
        raise AuctionhouseError(f"no Ray cluster answered at {address} within {timeout:g} s")
    if failure:
        reason = (str(failure[0]).strip() or type(failure[0]).__name__).splitlines()[0]
        raise AuctionhouseError(f"cannot connect to the Ray cluster at {address}: {reason}")
