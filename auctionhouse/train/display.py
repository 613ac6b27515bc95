"""`auctionhouse train` on the terminal: the run made or resumed, a live progress display, and
a summary of what was written."""

from __future__ import annotations

import time
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from ..bots.policy_net import read_policy
from ..core import AuctionhouseError, Game
from ..core.files import ready_folder
from ..core.players import make_bot
from .expert import against_specs
from .ppo import PPOSettings
from .run import TrainConfig, Trainer


def open_run(
    game: Game,
    players: int,
    options: dict,
    out: Path | None,
    resume: Path | None,
    seed: int,
    games_per_update: int,
    teacher: str,
    warm_games: int,
    device: str | None,
    init: Path | None = None,
    workers: int = 1,
    outnumbered: float = 0.15,
    warm_epochs: int = 8,
    ppo: PPOSettings | None = None,
    expert: dict | None = None,
    league: dict | None = None,
) -> Trainer:
    """The trainer of a new run in `out`, or of the run in `resume` (which must be of this game
    and player count; it keeps its own settings). `expert`: TrainConfig's expert settings
    (`expert`, `expert_share`, ...) for a run of expert iteration; `league`: its league
    and reward settings (`self_play`, `same_table`, `league_weights`, `reward`), the defaults
    where not given."""
    if resume is not None:
        t = Trainer.resume(resume, device, workers)
        c = t.config
        if (c.game, c.players) != (game.name, players):
            raise AuctionhouseError(
                f"{resume} is a run of {c.game} at {c.players} players, not {game.name} at "
                f"{players}: give those, or another folder"
            )
        return t
    league = dict(league or {})
    self_play = league.get("self_play", TrainConfig.self_play)
    if self_play + outnumbered > 1:
        raise AuctionhouseError(
            f"--self-play {self_play:g} and --outnumbered {outnumbered:g} are shares of the same "
            "games: together at most 1"
        )
    folder = out if out is not None else Path(f"train-{game.name}-{players}p")
    if (folder / "checkpoint.pt").exists():
        raise AuctionhouseError(
            f"{folder} already holds a run: go on with --resume {folder}, or name another --out"
        )
    ready_folder(folder, "--out folder")
    if init is not None:
        read_policy(init)  # not a policy file: fails now
    elif teacher != "none":
        make_bot(teacher, game)  # a bad spec fails now, not after the set-up
    expert = dict(expert or {})
    if expert.get("expert"):
        make_bot(expert["expert"], game)  # a bad spec fails now
    for spec in against_specs(expert.get("expert_against", "heuristic")):
        make_bot(spec, game)
    config = TrainConfig(
        game=game.name, players=players, options=options, seed=seed,
        games_per_update=games_per_update, teacher=teacher, warm_games=warm_games,
        init=str(init) if init is not None else "", outnumbered=outnumbered,
        warm_epochs=warm_epochs, ppo=ppo or PPOSettings(), **expert, **league,
    )  # fmt: skip
    if config.expert:  # a round takes minutes: each is evaluated and checkpointed
        config.eval_every = config.checkpoint_every = 1
    return Trainer(config, folder, device, workers)


def describe(row: dict) -> str:
    parts = [f"update {row['update']}"]
    if row.get("eval_share") not in ("", None):
        parts.append(
            f"vs 3 heuristic {100 * row['eval_share']:.0f}% "
            f"({100 * row['eval_lo']:.0f}-{100 * row['eval_hi']:.0f})"
        )
    if row.get("entropy") not in ("", None):
        parts.append(f"entropy {row['entropy']:.2f}")
    elif row.get("accuracy") not in ("", None):
        parts.append(f"imitation {100 * row['accuracy']:.0f}% right")
    return " · ".join(parts)


def train_with_display(
    t: Trainer, minutes: float | None, updates: int | None, console: Console
) -> Trainer:
    """Run `t` with a live display; then print what was done and written."""
    game, players = t.game, t.config.players
    first = t.update
    began = time.monotonic()
    by_updates = updates is not None and minutes is None
    total = (updates - first) if by_updates else 60 * minutes
    columns = [
        TextColumn("{task.description}"),
        BarColumn(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
    ]
    note = "warm start: imitating " + t.config.teacher if t.update == 0 and not t.curve else ""
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(note or f"update {first}", total=max(total, 1))
        last = {"text": ""}

        def on_update(row: dict) -> None:
            text = describe(row)
            if row.get("eval_share") not in ("", None):
                last["text"] = text
            done = row["update"] - first if by_updates else time.monotonic() - began
            progress.update(task, completed=done, description=text)
            if not console.is_terminal and row.get("eval_share") not in ("", None):
                console.print(text)

        t.run(updates=updates, minutes=minutes, on_update=on_update)
    table = Table(title=f"{game.title}, {players} players: {t.out}")
    table.add_column("")
    table.add_column("")
    table.add_row("updates", f"{t.update} ({t.update - first} now)")
    table.add_row("games", f"{sum(r['games'] for r in t.curve):,}")
    table.add_row("training time", f"{t.seconds / 60:.1f} minutes")
    if last["text"]:
        table.add_row("last evaluation", last["text"])
    for name in ("policy.npz", "checkpoint.pt", "curve.csv", "curve.png"):
        table.add_row(name, str(t.out / name))
    console.print(table)
    console.print(f"play it: --bots learned:weights={t.out / 'policy.npz'}")
    return t
