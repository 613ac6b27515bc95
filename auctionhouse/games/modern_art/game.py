"""The Modern Art factory: options, deals, explicit setups."""

from __future__ import annotations

import random
from collections import Counter

from ...core import Game, Option, OptionError, SetupError
from .deck import (
    ARTISTS,
    NUM_TYPES,
    SEED_001,
    SYMBOLS,
    all_cards,
    card_name,
    composition,
    convert_deck,
)
from .state import DEAL, ModernArtState


class ModernArt(Game):
    name = "modern-art"
    words = ".words"
    own_bots = {"heuristic": ".heuristic:ModernArtHeuristic"}
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

    def make_setup(self, players, options, seed, first_player=None) -> dict:
        rng = random.Random(seed)
        cards = all_cards(composition(options["deck"]))
        rng.shuffle(cards)
        per = (DEAL[4] if options["mystery"] else DEAL[players])[0]
        hands = [cards[i * per : (i + 1) * per] for i in range(players)]
        pos = players * per
        setup = {"hands": hands}
        if options["mystery"]:
            setup["mystery_hand"] = cards[pos : pos + per]
            pos += per
        setup["deck"] = cards[pos:]
        first = rng.randrange(players) if first_player is None else first_player % players
        setup["first_player"] = first
        setup["chance"] = rng.getrandbits(63)
        return setup

    def from_setup(self, players, options, setup) -> ModernArtState:
        return ModernArtState(
            self, players, options, setup, self._parse_setup(players, options, setup)
        )

    def _parse_setup(self, players: int, options: dict, setup: dict) -> dict:
        """Check a written-out deal: every card of the deck exactly once, hands per seat."""
        hands = setup.get("hands")
        if not isinstance(hands, list) or len(hands) != players:
            raise SetupError(f"setup needs 'hands': one list of cards per seat ({players})")
        mystery = setup.get("mystery_hand", [])
        if options["mystery"] and "mystery_hand" not in setup:
            raise SetupError("setup needs 'mystery_hand' for the mystery variant")
        if not options["mystery"] and mystery:
            raise SetupError("setup has a 'mystery_hand' but the mystery option is off")
        deck = setup.get("deck", [])
        for name, cards in [
            *((f"hand {i}", h) for i, h in enumerate(hands)),
            ("mystery_hand", mystery),
            ("deck", deck),
        ]:
            if not isinstance(cards, list) or any(
                type(c) is not int or not 0 <= c < NUM_TYPES for c in cards
            ):
                raise SetupError(
                    f"setup {name}: cards are numbers 0..{NUM_TYPES - 1} (artist*5 + symbol)"
                )
        cards = sorted([c for h in [*hands, mystery, deck] for c in h])
        deck_cards = all_cards(composition(options["deck"]))  # in card order, as `cards`
        if cards != deck_cards:
            given, expected = Counter(cards), Counter(deck_cards)
            extra = given - expected
            short = expected - given
            what = (
                f"{card_name(next(iter(extra)))} once too often"
                if extra
                else f"{card_name(next(iter(short)))} missing"
            )
            raise SetupError(f"setup cards must be the deck's cards exactly once each: {what}")
        first = setup.get("first_player", 0)
        if type(first) is not int or not 0 <= first < players:
            raise SetupError(f"setup first_player must be a seat 0..{players - 1}, not {first!r}")
        chance = setup.get("chance", 0)
        if type(chance) is not int:
            raise SetupError("setup chance must be an integer seed")
        return {
            "hands": hands,
            "mystery": mystery,
            "deck": list(deck),
            "first_player": first,
            "chance": chance,
        }

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
