"""The deal of art-dice written out as JSON, and its checks.

A setup is a JSON object:
- `deck`: the cards of the deck, top card first;
- `collections`: one list of cards per seat, the starting collections (AD-2);
- `banker`: the banker's seat; the first bidder of the first round sits to their left (AD-2);
- `seed`: the seed of the state's chance stream, which rolls the die;
- `gold` (optional): each seat's starting gold, 10 each by default (AD-1); the bank holds the
  rest of the 50;
- `dice` (optional): the first die rolls, in the order they happen (a scenario made exact);
  when they run out the chance stream rolls.
Deck and collections together hold each of the 45 cards exactly once, and the deck is not
empty.
"""

from __future__ import annotations

from typing import Any

from ...core import Chance, SetupError, derive_seed
from .cards import CARDS, DIE, START_COLLECTION, START_GOLD, TOTAL_GOLD

KEYS = ("deck", "collections", "banker", "seed", "gold", "dice")


def make_setup(players: int, seed: int, first_player: int | None = None) -> dict:
    """A random deal from `seed`; `first_player` is the first bidder (the banker sits to their
    right), else the banker is drawn."""
    chance = Chance(derive_seed(seed, "art-dice/deal"))
    cards = list(range(CARDS))
    chance.shuffle(cards)
    collections = [
        sorted(cards[p * START_COLLECTION : (p + 1) * START_COLLECTION]) for p in range(players)
    ]
    deck = cards[players * START_COLLECTION :]
    if first_player is None:
        banker = chance.below(players)
    else:
        banker = (first_player - 1) % players
    return {
        "deck": deck,
        "collections": collections,
        "banker": banker,
        "seed": derive_seed(seed, "art-dice/dice"),
        "gold": [START_GOLD] * players,
    }


def _is_int(x: Any) -> bool:
    return type(x) is int


def _int_list(setup: dict, key: str) -> list[int]:
    value = setup[key]
    if not isinstance(value, list) or not all(_is_int(x) for x in value):
        raise SetupError(f"setup {key!r} must be a list of whole numbers, not {value!r}")
    return value


def check_setup(players: int, setup: dict) -> tuple:
    """The setup's parts, checked: (deck top first, collections, banker, seed, gold, dice)."""
    unknown = sorted(set(setup) - set(KEYS))
    if unknown:
        raise SetupError(f"setup has no key {unknown[0]!r} (its keys: {', '.join(KEYS)})")
    for key in ("deck", "collections", "banker", "seed"):
        if key not in setup:
            raise SetupError(f"setup needs {key!r}")
    deck = _int_list(setup, "deck")
    if not deck:
        raise SetupError("setup 'deck' is empty: the game would be over before it starts (AD-7)")
    colls = setup["collections"]
    if not isinstance(colls, list) or len(colls) != players:
        raise SetupError(f"setup 'collections' must be a list of {players} lists, one per seat")
    for c in colls:
        if not isinstance(c, list) or not all(_is_int(x) for x in c):
            raise SetupError(f"a collection must be a list of card numbers, not {c!r}")
    seen = deck + [x for c in colls for x in c]
    if sorted(seen) != list(range(CARDS)):
        bad = sorted({x for x in seen if not 0 <= x < CARDS or seen.count(x) > 1})
        missing = sorted(set(range(CARDS)) - set(seen))
        raise SetupError(
            f"deck and collections must hold each card 0..{CARDS - 1} exactly once "
            f"(repeated or unknown: {bad}, missing: {missing})"
        )
    banker = setup["banker"]
    if not _is_int(banker) or not 0 <= banker < players:
        raise SetupError(f"setup 'banker' must be a seat 0..{players - 1}, not {banker!r}")
    seed = setup["seed"]
    if not _is_int(seed):
        raise SetupError(f"setup 'seed' must be a whole number, not {seed!r}")
    if "gold" in setup:
        gold = _int_list(setup, "gold")
        if len(gold) != players or min(gold) < 0 or sum(gold) > TOTAL_GOLD:
            raise SetupError(
                f"setup 'gold' must give {players} amounts of at least 0 that sum to at most "
                f"{TOTAL_GOLD}, not {gold!r}"
            )
    else:
        gold = [START_GOLD] * players
    dice = _int_list(setup, "dice") if "dice" in setup else []
    if any(not 1 <= d <= DIE for d in dice):
        raise SetupError(f"setup 'dice' must be rolls 1..{DIE}, not {dice!r}")
    return deck, colls, banker, seed, gold, dice
