"""The heavy-bot case of docs/server-defences.md ("Bot work shared between addresses"): one
address creates tables full of `strong` bots; how fast do another address's bots move?

    python scripts/heavy_bots.py [--heavy 8] [--game modern-art] [--light beginner]
                                 [--seconds 60] [--set bot_seconds_per_address=0]

It starts the server as `auctionhouse serve` does (its defaults; `--set NAME=VALUE` changes a
Settings field) on a fresh SQLite file and measures the seconds per bot move of a 3-seat Modern
Art table of `--light` bots made from 127.0.0.2: alone, then while 127.0.0.1 runs `--heavy`
5-seat tables of strong bots of `--game` (each create refused is counted, with its reason).
"""

from __future__ import annotations

import argparse
import ast
import socket
import subprocess
import sys
import tempfile
import time

import httpx2

SERVE = """
from auctionhouse.server import Settings, serve
serve("127.0.0.1", {port}, Settings(database_url={url!r}, **{extra!r}), log_level="warning")
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def client(base: str, address: str) -> httpx2.Client:
    """An HTTP client whose requests come from `address` (any 127.x.y.z works on loopback)."""
    return httpx2.Client(base_url=base, transport=httpx2.HTTPTransport(local_address=address))


def bot_table(
    http: httpx2.Client, level: str, players: int, game: str = "modern-art"
) -> httpx2.Response:
    seats = [{"kind": "bot", "bot": level}] * players
    return http.post("/api/tables", json={"game": game, "players": players, "seats": seats})


def pace(http: httpx2.Client, level: str, seconds: float) -> tuple[float, int]:
    """Seconds per move of tables of `level` over `seconds` (a finished table is replaced)."""
    table = bot_table(http, level, 3).json()["id"]
    version = 0
    while version == 0:  # measured from its first move on
        version = http.get(f"/api/tables/{table}").json()["version"]
        time.sleep(0.02)
    start, moves, end = time.monotonic(), 0, time.monotonic() + seconds
    while time.monotonic() < end:
        time.sleep(0.05)
        info = http.get(f"/api/tables/{table}").json()
        moves += info["version"] - version
        version = info["version"]
        if info["status"] == "finished":
            table, version = bot_table(http, level, 3).json()["id"], 0
            while version == 0:
                version = http.get(f"/api/tables/{table}").json()["version"]
                time.sleep(0.02)
    return (time.monotonic() - start) / max(1, moves), moves


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--heavy", type=int, default=8, help="tables of strong bots (5 seats each)")
    ap.add_argument("--game", default="modern-art", help="the strong tables' game")
    ap.add_argument("--light", default="beginner", help="the level of 127.0.0.2's table")
    ap.add_argument("--seconds", type=float, default=60.0, help="each measurement's length")
    ap.add_argument("--warmup", type=float, default=10.0, help="seconds of load before measuring")
    ap.add_argument("--set", action="append", default=[], help="a Settings field, NAME=VALUE")
    args = ap.parse_args()
    extra = {}
    for item in args.set:
        name, value = item.split("=", 1)
        extra[name] = ast.literal_eval(value)
    folder = tempfile.mkdtemp(prefix="auctionhouse-heavy-")
    port = free_port()
    code = SERVE.format(port=port, url=f"sqlite:///{folder}/heavy.sqlite3", extra=extra)
    server = subprocess.Popen([sys.executable, "-c", code])
    base = f"http://127.0.0.1:{port}"
    try:
        light, heavy = client(base, "127.0.0.2"), client(base, "127.0.0.1")
        for _ in range(600):
            try:
                light.get("/api/health")
                break
            except httpx2.TransportError:
                time.sleep(0.1)
        quiet, n = pace(light, args.light, args.seconds)
        print(f"{args.light} table alone: {quiet:.2f} s a move ({n} moves)", flush=True)
        made, refused = [], {}
        for _ in range(args.heavy):
            r = bot_table(heavy, "strong", 5, args.game)
            if r.status_code == 201:
                made.append(r.json()["id"])
            else:
                reason = f"{r.status_code} {r.json().get('detail')}"
                refused[reason] = refused.get(reason, 0) + 1
        print(f"strong tables of 127.0.0.1: {len(made)} made, refused: {refused or 'none'}")
        time.sleep(args.warmup)
        before = sum(heavy.get(f"/api/tables/{t}").json()["version"] for t in made)
        loaded, n = pace(light, args.light, args.seconds)
        after = sum(heavy.get(f"/api/tables/{t}").json()["version"] for t in made)
        print(f"{args.light} table beside them: {loaded:.2f} s a move ({n} moves)")
        if made:
            each = args.seconds * len(made) / max(1, after - before)
            print(f"strong tables meanwhile: {each:.2f} s a move each ({after - before} moves)")
    finally:
        server.terminate()
        server.wait(30)


if __name__ == "__main__":
    main()
