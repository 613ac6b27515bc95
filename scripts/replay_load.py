"""The replay case of docs/server-defences.md ("Replays"): many clients ask for replays of
finished games at once; how long does the server then take to answer a health check, and how big
is a replay on the wire?

    python scripts/replay_load.py [--tables 20] [--replays N] [--one-address] [--root DIR]

It starts `auctionhouse serve` from the checkout at `--root` (default: this one; another, e.g. a
git worktree of an older commit, is put first on PYTHONPATH) on a fresh SQLite file, with bots
that move at once (`--bot-delay 0`) and with those of `--tables-per-minute`,
`--live-tables-per-address` and `--replays-per-minute` that its `serve --help` lists set to 0 (no
limit: older checkouts lack some). 127.0.0.1 creates `--tables` 5-player Modern Art tables of
`beginner` bots and waits for them all to finish. It then fetches one replay (gzip accepted),
polls `GET /api/health` 20 times with the server idle, and asks for `--replays` replays at once
(one thread each; replay i of table i modulo `--tables`), from 127.0.0.10, 127.0.0.11, ... (or all
from 127.0.0.1 with `--one-address`), while polling `/api/health` every 50 ms until all are
answered.

Reading the output:

- `moves per game`: the fewest and most moves of the finished games;
- `one replay`: its size in MB as sent (gzipped where the server sends `Content-Encoding:
  gzip`), the encoding, and the seconds it took, built cold;
- `health alone` and `health during N replays`: the health check's latency, median, p90 and
  max, over the samples counted;
- `replays answered in S s`: when the last replay request was answered, and how many got each
  status (200: sent; 429 or 503: refused).
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from served import (
    add_root_option,
    free_port,
    print_log_tail,
    server_env,
    start_server,
    stop_server,
    wait_until_up,
)

SEATS = [{"kind": "bot", "bot": "beginner"}] * 5
TABLE = {"game": "modern-art", "players": 5, "seats": SEATS}
# limits that would get in the way of making the tables or of the burst, where the server has them
LIFTED = ("--tables-per-minute", "--live-tables-per-address", "--replays-per-minute")
GZIP = {"Accept-Encoding": "gzip"}


def serve_options(root: Path, folder: str) -> set[str]:
    """The options that `auctionhouse serve --help` of the checkout at `root` lists."""
    command = [sys.executable, "-m", "auctionhouse", "serve", "--help"]
    # run from the checkout: `python -m` puts the working folder before PYTHONPATH
    result = subprocess.run(
        command, cwd=root, env=server_env(root, folder), capture_output=True, text=True, check=True
    )
    return set(re.findall(r"--[a-z0-9][a-z0-9-]*[a-z0-9]", result.stdout))


def lifted_limits(root: Path, folder: str) -> list[str]:
    """Those of LIFTED that the checkout's `serve` knows, each set to 0 (no limit)."""
    known = serve_options(root, folder)
    lifted = [arg for option in LIFTED if option in known for arg in (option, "0")]
    print(f"serve from {root}, with {' '.join(lifted) or 'no limit lifted'}")
    return lifted


