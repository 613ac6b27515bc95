"""The games training plays, in chunks that worker processes can take: a rollout's tables, the
teacher's games of the warm start, the games of expert iteration, and evaluation games.

Only numpy and the games run here (no torch), so a worker process starts light. A chunk's
result depends only on what it is given (seeds, the networks' arrays), and a run cuts its games
into chunks of a fixed size, so it plays the very same games with one process or many:
`--workers` changes how fast a run goes, never what it learns.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from multiprocessing import get_context

import numpy as np

from ..bots.ismcts import rewards
from ..bots.learned import LearnedBot
from ..bots.policy_net import PolicyNet, one_blas_thread, sample_index
from ..bots.random_bot import RandomBot
from ..core.encoding import Encoding
from ..core.players import Bot, Observation, make_bot
from ..envs import encoding_for
from ..games import get_game

CHUNK = 4  # games a chunk: small enough to spread over workers, big enough to batch decisions
MOST_MOVES = 20_000  # a game this long is dropped (art-dice has no bound on its length)
# the bots a seat of the league may hold, as specs; `past` is a past version of the learner
POOL = {
    "heuristic": "heuristic",
    "ismcts": "ismcts:iterations=1:amounts=2:rollout=random",
    "random": "random",
}


@dataclass(frozen=True)
class Table:
    """One game of a rollout: its deal, each seat's (kind, bot seed, past version or -1; the
    learner's kind is `learner`), and the seed of the learner's draws."""

    deal: int
    seats: tuple[tuple[str, int, int], ...]
    draws: int


@dataclass
class Played:
    """A table's learner decisions in order, and how the game ended (`reward` None: it ran
    past MOST_MOVES and is dropped)."""

    obs: np.ndarray  # float32 (decisions, observation size)
    mask: np.ndarray  # bool (decisions, actions)
    seat: list[int]
    action: list[int]
    logp: list[float]
    value: list[float]
    reward: list[float] | None
    shares: list[float] | None
    moves: int


@dataclass(frozen=True)
class Setting:
    """The game a chunk plays, and the learner's network as arrays."""

    game: str
    players: int
    options_json: str
    arrays: dict | None = None
    meta: dict | None = None

    @property
    def options(self) -> dict:
        return json.loads(self.options_json)

    def net(self) -> PolicyNet:
        return PolicyNet(self.arrays, self.meta)


@lru_cache(maxsize=8)
def encoding(game: str, players: int, options_json: str) -> Encoding:
    return encoding_for(get_game(game), players, json.loads(options_json))


def seat_bot(kind: str, seed: int, past: PolicyNet | None, game) -> Bot:
    if kind == "past":
        return LearnedBot.playing(past, seed)
    return make_bot(POOL[kind], game, seed)


def stacked(enc: Encoding, obs: list, masks: list) -> tuple[np.ndarray, np.ndarray]:
    """Decisions' observations and masks as arrays (float32, bool), shaped for none too."""
    if not obs:
        return np.zeros((0, enc.size), np.float32), np.zeros((0, enc.num_actions), bool)
    return np.stack(obs), np.stack(masks).astype(bool, copy=False)


def draw(logits: np.ndarray, legal: np.ndarray, rng: np.random.Generator) -> tuple[int, float]:
    """An id drawn from the softmax of the legal logits, and its log-probability."""
    scores = logits[legal].astype(np.float64)
    z = scores - scores.max()
    logp = z - np.log(np.exp(z).sum())
    i = sample_index(np.exp(logp), rng.random())
    return int(legal[i]), float(logp[i])


def play_tables(setting: Setting, past: dict[int, tuple], tables: Sequence[Table]) -> list[Played]:
    """Play `tables` in lockstep, the learner's waiting seats decided in one batch."""
    with one_blas_thread():
        return _play_tables(setting, past, tables)


