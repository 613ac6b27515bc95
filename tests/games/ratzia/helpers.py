"""Explicit Ratzia deals and scripted play for the ruling tests."""

from __future__ import annotations

from collections import Counter

from auctionhouse.games.ratzia import GAME
from auctionhouse.games.ratzia.cards import BIDDING_SETS, FULL_DECK, POLICE

# Card types by name, for readable decks.
P, T, GA, GB = 0, 1, 2, 3
TR1, TR2, TR3, TR4, TR5 = 4, 5, 6, 7, 8
B1, B2, B3, B4, B5, B6, B7 = 9, 10, 11, 12, 13, 14, 15
C, CAR, D = 16, 17, 18


def deck(*top: int) -> list[int]:
    """The whole 141-card deck with `top` drawn first; the other cards follow in type order
    (Thieves first) with the Police last, so no Police comes up unless `top` holds it."""
    rest = Counter(FULL_DECK)
    rest.subtract(top)
    assert min(rest.values()) >= 0, "the top of the deck uses more copies than exist"
    tail = [t for t in range(1, 19) for _ in range(rest[t])] + [POLICE] * rest[POLICE]
    return [*top, *tail]


def new(players: int = 4, top=(), hands=None):
    """A state from an explicit setup: `top` on the deck, the RZ-2 sets dealt in table order
    (seat 0 gets the first set) unless `hands` says otherwise."""
    hands = hands if hands is not None else [list(s) for s in BIDDING_SETS[players]]
    return GAME.new_state(players, setup={"deck": deck(*top), "hands": hands})


def parse(text: str):
    """'2 bid 11' -> (2, ('bid', 11)); '0 reveal' -> (0, ('reveal', None))."""
    parts = text.split()
    seat, kind = int(parts[0]), parts[1]
    return seat, (kind, int(parts[2]) if len(parts) > 2 else None)


def run(state, *script: str):
    """Apply each scripted move ('seat kind [arg]'); return the state."""
    for text in script:
        seat, move = parse(text)
        state.apply(seat, move)
    return state


def kinds(state, seat: int) -> list[str]:
    return [mk.kind for mk in state.legal_moves(seat)]


def choices(state, seat: int, kind: str):
    for mk in state.legal_moves(seat):
        if mk.kind == kind:
            return mk.choices
    return None


def up(state, seat: int) -> list[int]:
    return state.view(None)["up"][seat]


def down(state, seat: int) -> list[int]:
    return state.view(None)["down"][seat]


def events(state, kind: str) -> list[dict]:
    return [e for e in state.view(None)["log"] if e["event"] == kind]