def request(
    port: int,
    path: str,
    body: dict | None = None,
    headers: dict[str, str] | None = None,
    source: str = "127.0.0.1",
) -> tuple[int, bytes, http.client.HTTPResponse]:
    """One request on a new connection from `source`: its status, body as sent and response."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600, source_address=(source, 0))
    try:
        if body is None:
            conn.request("GET", path, headers=headers or {})
        else:
            headers = {"Content-Type": "application/json", **(headers or {})}
            conn.request("POST", path, json.dumps(body), headers)
        response = conn.getresponse()
        return response.status, response.read(), response
    finally:
        conn.close()


def finished_tables(port: int, count: int, wait: float) -> list[str]:
    """Creates `count` tables of bots and waits until all have finished; returns their ids."""
    ids = []
    for _ in range(count):
        status, body, _ = request(port, "/api/tables", TABLE)
        if status != 201:
            raise SystemExit(f"creating a table got {status}: {body[:200]!r}")
        ids.append(json.loads(body)["id"])
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        tables = [json.loads(request(port, f"/api/tables/{i}")[1]) for i in ids]
        if all(t["status"] == "finished" for t in tables):
            moves = [t["version"] for t in tables]
            print(f"moves per game: {min(moves)}-{max(moves)} ({count} games)")
            return ids
        time.sleep(1)
    raise SystemExit(f"the tables did not all finish within {wait:.0f} s")


def health_latency(port: int) -> float:
    start = time.perf_counter()
    request(port, "/api/health")
    return time.perf_counter() - start


def quantile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(samples: list[float]) -> str:
    ms = [s * 1000 for s in samples]
    return (
        f"median {statistics.median(ms):.1f} ms, p90 {quantile(ms, 0.9):.1f} ms, "
        f"max {max(ms):.1f} ms over {len(ms)} samples"
    )


def one_replay(port: int, table: str) -> None:
    start = time.perf_counter()
    status, body, response = request(port, f"/api/tables/{table}/replay", headers=GZIP)
    took = time.perf_counter() - start
    encoding = response.getheader("Content-Encoding") or "none"
    print(
        f"one replay: {status}, {len(body) / 1e6:.2f} MB on the wire (encoding {encoding}), "
        f"{took:.2f} s cold"
    )


def burst(port: int, ids: list[str], count: int, one_address: bool) -> None:
    """`count` replays asked at once while the health check is polled."""
    codes: list[int | str] = []  # a status, or the error met
    answered: list[float] = []
    start = time.perf_counter()

    def ask(i: int) -> None:
        source = "127.0.0.1" if one_address else f"127.0.0.{10 + i}"
        status: int | str
        try:
            status = request(port, f"/api/tables/{ids[i % len(ids)]}/replay", None, GZIP, source)[0]
        except (OSError, http.client.HTTPException) as error:
            status = type(error).__name__
        codes.append(status)
        answered.append(time.perf_counter() - start)

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    during = [health_latency(port)]
    while len(answered) < count:
        time.sleep(0.05)
        during.append(health_latency(port))
    for thread in threads:
        thread.join()
    print(f"health during {count} replays: {summary(during)}")
    tally = ", ".join(
        f"{code}: {n}" for code, n in sorted(collections.Counter(codes).items(), key=str)
    )
    print(f"replays answered in {max(answered):.1f} s; codes {tally}")


def parse_args() -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--tables", type=int, default=20, help="finished games to make (default %(default)s)"
    )
    ap.add_argument(
        "--replays", type=int, help="replays to ask for at once (default: as many as --tables)"
    )
    ap.add_argument(
        "--one-address", action="store_true", help="ask for all the replays from 127.0.0.1"
    )
    ap.add_argument(
        "--wait",
        type=float,
        default=600.0,
        help="seconds to wait at most for the games to finish (default %(default)s)",
    )
    add_root_option(ap)
    args = ap.parse_args()
    args.replays = args.tables if args.replays is None else args.replays
    if args.tables < 1 or not 1 <= args.replays <= 245:
        ap.error("--tables must be at least 1 and --replays 1 to 245 (127.0.0.10-254)")
    return args


def main() -> None:
    args = parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="auctionhouse-replays-") as folder:
        root = args.root.resolve()
        options = ["--bot-delay", "0", *lifted_limits(root, folder)]
        server = start_server(root, port, folder, options)
        try:
            wait_until_up(port, server)
            ids = finished_tables(port, args.tables, args.wait)
            one_replay(port, ids[0])
            alone = []
            for _ in range(20):
                alone.append(health_latency(port))
                time.sleep(0.02)
            print(f"health alone: {summary(alone)}")
            burst(port, ids, args.replays, args.one_address)
        finally:
            stop_server(server)
            print_log_tail(folder)


if __name__ == "__main__":
    main()
