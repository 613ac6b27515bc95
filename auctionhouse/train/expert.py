"""Expert iteration (DAgger): the learner plays, an expert says what it would have played.

Each round plays `games` games with the greedy learner in one seat (rotated) and `against` in
the others (several specs: the tables take them in turn, each in every seat). At a share of the
learner's decisions that have a choice, the expert (a search such as `ismcts:guide=learned`,
whose learned guide and playouts are the learner itself) is asked about the same view; the
learner's own move is the one played, so the expert labels the positions the learner reaches,
not the ones it would reach itself. The labels of every round are kept (the newest `most`), and
the network fits all of them by cross-entropy, the value learning the seat's final reward, as in
the warm start.
"""

from __future__ import annotations

import random

import numpy as np

from ..core import AuctionhouseError
from .work import ExpertTable, Setting, Workers, chunks, expert_games

FIELDS = ("obs", "mask", "expert", "learner", "reward")


def label_round(
    setting: Setting,
    expert: str,
    against: tuple[str, ...],
    share: float,
    games: int,
    rng: random.Random,
    workers: Workers,
) -> tuple[dict[str, np.ndarray], list[tuple[str, float]]]:
    """One round's labels (the arrays of `FIELDS`) and each game's `against` spec with the
    learner's share in it."""
    tables = [
        ExpertTable(
            rng.getrandbits(63),
            g % setting.players,
            tuple(rng.getrandbits(63) for _ in range(setting.players)),
            rng.getrandbits(63),
            rng.getrandbits(63),
            against[g // setting.players % len(against)],
        )
        for g in range(games)
    ]
    tasks = [(setting, expert, share, part) for part in chunks(tables)]
    parts = workers.map(expert_games, tasks)
    labels = {k: np.concatenate([p[i] for p in parts]) for i, k in enumerate(FIELDS)}
    return labels, [x for p in parts for x in p[5]]


def against_specs(text: str) -> tuple[str, ...]:
    """The bot specs of `--expert-against` (comma-separated, none empty)."""
    specs = tuple(s.strip() for s in text.split(","))
    if not all(specs):
        raise AuctionhouseError(
            f"--expert-against {text!r}: a bot spec, or several separated by commas"
        )
    return specs


def gather(kept: dict[str, np.ndarray] | None, new: dict[str, np.ndarray], most: int) -> dict:
    """The labels kept so far with a round's added, the newest `most` of them."""
    if kept is None:
        return {k: v[-most:] for k, v in new.items()}
    return {k: np.concatenate([kept[k], new[k]])[-most:] for k in FIELDS}
