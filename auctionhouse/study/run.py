"""Running a study: the games of each variant and of the skill-versus-luck series, all in one
pass over the arena's backends, folded into one aggregate per part."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..arena.backends import map_chunks
from ..arena.limits import check_games
from ..core import AuctionhouseError, Game, OptionError, derive_seed
from ..core.aggregate import Aggregate
from ..core.files import ready_folder
from .play import Chunk, chunks_of, play_chunk
from .variants import Variant

MAX_SKILL_GAMES = 100_000


@dataclass(frozen=True)
class SkillSeries:
    """One strong bot against weak ones at one player count."""

    players: int
    strong: str
    weak: str
    options: dict


@dataclass
class Study:
    game: Game
    variants: list[Variant]  # the first, and the --vs one if any
    games: int
    seed: int = 1
    rotate: bool = True
    skill: list[SkillSeries] = field(default_factory=list)
    skill_games: int = 0
    records_dir: Path | None = None

    def __post_init__(self) -> None:
        check_games(self.games)
        if self.skill and not 1 <= self.skill_games <= MAX_SKILL_GAMES:
            raise AuctionhouseError(
                f"the skill series are 1 to {MAX_SKILL_GAMES:,} games each, not {self.skill_games}"
            )
        if self.records_dir is not None:
            ready_folder(self.records_dir, "records folder")

    @property
    def total_games(self) -> int:
        return self.games * len(self.variants) + self.skill_games * len(self.skill)

    def chunks(self) -> list[Chunk]:
        out = []
        records = None if self.records_dir is None else str(self.records_dir)
        for part, v in enumerate(self.variants):
            out += chunks_of(
                self.game.name, v.players, v.options, v.bots, self.seed, self.games,
                rotate=self.rotate, records_dir=records, label=v.label, part=part,
            )  # fmt: skip
        for i, s in enumerate(self.skill):
            seats = (s.strong,) + (s.weak,) * (s.players - 1)
            out += chunks_of(
                self.game.name, s.players, s.options, seats,
                derive_seed(self.seed, f"skill/{s.players}"), self.skill_games,
                shift=True, part=len(self.variants) + i,
            )  # fmt: skip
        return [replace(c, order=i) for i, c in enumerate(out)]


@dataclass
class Results:
    study: Study
    variants: list[Aggregate]
    skill: list[Aggregate]
    seconds: float
    workers: int
    backend: str


def skill_series(
    game: Game, strong: str, weak: str, raw_options: dict, counts: Sequence[int] | None = None
) -> list[SkillSeries]:
    """The series at each player count (all the game allows unless given) where the options
    apply; a player count the options do not allow is left out."""
    from ..arena.runner import prepare
    from ..bots import make_bot

    for spec in (strong, weak):
        make_bot(spec, game, 0)  # an unknown bot is refused, whatever the player count
    out = []
    for n in counts or range(game.min_players, game.max_players + 1):
        try:
            opts, _ = prepare(game, n, [strong], raw_options)
            prepare(game, n, [weak], opts)
        except OptionError:
            if counts:
                raise
            continue
        out.append(SkillSeries(n, strong, weak, opts))
    return out


def run_study(
    study: Study,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Results:
    parts = [Aggregate() for _ in range(len(study.variants) + len(study.skill))]
    early: dict[int, tuple[int, Aggregate]] = {}  # chunks done before those ahead of them
    ahead = 0

    def done(result: tuple[int, int, Aggregate]) -> None:
        # added up in chunk order, so that the sums (floating point) do not depend on which
        # worker finished first
        nonlocal ahead
        order, part, agg = result
        if progress:
            progress(agg.games)
        early[order] = (part, agg)
        while ahead in early:
            part, agg = early.pop(ahead)
            parts[part].merge(agg)
            ahead += 1

    start = time.perf_counter()
    map_chunks(play_chunk, study.chunks(), workers, backend, address, done)
    seconds = time.perf_counter() - start
    k = len(study.variants)
    return Results(study, parts[:k], parts[k:], seconds, workers, backend)
