"""Load benchmark of the game server: N tables at once, every seat a client-side random bot over
its own real WebSocket, each move sent after a think time.

    python scripts/load_bench.py --tables 200 [--url http://127.0.0.1:8000] [--think 1.0]

Without --url it starts the server (as `auctionhouse serve` does, with the per-address limits on
creating and joining tables lifted: every client here shares one address) on a fresh SQLite file
(or --database-url) and stops it at the end. A table that finishes is replaced by a new one, so N
tables play throughout. It reports moves per second and the latency from sending a move to
receiving the state message that carries it (p50, p90, p99, max), measured over --seconds after
--warmup.

In the same run it first measures a bare baseline (scripts/load_baseline.py: a FastAPI WebSocket
server with the same traffic, games of the same lengths, and no engine, database or bots) with
the same clients, and prints the server's latencies as multiples of the baseline's
(`--no-baseline` skips it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from auctionhouse.games import get_game
from auctionhouse.server.client import Api, SeatSocket, play_randomly

GAMES = ["modern-art", "ratzia", "qe", "art-dice"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


SERVE = """
from auctionhouse.server import Settings, serve
settings = Settings(database_url={url!r}, sqlite_synchronous={sync!r}, tables_per_minute=0,
                    joins_per_minute=0, seat_connects_per_minute=0, open_tables_per_address=0,
                    live_tables_per_address=0)
