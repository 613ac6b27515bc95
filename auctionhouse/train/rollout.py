"""Games played for one update, and what the learner learns from them.

Every table plays a whole game from a fresh deal, so an update learns from finished games only
and a run resumed from a checkpoint plays exactly what the uninterrupted run would have. The
tables are played in chunks (`work.play_tables`: the learner's waiting seats decided in one
batch, each table drawing from its own generator), in this process or in workers. Rewards come
at the end (`ismcts.rewards`: by default mixed, half the share of the victory, half the
score's place; or `win`, the share alone), and advantages are GAE(lambda) over each seat's own
decisions. (The warm start's value targets stay mixed: `work.teacher_games`.)
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np
import torch

from ..bots.playouts import REWARDS
from ..core import Game
from .league import League
from .work import Played, Setting, Table, Workers, chunks, play_tables

MOST_MOVES = 20_000  # kept for callers: see work.MOST_MOVES


@dataclass
class Batch:
    obs: torch.Tensor
    mask: torch.Tensor
    action: torch.Tensor
    logp: torch.Tensor
    value: torch.Tensor
    advantage: torch.Tensor
    ret: torch.Tensor
    # the learner's share of the victory against each opponent kind: kind -> list of shares
    shares: dict[str, list[float]] = field(default_factory=dict)
    games: int = 0
    moves: int = 0

    def __len__(self) -> int:
        return len(self.action)


class Rollout:
    """Plays `games` games with the learner's network in its seats and gathers its decisions."""

    def __init__(
        self,
        game: Game,
        players: int,
        options: dict,
        league: League,
        gae_lambda: float = 0.95,
        reward: str = "mixed",
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r}: {' or '.join(REWARDS)}")
        self.game, self.players, self.options = game, players, options
        self.league = league
        self.gae_lambda = gae_lambda
        self.reward = reward

    def play(
        self, arrays: dict, meta: dict, games: int, rng: random.Random, workers: Workers
    ) -> Batch:
        tables = [
            Table(rng.getrandbits(63), self.league.lineup(self.players, rng), rng.getrandbits(63))
            for _ in range(games)
        ]
        setting = Setting(
            self.game.name, self.players, json.dumps(self.options, sort_keys=True), arrays, meta
        )
        tasks = []
        for part in chunks(tables):
            used = {k for t in part for kind, _, k in t.seats if kind == "past"}
            past = {k: (self.league.past[k].arrays(), self.league.past[k].meta) for k in used}
            tasks.append((setting, past, part))
        played = [p for got in workers.map(play_tables, tasks) for p in got]
        return self.batch(tables, played)

    def batch(self, tables: list[Table], played: list[Played]) -> Batch:
        """The decisions of the finished games, with advantages and returns."""
        keep: list[Played] = []
        advantages, returns = [], []
        shares: dict[str, list[float]] = defaultdict(list)
        moves = 0
        for table, p in zip(tables, played, strict=True):
            if p.reward is None:
                continue
            keep.append(p)
            moves += p.moves
            adv, ret = self.advantages(p)
            advantages.append(adv)
            returns.append(ret)
            others = {kind for kind, _, _ in table.seats if kind != "learner"} or {"self"}
            if len(set(p.seat)) > 1 and others != {"self"}:
                continue  # outnumbered: the shares say how the learner fares against a kind
            for seat in sorted(set(p.seat)):
                for kind in others:
                    shares[kind].append(p.shares[seat])
        if not keep:
            return Batch(*(torch.zeros(0) for _ in range(7)), games=0)
        return Batch(
            obs=torch.from_numpy(np.concatenate([p.obs for p in keep])),
            mask=torch.from_numpy(np.concatenate([p.mask for p in keep])),
            action=torch.tensor([a for p in keep for a in p.action], dtype=torch.long),
            logp=torch.tensor([x for p in keep for x in p.logp], dtype=torch.float32),
            value=torch.tensor([v for p in keep for v in p.value], dtype=torch.float32),
            advantage=torch.from_numpy(np.concatenate(advantages)),
            ret=torch.from_numpy(np.concatenate(returns)),
            shares=dict(shares),
            games=len(keep),
            moves=moves,
        )

    def advantages(self, p: Played) -> tuple[np.ndarray, np.ndarray]:
        """GAE over each learner seat's decisions, from the end of the game backwards."""
        n = len(p.action)
        adv = np.zeros(n, np.float32)
        ret = np.zeros(n, np.float32)
        rows: dict[int, list[int]] = defaultdict(list)
        for i, seat in enumerate(p.seat):
            rows[seat].append(i)
        lam = self.gae_lambda
        for seat, mine in rows.items():
            nxt, gae = (p.shares if self.reward == "win" else p.reward)[seat], 0.0
            for i in reversed(mine):
                gae = nxt - p.value[i] + lam * gae
                adv[i], ret[i] = gae, gae + p.value[i]
                nxt = p.value[i]
        return adv, ret
