"""Speed and memory of the balance lab: random-bot studies of one game, as `auctionhouse study`
plays them (facts collected in the workers, only aggregates sent back), without the report.

    python scripts/bench_study.py --game modern-art --players 4 --games 100000 --workers 2 \\
        [--backend ray] [--also 10000]

Prints, for each number of games (--also adds a smaller run, to show that memory does not grow
with the games), the seconds, games per second, the peak memory of this process and of the
largest worker, and the load average before and after (a busy machine is slower).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time

from auctionhouse.games import get_game
from auctionhouse.study.run import Study, run_study
from auctionhouse.study.variants import make_variant


def measure(game: str, players: int, games: int, workers: int, backend: str) -> dict:
    g = get_game(game)
    study = Study(g, [make_variant(g, "A", players, ["random"], {})], games, seed=1)
    load = os.getloadavg()[0]
    start = time.perf_counter()
    res = run_study(study, workers, backend)
    seconds = time.perf_counter() - start
    return {
        "game": game,
        "players": players,
        "games": res.variants[0].games,
        "workers": workers,
        "backend": backend,
        "seconds": round(seconds, 2),
        "games_per_second": round(games / seconds, 1),
        "peak_rss_main_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
        "peak_rss_worker_mib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024,
        "load_before": round(load, 2),
        "load_after": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="modern-art")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--backend", default="local", choices=("local", "ray"))
    ap.add_argument("--also", type=int, default=0, help="First a run of this many games.")
    args = ap.parse_args()
    for games in [n for n in (args.also, args.games) if n]:
        print(json.dumps(measure(args.game, args.players, games, args.workers, args.backend)))


if __name__ == "__main__":
    main()
