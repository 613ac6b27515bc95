"""Random-playout speed: games per second and microseconds per move."""

from __future__ import annotations

import time

from ..bots.random_bot import RandomBot
from ..core import AuctionhouseError, Game, derive_seed
from .limits import MAX_BENCH_SECONDS
from .runner import play


def check_seconds(seconds: float) -> None:
    if not 0 < seconds <= MAX_BENCH_SECONDS:  # also refuses nan
        raise AuctionhouseError(
            f"a benchmark runs more than 0 and at most {MAX_BENCH_SECONDS:g} s, not {seconds}"
        )


def bench_game(
    game: Game, players: int, seconds: float = 2.0, seed: int = 1, min_games: int = 3
) -> dict:
    """Play random games for about `seconds` of moves. The clock is CPU time of this process
    (other load on the machine does not count); `games_per_second` and `us_per_move` cover the
    moves, and the deal (`new_state` from a seed) is timed apart: `deal_us` a game, and
    `games_per_second_with_deal` counts both."""
    check_seconds(seconds)
    games = moves = 0
    elapsed = dealing = 0.0
    while elapsed < seconds or games < min_games:
        s = derive_seed(seed, f"bench/{games}")
        t0 = time.process_time()
        state = game.new_state(players, seed=s, first_player=games % players)
        t1 = time.process_time()
        bots = [RandomBot(derive_seed(s, f"bot/{p}")) for p in range(players)]
        t2 = time.process_time()
        play(state, bots)
        elapsed += time.process_time() - t2
        dealing += t1 - t0
        games += 1
        moves += len(state.history)
    return {
        "game": game.name,
        "players": players,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_second": _per(games, elapsed),
        "moves_per_game": moves / games,
        "us_per_move": _per(elapsed * 1e6, moves),
        "deal_us": dealing / games * 1e6,
        "games_per_second_with_deal": _per(games, elapsed + dealing),
    }


def bench_ismcts(game: Game, players: int, seconds: float = 2.0, seed: int = 1) -> float:
    """ISMCTS iterations per second (wall clock), searching from positions met in random games."""
    from ..bots.ismcts import ISMCTSBot
    from ..core.players import Observation

    check_seconds(seconds)
    iterations = 0
    elapsed = 0.0
    k = 0
    while elapsed < seconds:
        s = derive_seed(seed, f"ismcts/{k}")
        state = game.new_state(players, seed=s)
        walker = RandomBot(s)
        for _ in range(derive_seed(s, "depth") % 40):  # a position a little into the game
            if state.is_over():
                break
            p = state.next_actor()
            state.apply(p, walker.choose(state.legal_moves(p)))
        if state.is_over():
            k += 1
            continue
        p = state.next_actor()
        bot = ISMCTSBot(seed=s, seconds=min(0.5, seconds))
        t0 = time.perf_counter()
        bot.act(Observation(state, p, state.legal_moves(p)))
        elapsed += time.perf_counter() - t0
        iterations += bot.iterations_done
        k += 1
    return _per(iterations, elapsed)


def _per(amount: float, seconds: float) -> float:
    return amount / seconds if seconds > 0 else 0.0
