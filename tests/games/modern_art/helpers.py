"""Hand-built Modern Art scenarios: cards by name, explicit deals, moves in one line."""

from __future__ import annotations

from collections import Counter

from auctionhouse.games.modern_art import GAME
from auctionhouse.games.modern_art.deck import SHORT, STANDARD, SYMBOLS, all_cards

_SYM = {"O": 0, "1": 1, "H": 2, "F": 3, "D": 4}


def C(name: str) -> int:
    """A card from its short name: artist initials + symbol, e.g. "MC-O" (open), "RS-D" (double).
    Symbols: O open, 1 once-around, H hidden, F fixed price, D double."""
    artist, sym = name.split("-")
    return SHORT.index(artist) * 5 + _SYM[sym]


def cards(text: str) -> list[int]:
    return [C(x) for x in text.split()]


def make_setup(hands, deck=(), first=0, mystery=None, comp=STANDARD, chance=7) -> dict:
    """A deal with these round-1 hands (lists of card names or ints); the deck starts with
    `deck` and holds every other card of the composition after it, in a fixed order."""
    hands = [cards(h) if isinstance(h, str) else list(h) for h in hands]
    deck = cards(deck) if isinstance(deck, str) else list(deck)
    myst = cards(mystery) if isinstance(mystery, str) else list(mystery or [])
    rest = Counter(all_cards(comp)) - Counter([c for h in hands for c in h] + deck + myst)
    setup = {"hands": hands, "deck": deck + sorted(rest.elements()), "first_player": first}
    setup["chance"] = chance
    if mystery is not None:
        setup["mystery_hand"] = myst
    return setup


def new(hands, deck=(), first=0, options=None, mystery=None, **kw):
    opts = dict(options or {})
    if mystery is not None:
        opts["mystery"] = True
    return GAME.new_state(len(hands), opts, setup=make_setup(hands, deck, first, mystery, **kw))


def do(state, seat, kind, arg=None):
    """Apply one move, with cards given by name."""
    if isinstance(arg, str):
        arg = C(arg)
    state.apply(seat, (kind, arg))
    return state


def run(state, moves: str):
    """Apply a script of moves: "0 play MC-O; 1 bid 5; 2 pass" (seat kind [arg])."""
    for step in filter(None, (m.strip() for m in moves.split(";"))):
        parts = step.split()
        arg = parts[2] if len(parts) > 2 else None
        if arg is not None and arg.lstrip("-").isdigit():
            arg = int(arg)
        do(state, int(parts[0]), parts[1], arg)
    return state


def last_event(state, kind: str) -> dict:
    from auctionhouse.games.modern_art.views import event_dict

    return next(event_dict(e) for e in reversed(state.events) if e[0] == kind)


__all__ = ["C", "SYMBOLS", "cards", "do", "last_event", "make_setup", "new", "run"]
