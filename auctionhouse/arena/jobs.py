"""One game to play, as plain data that crosses process and cluster boundaries, and its outcome."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..core import AuctionhouseError, State, derive_seed
from ..core.players import Bot, bot_maker
from ..games import get_game
from .runner import play

# (game, spec) -> a function of the seed making that bot: read once per process
_MAKERS: dict[tuple[str, str], Callable[[int | None], Bot]] = {}


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
    game = get_game(job.game)
    bots = [
        _maker(job.game, spec)(derive_seed(job.bot_seed, f"seat/{p}"))
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


def _maker(game: str, spec: str) -> Callable[[int | None], Bot]:
    maker = _MAKERS.get((game, spec))
    if maker is None:
        maker = _MAKERS[game, spec] = bot_maker(spec, get_game(game))
    return maker


def run_job(job: Job) -> Outcome:
    start = time.perf_counter()
    state = play_job(job)
    seconds = time.perf_counter() - start
    res = state.result()
    return Outcome(job.index, tuple(res.scores), tuple(res.shares()), len(state.history), seconds)


def run_chunk(jobs: list[Job]) -> list[Outcome]:
    return [run_job(j) for j in jobs]
