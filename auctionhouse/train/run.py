"""A training run: the loop of rollouts and updates, with checkpoints, a learning curve and
the policy file it produces, in one directory.

`DIR/config.json` says what is trained and how; `DIR/checkpoint.pt` holds everything a resumed
run needs (weights, optimizer, past versions, random generators, the curve so far) and is
written atomically every `checkpoint_every` updates; `DIR/policy.npz` is the latest policy as
the `learned` bot reads it; `DIR/curve.csv` and `DIR/curve.png` the learning curve. A run's
updates depend only on the seed and the settings: the same seed and number of updates give the
same weights on the same machine, resumed or not, with one worker process or many (each update
plays fresh games, cut into chunks of a fixed size; torch runs on a fixed number of threads).
"""

from __future__ import annotations

import csv
import json
import os
import random
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

import torch

from ..arena.stats import share_ci95
from ..bots.policy_net import PolicyNet, read_policy, to_npz
from ..core import AuctionhouseError
from ..envs import encoding_for
from ..games import get_game
from .expert import against_specs, gather, label_round
from .imitate import imitate, teacher_examples
from .league import DEFAULT_WEIGHTS, League
from .net import PolicyValueNet
from .ppo import PPOSettings, ppo_update
from .rollout import Rollout
from .work import Setting, Workers, chunks, evaluation_games

CURVE_FIELDS = [
    "update", "games", "decisions", "seconds", "policy_loss", "value_loss", "entropy", "kl",
    "steps", "accuracy", "expert_differs",
    "share_self", "share_past", "share_heuristic", "share_ismcts", "share_random",
    "eval_share", "eval_lo", "eval_hi", "eval_random",
]  # fmt: skip


@dataclass
class TrainConfig:
    game: str
    players: int
    options: dict = field(default_factory=dict)
    seed: int = 0
    hidden: tuple[int, ...] = (256, 256)
    games_per_update: int = 32
    ppo: PPOSettings = field(default_factory=PPOSettings)
    self_play: float = 0.4
    same_table: float = 0.5  # of the other line-ups: one kind of bot in every other seat
    outnumbered: float = 0.15  # every seat the learner's but one, drawn from the league
    league_weights: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))
    reward: str = "mixed"  # PPO's final reward (`playouts.rewards`): mixed, or win (shares only)
    teacher: str = "heuristic"  # the bot imitated before self-play ("none": no warm start)
    init: str = ""  # a policy file to start from instead (e.g. the shipped weights)
    warm_games: int = 1000
    warm_epochs: int = 8
    past_every: int = 10  # updates between past versions joining the league
    eval_every: int = 10
    eval_games: int = 60  # the learner in one seat (rotated) against `heuristic`
    checkpoint_every: int = 10
    threads: int = 1
    amount_head: bool = True  # amount segments' logits by a bell (policy_net); False: one by one
    split_head: bool = True  # split segments' logits by per-part tables (policy_net); False: not
    # expert iteration (train/expert.py): with a bot spec, each update is a round of it, not PPO
    expert: str = ""
    expert_share: float = 0.5  # of the learner's decisions with a choice: those the expert labels
    expert_epochs: int = 3  # passes over the kept labels each round
    expert_against: str = "heuristic"  # the other seats of the round's games (comma: in turn)
    expert_most: int = 200_000  # labels kept (the newest)
    expert_minibatch: int = 512

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> TrainConfig:
        data = dict(data)
        data["ppo"] = PPOSettings(**data.get("ppo", {}))
        data["hidden"] = tuple(data.get("hidden", (256, 256)))
        data.setdefault("amount_head", False)  # runs from before the amount head had none
        data.setdefault("split_head", False)  # nor the split head
        data.setdefault("outnumbered", 0.0)  # nor tables of one bot against the learner
        return cls(**data)


