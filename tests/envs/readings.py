"""Helpers for the per-game encoding tests: an observation's blocks by feature name, float32
comparison, and the check that `observe` equals a plain reading of the view."""

from __future__ import annotations

import math

from auctionhouse.envs import encoding_for

from ..conftest import examples
from .positions import positions


def blocks_of(enc, obs) -> dict[str, list[float]]:
    """The observation cut into its features, by name."""
    return {
        f.name: list(obs[enc.offsets[f.name] : enc.offsets[f.name] + f.size]) for f in enc.features
    }


def joined(enc, blocks: dict[str, list[float]]) -> list[float]:
    """A plain reading's blocks laid end to end in the encoding's order (each of its size)."""
    out = []
    for f in enc.features:
        assert len(blocks[f.name]) == f.size, f.name
        out += blocks[f.name]
    return out


def close(a, b) -> bool:
    """Equal as float32 numbers (the observation's type)."""
    return len(a) == len(b) and all(
        math.isclose(x, y, rel_tol=1e-6, abs_tol=1e-7) for x, y in zip(a, b, strict=True)
    )


def check_plain_reading(config, reference, count: int = 1500) -> None:
    """`observe` equals `reference(enc, view)` for acting and waiting seats of random games."""
    game, players, options = config
    enc = encoding_for(game, players, options)
    for i, state in enumerate(positions(game, players, options, examples(count), seed=11)):
        seat = (state.next_actor() + i) % players  # acting seats and waiting ones
        view = state.view(seat, log=False)
        assert close(enc.observe(view), reference(enc, view)), view
