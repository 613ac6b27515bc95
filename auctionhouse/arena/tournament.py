"""Tournaments: seatings balanced over permutations, win shares with 95% intervals, ratings."""

from __future__ import annotations

import csv
import itertools
import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ..core import AuctionhouseError, Game, derive_seed
from ..core.files import ready_folder
from .backends import run_jobs
from .jobs import Job
from .limits import check_games
from .runner import prepare, series_header
from .stats import Ratings, share_ci95


def competitor_names(specs: Sequence[str]) -> list[str]:
    """One name per entry of the bot list; a repeated spec gets #2, #3, ..."""
    seen: dict[str, int] = {}
    names = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        names.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return names


def seatings(competitors: int, players: int, limit: int | None = None) -> list[tuple[int, ...]]:
    """Every ordered choice of `players` competitors, in blocks of `players` rotations: each
    block puts each of its competitors in each seat once. Only the first `limit` if given (40
    competitors in 5 seats have 79 million)."""
    blocks = (
        combo[i:] + combo[:i]
        for combo in itertools.permutations(range(competitors), players)
        if combo[0] == min(combo)  # one representative per rotation class
        for i in range(players)
    )
    return list(itertools.islice(blocks, limit))


def schedule(game: Game, players: int, specs: Sequence[str], games: int, seed: int, options: dict):
    """The tournament's games: seatings cycle through every permutation, one deal per block of
    rotations (so each competitor meets the same cards from every seat)."""
    order = seatings(len(specs), players, games)  # game g sits as order[g % len(order)]
    jobs = []
    for g in range(games):
        seating = order[g % len(order)]
        block = g // players
        deal = derive_seed(seed, f"deal/{block}")
        jobs.append(
            Job(
                g, game.name, players, options, tuple(specs[i] for i in seating), deal,
                derive_seed(seed, f"bots/{g}"), first_player=block % players, label="t",
            )
        )  # fmt: skip
    return jobs, order


def tournament(
    game: Game,
    players: int,
    bot_specs: Sequence[str],
    games: int,
    seed: int = 1,
    options: dict | None = None,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict:
    check_games(games)
    if len(bot_specs) < 2:
        raise AuctionhouseError("a tournament needs at least two bots")
    if len(bot_specs) < players:
        raise AuctionhouseError(
            f"{players} seats need at least {players} bots in the list, not {len(bot_specs)} "
            "(repeat a bot to let it fill several seats)"
        )
    opts, _ = prepare(game, players, list(bot_specs[:1]), options)
    for spec in set(bot_specs):
        prepare(game, players, [spec], opts)
    names = competitor_names(bot_specs)
    jobs, order = schedule(game, players, bot_specs, games, seed, opts)
    start = time.perf_counter()
    outcomes = run_jobs(jobs, workers, backend, address, progress)
    seconds = time.perf_counter() - start
    shares: dict[str, list[float]] = {n: [] for n in names}
    scores: dict[str, list[float]] = {n: [] for n in names}
    ratings = Ratings(names)
    for o in outcomes:
        seated = [names[i] for i in order[o.index % len(order)]]
        for p, name in enumerate(seated):
            shares[name].append(o.shares[p])
            scores[name].append(o.scores[p])
        ratings.update(seated, o.scores)
    rows = []
    for name, spec in zip(names, bot_specs, strict=True):
        mean, lo, hi = share_ci95(shares[name])
        rows.append(
            {
                "bot": name,
                "spec": spec,
                "games": len(shares[name]),
                "wins": sum(shares[name]),
                "win_share": mean,
                "ci95": [lo, hi],
                "mean_score": sum(scores[name]) / len(scores[name]) if scores[name] else 0.0,
                "rating": ratings.summary(name),
            }
        )
    return {
        **series_header(game, players, games, seed, opts, seconds),
        "workers": workers,
        "backend": backend,
        "fair_share": 1 / players,
        "bots": rows,
    }


CSV_COLUMNS = ["bot", "spec", "games", "wins", "win_share", "ci95_low", "ci95_high",
               "mean_score", "mu", "sigma", "ordinal"]  # fmt: skip


def write_results(result: dict, out: Path) -> list[Path]:
    """The result as JSON at `out` (made .json) and as CSV beside it."""
    json_path, csv_path = result_paths(out)
    try:
        json_path.write_text(json.dumps(result, indent=2), encoding="utf-8")
        with csv_path.open("w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(CSV_COLUMNS)
            for r in result["bots"]:
                w.writerow(
                    [r["bot"], r["spec"], r["games"], round(r["wins"], 4), round(r["win_share"], 4),
                     round(r["ci95"][0], 4), round(r["ci95"][1], 4), round(r["mean_score"], 3),
                     r["rating"]["mu"], r["rating"]["sigma"], r["rating"]["ordinal"]]
                )  # fmt: skip
    except OSError as e:
        raise AuctionhouseError(
            f"cannot write the results: {e.strerror or e} ({e.filename})"
        ) from None
    return [json_path, csv_path]


def result_paths(out: Path) -> tuple[Path, Path]:
    """OUT.json and OUT.csv, their folder made ready: checked before a tournament is played."""
    try:
        if out.name in ("", ".", ".."):
            raise ValueError(out)
        paths = out.with_suffix(".json"), out.with_suffix(".csv")
    except ValueError:
        raise AuctionhouseError(
            f"--out names the results' files (OUT.json, OUT.csv), not {out}"
        ) from None
    ready_folder(out.parent, "the folder of --out")
    return paths