serve("127.0.0.1", {port}, settings, log_level="warning")
"""


def start_server(database_url: str | None, sync: str) -> tuple[subprocess.Popen, str, str]:
    """`auctionhouse serve` with the per-address limits lifted (one address plays every seat)."""
    folder = tempfile.mkdtemp(prefix="auctionhouse-bench-")
    url = database_url or f"sqlite:///{folder}/bench.sqlite3"
    port = free_port()
    code = SERVE.format(url=url, sync=sync, port=port)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL)
    return proc, f"http://127.0.0.1:{port}", folder


def game_lengths(players: int, games: int = 30) -> dict[str, int]:
    """Mean moves of a random game of each game at this player count (the baseline's lengths)."""
    from auctionhouse.arena.runner import play
    from auctionhouse.bots import make_bot

    out = {}
    for name in GAMES:
        g = get_game(name)
        n = min(max(players, g.min_players), g.max_players)
        moves = 0
        for i in range(games):
            bots = [make_bot("random", g, i * 10 + p) for p in range(n)]
            state = play(g.new_state(n, g.resolve(n, {}), seed=i), bots)
            moves += len(state.history)
        out[name] = round(moves / games)
    return out


def start_baseline(players: int) -> tuple[subprocess.Popen, str]:
    port = free_port()
    script = Path(__file__).with_name("load_baseline.py")
    lengths = json.dumps(game_lengths(players))
    proc = subprocess.Popen(
        [sys.executable, str(script), "--port", str(port), "--lengths", lengths],
        stdout=subprocess.DEVNULL,
    )
    return proc, f"http://127.0.0.1:{port}"


async def wait_ready(api: Api, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while True:
        try:
            r = await api.http.get("/api/health")
            if r.status_code == 200:
                return
        except Exception:
            pass
        if time.monotonic() > end:
            raise SystemExit("the server did not answer /api/health")
        await asyncio.sleep(0.2)


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Stamped(list):
    """Latencies with the moment each arrived: (perf_counter, seconds)."""

    def append(self, latency: float) -> None:
        super().append((time.perf_counter(), latency))


class Bench:
    def __init__(self, args: argparse.Namespace, api: Api, server_pid: int | None) -> None:
        self.args = args
        self.server_pid = server_pid
        self.cpu: dict[str, float] = {}
        self.api = api
        self.samples: list[tuple[float, float]] = []  # (when received, latency seconds)
        self.refused = 0
        self.games_done = 0
        self.stop = asyncio.Event()
        self.go = asyncio.Event()  # every first table is seated and connected
        self.ready = 0
        self.lags: list[float] = []

    async def table_slot(self, slot: int) -> None:
        """Keep one table playing: a new table each time one finishes."""
        rng = random.Random(slot)
        games = GAMES if self.args.game == "all" else [self.args.game]
        n = 0
        while not self.stop.is_set():
            game = games[(slot + n) % len(games)]
            n += 1
            g = get_game(game)
            players = min(max(self.args.players, g.min_players), g.max_players)
            t = await self.api.create_table(game, players)
            tokens = [(await self.api.join(t["id"], f"b{i}"))["token"] for i in range(players)]
            socks = [
                await SeatSocket(
                    self.api.ws_url(t["id"]), k, self.args.compression, keep=False
                ).connect()
                for k in tokens
            ]
            if n == 1:
                self.ready += 1
                if self.ready == self.args.tables:
                    self.go.set()
                await self.go.wait()
            latencies = Stamped()
            tasks = [
                asyncio.ensure_future(
                    play_randomly(s, random.Random(rng.random()), self.args.think, latencies)
                )
                for s in socks
            ]
            stopper = asyncio.ensure_future(self.stop.wait())
            pending = {stopper, *tasks}
            while stopper in pending and len(pending) > 1:
                _, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
                if any(t.done() and not t.cancelled() and t.exception() for t in tasks):
                    break
            finished = all(t.done() for t in tasks)
            for task in (*tasks, stopper):
                task.cancel()
            for task in tasks:
                if task.done() and not task.cancelled() and task.exception() is None:
                    self.refused += task.result()["refused"]
                elif task.done() and not task.cancelled():
                    print(f"slot {slot}: {task.exception()!r}", file=sys.stderr)
            self.samples.extend(latencies)
            if finished:
                self.games_done += 1
            for s in socks:
                await s.close()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def run(self) -> dict:
        args = self.args
        t0 = time.perf_counter()
        slots = [asyncio.ensure_future(self.table_slot(i)) for i in range(args.tables)]
        await self.go.wait()
        self.setup_seconds = time.perf_counter() - t0
        await asyncio.sleep(args.warmup)
        start = time.perf_counter()
        watcher = asyncio.ensure_future(self._watch_loop())
        cpu0 = self._cpu()
        await asyncio.sleep(args.seconds)
        end = time.perf_counter()
        cpu1 = self._cpu()
        self.cpu = {k: round(100 * (cpu1[k] - cpu0[k]) / (end - start), 1) for k in cpu0}
        self.stop.set()
        await asyncio.gather(*slots, watcher, return_exceptions=True)
        lat = sorted(x for when, x in self.samples if start <= when <= end)
        return self._report(lat, end - start)

    async def _watch_loop(self) -> None:
        """How late this process's event loop wakes up (a busy client inflates latencies)."""
        while not self.stop.is_set():
            t = time.perf_counter()
            await asyncio.sleep(0.01)
            self.lags.append(time.perf_counter() - t - 0.01)

    def _cpu(self) -> dict[str, float]:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        out = {"client_cpu_percent": usage.ru_utime + usage.ru_stime}
        if self.server_pid is not None:
            out["server_cpu_percent"] = cpu_seconds(self.server_pid)
        return out

    def _report(self, lat: list[float], elapsed: float) -> dict:
        def pct(q: float) -> float:
            return 1000 * lat[min(len(lat) - 1, int(q * len(lat)))] if lat else float("nan")

        return {
            "tables": self.args.tables,
            "game": self.args.game,
            "players": self.args.players,
            "think_seconds": self.args.think,
            "compression": self.args.compression,
            "sqlite_synchronous": None if self.args.url else self.args.sqlite_synchronous,
            "load_average_1min": os.getloadavg()[0],
            "setup_seconds": round(self.setup_seconds, 1),
            "seconds": round(elapsed, 1),
            "moves": len(lat),
            "moves_per_second": round(len(lat) / elapsed, 1),
            "games_finished": self.games_done,
            "refused_moves": self.refused,
            **self.cpu,
            "client_loop_lag_ms_p99": round(
                1000 * sorted(self.lags)[int(0.99 * len(self.lags))] if self.lags else 0, 1
            ),
            "latency_ms": {
                "p50": round(pct(0.50), 2),
                "p90": round(pct(0.90), 2),
                "p99": round(pct(0.99), 2),
                "max": round(1000 * lat[-1], 2) if lat else None,
                "mean": round(1000 * statistics.fmean(lat), 2) if lat else None,
            },
        }


async def measure(args: argparse.Namespace, url: str, proc: subprocess.Popen | None) -> dict:
    api = Api(url, timeout=60)
    try:
        await wait_ready(api)
        return await Bench(args, api, proc.pid if proc else None).run()
    finally:
        await api.close()


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    proc.wait(30)


async def main(args: argparse.Namespace) -> dict:
    out: dict = {}
    if args.baseline:
        proc, url = start_baseline(args.players)
        try:
            out["baseline"] = await measure(args, url, proc)
        finally:
            stop(proc)
    if args.url:
        report = await measure(args, args.url, None)
        report["server"] = args.url
    else:
        proc, url, folder = start_server(args.database_url, args.sqlite_synchronous)
        try:
            report = await measure(args, url, proc)
        finally:
            stop(proc)
            shutil.rmtree(folder, ignore_errors=True)
        report["server"] = "started by the script"
    out["server"] = report
    if args.baseline:
        base, ours = out["baseline"]["latency_ms"], report["latency_ms"]
        out["ratio"] = {
            q: round(ours[q] / base[q], 1) if base[q] else None for q in ("p50", "p90", "p99")
        }
    return out


def parse() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--tables", type=int, default=200, help="tables playing at once")
    p.add_argument("--url", help="a running server (default: start one)")
    p.add_argument("--database-url", help="database of the server the script starts")
    p.add_argument(
        "--sqlite-synchronous", default="FULL", help="FULL or NORMAL, for the server it starts"
    )
    p.add_argument("--game", default="all", help="a game name, or all (tables cycle the games)")
    p.add_argument("--players", type=int, default=4, help="seats per table (capped per game)")
    p.add_argument("--think", type=float, default=1.0, help="mean seconds before each move")
    p.add_argument("--seconds", type=float, default=30.0, help="length of the measurement")
    p.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring")
    p.add_argument(
        "--no-compression", dest="compression", action="store_false",
        help="clients do not ask for permessage-deflate (browsers do)",
    )  # fmt: skip
    p.add_argument(
        "--no-baseline", dest="baseline", action="store_false",
        help="skip the bare baseline server (scripts/load_baseline.py)",
    )  # fmt: skip
    p.add_argument("--json", action="store_true", help="print the report as JSON only")
    return p.parse_args()


if __name__ == "__main__":
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # one socket per seat
    args = parse()
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    report = asyncio.run(main(args))
    if args.json:
        print(json.dumps(report))
    else:
        for part, values in report.items():
            print(f"{part}:")
            for key, value in values.items():
                print(f"{key:>24}: {value}")
