"""Strength of the learned bot: the line-ups of docs/bots.md ("Strength"), each a series of
games with the first player rotating over the seats, one seat's share of the victory with its
95% interval.

    python scripts/strength.py GAME [--games 400] [--players 4] [--workers 2] [--seed 1]
        [--learned learned] [--search SPEC] [--only heuristic,...] [--first N]

Line-ups (the seat measured first): `learned` against three `heuristic` (`heuristic`), a
`heuristic` seat against three `learned` (`heuristic-seat`), the same two with `ismcts`
(`ismcts`, `ismcts-seat`), and the search with the network against three `learned` (`search`;
--search, by default the server's `expert` level).
--learned names the learned bot's spec (e.g. `learned:weights=run/policy.npz`).
--first plays games N.. of the series instead of 0.. (a slice of a long series, on another core
or another day: slices of one seed add up to the whole series). Each line names the weights the
seat and its rivals played (`weights`: the first 12 hex digits of the file's SHA-256), so slices
played with different weights (a stale compiled copy, a new shipped file) cannot be added up
unnoticed. With --timing, it prints instead the learned bot's time per decision (median, 90th
percentile) over --games games against heuristics, on this one process.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time

from auctionhouse.arena.backends import run_jobs
from auctionhouse.arena.runner import prepare, series_job
from auctionhouse.arena.stats import wilson_ci95
from auctionhouse.bots.learned import LearnedBot
from auctionhouse.core.players import Observation, make_bot
from auctionhouse.games import get_game
from auctionhouse.server.levels import LEARNED_SEARCH


def lineups(learned: str, search: str, players: int) -> dict[str, list[str]]:
    others = players - 1
    return {
        "heuristic": [learned] + ["heuristic"] * others,
        "heuristic-seat": ["heuristic"] + [learned] * others,
        "ismcts": [learned] + ["ismcts"] * others,
        "ismcts-seat": ["ismcts"] + [learned] * others,
        "search": [search] + [learned] * others,
    }


def timing(game, spec: str, players: int, games: int, seed: int) -> dict:
    """The learned bot's seconds per decision in seat 0 against heuristics."""
    bot = make_bot(spec, game, seed=seed)
    others = [make_bot("heuristic", game, seed=seed + p) for p in range(players)]
    took = []
    for g in range(games):
        state = game.new_state(players, seed=seed * 1000 + g)
        while not state.is_over():
            p = state.next_actor()
            obs = Observation(state, p, state.legal_moves(p))
            if p == 0:
                start = time.perf_counter()
                move = bot.act(obs)
                took.append(time.perf_counter() - start)
            else:
                move = others[p].act(obs)
            state.apply(p, move)
    took.sort()
    return {
        "game": game.name,
        "bot": spec,
        "decisions": len(took),
        "median_ms": round(1000 * statistics.median(took), 3),
        "p90_ms": round(1000 * took[int(0.9 * len(took))], 3),
    }


def weights_digest(spec: str, game, players: int) -> str | None:
    """The first 12 hex digits of the SHA-256 of the policy file `spec` plays (its own
    `weights` or the shipped one), None when it plays no network."""
    bot = make_bot(spec, game, seed=0)
    learned = bot if isinstance(bot, LearnedBot) else getattr(bot, "learned", None)
    if learned is None:
        return None
    path = learned.settings["weights"] or game.weights_path(players)
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:12]


def first_seat_wins(
    game, players: int, specs: list[str], seed: int, games: range, workers: int, progress
) -> float:
    """The first seat's wins in the games numbered `games` of the series with `seed`: the
    deals, the bots' seeds and the rotation of `simulate`'s games of those numbers."""
    opts, specs = prepare(game, players, specs, None)
    jobs = [series_job(game.name, players, opts, specs, seed, g) for g in games]
    return sum(o.shares[0] for o in run_jobs(jobs, workers, progress=progress))


def progress_line(name: str, total: int, start: float):
    """A progress callback printing the games played so far on stderr."""
    done = 0

    def progress(games: int) -> None:
        nonlocal done
        done += games
        print(f"{name}: {done}/{total} games, {time.time() - start:.0f} s", file=sys.stderr)

    return progress


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--learned", default="learned")
    ap.add_argument("--search", default=LEARNED_SEARCH)
    ap.add_argument("--only", help="comma list of line-ups to play (default: all)")
    ap.add_argument("--first", type=int, default=0, help="the series' first game to play")
    ap.add_argument("--timing", action="store_true", help="time the learned bot's decisions")
    args = ap.parse_args()
    if args.first < 0:
        ap.error("--first: a game number, 0 or more")
    game = get_game(args.game)
    if args.timing:
        print(json.dumps(timing(game, args.learned, args.players, args.games, args.seed)))
        return
    chosen = lineups(args.learned, args.search, args.players)
    if args.only:
        chosen = {k: v for k, v in chosen.items() if k in args.only.split(",")}
    for name, specs in chosen.items():
        # read before the games, so a file replaced during a long series is not named instead
        weights = [weights_digest(s, game, args.players) for s in specs[:2]]
        start = time.time()
        numbers = range(args.first, args.first + args.games)
        progress = progress_line(name, args.games, start)
        wins = first_seat_wins(
            game, args.players, specs, args.seed, numbers, args.workers, progress
        )
        n = args.games
        share, lo, hi = wilson_ci95(wins, n)
        print(
            json.dumps(
                {
                    "game": game.name,
                    "lineup": name,
                    "seat": specs[0],
                    "against": specs[1],
                    "weights": weights,
                    "games": n,
                    "first": args.first,
                    "wins": wins,
                    "share": round(share, 4),
                    "ci95": [round(lo, 4), round(hi, 4)],
                    "seconds": round(time.time() - start),
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
