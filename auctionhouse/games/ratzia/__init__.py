"""Ratzia: a rat-mafia auction game (Reiner Knizia's re-theme of Razzia! and Ra), 2-5 players."""

from __future__ import annotations

from ...core import Game
from .cards import catalog
from .setup import check_setup, make_setup
from .state import RatziaState
from .words import event_words, move_words, view_lines


class Ratzia(Game):
    name = "ratzia"
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

    def bots(self) -> dict:
        from .heuristic import RatziaHeuristic

        return {"heuristic": RatziaHeuristic}

    def catalog(self) -> dict:
        return catalog()

    def describe_move(self, move, view=None) -> str:
        return move_words(move)

    def describe_event(self, event: dict) -> str:
        return event_words(event)

    def describe_view(self, view: dict) -> list[tuple[str, str]]:
        return view_lines(view)


GAME = Ratzia()
