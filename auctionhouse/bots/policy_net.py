"""A learned policy at play time: a small network of numpy arrays, read from an `.npz` file.

The file holds the layers (`trunk0.weight`, `trunk0.bias`, ... as `auctionhouse.train` names
them) and `meta`, a JSON string: the game, player count and options the network was trained
for, its observation and action sizes, and how it was trained. The network is a stack of
fully connected layers with ReLU, then a policy head (one logit per action id) and a value head
(the seat's expected reward). Only numpy runs here: training code is never imported at play
time.

An amount head (`meta["amounts"]`: the [start, size] of each amount segment, with the arrays
`amount.weight` and `amount.bias`) gives the ids of an amount segment (a bid, a price) their
logits by shape instead of one by one: for each segment the network gives the move kind's logit
and the centre and width of a bell over the amounts' offsets; an amount's logit is the kind's
plus the log of its share of the bell among the legal amounts. Neighbouring amounts share what
is learned of them, and a kind's probability is one number whatever the count of its legal
amounts. The training network (`auctionhouse.train.net`) computes the same in torch.

A split head (`meta["splits"]`: the [start, parts, cap] of each split segment, with the arrays
`split.weight` and `split.bias`) does the same for splits (art-dice's bids: gold over up to three
works, every tuple of `parts` amounts with a total of at most `cap`). For each split segment the
network gives the kind's logit and a small table: a number per part and amount (0..cap) and one
per total (0..cap). A split's score is its plain logit plus its parts' and its total's numbers;
its logit is the kind's plus the log of its share of exp(score) among the legal splits. Splits
with the same amount on a work share what is learned of it, and the kind's probability is again
one number.
"""

from __future__ import annotations

import json
from functools import lru_cache
from itertools import product
from pathlib import Path
from typing import Any

import numpy as np
from threadpoolctl import ThreadpoolController

from ..core import Game, OptionError

MOST_FILE_BYTES = 64 * 2**20  # a weights file bigger than this is not one of ours


def bell_scale(size: int) -> tuple[float, float, float]:
    """How the amount head's outputs become a bell over offsets 0..size-1: centre =
    softplus(a) * c, width = softplus(b) * w + floor (at start, a bell over the lower amounts)."""
    return size / 8, size / 16, 0.5


def split_table(parts: int, cap: int) -> np.ndarray:
    """Which of the split head's table entries each split takes: one row per entry (part j with
    amount a at row j * (cap + 1) + a, then total t at row parts * (cap + 1) + t), one column per
    split in the order of `core.actions.Splits` (every tuple of `parts` amounts 0..cap with a
    total of at most cap, in `itertools.product` order); 1 where the split takes the entry."""
    splits = [t for t in product(range(cap + 1), repeat=parts) if sum(t) <= cap]
    table: np.ndarray = np.zeros(((parts + 1) * (cap + 1), len(splits)), dtype=np.float32)
    for o, t in enumerate(splits):
        for j, a in enumerate(t):
            table[j * (cap + 1) + a, o] = 1.0
        table[parts * (cap + 1) + sum(t), o] = 1.0
    return table


