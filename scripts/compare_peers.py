"""Side-by-side speed: our `simulate` against the public Python engines of Modern Art and Ra,
and optionally against another source tree of this project (an older commit), in one run.

Every measurement is a child process (ours: `python -m auctionhouse simulate ... --json`; a
peer: its timing script), run one after another and interleaved, the order alternating from one
repetition to the next, so that both sides see the same load. Each ratio is taken within a
repetition (neighbouring runs); the report gives medians and ranges. By default each side's
own timer reads the CPU time of its process instead of the wall clock (`time.perf_counter` is
replaced by `time.process_time` before the script runs; `--clock wall` keeps it): on a loaded
machine the wall clock counts the time other programs had the core, which swamps the ratios.

usage: compare_peers.py --peers DIR --tools DIR [--baseline SRC] [--reps 5] [--json]
  DIR (--peers): holds modern_art_master/ (thedefisentinel/modern_art_master) and ra/
      (albertszeng/ra), each the repository's files
  DIR (--tools): holds peer-modern-art-bench.py and peer-ra-bench.py
  SRC (--baseline): a source tree of this project (e.g. a `git worktree` of an older commit):
      simulate games/s for every game and ISMCTS iterations/s, old beside new
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

GAMES = ("modern-art", "ratzia", "qe", "art-dice")
# ISMCTS iterations per second from positions met in random games (as `auctionhouse bench`)
ISMCTS_SNIPPET = (
    "import json,sys; from auctionhouse.games import get_game; "
    "from auctionhouse.arena.bench import bench_ismcts; "
    "print(json.dumps({'iterations_per_second': "
    "bench_ismcts(get_game(sys.argv[1]), 4, float(sys.argv[2]))}))"
)
# Runs a script (or `-m module`) with its timer reading CPU time: both sides time themselves
# with time.perf_counter, looked up at each call.
CPU_CLOCK = (
    "import runpy, sys, time; time.perf_counter = time.process_time; sys.argv = sys.argv[1:]; "
    "m = sys.argv[0] == '-m'; sys.argv = sys.argv[m:]; "
    "runpy.run_module(sys.argv[0], run_name='__main__', alter_sys=True) if m "
    "else runpy.run_path(sys.argv[0], run_name='__main__')"
)
CLOCK = "cpu"


def run_json(cmd: list[str], src: Path | None = None, shim: bool = True) -> dict:
    """Run `cmd` (a Python script or `-m module`) and parse the last line of its output as
    JSON; `src`: import this project from that source tree; `shim`: with the CPU clock."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    if CLOCK == "cpu" and shim:
        cmd = [cmd[0], "-c", CPU_CLOCK, *cmd[1:]]
    # run from a neutral folder: a child's first import path is its working directory, which
    # would put a checkout found there before PYTHONPATH and the installed package
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=tempfile.gettempdir())
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def ours(game: str, games: int, seed: int, src: Path | None = None) -> dict:
    cmd = [sys.executable, "-m", "auctionhouse", "simulate", game, "-p", "4"]
    return run_json([*cmd, "-n", str(games), "--seed", str(seed), "--json"], src)