class Trainer:
    """One run in `out`: made fresh from a config, or resumed from the directory; its games
    are played by `workers` processes (1: this one)."""

    def __init__(
        self, config: TrainConfig, out: Path, device: str | None = None, workers: int = 1
    ) -> None:
        self.config = c = config
        self.out = Path(out)
        self.game = get_game(c.game)
        self.enc = encoding_for(self.game, c.players, c.options)
        torch.set_num_threads(c.threads)
        self.device = torch.device(device or ("cuda" if torch.cuda.is_available() else "cpu"))
        torch.manual_seed(c.seed)
        amounts = self.enc.amount_segments() if c.amount_head else ()
        splits = self.enc.split_segments() if c.split_head else ()
        self.net = PolicyValueNet(self.enc.size, self.enc.num_actions, c.hidden, amounts, splits)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=c.ppo.lr)
        self.league = League(
            c.self_play, c.same_table, dict(c.league_weights), outnumbered=c.outnumbered
        )
        self.rollout = Rollout(self.game, c.players, self.enc.options, self.league, reward=c.reward)
        self.workers = Workers(workers)
        self.rng = random.Random(c.seed)
        self.gen = torch.Generator().manual_seed(c.seed)
        self.update = 0
        self.seconds = 0.0
        self.curve: list[dict] = []
        self.labels: dict | None = None  # expert iteration's kept labels
        if c.init:
            self.net.load_arrays(read_policy(c.init), self.meta())

    # --- files ---------------------------------------------------------------------------
    @classmethod
    def resume(cls, out: Path, device: str | None = None, workers: int = 1) -> Trainer:
        out = Path(out)
        try:
            config = TrainConfig.from_json(json.loads((out / "config.json").read_text()))
            # read onto the CPU: a run checkpointed on a GPU resumes on a machine without one
            saved = torch.load(out / "checkpoint.pt", weights_only=False, map_location="cpu")
        except (OSError, ValueError, TypeError, KeyError) as e:
            raise AuctionhouseError(f"{out}: no training run to resume ({e})") from None
        t = cls(config, out, device, workers)
        t.net.load_state_dict(saved["net"])
        t.opt.load_state_dict(saved["opt"])
        for group in t.opt.param_groups:  # the saved state holds the rate; config.json decides
            group["lr"] = config.ppo.lr
        t.league.past = [PolicyNet(a, t.meta()) for a in saved["past"]]
        t.rng.setstate(saved["rng"])
        t.gen.set_state(saved["gen"])
        t.update, t.seconds, t.curve = saved["update"], saved["seconds"], saved["curve"]
        t.labels = saved.get("labels")
        return t

    def checkpoint(self) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / "config.json").write_text(json.dumps(self.config.to_json(), indent=2))
        saved = {
            "net": self.net.state_dict(),
            "opt": self.opt.state_dict(),
            "past": [p.arrays() for p in self.league.past],
            "rng": self.rng.getstate(),
            "gen": self.gen.get_state(),
            "update": self.update,
            "seconds": self.seconds,
            "curve": self.curve,
            "labels": self.labels,
        }
        tmp = self.out / "checkpoint.pt.tmp"
        torch.save(saved, tmp)
        os.replace(tmp, self.out / "checkpoint.pt")
        self.write_policy(self.out / "policy.npz")
        self.write_curve()

    def meta(self) -> dict:
        c = self.config
        return {
            "game": c.game,
            "players": c.players,
            "options": self.enc.options,
            "obs_size": self.enc.size,
            "num_actions": self.enc.num_actions,
            "hidden": list(c.hidden),
            "amounts": [list(a) for a in self.net.amounts],
            "splits": [list(s) for s in self.net.splits],
            "updates": self.update,
            "games": sum(r["games"] for r in self.curve),
            "seconds": round(self.seconds),
            "seed": c.seed,
            "method": (
                f"expert iteration with {c.expert} (auctionhouse.train)"
                if c.expert
                else "PPO self-play with a league (auctionhouse.train)"
            ),
        }

    def write_policy(self, path: Path) -> None:
        """The policy file, replaced whole (a reader never sees half of one)."""
        tmp = path.with_name(path.name + ".tmp.npz")
        to_npz(tmp, self.net.arrays(), self.meta())
        os.replace(tmp, path)

    def write_curve(self) -> None:
        with open(self.out / "curve.csv", "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=CURVE_FIELDS)
            w.writeheader()
            w.writerows(self.curve)
        c = self.config
        plot_curve(self.curve, self.out / "curve.png", f"{c.game}, {c.players} players", c.players)

    # --- the loop ------------------------------------------------------------------------
    def run(
        self,
        updates: int | None = None,
        minutes: float | None = None,
        on_update: Callable[[dict], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """Train until `updates` in all (None: no limit) or `minutes` of this call have gone;
        the run stops after the update during which the time ran out."""
        try:
            self._run(updates, minutes, on_update, clock)
        finally:
            self.workers.close()

    def optimizer_to(self, device: torch.device) -> None:
        """The optimizer's moments where the weights are (a resumed run reads them onto the
        CPU); Adam keeps its step count on the CPU."""
        for state in self.opt.state.values():
            for k, v in state.items():
                if k != "step" and isinstance(v, torch.Tensor) and v.device != device:
                    state[k] = v.to(device)

    @contextmanager
    def fitting(self):
        """The network and the optimizer's moments on the device for a fit, the network back
        on the CPU after it (the workers read its arrays)."""
        self.net.to(self.device)
        self.optimizer_to(self.device)
        self.net.train()
        try:
            yield
        finally:
            self.net.to("cpu")

    def setting(self, with_net: bool = True) -> Setting:
        """The game the workers play, with the learner's network as it is now."""
        c = self.config
        options = json.dumps(self.enc.options, sort_keys=True)
        if not with_net:
            return Setting(c.game, c.players, options)
        return Setting(c.game, c.players, options, self.net.arrays(), self.meta())

    def _run(self, updates, minutes, on_update, clock) -> None:
        c = self.config
        start = clock()
        if self.update == 0 and not self.curve:
            if c.init:
                self.league.add_past(PolicyNet(self.net.arrays(), self.meta()))
            elif c.teacher != "none":
                self.warm_start(on_update, clock)
        while updates is None or self.update < updates:
            if minutes is not None and clock() - start >= 60 * minutes:
                break
            began = clock()
            row = self.expert_round() if c.expert else self.ppo_round()
            self.update += 1
            row["update"] = self.update
            if self.update % c.past_every == 0:
                self.league.add_past(PolicyNet(self.net.arrays(), self.meta()))
            if self.update % c.eval_every == 0 and c.eval_games:
                row.update(self.evaluations())
            self.seconds += clock() - began
            row["seconds"] = round(self.seconds, 1)
            self.curve.append(row)
            if on_update is not None:
                on_update(row)
            if self.update % c.checkpoint_every == 0:
                self.checkpoint()
        self.checkpoint()

    def ppo_round(self) -> dict:
        """Play an update's games with the league and take PPO's steps; the curve's row."""
        c = self.config
        setting = self.setting()
        batch = self.rollout.play(
            setting.arrays, setting.meta, c.games_per_update, self.rng, self.workers
        )
        with self.fitting():
            stats = ppo_update(self.net, self.opt, batch, c.ppo, self.gen, self.device)
        row = {"games": batch.games, "decisions": len(batch)}
        row.update({k: round(v, 5) for k, v in stats.items()}, accuracy="")
        row.update(share_columns(batch.shares))
        return row

    def expert_round(self) -> dict:
        """A round of expert iteration (see `expert`): the expert labels the learner's games,
        and the network fits every label kept; the curve's row."""
        c = self.config
        new, shares = label_round(
            self.setting(), c.expert, against_specs(c.expert_against), c.expert_share,
            c.games_per_update, self.rng, self.workers,
        )  # fmt: skip
        self.labels = gather(self.labels, new, c.expert_most)
        data = tuple(torch.from_numpy(self.labels[k]) for k in ("obs", "mask", "expert", "reward"))
        with self.fitting():
            stats = imitate(
                self.net, self.opt, data, c.expert_epochs, c.expert_minibatch, self.gen, self.device
            )
        row = {"games": len(shares), "decisions": len(new["expert"])}
        row.update(imitation_columns(stats))
        differs = float((new["expert"] != new["learner"]).mean()) if len(new["expert"]) else 0.0
        row["expert_differs"] = round(differs, 4)
        by_spec: dict[str, list[float]] = {}
        for spec, x in shares:
            by_spec.setdefault(spec, []).append(x)
        row.update(share_columns(by_spec))
        return row

    def warm_start(self, on_update, clock) -> None:
        """Update 0: imitate the teacher (see `imitate`), then evaluate."""
        c = self.config
        began = clock()
        data = teacher_examples(
            self.setting(with_net=False), c.teacher, c.warm_games, self.rng, self.workers
        )
        with self.fitting():
            stats = imitate(
                self.net, self.opt, data, c.warm_epochs, c.ppo.minibatch, self.gen, self.device
            )
        row = {"update": 0, "games": c.warm_games, "decisions": len(data[2])}
        row.update(imitation_columns(stats))
        if c.eval_games:
            row.update(self.evaluations())
        self.seconds += clock() - began
        row["seconds"] = round(self.seconds, 1)
        self.curve.append(row)
        self.league.add_past(PolicyNet(self.net.arrays(), self.meta()))
        if on_update is not None:
            on_update(row)
        self.checkpoint()

    def evaluations(self) -> dict:
        """The curve's evaluation columns: against three heuristics (with the interval), and
        against three random bots (a third as many games: a policy can be blind to them)."""
        share, lo, hi = self.evaluate(self.config.eval_games)
        weak, _, _ = self.evaluate(max(1, self.config.eval_games // 3), "random")
        return {
            "eval_share": round(share, 4),
            "eval_lo": round(lo, 4),
            "eval_hi": round(hi, 4),
            "eval_random": round(weak, 4),
        }

    def evaluate(self, games: int, opponent: str = "heuristic") -> tuple[float, float, float]:
        """The greedy policy's share of the victory in one seat (rotated) against three
        `opponent`, with its 95% interval; its own generator, so training draws the same."""
        c = self.config
        rng = random.Random(f"eval {c.seed} {self.update}")
        games = [
            (
                rng.getrandbits(63),
                g % c.players,
                tuple(rng.getrandbits(63) for _ in range(c.players)),
            )
            for g in range(games)
        ]
        tasks = [(self.setting(), opponent, part) for part in chunks(games)]
        shares = [x for got in self.workers.map(evaluation_games, tasks) for x in got]
        return share_ci95(shares)


def share_columns(shares: dict[str, list[float]]) -> dict:
    """The curve's columns of the learner's mean share against each opponent kind it met
    (`shares`: kind -> shares; a spec that is not a kind has no column)."""
    columns = {}
    for kind in ("self", "past", "heuristic", "ismcts", "random"):
        got = shares.get(kind)
        columns[f"share_{kind}"] = round(sum(got) / len(got), 4) if got else ""
    return columns


def imitation_columns(stats: dict[str, float]) -> dict:
    """The curve's columns of an imitation (the warm start, a round of expert iteration)."""
    return {
        "policy_loss": round(stats["imitation_loss"], 5),
        "value_loss": round(stats["value_loss"], 5),
        "accuracy": round(stats["accuracy"], 4),
    }


def plot_curve(curve: list[dict], path: Path, title: str, players: int) -> None:
    """The evaluation share against the heuristic, with its interval, and the rollout shares
    against each opponent kind, by update (headless)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    evals = [r for r in curve if r.get("eval_share") not in ("", None)]
    if evals:
        x = [r["update"] for r in evals]
        ax.plot(
            x, [r["eval_share"] for r in evals], "o-", color="black", label="vs 3 heuristic (eval)"
        )
        ax.fill_between(
            x, [r["eval_lo"] for r in evals], [r["eval_hi"] for r in evals], color="grey", alpha=0.3
        )
    for kind in ("past", "heuristic", "random"):
        pts = [
            (r["update"], r[f"share_{kind}"])
            for r in curve
            if r.get(f"share_{kind}") not in ("", None)
        ]
        if pts:
            ax.plot(*zip(*pts, strict=True), lw=0.8, alpha=0.7, label=f"rollouts with {kind}")
    if curve:
        ax.axhline(1 / players, color="red", lw=0.6, ls="--", label="fair share")
    ax.set_xlabel("update")
    ax.set_ylabel("learner's share of the victory")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
