"""Ratzia: a rat-mafia auction game (Reiner Knizia's re-theme of Razzia! and Ra), 2-5 players."""

from __future__ import annotations

from ...core import Game
from .cards import catalog
from .setup import check_setup, make_setup
from .state import RatziaState


class Ratzia(Game):
    name = "ratzia"
    words = ".words"
    events = ".events:EVENTS"
    own_bots = {"heuristic": ".heuristic:RatziaHeuristic"}
    encoding = ".encoding:RatziaEncoding"
    tracker = ".tracker:RatziaTracker"
    study = ".study"
    search = "ismcts:iterations=20:seconds=1"
    max_moves = 1000  # measured (core/game.py, max_moves): at most 340
    title = "Ratzia"
    summary = (
        "Reveal cards into the Auction row, auction them with bidding cards once around, "
        "steal with Thieves; three rounds, most points wins."
    )
    min_players = 2
    max_players = 5
    options = ()

    def make_setup(self, players, options, seed, first_player=None) -> dict:
        return make_setup(players, seed, first_player)

    def from_setup(self, players, options, setup) -> RatziaState:
        deck, hands = check_setup(players, setup)
        return RatziaState(self, players, options, setup, deck, hands)

    def catalog(self) -> dict:
        return catalog()


GAME = Ratzia()
