"""The Q.E. factory: players, the seed_literal option, setups, the catalog."""

from __future__ import annotations

from typing import Any

from ...core import Game, Option
from .setup import check_setup, make_setup
from .state import QEState
from .tiles import catalog


class QE(Game):
    name = "qe"
    words = ".words"
    events = ".events:EVENTS"
    own_bots = {"heuristic": ".heuristic:QEHeuristic"}
    encoding = ".encoding:QEEncoding"
    tracker = ".tracker:QETracker"
    study = ".study"
    env_id = "QE"
    search = "ismcts:iterations=10:margin=1.5:sealed=model"
    max_moves = 300  # measured (core/game.py, max_moves): at most 84
    title = "Q.E."
    summary = (
        "Central banks print money to bail out companies: sealed bids with no upper limit; "
        "the biggest spender is eliminated."
    )
    min_players = 3
    max_players = 5
    options = (
        Option(
            "seed_literal",
            bool,
            False,
            "the seed's text alone: no industry tokens, no elimination of the biggest spender "
            "(QE-15)",
            label="Simple rules: no secret industry tokens, and the biggest spender is not "
            "eliminated",
        ),
    )

    def make_setup(
        self, players: int, options: dict[str, Any], seed: int, first_player: int | None = None
    ) -> dict:
        return make_setup(players, options, seed, first_player)

    def from_setup(self, players: int, options: dict[str, Any], setup: dict) -> QEState:
        return QEState(self, players, options, setup, check_setup(players, options, setup))

    def catalog(self) -> dict:
        return catalog()
