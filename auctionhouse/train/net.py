"""The network trained here: fully connected layers with ReLU, a policy head (one logit per
action id, illegal ids masked), optionally an amount head for the amount segments (the bell of
`auctionhouse.bots.policy_net`) and a split head for the split segments (per-part and per-total
tables, the same module), and a value head. `arrays` gives the numpy arrays the play-time
network reads, under the same names."""

from __future__ import annotations

import re

import numpy as np
import torch
from torch import nn

from ..bots.policy_net import bell_scale, split_table
from ..core import AuctionhouseError

MASKED = -1e9  # the logit of an illegal action id


class PolicyValueNet(nn.Module):
    def __init__(
        self,
        obs_size: int,
        num_actions: int,
        hidden: tuple[int, ...] = (256, 256),
        amounts: tuple[tuple[int, int], ...] = (),
        splits: tuple[tuple[int, int, int], ...] = (),
    ):
        super().__init__()
        self.sizes = (obs_size, num_actions, tuple(hidden))
        self.amounts = tuple((int(a), int(b)) for a, b in amounts)
        self.splits = tuple((int(a), int(b), int(c)) for a, b, c in splits)
        tables = [torch.from_numpy(split_table(parts, cap)) for _, parts, cap in self.splits]
        # the segments whose ids share one kind's probability (the entropy bonus's kinds)
        self.groups = self.amounts + tuple(
            (start, t.shape[1]) for (start, _, _), t in zip(self.splits, tables, strict=True)
        )
        layers, width = [], obs_size
        for h in hidden:
            layers.append(nn.Linear(width, h))
            width = h
        self.trunk = nn.ModuleList(layers)
        self.pi = nn.Linear(width, num_actions)
        self.v = nn.Linear(width, 1)
        # a small policy layer starts the policy near uniform over the legal ids
        nn.init.orthogonal_(self.pi.weight, gain=0.01)
        nn.init.zeros_(self.pi.bias)
        if self.amounts:
            # per amount segment: the kind's logit, the bell's centre and width
            self.amount = nn.Linear(width, 3 * len(self.amounts))
            nn.init.orthogonal_(self.amount.weight, gain=0.01)
            nn.init.zeros_(self.amount.bias)
        if self.splits:
            # per split segment: the kind's logit, then a number per part and amount and per total
            self.split = nn.Linear(width, sum(1 + t.shape[0] for t in tables))
            nn.init.orthogonal_(self.split.weight, gain=0.01)
            nn.init.zeros_(self.split.bias)
            for i, t in enumerate(tables):  # not weights: made again from the meta
                self.register_buffer(f"split_table{i}", t, persistent=False)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Masked logits (illegal ids at MASKED) and values."""
        h = obs
        for layer in self.trunk:
            h = torch.relu(layer(h))
        logits = self.pi(h)
        if self.amounts:
            logits = self._amount_logits(h, mask, logits)
        if self.splits:
            logits = self._split_logits(h, mask, logits)
        return logits.masked_fill(~mask, MASKED), self.v(h).squeeze(-1)

    def greedy(self, logits: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """Each row's greedy id as the play-time bot picks it (`PolicyNet.best_rows`): the
        likeliest kind first (a segment's log-sum against each other legal id; on a tie, the
        segment), then its likeliest amount or split."""
        logits = logits.masked_fill(~mask, -torch.inf)
        if not self.groups:
            return logits.argmax(-1)
        inside = torch.zeros(logits.shape[-1], dtype=torch.bool, device=logits.device)
        totals, ids = [], []
        for start, size in self.groups:
            inside[start : start + size] = True
            seg = logits[:, start : start + size]
            totals.append(torch.logsumexp(seg, -1))
            ids.append(start + seg.argmax(-1))
        rest = logits.masked_fill(inside, -torch.inf)
        totals.append(rest.max(-1).values)
        ids.append(rest.argmax(-1))
        which = torch.stack(totals, 1).argmax(1)
        return torch.stack(ids, 1).gather(1, which[:, None]).squeeze(1)

    def _amount_logits(self, h, mask, logits):
        """`policy_net.PolicyNet._amount_logits` in torch: each amount segment's logits are the
        kind's logit plus the log share of the bell among the legal amounts."""
        out = self.amount(h)
        pieces, at = [], 0
        for i, (start, size) in enumerate(self.amounts):
            c, w, floor = bell_scale(size)
            centre = nn.functional.softplus(out[..., 3 * i + 1]) * c
            width = nn.functional.softplus(out[..., 3 * i + 2]) * w + floor
            offsets = torch.arange(size, dtype=h.dtype, device=h.device)
            shape = -0.5 * ((offsets - centre[..., None]) / width[..., None]) ** 2
            total = log_share(shape, mask[..., start : start + size])
            pieces += [logits[..., at:start], out[..., 3 * i, None] + shape - total]
            at = start + size
        pieces.append(logits[..., at:])
        return torch.cat(pieces, -1)

    def _split_logits(self, h, mask, logits):
        """`policy_net.PolicyNet._split_logits` in torch: a split's score is its plain logit
        plus its parts' and total's table entries; its logit, the kind's logit plus the log
        share of exp(score) among the legal splits."""
        out = self.split(h)
        pieces, at, col = [], 0, 0
        for i, (start, _, _) in enumerate(self.splits):
            table = getattr(self, f"split_table{i}")
            rows, size = table.shape
            score = logits[..., start : start + size] + out[..., col + 1 : col + 1 + rows] @ table
            total = log_share(score, mask[..., start : start + size])
            pieces += [logits[..., at:start], out[..., col, None] + score - total]
            at, col = start + size, col + 1 + rows
        pieces.append(logits[..., at:])
        return torch.cat(pieces, -1)

    def load_arrays(self, net, meta: dict) -> None:
        """Take the weights of a play-time network (`policy_net.PolicyNet`) of the same shape;
        `meta` is this run's, to say what differs."""
        theirs = (net.meta.get("game"), net.meta.get("players"), net.obs_size, net.num_actions)
        ours = (meta["game"], meta["players"], meta["obs_size"], meta["num_actions"])
        hidden = tuple(w.shape[1] for w, _ in net.trunk)
        if (
            theirs != ours
            or hidden != self.sizes[2]
            or tuple(net.amounts) != self.amounts
            or tuple(net.splits) != self.splits
        ):
            raise AuctionhouseError(
                f"the policy file is of {theirs[0]} at {theirs[1]} players with layers {hidden}"
                f"{heads_words(net.amounts, net.splits)}, not of {ours[0]} at {ours[1]} with "
                f"{self.sizes[2]}{heads_words(self.amounts, self.splits)}"
            )
        # the file's names are ours with the trunk's index joined on ("trunk0" for "trunk.0")
        self.load_state_dict(
            {
                re.sub(r"^trunk(\d)", r"trunk.\1", k): torch.from_numpy(a)
                for k, a in net.arrays().items()
            }
        )

    def arrays(self) -> dict[str, np.ndarray]:
        """The weights as numpy arrays named as the play-time network reads them."""
        out = {}
        for k, layer in enumerate(self.trunk):
            out[f"trunk{k}.weight"] = layer.weight.detach().cpu().numpy()
            out[f"trunk{k}.bias"] = layer.bias.detach().cpu().numpy()
        names = (
            "pi",
            "v",
            *(["amount"] if self.amounts else []),
            *(["split"] if self.splits else []),
        )
        for name in names:
            layer = getattr(self, name)
            out[f"{name}.weight"] = layer.weight.detach().cpu().numpy()
            out[f"{name}.bias"] = layer.bias.detach().cpu().numpy()
        return out


def log_share(shape: torch.Tensor, legal: torch.Tensor) -> torch.Tensor:
    """`policy_net.log_share` in torch: the log of the sum of exp(shape) over the legal entries
    of the last axis (kept as an axis of 1); 0 where none is legal."""
    total = torch.logsumexp(shape.masked_fill(~legal, float("-inf")), -1, keepdim=True)
    return torch.where(torch.isfinite(total), total, torch.zeros_like(total))


def heads_words(amounts, splits) -> str:
    """' and an amount head', ' and a split head', both or nothing."""
    heads = [w for w, has in (("an amount head", amounts), ("a split head", splits)) if has]
    return "".join(f" and {w}" for w in heads)
