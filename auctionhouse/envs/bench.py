"""Environment speed: PettingZoo steps per second with random masked actions (observation,
mask and step each time), beside the engine's own random-move speed, and what a step's parts
cost (the seat's view, its encoding, the mask)."""

from __future__ import annotations

import random
import time

import numpy as np

from ..arena.bench import bench_game, check_seconds
from ..core import Game
from .encodings import encoding_for
from .pettingzoo import env, raw_env


def steps_per_second(e, seconds: float, seed: int) -> float:
    """Steps of random masked actions a CPU second, over games from `seed` (the wrapped or raw
    environment, as a user's loop drives it: `last()`, then `step`)."""
    rng = random.Random(seed)
    flatnonzero = np.flatnonzero
    steps = 0
    elapsed = 0.0
    game = 0
    while elapsed < seconds:
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
    return steps / elapsed


def parts_us(game: Game, players: int, positions: int, seed: int) -> dict:
    """Microseconds a step's parts cost, over `positions` positions of random games: the view,
    the encoding of the view, the mask (legal ids as an int8 array), the engine's move."""
    enc = encoding_for(game, players)
    rng = random.Random(seed)
    view_t = enc_t = mask_t = move_t = 0.0
    n = 0
    clock = time.perf_counter
    while n < positions:
        state = game.new_state(players, seed=rng.randrange(1 << 62))
        while not state.is_over() and n < positions:
            p = state.next_actor()
            t0 = clock()
            view = state.view(p, log=False)
            t1 = clock()
            enc.observe(view)
            t2 = clock()
            mask = np.frombuffer(enc.mask(state, p), np.int8).copy()
            t3 = clock()
            legal = np.flatnonzero(mask)
            move = enc.move(state, p, int(legal[int(rng.random() * len(legal))]))
            t4 = clock()
            state.apply(p, move)
            t5 = clock()
            view_t += t1 - t0
            enc_t += t2 - t1
            mask_t += t3 - t2
            move_t += t5 - t4
            n += 1
    return {
        "view_us": view_t / n * 1e6,
        "encode_us": enc_t / n * 1e6,
        "mask_us": mask_t / n * 1e6,
        "engine_move_us": move_t / n * 1e6,
    }


def bench_envs(game: Game, players: int, seconds: float = 3.0, seed: int = 1) -> dict:
    """One game's figures: engine moves/s (random playouts), PettingZoo steps/s wrapped
    (`env`) and raw (`raw_env`), and the parts of a step in microseconds."""
    check_seconds(seconds)
    engine = bench_game(game, players, seconds / 3, seed=seed)
    return {
        "game": game.name,
        "players": players,
        "engine_moves_per_second": 1e6 / engine["us_per_move"],
        "env_steps_per_second": steps_per_second(env(game.name, players), seconds / 3, seed),
        "raw_env_steps_per_second": steps_per_second(
            raw_env(game.name, players), seconds / 3, seed
        ),
        **parts_us(game, players, 2000, seed),
    }
