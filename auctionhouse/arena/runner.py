"""Playing whole games with bots: one game, or a series with per-seat statistics."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..bots import Bot, Observation, make_bot
from ..core import AuctionhouseError, Game, State, derive_seed

MAX_MOVES = 100_000


class RunawayGame(AuctionhouseError):
    """A game that did not end within MAX_MOVES moves (a bug in a game or a bot)."""


def play(state: State, bots: Sequence[Bot]) -> State:
    """Let `bots` (one per seat) play `state` to its end; returns the same state."""
    seats = [(Observation(state, p, []), bots[p].act) for p in range(state.num_players)]
    next_actor, legal_moves, apply = state.next_actor, state.legal_moves, state.apply
    for _ in range(MAX_MOVES):
        p = next_actor()
        if p < 0:
            return state
        obs, act = seats[p]
        obs.legal = legal_moves(p)
        apply(p, act(obs))
    if state.is_over():
        return state
    raise RunawayGame(f"{state.game.name} did not end within {MAX_MOVES} moves")


def seat_bots(specs: Sequence[str], players: int) -> list[str]:
    """One bot spec per seat: a single spec fills every seat."""
    specs = [s for s in specs if s.strip()]
    if len(specs) == 1:
        return specs * players
    if len(specs) != players:
        raise AuctionhouseError(
            f"give one bot for all seats or one per seat: {len(specs)} bots for {players} players"
        )
    return list(specs)


def prepare(game: Game, players: int, bot_specs: Sequence[str], options: dict | None):
    """Checked options and one bot spec per seat, before any game is played."""
    opts = game.resolve(players, options)
    specs = seat_bots(bot_specs, players)
    for spec in set(specs):
        make_bot(spec, game, 0)
    return opts, specs


@dataclass
class SeriesStats:
    """Per-seat totals over a series of games."""

    players: int
    games: int = 0
    moves: int = 0
    wins: list[float] = field(default_factory=list)
    score_sums: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wins = [0.0] * self.players
        self.score_sums = [0.0] * self.players

    def add(self, state: State) -> None:
        res = state.result()
        self.games += 1
        self.moves += len(state.history)
        for p, share in enumerate(res.shares()):
            self.wins[p] += share
            self.score_sums[p] += res.scores[p]


def simulate(
    game: Game,
    players: int,
    games: int,
    seed: int,
    bot_specs: Sequence[str],
    options: dict | None = None,
    records_dir: Path | None = None,
    on_game: Callable[[int, State], None] | None = None,
) -> dict:
    """Play `games` games; the first player rotates over the seats from game to game.

    Returns the summary of the `simulate --json` contract.
    """
    opts, specs = prepare(game, players, bot_specs, options)
    if records_dir is not None:
        records_dir.mkdir(parents=True, exist_ok=True)
    stats = SeriesStats(players)
    start = time.perf_counter()
    for g in range(games):
        game_seed = derive_seed(seed, f"game/{g}")
        bots = [make_bot(s, game, derive_seed(game_seed, f"bot/{p}")) for p, s in enumerate(specs)]
        state = game.new_state(players, opts, seed=game_seed, first_player=g % players)
        play(state, bots)
        stats.add(state)
        if records_dir is not None:
            rec = state.record()
            rec["bots"] = list(specs)
            path = records_dir / f"{game.name}-{seed}-{g:05d}.json"
            path.write_text(json.dumps(rec, separators=(",", ":")), encoding="utf-8")
        if on_game is not None:
            on_game(g, state)
    seconds = time.perf_counter() - start
    return {
        "game": game.name,
        "players": players,
        "games": games,
        "seed": seed,
        "options": opts,
        "seconds": round(seconds, 4),
        "games_per_second": games / seconds if seconds > 0 else float(games),
        "moves_per_game": stats.moves / games if games else 0.0,
        "seats": [
            {
                "seat": p,
                "bot": specs[p],
                "wins": stats.wins[p],
                "mean_score": stats.score_sums[p] / games if games else 0.0,
            }
            for p in range(players)
        ],
    }
