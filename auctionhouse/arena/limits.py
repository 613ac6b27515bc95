"""How big a series or a benchmark may be: a series' games are listed up front, each worker is
a process, and a benchmark should end."""

from __future__ import annotations

from ..core import AuctionhouseError

MAX_GAMES = 1_000_000  # a series' jobs are held in memory; run several seeds for more
MAX_WORKERS = 1024
MAX_BENCH_SECONDS = 3600.0  # of play per game


def check_games(games: int) -> None:
    if type(games) is not int or not 1 <= games <= MAX_GAMES:
        raise AuctionhouseError(f"a series is 1 to {MAX_GAMES:,} games, not {games}")


def check_workers(workers: int) -> None:
    if type(workers) is not int or not 1 <= workers <= MAX_WORKERS:
        raise AuctionhouseError(f"workers are 1 to {MAX_WORKERS}, not {workers}")
