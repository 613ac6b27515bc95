"""The deal written out: the deck order and which bidding-card set each seat got (RZ-1, RZ-2).

A setup is `{"deck": [141 card types, top card first], "hands": [[values], ...]}`, one hand per
seat, each one of the bidding-card sets of that player count, every set dealt once.
"""

from __future__ import annotations

import random
from typing import Any

from ...core import SetupError, derive_seed
from .cards import BIDDING_SETS, COPIES, DECK_SIZE, FULL_DECK, NAMES, NUM_TYPES

SETUP_KEYS = ("deck", "hands")


def make_setup(players: int, seed: int, first_player: Any = None) -> dict:
    """A random deal. The rules choose the starting player (the highest bidding card, RZ-4), so a
    requested `first_player` gets the set holding the highest card; the other sets go at random."""
    rand = random.Random(derive_seed(seed, "ratzia/deal")).random
    deck = list(FULL_DECK)
    _shuffle(deck, rand)
    sets = [list(s) for s in BIDDING_SETS[players]]
    _shuffle(sets, rand)
    if first_player is not None:
        if type(first_player) is not int or not 0 <= first_player < players:
            raise SetupError(f"first_player must be a seat 0..{players - 1}, not {first_player!r}")
        top = max(range(players), key=lambda i: max(sets[i]))
        sets[first_player], sets[top] = sets[top], sets[first_player]
    return {"deck": deck, "hands": sets}


def _shuffle(items: list, rand) -> None:
    """Fisher-Yates driven by `random.random()` alone, whose stream Python keeps the same from
    version to version, so a seed deals the same game everywhere (and it is quick)."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rand() * (i + 1))
        items[i], items[j] = items[j], items[i]


def check_setup(players: int, setup: dict) -> tuple[tuple[int, ...], list[tuple[int, ...]]]:
    """The deck and the hands of a setup, or SetupError saying what is wrong."""
    unknown = sorted(set(setup) - set(SETUP_KEYS))
    if unknown:
        raise SetupError(f"a Ratzia setup has only deck and hands, not {unknown[0]!r}")
    for key in SETUP_KEYS:
        if key not in setup:
            raise SetupError(f"a Ratzia setup needs {key!r}")
    deck, hands = setup["deck"], setup["hands"]
    if not isinstance(deck, list):
        raise SetupError("the deck is a list of card types (whole numbers 0..18)")
    counts = [0] * NUM_TYPES
    for t in deck:
        if type(t) is not int or not 0 <= t < NUM_TYPES:
            raise SetupError(f"the deck holds {t!r}, which is no card type (0..18)")
        counts[t] += 1
    if counts != list(COPIES):
        t = next(t for t in range(NUM_TYPES) if counts[t] != COPIES[t])
        raise SetupError(
            f"the deck must hold all {DECK_SIZE} cards once: it has {counts[t]} {NAMES[t]}, "
            f"not {COPIES[t]}"
        )
    if not isinstance(hands, list) or len(hands) != players:
        raise SetupError(f"hands must be a list with one bidding-card set per seat ({players})")
    sets = {tuple(s) for s in BIDDING_SETS[players]}
    got = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or not all(type(v) is int for v in hand):
            raise SetupError(f"seat {seat}'s hand must be a list of bidding-card values")
        got.append(tuple(sorted(hand)))
    if set(got) != sets or len(set(got)) != players:
        allowed = " ".join("{" + ",".join(map(str, s)) + "}" for s in BIDDING_SETS[players])
        raise SetupError(
            f"with {players} players the hands must be the sets {allowed}, each dealt once"
        )
    return tuple(deck), got
