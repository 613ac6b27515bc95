"""Games played for one update: many tables in lockstep, the learner's seats decided together.

Every table plays a whole game from a fresh deal, so an update learns from finished games only
and a run resumed from a checkpoint plays exactly what the uninterrupted run would have. The
other seats move as soon as it is their turn; whenever every table waits on a learner's seat,
one batch goes through the network. Rewards come at the end (`ismcts.rewards`, mixed: half the
share of the victory, half the score's place), and advantages are GAE(lambda) over each seat's
own decisions.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np
import torch

from ..bots.ismcts import rewards
from ..bots.random_bot import RandomBot
from ..core import Game
from ..core.players import Bot, Observation
from ..envs.encoding import Encoding
from .league import League
from .net import PolicyValueNet

MOST_MOVES = 20_000  # a game this long is dropped (art-dice has no bound on its length)


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


@dataclass
class _Table:
    state: object
    seats: list[tuple[str, Bot | None]]
    rows: dict[int, list[int]]  # learner seat -> its rows in the batch


class Rollout:
    """Plays `games` games with `net` in the learner's seats and gathers its decisions."""

    def __init__(
        self,
        game: Game,
        players: int,
        options: dict,
        encoding: Encoding,
        league: League,
        gae_lambda: float = 0.95,
    ) -> None:
        self.game, self.players, self.options = game, players, options
        self.enc = encoding
        self.league = league
        self.gae_lambda = gae_lambda

    def play(
        self, net: PolicyValueNet, games: int, rng: random.Random, gen: torch.Generator
    ) -> Batch:
        enc = self.enc
        obs_rows: list[np.ndarray] = []
        mask_rows: list[np.ndarray] = []
        actions: list[int] = []
        logps: list[float] = []
        values: list[float] = []
        adv = {}
        shares: dict[str, list[float]] = defaultdict(list)
        fallback = RandomBot(rng.getrandbits(63))
        tables = []
        for _ in range(games):
            state = self.game.new_state(self.players, self.options, seed=rng.getrandbits(63))
            seats = self.league.lineup(self.game, self.players, rng)
            rows = {p: [] for p, (kind, _) in enumerate(seats) if kind == "learner"}
            tables.append(_Table(state, seats, rows))
        done_games = moves = 0
        active = tables
        while active:
            waiting: list[tuple[_Table, int]] = []
            for t in active:
                st = t.state
                while True:
                    if st.is_over() or len(st.history) >= MOST_MOVES:
                        if st.is_over():
                            self._finish(t, values, adv, shares)
                            done_games += 1
                            moves += len(st.history)
                        break
                    p = st.next_actor()
                    bot = t.seats[p][1]
                    legal = st.legal_moves(p)
                    if bot is not None:
                        st.apply(p, bot.act(Observation(st, p, legal)))
                        continue
                    mask = enc.mask_of(legal)
                    if 1 not in mask:  # every legal amount beyond the cap (rare)
                        st.apply(p, fallback.choose(legal))
                        continue
                    waiting.append((t, p))
                    obs_rows.append(np.frombuffer(enc.observation(st, p), dtype=np.float32))
                    mask_rows.append(np.frombuffer(mask, dtype=np.uint8))
                    break
            if not waiting:
                break
            first = len(actions)
            x = torch.from_numpy(np.stack(obs_rows[first:]))
            m = torch.from_numpy(np.stack(mask_rows[first:])).bool()
            with torch.no_grad():
                logits, v = net(x, m)
                logp_all = torch.log_softmax(logits, -1)
                a = torch.multinomial(logp_all.exp(), 1, generator=gen).squeeze(1)
                lp = logp_all.gather(1, a[:, None]).squeeze(1)
            for i, (t, p) in enumerate(waiting):
                act = int(a[i])
                st = t.state
                st.apply(p, enc.actions.move(act, st.legal_moves(p)))
                t.rows[p].append(first + i)
            actions += a.tolist()
            logps += lp.tolist()
            values += v.tolist()
            active = [t for t, _ in waiting]
        keep = sorted(adv)  # rows of finished games only
        idx = torch.tensor(keep, dtype=torch.long)
        advantage = torch.tensor([adv[i][0] for i in keep], dtype=torch.float32)
        ret = torch.tensor([adv[i][1] for i in keep], dtype=torch.float32)
        return Batch(
            obs=torch.from_numpy(np.stack(obs_rows))[idx] if obs_rows else torch.zeros(0, enc.size),
            mask=torch.from_numpy(np.stack(mask_rows)).bool()[idx]
            if mask_rows
            else torch.zeros(0, enc.num_actions, dtype=torch.bool),
            action=torch.tensor(actions, dtype=torch.long)[idx],
            logp=torch.tensor(logps, dtype=torch.float32)[idx],
            value=torch.tensor(values, dtype=torch.float32)[idx],
            advantage=advantage,
            ret=ret,
            shares=dict(shares),
            games=done_games,
            moves=moves,
        )

    def _finish(self, t: _Table, values: list[float], adv: dict, shares) -> None:
        """Each learner seat's advantages and returns, from the end of its game backwards."""
        result = t.state.result()
        reward = rewards(result, "mixed")
        win = result.shares()
        lam = self.gae_lambda
        for p, rows in t.rows.items():
            nxt, gae = reward[p], 0.0
            for i in reversed(rows):
                delta = nxt - values[i]
                gae = delta + lam * gae
                adv[i] = (gae, gae + values[i])
                nxt = values[i]
            others = {kind for kind, _ in t.seats if kind != "learner"}
            for kind in others or {"self"}:
                shares[kind].append(win[p])
