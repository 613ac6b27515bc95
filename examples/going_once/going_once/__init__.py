"""Going Once: a sealed-bid lot auction (rules: README.md), a game outside the auctionhouse
package. `GAME` is what the entry point `auctionhouse.games` names."""

from __future__ import annotations

from typing import Any

from auctionhouse.core import Chance, Game, Option, OptionError, SetupError, derive_seed

from .state import GoingOnceState

MOST_LOTS, MOST_COINS = 12, 50


class GoingOnce(Game):
    name = "going-once"
    title = "Going Once"
    summary = (
        "Lots of known value go one by one to the single highest sealed bid; ties sell nothing."
    )
    min_players = 2
    max_players = 5
    options = (
        Option("lots", int, 8, "lots in the game, worth 1 to this many points (GO-1)",
               choices=tuple(range(3, MOST_LOTS + 1)), label="Number of lots"),
        Option("coins", int, 12, f"coins each seat starts with, 1 to {MOST_COINS} (GO-1)",
               label="Coins each player starts with"),
    )  # fmt: skip
    words = ".words"
    events = ".events:EVENTS"
    own_bots = {"heuristic": ".heuristic:GoingOnceHeuristic"}
    encoding = ".encoding:GoingOnceEncoding"
    # what the environments, the server and the study read (core/game.py; these are defaults)
    env_id = "GoingOnce"
    search = "ismcts"
    study = None

    def max_length(self, players: int, options: dict[str, Any]) -> int:
        return options["lots"] * players  # one bid a seat a lot

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        if not 1 <= options["coins"] <= MOST_COINS:
            raise OptionError(f"option coins is from 1 to {MOST_COINS}, not {options['coins']}")

    def make_setup(
        self, players: int, options: dict[str, Any], seed: int, first_player: int | None = None
    ) -> dict:
        lots = list(range(1, options["lots"] + 1))
        Chance(derive_seed(seed, "going-once/setup")).shuffle(lots)
        return {"lots": lots}  # no first player: every seat bids at once

    def from_setup(self, players: int, options: dict[str, Any], setup: dict) -> GoingOnceState:
        lots, order = setup.get("lots"), list(range(1, options["lots"] + 1))
        fits = type(lots) is list and all(type(x) is int for x in lots) and sorted(lots) == order
        if set(setup) != {"lots"} or not fits:
            raise SetupError(
                f"a setup is {{'lots': an order of 1..{options['lots']}}}, not {setup!r}"
            )
        return GoingOnceState(self, players, options, setup)


GAME = GoingOnce()
