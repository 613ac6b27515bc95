"""The PPO update: clipped policy ratio, value regression, entropy bonus, over shuffled
minibatches of one rollout's decisions."""

from __future__ import annotations

from dataclasses import dataclass

import torch

from .net import PolicyValueNet
from .rollout import Batch


@dataclass
class PPOSettings:
    lr: float = 3e-4
    clip: float = 0.2
    epochs: int = 4
    minibatch: int = 1024
    value_coef: float = 0.5
    entropy_coef: float = 0.01
    max_grad_norm: float = 0.5
    # weight of the amounts' own entropy (given their kind) in the bonus: a bell over hundreds of
    # amounts could otherwise buy the bonus by widening, drawing ever wilder bids
    amount_entropy: float = 0.1
    # stop the update's passes once a minibatch finds the policy this far (approximate KL) from
    # the one that played the games, so one update cannot undo a warm start; 0: never stop
    target_kl: float = 0.0


def ppo_update(
    net: PolicyValueNet,
    opt: torch.optim.Optimizer,
    batch: Batch,
    s: PPOSettings,
    gen: torch.Generator,
    device: torch.device,
) -> dict[str, float]:
    """Improve `net` on `batch`; the mean losses, entropy and approximate KL, and the number of
    minibatch steps taken (fewer than planned where `s.target_kl` stopped the update)."""
    n = len(batch)
    adv = batch.advantage
    adv = (adv - adv.mean()) / (adv.std() + 1e-8) if n > 1 else adv
    tensors = [
        t.to(device) for t in (batch.obs, batch.mask, batch.action, batch.logp, adv, batch.ret)
    ]
    sums = {"policy_loss": 0.0, "value_loss": 0.0, "entropy": 0.0, "kl": 0.0}
    steps = 0
    stopped = False
    for _ in range(s.epochs):
        if stopped:
            break
        order = torch.randperm(n, generator=gen).to(device)
        for start in range(0, n, s.minibatch):
            idx = order[start : start + s.minibatch]
            obs, mask, act, old_logp, a, ret = (t[idx] for t in tensors)
            logits, v = net(obs, mask)
            logp_all = torch.log_softmax(logits, -1)
            logp = logp_all.gather(1, act[:, None]).squeeze(1)
            # bounded: one decision's ratio cannot overflow the batch's loss
            log_ratio = torch.clamp(logp - old_logp, -20.0, 20.0)
            if s.target_kl > 0 and steps > 0 and far_from(log_ratio) > 1.5 * s.target_kl:
                stopped = True
                break
            ratio = torch.exp(log_ratio)
            policy_loss = -torch.min(
                ratio * a, torch.clamp(ratio, 1 - s.clip, 1 + s.clip) * a
            ).mean()
            value_loss = 0.5 * ((v - ret) ** 2).mean()
            entropy = policy_entropy(logp_all, mask, net.groups, s.amount_entropy).mean()
            loss = policy_loss + s.value_coef * value_loss - s.entropy_coef * entropy
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), s.max_grad_norm)
            opt.step()
            with torch.no_grad():
                sums["policy_loss"] += float(policy_loss)
                sums["value_loss"] += float(value_loss)
                sums["entropy"] += float(entropy)
                sums["kl"] += float((old_logp - logp).mean())
            steps += 1
    means = {k: v / max(steps, 1) for k, v in sums.items()}
    return {**means, "steps": steps}


def far_from(log_ratio) -> float:
    """The approximate KL divergence of the old policy from the new one on these decisions,
    given each one's log probability ratio (the estimator mean((r - 1) - log r), never negative)."""
    with torch.no_grad():
        return float((torch.exp(log_ratio) - 1 - log_ratio).mean())


def policy_entropy(logp_all, mask, amounts, amount_weight: float):
    """Each decision's entropy over its legal ids; with amount (or split) segments, the entropy
    of the move kind (a segment counts as one kind) plus `amount_weight` times the expected
    entropy of the amount (split) given its kind."""
    plogp = (logp_all.exp() * logp_all.masked_fill(~mask, 0.0)).sum(-1)
    if not amounts:
        return -plogp
    probs = logp_all.exp()
    within = torch.zeros_like(plogp)
    for start, size in amounts:
        seg = probs[..., start : start + size]
        total = seg.sum(-1)
        # sum p log p over the segment = P log P + P * (-H(amount | kind))
        seg_plogp = (seg * logp_all[..., start : start + size].masked_fill(
            ~mask[..., start : start + size], 0.0)).sum(-1)  # fmt: skip
        kind_plogp = total * torch.log(total.clamp_min(1e-30))
        within = within + (seg_plogp - kind_plogp)  # = -P * H(amount | kind)
        plogp = plogp - seg_plogp + kind_plogp
    return -plogp - amount_weight * within
