"""Where games run: this process, local worker processes, or a Ray cluster.

Every backend returns the outcomes in job order, so a series gives the same results whatever
the backend and the number of workers.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from ..core import AuctionhouseError
from .jobs import Job, Outcome, run_chunk

Progress = Callable[[int], None]  # called with the number of games just finished


def chunked(jobs: Sequence[Job], size: int) -> list[list[Job]]:
    return [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]


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
    if backend == "ray":
        outcomes = _run_ray(jobs, workers, address, progress)
    elif backend != "local":
        raise AuctionhouseError(f"unknown backend {backend!r} (use local or ray)")
    elif workers <= 1:
        outcomes = []
        for chunk in chunked(jobs, 1):
            outcomes.extend(run_chunk(chunk))
            if progress:
                progress(len(chunk))
    else:
        outcomes = _run_processes(jobs, workers, progress)
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


def _run_processes(jobs, workers, progress) -> list[Outcome]:
    out: list[Outcome] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(run_chunk, c) for c in chunked(jobs, chunk_size(len(jobs), workers))]
        for f in as_completed(futures):
            done = f.result()
            out.extend(done)
            if progress:
                progress(len(done))
    return out


def _run_ray(jobs, workers, address, progress) -> list[Outcome]:
    try:
        import ray
    except ImportError:
        raise AuctionhouseError(
            "the ray backend needs Ray: pip install 'auctionhouse[ray]'"
        ) from None
    started = False
    if not ray.is_initialized():
        kwargs = {"address": address} if address else {"num_cpus": max(1, workers)}
        ray.init(include_dashboard=False, log_to_driver=False, **kwargs)
        started = True
    try:
        task = ray.remote(run_chunk)
        pending = [task.remote(c) for c in chunked(jobs, chunk_size(len(jobs), max(1, workers)))]
        out: list[Outcome] = []
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for done in ray.get(ready):
                out.extend(done)
                if progress:
                    progress(len(done))
        return out
    finally:
        if started:
            ray.shutdown()