def _play_tables(setting: Setting, past: dict[int, tuple], tables: Sequence[Table]) -> list[Played]:
    game = get_game(setting.game)
    enc = encoding(setting.game, setting.players, setting.options_json)
    net = setting.net()
    past_nets = {k: PolicyNet(a, m) for k, (a, m) in past.items()}
    states, bots, rngs, fallbacks, logs = [], [], [], [], []
    for t in tables:
        states.append(game.new_state(setting.players, setting.options, seed=t.deal))
        bots.append(
            [
                None if kind == "learner" else seat_bot(kind, seed, past_nets.get(k), game)
                for kind, seed, k in t.seats
            ]
        )
        rngs.append(np.random.default_rng(t.draws))
        fallbacks.append(RandomBot(t.draws))
        logs.append(([], [], [], [], [], []))  # obs, mask, seat, action, logp, value
    active = list(range(len(tables)))
    while active:
        waiting = []
        for i in active:
            st, seats = states[i], bots[i]
            while not st.is_over() and len(st.history) < MOST_MOVES:
                p = st.next_actor()
                legal = st.legal_moves(p)
                if seats[p] is not None:
                    st.apply(p, seats[p].act(Observation(st, p, legal)))
                    continue
                mask = np.frombuffer(enc.mask_of(legal), dtype=np.uint8).astype(bool)
                if not mask.any():  # every legal amount beyond the cap (rare)
                    st.apply(p, fallbacks[i].choose(legal))
                    continue
                waiting.append((i, p, legal))
                logs[i][0].append(np.frombuffer(enc.observation(st, p), dtype=np.float32))
                logs[i][1].append(mask)
                break
        if not waiting:
            break
        x = np.stack([logs[i][0][-1] for i, _, _ in waiting])
        m = np.stack([logs[i][1][-1] for i, _, _ in waiting])
        logits, values = net.forward(x, m)
        for row, (i, p, legal) in enumerate(waiting):
            action, logp = draw(logits[row], np.flatnonzero(m[row]), rngs[i])
            states[i].apply(p, enc.actions.legal_move(action, legal))
            log = logs[i]
            log[2].append(p)
            log[3].append(action)
            log[4].append(logp)
            log[5].append(float(values[row]))
        active = [i for i, _, _ in waiting]
    out = []
    for st, log in zip(states, logs, strict=True):
        over = st.is_over()
        result = st.result() if over else None
        obs, mask = stacked(enc, log[0], log[1])
        out.append(
            Played(
                obs=obs,
                mask=mask,
                seat=log[2],
                action=log[3],
                logp=log[4],
                value=log[5],
                reward=rewards(result, "mixed") if over else None,
                shares=list(result.shares()) if over else None,
                moves=len(st.history),
            )
        )
    return out


def teacher_games(
    setting: Setting, teacher: str, games: Sequence[tuple[int, tuple[int, ...]]]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The teacher's decisions in every seat of `games` (deal, each seat's bot seed): the
    observations, masks, its action ids and each decision's final reward, of finished games.
    Decisions whose amount is beyond the encoding's cap have no id and are left out."""
    game = get_game(setting.game)
    enc = encoding(setting.game, setting.players, setting.options_json)
    obs, masks, actions, rets = [], [], [], []
    for deal, seeds in games:
        state = game.new_state(setting.players, setting.options, seed=deal)
        seat_bots = [make_bot(teacher, game, s) for s in seeds]
        rows = []
        while not state.is_over() and len(state.history) < MOST_MOVES:
            p = state.next_actor()
            legal = state.legal_moves(p)
            move = seat_bots[p].act(Observation(state, p, legal))
            a = enc.action(move)
            if a is not None:
                rows.append((enc.observation(state, p), enc.mask_of(legal), a, p))
            state.apply(p, move)
        if not state.is_over():  # a runaway game teaches nothing
            continue
        r = rewards(state.result(), "mixed")
        for x, m, a, p in rows:
            obs.append(np.frombuffer(x, dtype=np.float32))
            masks.append(np.frombuffer(m, dtype=np.uint8))
            actions.append(a)
            rets.append(r[p])
    return (
        *stacked(enc, obs, masks),
        np.array(actions, dtype=np.int64),
        np.array(rets, dtype=np.float32),
    )


@dataclass(frozen=True)
class ExpertTable:
    """One game of a round of expert iteration: its deal, the learner's seat, each seat's bot
    seed, the expert's seed, the seed of the draws that pick the decisions it is asked, and the
    bot spec of the other seats."""

    deal: int
    seat: int
    seeds: tuple[int, ...]
    expert: int
    draws: int
    against: str


def expert_bot(spec: str, game, seed: int, net: PolicyNet) -> Bot:
    """The expert of `spec`; where it plays a learned bot (a search's guide, playouts or values)
    without weights of its own, that bot is the learner as it is now."""
    bot = make_bot(spec, game, seed)
    if getattr(bot, "learned", None) is not None and not bot.settings.get("weights"):
        bot.learned = LearnedBot.playing(net, seed)
    return bot


