"""The art-dice factory: players, setup from a seed or written out, the catalog."""

from __future__ import annotations

from typing import Any

from ...core import Game
from .cards import catalog
from .setup import check_setup, make_setup
from .state import ArtDiceState


class ArtDice(Game):
    name = "art-dice"
    words = ".words"
    events = ".events:EVENTS"
    own_bots = {"heuristic": ".heuristic:ArtDiceHeuristic"}
    encoding = ".encoding:ArtDiceEncoding"
    tracker = ".tracker:ArtDiceTracker"
    study = ".study"
    search = "ismcts:halving=400:steps=2:margin=1:fill=true"
    # no bound: a first bidder who puts up their own works and buys them back (AD-3, D-6) keeps
    # the deck and the no-sale count where they were (always the lowest id played 61,711 moves);
    # the default max_moves, the arena's runaway limit, stands
    title = "Art Auction (dice)"
    summary = (
        "Bid gold limited by a die roll on three works at a time; collect works of one artist "
        "(n works score n x n)."
    )
    min_players = 2
    max_players = 4
    options = ()

    def make_setup(
        self, players: int, options: dict[str, Any], seed: int, first_player: int | None = None
    ) -> dict:
        return make_setup(players, seed, first_player)

    def from_setup(self, players: int, options: dict[str, Any], setup: dict) -> ArtDiceState:
        return ArtDiceState(self, players, options, setup, check_setup(players, setup))

    def catalog(self) -> dict:
        return catalog()