def log_share(shape: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """log of the sum of exp(shape) over the legal entries of the last axis (kept as an axis of
    1); 0 where none is legal."""
    shown = np.where(legal, shape, -np.inf)
    top = shown.max(axis=-1, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)  # nothing legal: any number will do
    mass = np.exp(shown - top).sum(-1, keepdims=True)
    return top + np.log(mass, out=np.zeros_like(mass), where=mass > 0)


@lru_cache(maxsize=1)
def _blas() -> ThreadpoolController:
    return ThreadpoolController()  # finds the loaded BLAS libraries once (milliseconds)


def one_blas_thread():
    """A context in which numpy's BLAS runs on one thread, for a stretch of many network
    passes (a search's move, a chunk of training games). The batches are small: on a second
    thread a search's move came no sooner and that thread burned a second core busy-waiting,
    so two processes on two cores (a tournament's workers) each ran about five times slower. The
    caller's own setting comes back on leaving; entering and leaving cost about 12 us, too
    much for every pass of a search."""
    return _blas().limit(limits=1, user_api="blas")


class PolicyNet:
    """The numpy network: `forward(obs)` gives the logits and the value."""

    def __init__(self, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
        self.meta = meta
        self.amounts = [(int(a), int(b)) for a, b in meta.get("amounts", [])]
        if self.amounts:
            self.amount_w = np.ascontiguousarray(arrays["amount.weight"].T, dtype=np.float32)
            self.amount_b: np.ndarray = arrays["amount.bias"].astype(np.float32)
        self.splits = [(int(a), int(b), int(c)) for a, b, c in meta.get("splits", [])]
        self.split_tables = [split_table(parts, cap) for _, parts, cap in self.splits]
        if self.splits:
            self.split_w = np.ascontiguousarray(arrays["split.weight"].T, dtype=np.float32)
            self.split_b: np.ndarray = arrays["split.bias"].astype(np.float32)
        # the segments whose ids share one kind's probability: amounts, then splits
        self.groups = self.amounts + [
            (start, t.shape[1])
            for (start, _, _), t in zip(self.splits, self.split_tables, strict=True)
        ]
        self.trunk: list[tuple[np.ndarray, np.ndarray]] = []
        k = 0
        while f"trunk{k}.weight" in arrays:
            w = np.ascontiguousarray(arrays[f"trunk{k}.weight"].T, dtype=np.float32)
            self.trunk.append((w, arrays[f"trunk{k}.bias"].astype(np.float32)))
            k += 1
        self.pi_w = np.ascontiguousarray(arrays["pi.weight"].T, dtype=np.float32)
        self.pi_b: np.ndarray = arrays["pi.bias"].astype(np.float32)
        self.v_w = np.ascontiguousarray(arrays["v.weight"].T, dtype=np.float32)
        self.v_b: np.ndarray = arrays["v.bias"].astype(np.float32)
        self.obs_size = self.trunk[0][0].shape[0] if self.trunk else self.pi_w.shape[0]
        self.num_actions = self.pi_w.shape[1]
        widths = sum(1 + t.shape[0] for t in self.split_tables)
        if self.splits and (
            self.split_b.shape != (widths,) or any(a + n > self.num_actions for a, n in self.groups)
        ):
            raise ValueError("the split head does not fit the network's actions")

    def arrays(self) -> dict[str, np.ndarray]:
        """The layers as the file names and lays them out (what the constructor reads)."""
        out = {}
        for k, (w, b) in enumerate(self.trunk):
            out[f"trunk{k}.weight"], out[f"trunk{k}.bias"] = w.T.copy(), b
        out["pi.weight"], out["pi.bias"] = self.pi_w.T.copy(), self.pi_b
        out["v.weight"], out["v.bias"] = self.v_w.T.copy(), self.v_b
        if self.amounts:
            out["amount.weight"], out["amount.bias"] = self.amount_w.T.copy(), self.amount_b
        if self.splits:
            out["split.weight"], out["split.bias"] = self.split_w.T.copy(), self.split_b
        return out

    def forward(
        self, obs: np.ndarray, mask: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Logits (…, actions) and values (…) of one observation or a batch. With an amount
        or a split head the logits of amounts and splits depend on which are legal: give `mask`
        (bool, like the logits) to have them (without it they are the plain head's)."""
        h = obs
        for w, b in self.trunk:
            h = h @ w
            h += b
            np.maximum(h, 0.0, out=h)
        logits = h @ self.pi_w + self.pi_b
        if self.amounts and mask is not None:
            self._amount_logits(h, mask, logits)
        if self.splits and mask is not None:
            self._split_logits(h, mask, logits)
        return logits, (h @ self.v_w + self.v_b)[..., 0]

    def _amount_logits(self, h: np.ndarray, mask: np.ndarray, logits: np.ndarray) -> None:
        out = h @ self.amount_w + self.amount_b
        for i, (start, size) in enumerate(self.amounts):
            c, w, floor = bell_scale(size)
            centre = np.logaddexp(0.0, out[..., 3 * i + 1]) * c
            width = np.logaddexp(0.0, out[..., 3 * i + 2]) * w + floor
            offsets: np.ndarray = np.arange(size, dtype=np.float32)
            shape = -0.5 * ((offsets - centre[..., None]) / width[..., None]) ** 2
            total = log_share(shape, mask[..., start : start + size])
            logits[..., start : start + size] = out[..., 3 * i, None] + shape - total

    def _split_logits(self, h: np.ndarray, mask: np.ndarray, logits: np.ndarray) -> None:
        out = h @ self.split_w + self.split_b
        at = 0
        for (start, _, _), table in zip(self.splits, self.split_tables, strict=True):
            rows, size = table.shape
            score = logits[..., start : start + size] + out[..., at + 1 : at + 1 + rows] @ table
            total = log_share(score, mask[..., start : start + size])
            logits[..., start : start + size] = out[..., at, None] + score - total
            at += 1 + rows

    def best(self, logits: np.ndarray, mask: np.ndarray) -> int:
        """The greedy choice among the legal ids (`mask` bool) of one row: `best_rows`."""
        return int(self.best_rows(logits[None, :], mask[None, :])[0])

    def best_rows(self, logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The greedy choice of each row of a batch (every row with a legal id): with an amount
        or split head, the most likely move kind first (a segment's log-sum against each other
        legal id; on a tie, the segment), then its most likely amount or split; without one,
        the id of the highest logit."""
        if not self.groups:
            return np.where(mask, logits, -np.inf).argmax(axis=1)
        inside = np.zeros(mask.shape[1], dtype=bool)
        totals, ids = [], []
        for start, size in self.groups:
            inside[start : start + size] = True
            seg = np.where(mask[:, start : start + size], logits[:, start : start + size], -np.inf)
            totals.append(np.logaddexp.reduce(seg, axis=1))
            ids.append(start + seg.argmax(axis=1))
        rest = np.where(mask & ~inside, logits, -np.inf)
        totals.append(rest.max(axis=1))  # last: on a tie, a segment's kind is preferred
        ids.append(rest.argmax(axis=1))
        which = np.stack(totals, axis=1).argmax(axis=1)
        return np.stack(ids, axis=1)[np.arange(len(which)), which]


def sample_index(p: np.ndarray, u: float) -> int:
    """Where a uniform draw `u` in [0, 1) lands among the probabilities `p` (summing to about
    1): the first index whose cumulative probability passes `u` times their sum, never one of
    probability 0 (rounding could otherwise carry a draw past the last likely index onto a
    trailing one of vanishing probability)."""
    cum = np.cumsum(p, dtype=np.float64)
    i = int(np.searchsorted(cum, u * cum[-1], side="right"))
    return i if i < len(p) else int(np.flatnonzero(p)[-1])


def read_policy(path: str | Path) -> PolicyNet:
    """A policy from an `.npz` file (OptionError, one line, if it is not one)."""
    path = Path(path)
    try:
        if path.stat().st_size > MOST_FILE_BYTES:
            raise OptionError(f"{path}: too big for a policy file")
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
        meta = json.loads(str(arrays.pop("meta")))
        return PolicyNet(arrays, meta)
    except OptionError:
        raise
    except (OSError, ValueError, KeyError, IndexError) as e:
        raise OptionError(f"{path}: not a policy file ({e})") from None


@lru_cache(maxsize=32)
def shipped_policy(game: Game, players: int) -> PolicyNet:
    """The network `game` ships for `players` seats (`Game.weights_path`; OptionError when
    there is none)."""
    path = game.weights_path(players)
    if not path.is_file():
        counts = game.weight_counts()
        has = (
            f"it has weights for {', '.join(map(str, counts))} players"
            if counts
            else "it has no weights for this game"
        )
        raise OptionError(f"bot learned: no weights for {game.name} at {players} players ({has})")
    return read_policy(path)


def to_npz(path: str | Path, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
    """Write a policy file (float32 arrays and the meta as JSON)."""
    out = {k: np.asarray(v, dtype=np.float32) for k, v in arrays.items()}
    np.savez_compressed(path, meta=np.array(json.dumps(meta, sort_keys=True)), **out)
