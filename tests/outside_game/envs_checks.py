"""The research adapters' own checkers on the installed game, run in a fresh interpreter
(`python -m tests.outside_game.envs_checks ADAPTER`), where the plugin is installed before
anything starts, as it is for a user: the adapters register the games they find on import
(Gymnasium ids, OpenSpiel names), and a test process may have imported them before the session
fixture installed the plugin."""

from __future__ import annotations

import sys
import warnings

NAME = "going-once"


def pettingzoo() -> None:
    from pettingzoo.test import api_test, seed_test

    # observations are dicts of a vector and its action mask (pyproject.toml's filters say why)
    warnings.filterwarnings("ignore", module="pettingzoo.test.api_test")

    from auctionhouse.envs.pettingzoo import env

    for players in (2, 5):
        api_test(env(NAME, players, lots=4), num_cycles=100)
    seed_test(lambda: env(NAME, 3), num_cycles=100)


def gymnasium() -> None:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    from auctionhouse.envs.gym import SeatEnv
    from auctionhouse.games import get_game

    check_env(SeatEnv(NAME, 3, opponents="heuristic"), skip_render_check=True)
    env_id = f"auctionhouse/{get_game(NAME).env_id}-v0"
    check_env(gymnasium.make(env_id, players=2, opponents="random").unwrapped)


def openspiel() -> None:
    import pyspiel

    from auctionhouse.envs.openspiel import short_name
    from auctionhouse.games import get_game

    game = get_game(NAME)
    for players in (2, 4):
        loaded = pyspiel.load_game(short_name(NAME), {"players": players, "seed": 3})
        assert loaded.max_game_length() == game.max_length(players, game.resolve(players))
        pyspiel.random_sim_test(loaded, num_sims=2, serialize=False, verbose=False)


if __name__ == "__main__":
    {"pettingzoo": pettingzoo, "gymnasium": gymnasium, "openspiel": openspiel}[sys.argv[1]]()
    print("checked")
