"""One game to play, as plain data that crosses process and cluster boundaries, and its outcome."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from ..bots import make_bot
from ..core import AuctionhouseError, State, derive_seed
from .runner import play


@dataclass(frozen=True)
class Job:
    """Game `index` of a series: who sits where, the deal's seed, who starts."""

    index: int
    game: str
    players: int
    options: dict
    seats: tuple[str, ...]  # a bot spec per seat
    deal_seed: int
    bot_seed: int
    first_player: int | None = None
    records_dir: str | None = None
    label: str = ""


@dataclass(frozen=True)
class Outcome:
    index: int
    scores: tuple
    shares: tuple[float, ...]
    moves: int
    seconds: float


def play_job(job: Job) -> State:
    """Play the job's game to its end (writing its record where the job says); the state."""
    from ..games import get_game

    game = get_game(job.game)
    bots = [
        make_bot(spec, game, derive_seed(job.bot_seed, f"seat/{p}"))
        for p, spec in enumerate(job.seats)
    ]
    state = game.new_state(
        job.players, job.options, seed=job.deal_seed, first_player=job.first_player
    )
    play(state, bots)
    if job.records_dir is not None:
        rec = state.record()
        rec["bots"] = list(job.seats)
        path = Path(job.records_dir) / f"{job.game}-{job.label}{job.index:05d}.json"
        try:
            path.write_text(json.dumps(rec, separators=(",", ":")), encoding="utf-8")
        except OSError as e:
            raise AuctionhouseError(f"cannot write record {path}: {e.strerror or e}") from None
    return state


def run_job(job: Job) -> Outcome:
    start = time.perf_counter()
    state = play_job(job)
    seconds = time.perf_counter() - start
    res = state.result()
    return Outcome(job.index, tuple(res.scores), tuple(res.shares()), len(state.history), seconds)


def run_chunk(jobs: list[Job]) -> list[Outcome]:
    return [run_job(j) for j in jobs]
