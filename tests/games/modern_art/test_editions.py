"""The decks a player picks in the lobby: each preset of the `deck` option is a deck the game
takes as it is sent (JSON), and the seed-001 preset is the deck of docs/decks/seed-001.toml."""

from __future__ import annotations

import json
from pathlib import Path

from auctionhouse.games import get_game
from auctionhouse.games.modern_art.deck import MAX_CARDS, all_cards, composition, convert_deck

DOCS = Path(__file__).resolve().parents[3] / "docs" / "decks"


def presets() -> dict[str, object]:
    deck = next(o for o in get_game("modern-art").info()["options"] if o["name"] == "deck")
    assert "MA-" not in deck["label"] and all("MA-" not in p["label"] for p in deck["presets"])
    return {p["label"].split(":")[0]: p["value"] for p in deck["presets"]}


def test_the_presets_are_the_standard_deck_and_the_seed_001_edition():
    found = presets()
    assert list(found) == ["The standard deck", "The seed-001 edition"]
    assert found["The standard deck"] == "standard"
    assert found["The seed-001 edition"] == convert_deck(str(DOCS / "seed-001.toml"))


def test_each_preset_deals_a_game_as_the_api_sends_it():
    game = get_game("modern-art")
    for value in presets().values():
        sent = json.loads(json.dumps(value))
        options = game.resolve(4, {"deck": sent})
        cards = all_cards(composition(options["deck"]))
        assert len(cards) == 70 <= MAX_CARDS
        state = game.new_state(4, options, seed=1)
        assert sum(state.view(None)["hand_sizes"]) > 0
