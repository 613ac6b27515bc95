"""The deal written out: the deck order and which bidding-card set each seat got (RZ-1, RZ-2).

A setup is `{"deck": [141 card types, top card first], "hands": [[values], ...]}`, one hand per
seat, each one of the bidding-card sets of that player count, every set dealt once.
"""

from __future__ import annotations

from collections import Counter

from ...core import Chance, SetupError, derive_seed
from .cards import BIDDING_SETS, DECK_SIZE, FULL_DECK, NAMES, NUM_TYPES

SETUP_KEYS = ("deck", "hands")


def make_setup(players: int, seed: int, first_player: int | None = None) -> dict:
    """A random deal. The rules choose the starting player (the highest bidding card, RZ-4), so a
    requested `first_player` gets the set holding the highest card; the other sets go at random."""
    chance = Chance(derive_seed(seed, "ratzia/deal"))
    deck = list(FULL_DECK)
    chance.shuffle(deck)
    sets = [list(s) for s in BIDDING_SETS[players]]
    chance.shuffle(sets)
    if first_player is not None:
        if type(first_player) is not int or not 0 <= first_player < players:
            raise SetupError(f"first_player must be a seat 0..{players - 1}, not {first_player!r}")
        top = max(range(players), key=lambda i: max(sets[i]))
        sets[first_player], sets[top] = sets[top], sets[first_player]
    return {"deck": deck, "hands": sets}


def check_setup(players: int, setup: dict) -> tuple[tuple[int, ...], list[tuple[int, ...]]]:
    """The deck and the hands of a setup, or SetupError saying what is wrong."""
    unknown = sorted(set(setup) - set(SETUP_KEYS))
    if unknown:
        raise SetupError(f"a Ratzia setup has only deck and hands, not {unknown[0]!r}")
    for key in SETUP_KEYS:
        if key not in setup:
            raise SetupError(f"a Ratzia setup needs {key!r}")
    deck, hands = setup["deck"], setup["hands"]
    if not isinstance(deck, list) or not all(type(t) is int for t in deck):
        raise SetupError("the deck is a list of card types (whole numbers 0..18)")
    bad = [t for t in deck if not 0 <= t < NUM_TYPES]
    if bad:
        raise SetupError(f"the deck holds {bad[0]}, which is no card type (0..18)")
    have, want = Counter(deck), Counter(FULL_DECK)
    if have != want:
        t = next(t for t in range(NUM_TYPES) if have[t] != want[t])
        raise SetupError(
            f"the deck must hold all {DECK_SIZE} cards once: it has {have[t]} {NAMES[t]}, "
            f"not {want[t]}"
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
