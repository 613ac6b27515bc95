"""The warm start: the network first imitates a teacher bot (by default the game's heuristic),
so that self-play starts from sound play instead of from uniform guesses over hundreds of bids.

The teacher plays every seat of `games` games; each decision becomes an example (the seat's
observation and mask, the teacher's action id, the seat's final reward), and the network learns
them by cross-entropy on the policy and squared error on the value. Decisions whose amount is
beyond the encoding's cap have no id and are left out.
"""

from __future__ import annotations

import random

import numpy as np
import torch

from .net import PolicyValueNet
from .work import Setting, Workers, chunks, teacher_games


def teacher_examples(
    setting: Setting, teacher: str, games: int, rng: random.Random, workers: Workers
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """Observations, masks, the teacher's action ids and final rewards of `games` games."""
    specs = [
        (rng.getrandbits(63), tuple(rng.getrandbits(63) for _ in range(setting.players)))
        for _ in range(games)
    ]
    tasks = [(setting, teacher, part) for part in chunks(specs)]
    parts = workers.map(teacher_games, tasks)
    return tuple(torch.from_numpy(np.concatenate([p[k] for p in parts])) for k in range(4))


def imitate(
    net: PolicyValueNet,
    opt: torch.optim.Optimizer,
    data,
    epochs: int,
    minibatch: int,
    gen: torch.Generator,
    device: torch.device,
) -> dict[str, float]:
    """Fit `net` to the teacher's examples; the last epoch's mean losses and accuracy (the
    share of examples where the greedy choice, as the bot plays, is the teacher's)."""
    obs, mask, act, ret = (t.to(device) for t in data)
    n = len(act)
    for _ in range(epochs):
        order = torch.randperm(n, generator=gen).to(device)
        totals = {"imitation_loss": 0.0, "value_loss": 0.0, "accuracy": 0.0}
        steps = 0
        for start in range(0, n, minibatch):
            idx = order[start : start + minibatch]
            logits, v = net(obs[idx], mask[idx])
            pl = torch.nn.functional.cross_entropy(logits, act[idx])
            vl = 0.5 * ((v - ret[idx]) ** 2).mean()
            opt.zero_grad()
            (pl + vl).backward()
            opt.step()
            with torch.no_grad():
                totals["imitation_loss"] += float(pl)
                totals["value_loss"] += float(vl)
                right = net.greedy(logits, mask[idx]) == act[idx]
                totals["accuracy"] += float(right.float().mean())
            steps += 1
    return {k: v / max(steps, 1) for k, v in totals.items()}
