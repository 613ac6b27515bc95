"""Train a small policy on one seat of a game against our heuristic bot.

A linear softmax policy over the legal actions (the mask), trained by REINFORCE with a running
baseline on the Gymnasium single-seat environment; numpy only. It shows the loop, not a strong
bot (the learned bots are the `train` command's job):

    python examples/reinforce_seat.py --game art-dice --players 2 --episodes 2000
"""

from __future__ import annotations

import argparse

import numpy as np

from auctionhouse.envs.gym import SeatEnv


def policy(weights, bias, obs, mask):
    """Action probabilities: a softmax over the legal actions' logits."""
    logits = weights @ obs + bias
    logits = np.where(mask, logits, -np.inf)
    logits -= logits.max()
    p = np.exp(logits)
    return p / p.sum()


def train(game="art-dice", players=2, opponents="heuristic", episodes=300, lr=0.02, seed=0):
    """Train for `episodes` games; returns the weights and each game's reward (1 for a win)."""
    env = SeatEnv(game, players, opponents=opponents)
    rng = np.random.default_rng(seed)
    n_actions, n_obs = env.action_space.n, env.observation_space.shape[0]
    weights = np.zeros((n_actions, n_obs), np.float32)
    bias = np.zeros(n_actions, np.float32)
    baseline, rewards = 0.0, []
    for episode in range(episodes):
        obs, info = env.reset(seed=seed * 1_000_003 + episode)
        steps, done, reward = [], False, 0.0
        while not done:
            mask = info["action_mask"].astype(bool)
            p = policy(weights, bias, obs, mask)
            action = int(rng.choice(n_actions, p=p))
            steps.append((obs, action, p))
            obs, reward, done, _, info = env.step(action)
        advantage = reward - baseline
        baseline += 0.05 * (reward - baseline)
        for o, a, p in steps:
            grad = -p
            grad[a] += 1.0  # the gradient of log p[a] with respect to the logits
            weights += lr * advantage * np.outer(grad, o)
            bias += lr * advantage * grad
        rewards.append(reward)
    return weights, bias, rewards


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="art-dice")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="heuristic")
    parser.add_argument("--episodes", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    _, _, rewards = train(args.game, args.players, args.opponents, args.episodes, seed=args.seed)
    quarter = max(1, len(rewards) // 4)
    print(f"win share, first {quarter} games: {np.mean(rewards[:quarter]):.3f}")
    print(f"win share, last {quarter} games:  {np.mean(rewards[-quarter:]):.3f}")


if __name__ == "__main__":
    main()
