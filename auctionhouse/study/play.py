"""The worker's part: play a chunk of a study's games and send back only their aggregate."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..arena.jobs import play_job
from ..arena.runner import series_job
from ..core.aggregate import Aggregate
from ..games import get_game
from .collect import collect_game, facts_of


@dataclass(frozen=True)
class Chunk:
    """Games `start` .. `start + count - 1` of a series: plain data for a process or Ray task.

    `rotate`: the first player moves one seat on each game (else seat 0 always starts);
    `shift`: the line-up moves one seat on every `players` games (so each bot meets each
    turn-order position as often)."""

    game: str
    players: int
    options: dict
    seats: tuple[str, ...]
    seed: int
    start: int
    count: int
    rotate: bool = True
    shift: bool = False
    records_dir: str | None = None
    label: str = ""
    part: int = 0  # which part of the study (variant, skill series) the games belong to
    order: int = 0  # its place among the study's chunks (results are added up in this order)


def play_chunk(chunk: Chunk) -> tuple[int, int, Aggregate]:
    agg = Aggregate()
    facts = facts_of(get_game(chunk.game))
    n = chunk.players
    for g in range(chunk.start, chunk.start + chunk.count):
        seats = chunk.seats
        if chunk.shift:
            k = g // n % n
            seats = seats[-k:] + seats[:-k] if k else seats
        job = series_job(
            chunk.game, n, chunk.options, seats, chunk.seed, g, chunk.records_dir,
            first_player=None if chunk.rotate else 0,
        )  # fmt: skip
        if chunk.label:
            job = replace(job, label=f"{chunk.label}-{chunk.seed}-")
        state = play_job(job)
        collect_game(state, job.first_player, seats, agg, facts)
    return chunk.order, chunk.part, agg


def chunks_of(
    game: str, players: int, options: dict, seats: tuple[str, ...], seed: int, games: int, **extra
) -> list[Chunk]:
    """The series cut into chunks: many, to keep the workers evenly loaded and the progress bar
    moving, each big enough that sending its aggregate back costs little. The cut does not
    depend on the workers, so neither do the sums."""
    size = max(1, min(250, games // 64))
    return [
        Chunk(game, players, options, seats, seed, s, min(size, games - s), **extra)
        for s in range(0, games, size)
    ]
