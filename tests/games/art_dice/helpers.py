"""Explicit art-dice deals for the rules tests: every card, seat and die roll written out."""

from __future__ import annotations

import pytest

from auctionhouse.core import IllegalMove
from auctionhouse.games.art_dice import GAME
from auctionhouse.games.art_dice.cards import CARDS


def deal(players, collections, deck_top=(), *, banker=None, gold=None, dice=(), seed=7):
    """A state from a written-out setup: `deck_top` first, then the other cards in order.

    `banker` defaults to the seat right of seat 0, so seat 0 is the first bidder."""
    used = {c for coll in collections for c in coll} | set(deck_top)
    deck = list(deck_top) + [c for c in range(CARDS) if c not in used]
    setup = {
        "deck": deck,
        "collections": [list(c) for c in collections],
        "banker": players - 1 if banker is None else banker,
        "seed": seed,
        "dice": list(dice),
    }
    if gold is not None:
        setup["gold"] = list(gold)
    return GAME.new_state(players, setup=setup)


def refused(state, player, move, rule, words):
    """`move` is refused under `rule` with a sentence containing `words`; nothing changes."""
    before = state.snapshot()
    with pytest.raises(IllegalMove) as info:
        state.apply(player, move)
    assert info.value.rule == rule
    assert words in str(info.value), str(info.value)
    assert state.snapshot() == before
    return info.value


def events(state, kind, seat=None):
    """The public log events of one kind (seen by `seat`)."""
    return [e for e in state.view(seat)["log"] if e["event"] == kind]