def expert_games(
    setting: Setting, expert: str, share: float, tables: Sequence[ExpertTable]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, list[tuple[str, float]]]:
    """The greedy learner in one seat of each table, the table's `against` in the others; at
    `share` of the learner's decisions with a choice, the expert is asked what it would play
    there. Returns those decisions' observations, masks, the expert's and the learner's action
    ids, the learner's final reward, and each finished game's `against` with the learner's share
    of the victory. The learner's move is the one played, so the expert is asked about the
    positions the learner reaches (DAgger)."""
    with one_blas_thread():
        return _expert_games(setting, expert, share, tables)


def _expert_games(setting, expert, share, tables):
    game = get_game(setting.game)
    enc = encoding(setting.game, setting.players, setting.options_json)
    net = setting.net()
    obs, masks, told, own, rets, shares = [], [], [], [], [], []
    for t in tables:
        state = game.new_state(setting.players, setting.options, seed=t.deal)
        bots = [
            LearnedBot.playing(net, s) if p == t.seat else make_bot(t.against, game, s)
            for p, s in enumerate(t.seeds)
        ]
        teacher = expert_bot(expert, game, t.expert, net)
        draws = np.random.default_rng(t.draws)
        rows = []
        while not state.is_over() and len(state.history) < MOST_MOVES:
            p = state.next_actor()
            legal = state.legal_moves(p)
            move = bots[p].act(Observation(state, p, legal))
            if p == t.seat and draws.random() < share:
                mask = enc.mask_of(legal)
                mine = enc.action(move)
                if mine is not None and mask.count(1) > 1:
                    said = enc.action(teacher.act(Observation(state, p, legal)))
                    if said is not None:
                        rows.append((enc.observation(state, p), mask, said, mine))
            state.apply(p, move)
        if not state.is_over():  # a runaway game teaches nothing
            continue
        result = state.result()
        reward = rewards(result, "mixed")[t.seat]
        shares.append((t.against, result.shares()[t.seat]))
        for x, m, said, mine in rows:
            obs.append(np.frombuffer(x, dtype=np.float32))
            masks.append(np.frombuffer(m, dtype=np.uint8))
            told.append(said)
            own.append(mine)
            rets.append(reward)
    return (
        *stacked(enc, obs, masks),
        np.array(told, dtype=np.int64),
        np.array(own, dtype=np.int64),
        np.array(rets, dtype=np.float32),
        shares,
    )


def evaluation_games(
    setting: Setting, opponent: str, games: Sequence[tuple[int, int, tuple[int, ...]]]
) -> list[float]:
    """The greedy learner's share of the victory in each finished game of `games` (deal, its
    seat, each seat's bot seed) against `opponent` in every other seat."""
    game = get_game(setting.game)
    net = setting.net()
    shares = []
    for deal, me, seeds in games:
        state = game.new_state(setting.players, setting.options, seed=deal)
        seat_bots = [
            LearnedBot.playing(net, s) if p == me else make_bot(opponent, game, s)
            for p, s in enumerate(seeds)
        ]
        while not state.is_over() and len(state.history) < MOST_MOVES:
            p = state.next_actor()
            state.apply(p, seat_bots[p].act(Observation(state, p, state.legal_moves(p))))
        if state.is_over():
            shares.append(state.result().shares()[me])
    return shares


def chunks(items: Sequence, size: int = CHUNK) -> list[Sequence]:
    return [items[i : i + size] for i in range(0, len(items), size)]


class Workers:
    """Where chunks are played: in this process (`count` 1) or in `count` worker processes
    (started once, spawned: no copy of this process's torch state)."""

    def __init__(self, count: int = 1) -> None:
        self.count = count
        self._pool: ProcessPoolExecutor | None = None

    def map(self, fn: Callable, tasks: Sequence[tuple]) -> list:
        """`fn(*task)` for each task, in order."""
        if self.count <= 1 or len(tasks) <= 1:
            return [fn(*t) for t in tasks]
        if self._pool is None:
            # one BLAS thread per worker: the workers are the parallelism
            for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
                os.environ.setdefault(name, "1")
            self._pool = ProcessPoolExecutor(self.count, mp_context=get_context("spawn"))
        futures = [self._pool.submit(fn, *t) for t in tasks]
        return [f.result() for f in futures]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None
