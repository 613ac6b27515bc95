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

from ..bots.ismcts import rewards
from ..bots.registry import make_bot
from ..core import Game
from ..core.players import Observation
from ..envs.encoding import Encoding
from .net import PolicyValueNet
from .rollout import MOST_MOVES


def teacher_examples(
    game: Game,
    players: int,
    options: dict,
    enc: Encoding,
    teacher: str,
    games: int,
    rng: random.Random,
    advance=None,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """Observations, masks, the teacher's action ids and final rewards of `games` games."""
    obs, masks, actions, rets = [], [], [], []
    for _ in range(games):
        state = game.new_state(players, options, seed=rng.getrandbits(63))
        bots = [make_bot(teacher, game, rng.getrandbits(63)) for _ in range(players)]
        rows: list[tuple[np.ndarray, np.ndarray, int, int]] = []  # this game's decisions
        while not state.is_over() and len(state.history) < MOST_MOVES:
            p = state.next_actor()
            legal = state.legal_moves(p)
            move = bots[p].act(Observation(state, p, legal))
            a = enc.action(move)
            if a is not None:
                x = np.frombuffer(enc.observation(state, p), dtype=np.float32)
                rows.append((x, np.frombuffer(enc.mask_of(legal), dtype=np.uint8), a, p))
            state.apply(p, move)
        if advance is not None:
            advance()
        if not state.is_over():  # a runaway game teaches nothing
            continue
        r = rewards(state.result(), "mixed")
        for x, m, a, p in rows:
            obs.append(x)
            masks.append(m)
            actions.append(a)
            rets.append(r[p])
    return (
        torch.from_numpy(np.stack(obs)),
        torch.from_numpy(np.stack(masks)).bool(),
        torch.tensor(actions, dtype=torch.long),
        torch.tensor(rets, dtype=torch.float32),
    )


def imitate(
    net: PolicyValueNet,
    opt: torch.optim.Optimizer,
    data,
    epochs: int,
    minibatch: int,
    gen: torch.Generator,
    device: torch.device,
) -> dict[str, float]:
    """Fit `net` to the teacher's examples; the last epoch's mean losses and accuracy."""
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
                totals["accuracy"] += float((logits.argmax(-1) == act[idx]).float().mean())
            steps += 1
    return {k: v / max(steps, 1) for k, v in totals.items()}
