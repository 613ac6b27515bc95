"""Random positions of every game, player count and variant, for the encoding and adapter
tests: games played by a mix of the game's heuristic (realistic amounts) and random moves."""

from __future__ import annotations

import random
from collections.abc import Iterator

from auctionhouse.core import State, random_arg
from auctionhouse.core.players import Observation
from auctionhouse.games import get_game

# (game, players, options): every player count, and the variants that change what a seat sees
CONFIGS = [
    ("modern-art", 3, {}),
    ("modern-art", 3, {"mystery": True}),
    ("modern-art", 4, {"open_cash": True}),
    ("modern-art", 4, {}),
    ("modern-art", 5, {}),
    ("ratzia", 2, {}),
    ("ratzia", 3, {}),
    ("ratzia", 4, {}),
    ("ratzia", 5, {}),
    ("qe", 3, {}),
    ("qe", 4, {}),
    ("qe", 4, {"seed_literal": True}),
    ("qe", 5, {}),
    ("art-dice", 2, {}),
    ("art-dice", 3, {}),
    ("art-dice", 4, {}),
]


def config_id(config) -> str:
    game, players, options = config
    extra = ",".join(k for k, v in options.items() if v)
    return f"{game}-{players}" + (f"-{extra}" if extra else "")


def positions(
    game_name: str, players: int, options: dict, count: int, seed: int
) -> Iterator[State]:
    """`count` positions (states where someone must act), from games whose moves are the
    heuristic's or random (each game its own mix). The states are live: use one before asking
    for the next."""
    game = get_game(game_name)
    rng = random.Random(seed)
    heuristic = game.bots().get("heuristic")
    made = 0
    while made < count:
        state = game.new_state(players, options, seed=rng.randrange(1 << 62))
        bot = heuristic(seed=rng.randrange(1 << 62)) if heuristic else None
        smart = rng.random()
        while not state.is_over() and made < count:
            p = state.next_actor()
            legal = state.legal_moves(p)
            made += 1
            yield state
            if bot is not None and rng.random() < smart:
                move = bot.act(Observation(state, p, legal))
            else:
                mk = legal[int(rng.random() * len(legal))]
                move = (mk.kind, random_arg(mk, rng))
            state.apply(p, move)