def spread(values: list[float]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


class Pair:
    """Repeated measurements of two sides, and their ratios within each repetition."""

    def __init__(self, name: str, new: str, old: str) -> None:
        self.name, self.new, self.old = name, new, old
        self.rows: list[tuple[dict, dict]] = []

    def add(self, new: dict, old: dict) -> None:
        self.rows.append((new, old))

    def summary(self) -> dict:
        out: dict = {"compare": self.name, "sides": [self.new, self.old]}
        for side, i in ((self.new, 0), (self.old, 1)):
            out[side] = {k: spread([r[i][k] for r in self.rows]) for k in self.rows[0][i]}
        for key in self.rows[0][0]:
            if key in self.rows[0][1] and key != "moves_per_game":
                out[f"ratio_{key}"] = spread([r[0][key] / r[1][key] for r in self.rows])
        if "moves_per_game" in self.rows[0][0]:
            out["ratio_per_move"] = spread(
                [
                    r[0]["games_per_second"]
                    * r[0]["moves_per_game"]
                    / (r[1]["games_per_second"] * r[1]["moves_per_game"])
                    for r in self.rows
                ]
            )
        return out


def speed(row: dict) -> dict:
    return {"games_per_second": row["games_per_second"], "moves_per_game": row["moves_per_game"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--peers", type=Path, help="folder with modern_art_master/ and ra/")
    ap.add_argument("--tools", type=Path, help="folder with the two peer timing scripts")
    ap.add_argument("--baseline", type=Path, help="another source tree of this project")
    ap.add_argument("--reps", type=int, default=5, help="repetitions (default 5)")
    ap.add_argument("--games", type=int, default=400, help="games per Modern Art run")
    ap.add_argument("--ra-games", type=int, default=400, help="games per run of the other games")
    ap.add_argument("--ismcts-seconds", type=float, default=2.0, help="per game and side")
    ap.add_argument("--peer-python", default=sys.executable, help="Python for the peers")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="what timers read")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    global CLOCK
    CLOCK = args.clock
    cpu = CLOCK == "cpu"
    if args.peers is None and args.baseline is None:
        ap.error("give --peers and --tools, or --baseline, or both")
    if (args.peers is None) != (args.tools is None):
        ap.error("--peers and --tools go together")

    pairs: dict[str, Pair] = {}

    def pair(name: str, new: str, old: str) -> Pair:
        return pairs.setdefault(name, Pair(name, new, old))

    for name in ("peers", "tools", "baseline"):
        if getattr(args, name) is not None:
            setattr(args, name, getattr(args, name).resolve())
    if args.peers is not None:
        peer_ma = [args.peer_python, str(args.tools / "peer-modern-art-bench.py")]
        peer_ma += [str(args.peers / "modern_art_master"), str(args.games)]
        peer_ra = [args.peer_python, str(args.tools / "peer-ra-bench.py")]
        peer_ra += [str(args.peers / "ra"), "4", str(args.ra_games)]
    for rep in range(args.reps):
        seed = rep + 1
        jobs = []
        if args.peers is not None:
            jobs.append(
                (
                    pair("modern-art vs modern_art_master", "auctionhouse", "peer"),
                    lambda s=seed: speed(ours("modern-art", args.games, s)),
                    lambda: run_json(peer_ma),
                )
            )
            jobs.append(
                (
                    pair("ratzia vs ra", "auctionhouse", "peer"),
                    lambda s=seed: speed(ours("ratzia", args.ra_games, s)),
                    lambda: run_json(peer_ra),
                )
            )
        if args.baseline is not None:
            for game in GAMES:
                n = args.games if game == "modern-art" else args.ra_games
                jobs.append(
                    (
                        pair(f"{game} simulate vs baseline", "new", "baseline"),
                        lambda g=game, n=n, s=seed: speed(ours(g, n, s)),
                        lambda g=game, n=n, s=seed: speed(ours(g, n, s, args.baseline)),
                    )
                )
            for game in GAMES:
                # the search's own clock (its time budget) reads CPU time too
                code = "import time; time.perf_counter = time.process_time; " if cpu else ""
                cmd = [sys.executable, "-c", code + ISMCTS_SNIPPET, game, str(args.ismcts_seconds)]
                jobs.append(
                    (
                        pair(f"{game} ismcts vs baseline", "new", "baseline"),
                        lambda c=cmd: run_json(c, shim=False),
                        lambda c=cmd: run_json(c, args.baseline, shim=False),
                    )
                )
        for p, new, old in jobs:
            if rep % 2 == 0:
                a = new()
                b = old()
            else:
                b = old()
                a = new()
            p.add(a, b)
            if not args.json:
                print(f"rep {rep + 1} {p.name}: {a} | {b}", file=sys.stderr)

    report = {
        "python": platform.python_version(),
        "clock": args.clock,
        "load": os.getloadavg(),
        "reps": args.reps,
        "comparisons": [p.summary() for p in pairs.values()],
    }
    if args.json:
        print(json.dumps(report))
        return
    load = ", ".join(f"{x:.1f}" for x in report["load"])
    print(f"Python {report['python']}, {args.clock} clock, load {load}")
    for c in report["comparisons"]:
        print(f"\n{c['compare']} ({args.reps} repetitions; median [min-max])")
        for side in c["sides"]:
            print(f"  {side:>12}: " + ", ".join(f"{k} {fmt(v)}" for k, v in c[side].items()))
        for k, v in c.items():
            if k.startswith("ratio_"):
                print(f"  {k[6:]:>12} ratio: {fmt(v)}")


def fmt(s: dict) -> str:
    return f"{s['median']:.4g} [{s['min']:.4g}-{s['max']:.4g}]"


if __name__ == "__main__":
    main()
