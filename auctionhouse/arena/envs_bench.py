"""Environment speed, against issue 16's two targets: PettingZoo steps per second with random
masked actions (observation, mask and step each time), at least 25,000 on one core; and the
observation a step hands out (the tracker's, core/tracker.py) costing less than the engine's
move it follows. Beside them: the engine's own random-playout speed, the raw environment, and
what encoding a seat's view afresh costs (the reference the trackers are tested against).

Every clock is this process's CPU time (other load on the machine counts less, but still
counts: a shared core runs slower). Steps per second are the median of windows of whole games.
A step's parts are timed on recorded games replayed: the moves alone, then the same moves with
the tracker's observation (or the view's encoding, the floor, or the mask) of the seat to act
before each; a part's cost is the difference per move, the median of the repeats, so no clock
is read inside the loop."""

from __future__ import annotations

import random
import statistics
import time
from functools import partial

import numpy as np

from ..core import Game, Move
from ..core.encoding import Encoding
from ..core.tracker import CopyTracker
from ..envs import encoding_for
from ..envs.pettingzoo import env, raw_env
from .bench import bench_game, check_seconds

STEPS_TARGET = 25_000  # PettingZoo steps per second per core, every game and player count
# a step's part -> its key in the figures (microseconds per move)
KEYS = {
    "observation": "observation_us",
    "floor": "copy_floor_us",
    "encode": "view_encode_us",
    "mask": "mask_us",
}
REPEATS = 5  # replays of the recorded games per part, windows of steps (the median is kept)


def steps_per_second(e, seconds: float, seed: int) -> float:
    """Steps of random masked actions a CPU second, over games from `seed` (the wrapped or raw
    environment, as a user's loop drives it: `last()`, then `step`): the median of REPEATS
    windows of whole games, so that a slow spell of a shared machine weighs on one window, not
    on the figure."""
    rng = random.Random(seed)
    flatnonzero = np.flatnonzero
    rates = []
    game = 0
    for _ in range(REPEATS):
        steps = 0
        elapsed = 0.0
        while elapsed < seconds / REPEATS:
            t0 = time.process_time()
            e.reset(seed=seed + game)
            for _agent in e.agent_iter():
                obs, _, term, trunc, _ = e.last()
                if term or trunc:
                    e.step(None)
                    continue
                legal = flatnonzero(obs["action_mask"])
                e.step(int(legal[int(rng.random() * len(legal))]))
                steps += 1
            elapsed += time.process_time() - t0
            game += 1
        rates.append(steps / elapsed)
    return statistics.median(rates)


Record = list[tuple[int, Move]]


def recorded_games(enc: Encoding, steps: int, seed: int) -> list[tuple[int, Record]]:
    """Games of random masked actions (as the environments play them), as (seed, moves), until
    `steps` moves in all."""
    rng = random.Random(seed)
    out: list[tuple[int, Record]] = []
    total = 0
    while total < steps:
        game_seed = rng.randrange(1 << 62)
        state = enc.game.new_state(enc.players, enc.options, seed=game_seed)
        moves: Record = []
        while not state.is_over():
            p = state.next_actor()
            ids = enc.legal_actions(state, p)
            move = enc.move(state, p, ids[int(rng.random() * len(ids))])
            state.apply(p, move)
            moves.append((p, move))
        out.append((game_seed, moves))
        total += len(moves)
    return out


def _replay(enc: Encoding, games: list[tuple[int, Record]], part: str) -> float:
    """CPU seconds to replay the games, with `part` before each move: "" (nothing),
    "observation" (the tracker's), "floor" (a tracker's call that only copies a vector: the
    least an observation can cost), "encode" (the view's encoding afresh) or "mask"."""
    elapsed = 0.0
    for game_seed, moves in games:
        state = enc.game.new_state(enc.players, enc.options, seed=game_seed)
        apply = state.apply
        t0 = time.process_time()
        if part:
            if part == "observation":  # the tracker is made with the game, as at a reset
                before = enc.tracker(state).observation
            elif part == "floor":
                before = CopyTracker(enc, state).observation
            else:
                before = partial(enc.observation if part == "encode" else enc.mask, state)
            for p, move in moves:
                before(p)
                apply(p, move)
        else:
            for p, move in moves:
                apply(p, move)
        elapsed += time.process_time() - t0
    return elapsed


def parts_us(enc: Encoding, steps: int, seed: int) -> dict:
    """Microseconds per move of the engine's move and of each part before it, on `steps`
    recorded moves replayed REPEATS times (the parts in turn, so a change of load falls on all)."""
    games = recorded_games(enc, steps, seed)
    moves = sum(len(m) for _, m in games)
    parts = ("", *KEYS)  # "": the moves alone
    times: dict[str, list[float]] = {part: [] for part in parts}
    for _ in range(REPEATS):
        for part in parts:
            times[part].append(_replay(enc, games, part))
    base = statistics.median(times[""])
    out = {"engine_move_us": base / moves * 1e6}
    for part in parts[1:]:
        out[KEYS[part]] = (statistics.median(times[part]) - base) / moves * 1e6
    return out


def bench_envs(game: Game, players: int, seconds: float = 3.0, seed: int = 1) -> dict:
    """One game and player count: PettingZoo steps/s wrapped (`env`) and raw (`raw_env`), the
    engine's random moves/s, a step's parts in microseconds, and whether each target holds."""
    check_seconds(seconds)
    enc = encoding_for(game, players)
    engine = bench_game(game, players, seconds / 4, seed=seed)
    steps = steps_per_second(env(game.name, players), seconds / 4, seed)
    parts = parts_us(enc, max(200, int(2000 * seconds)), seed)
    return {
        "game": game.name,
        "players": players,
        "env_steps_per_second": steps,
        "steps_target_met": steps >= STEPS_TARGET,
        "raw_env_steps_per_second": steps_per_second(
            raw_env(game.name, players), seconds / 4, seed
        ),
        "engine_moves_per_second": 1e6 / engine["us_per_move"],
        **parts,
        "observation_below_move": parts["observation_us"] < parts["engine_move_us"],
    }
