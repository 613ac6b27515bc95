"""The deal of Modern Art written out, and its checks (MA-2, MA-4, MA-18, MA-20).

A setup is `{"hands": [[cards], ...], "mystery_hand": [cards] (mystery variant only),
"deck": [cards, top first], "first_player": seat, "chance": seed}`: every card of the deck
(the `deck` option) exactly once.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core import SetupError
from ...core.rng import seeded_random, shuffle_as_random
from .deck import NUM_TYPES, all_cards, card_name, composition
from .state import DEAL


def make_setup(
    players: int, options: dict[str, Any], seed: int, first_player: int | None = None
) -> dict:
    """A random deal from `seed`; `first_player` fixes who starts (MA-18)."""
    rng = seeded_random(seed)  # random.Random(seed), faster
    cards = all_cards(composition(options["deck"]))
    shuffle_as_random(rng, cards)
    per = (DEAL[4] if options["mystery"] else DEAL[players])[0]
    hands = [cards[i * per : (i + 1) * per] for i in range(players)]
    pos = players * per
    setup: dict[str, Any] = {"hands": hands}
    if options["mystery"]:
        setup["mystery_hand"] = cards[pos : pos + per]
        pos += per
    setup["deck"] = cards[pos:]
    first = rng.randrange(players) if first_player is None else first_player % players
    setup["first_player"] = first
    setup["chance"] = rng.getrandbits(63)
    return setup


def parse_setup(players: int, options: dict[str, Any], setup: dict) -> dict:
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
    piles = [*hands, mystery, deck]
    for i, pile in enumerate(piles):
        if not _are_cards(pile):
            name = f"hand {i}" if i < players else ("mystery_hand", "deck")[i - players]
            raise SetupError(
                f"setup {name}: cards are numbers 0..{NUM_TYPES - 1} (artist*5 + symbol)"
            )
    comp = composition(options["deck"])
    if not _same_cards(piles, comp):
        cards = sorted([c for h in piles for c in h])
        deck_cards = all_cards(comp)  # in card order, as `cards`
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


def _are_cards(pile: Any) -> bool:
    """A list of card numbers."""
    return isinstance(pile, list) and all(type(c) is int and 0 <= c < NUM_TYPES for c in pile)


def _same_cards(piles: list[list[int]], comp: tuple[tuple[int, ...], ...]) -> bool:
    """Whether the piles hold every card of the deck `comp` exactly once (counted per card:
    compiled, faster than sorting them)."""
    counts = [0] * NUM_TYPES
    for pile in piles:
        for c in pile:
            counts[c] += 1
    return all(counts[c] == comp[c // 5][c % 5] for c in range(NUM_TYPES))
