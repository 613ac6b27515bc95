"""Playing whole games with bots: one game, or a series with per-seat statistics."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..core import AuctionhouseError, Game, State, derive_seed
from ..core.files import ready_folder
from ..core.players import Bot, Observation, make_bot
from .limits import check_games

MAX_MOVES = 100_000


class RunawayGame(AuctionhouseError):
    """A game that did not end within MAX_MOVES moves (a bug in a game or a bot)."""


def play(state: State, bots: Sequence[Bot]) -> State:
    """Let `bots` (one per seat) play `state` to its end; returns the same state."""
    # a bot that decides from its legal moves alone (`choose`) is handed them directly, as
    # plain tuples where it reads them so (`plain_kinds`)
    seats: list[tuple[Any, Any, bool]] = [
        (None, b.choose, b.plain_kinds)
        if b.choose is not None
        else (Observation(state, p, []), b.act, False)
        for p, b in enumerate(bots)
    ]
    # the state's methods called on it, not bound once: compiled, that is a direct call
    p = state.next_actor()
    for _ in range(MAX_MOVES):
        if p < 0:
            return state
        obs, act, plain = seats[p]
        if plain:
            after = state.apply(p, act(state.legal_kinds(p)))
        elif obs is None:
            after = state.apply(p, act(state.legal_moves(p)))
        else:
            obs.legal = state.legal_moves(p)
            after = state.apply(p, act(obs))
        # `apply` may return the next actor; None: ask
        p = state.next_actor() if after is None else after
    if state.is_over():
        return state
    raise RunawayGame(f"{state.game.name} did not end within {MAX_MOVES} moves")


def seat_bots(specs: Sequence[str], players: int) -> list[str]:
    """One bot spec per seat: a single spec fills every seat."""
    specs = [s for s in specs if s.strip()]
    if len(specs) == 1:
        return specs * players
    if len(specs) != players:
        raise AuctionhouseError(
            f"give one bot for all seats or one per seat: {len(specs)} bots for {players} players"
        )
    return list(specs)


def prepare(game: Game, players: int, bot_specs: Sequence[str], options: dict | None):
    """Checked options and one bot spec per seat, before any game is played."""
    opts = game.resolve(players, options)
    specs = seat_bots(bot_specs, players)
    for spec in set(specs):
        make_bot(spec, game, 0)
    return opts, specs


def series_header(game: Game, players: int, games: int, seed: int, opts: dict, seconds: float):
    """What every series report starts with."""
    return {
        "game": game.name,
        "players": players,
        "games": games,
        "seed": seed,
        "options": opts,
        "seconds": round(seconds, 4),
        "games_per_second": games / seconds if seconds > 0 else float(games),
    }


def series_job(
    game: str,
    players: int,
    opts: dict,
    specs: Sequence[str],
    seed: int,
    g: int,
    records_dir: Path | None = None,
    first_player: int | None = None,
):
    """Game `g` of the series with `seed`: its deal and bots' seeds, and the first player
    rotating over the seats unless given."""
    from .jobs import Job

    deal = derive_seed(seed, f"game/{g}")
    return Job(
        g, game, players, opts, tuple(specs), deal, derive_seed(deal, "bots"),
        first_player=g % players if first_player is None else first_player,
        records_dir=None if records_dir is None else str(records_dir),
        label=f"{seed}-",
    )  # fmt: skip


def simulate(
    game: Game,
    players: int,
    games: int,
    seed: int,
    bot_specs: Sequence[str],
    options: dict | None = None,
    records_dir: Path | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
) -> dict:
    """Play `games` games with fixed seats; the first player rotates over the seats.

    Returns the summary of the `simulate --json` contract.
    """
    from .backends import run_jobs

    check_games(games)
    opts, specs = prepare(game, players, bot_specs, options)
    if records_dir is not None:
        ready_folder(records_dir, "records folder")
    jobs = [series_job(game.name, players, opts, specs, seed, g, records_dir) for g in range(games)]
    start = time.perf_counter()
    outcomes = run_jobs(jobs, workers, backend, address, progress)
    seconds = time.perf_counter() - start
    wins = [0.0] * players
    score_sums = [0.0] * players
    for o in outcomes:
        for p in range(players):
            wins[p] += o.shares[p]
            score_sums[p] += o.scores[p]
    moves = sum(o.moves for o in outcomes)
    return {
        **series_header(game, players, games, seed, opts, seconds),
        "moves_per_game": moves / games if games else 0.0,
        "seats": [
            {"seat": p, "bot": specs[p], "wins": wins[p], "mean_score": score_sums[p] / games}
            for p in range(players)
        ],
    }
