"""The Modern Art factory: options, deals, explicit setups."""

from __future__ import annotations

from ...core import Game, Option, OptionError
from .deck import ARTISTS, NUM_TYPES, SEED_001, SYMBOLS, card_name, composition, convert_deck
from .setup import make_setup, parse_setup
from .state import ModernArtState


class ModernArt(Game):
    name = "modern-art"
    words = ".words"
    events = ".events:EVENTS"
    own_bots = {"heuristic": ".heuristic:ModernArtHeuristic"}
    encoding = ".encoding:ModernArtEncoding"
    tracker = ".tracker:ModernArtTracker"
    study = ".study"
    countdown = 20.0  # the lobby proposes a clock for the open auctions (MA-9)
    title = "Modern Art"
    summary = (
        "Reiner Knizia's art-market game: five auction types, four rounds, values that build up."
    )
    min_players = 3
    max_players = 5
    options = (
        Option(
            "deck",
            str,
            "standard",
            "the deck: 'standard' (MA-2) or a JSON/TOML file of counts per artist and auction type",
            convert=convert_deck,
            label="The deck",
            presets=(
                ("The standard deck: 70 cards, 12 to 16 per artist", "standard"),
                ("The seed-001 edition: 70 cards, 12 to 15 per artist", SEED_001),
            ),
        ),
        Option(
            "mystery",
            bool,
            False,
            "the mystery-player variant: a fourth, face-down hand (MA-20)",
            players=(3,),
            label="Mystery player: a fourth hand, face down, whose cards are turned up and sold",
        ),
        Option(
            "open_cash",
            bool,
            False,
            "everyone's cash is shown instead of hidden (MA-3)",
            label="Open cash: everyone sees everyone's money",
        ),
    )

    # measured (core/game.py, max_moves): at most 1,192 moves (5 players, lowest bids), 17 a
    # card of the deck, so the bound scales with the deck
    moves_per_card = 60

    def max_length(self, players, options) -> int:
        return self.moves_per_card * sum(map(sum, composition(options["deck"])))

    def make_setup(self, players, options, seed, first_player=None) -> dict:
        return make_setup(players, options, seed, first_player)

    def from_setup(self, players, options, setup) -> ModernArtState:
        return ModernArtState(self, players, options, setup, parse_setup(players, options, setup))

    def check_options(self, players, options) -> None:
        if options["mystery"] and players != 3:
            raise OptionError("the mystery variant (MA-20) is for 3 players")

    def catalog(self) -> dict:
        return {
            "artists": list(ARTISTS),
            "auction_types": list(SYMBOLS),
            "cards": [
                {"id": c, "artist": c // 5, "auction": SYMBOLS[c % 5], "name": card_name(c)}
                for c in range(NUM_TYPES)
            ],
        }
