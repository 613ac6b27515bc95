"""What a seat of Modern Art may see: its own hand and cash, everything played and paid."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .deck import NUM_ARTISTS, SYMBOLS
from .events import EVENTS
from .state import FIXED_OFFER, FLIP, HIDDEN_BIDS, OFFER, OPEN_BIDS, OVER, PHASE_NAMES, PLAY

if TYPE_CHECKING:
    from .state import ModernArtState

# the field names of each public event, in the order the state's tuples hold their values
EVENT_FIELDS: Final = {kind: tuple(schema.__annotations__) for kind, schema in EVENTS.items()}


def event_dict(event: tuple) -> dict:
    out = {"event": event[0]}
    out.update(zip(EVENT_FIELDS[event[0]], event[1:], strict=True))
    return out


def build_view(s: ModernArtState, seat: int | None, log: bool = True) -> dict:
    n = s.num_players
    over = s.phase == OVER
    view = {
        "game": s.game.name,
        "players": n,
        "seat": seat,
        "phase": PHASE_NAMES[s.phase],
        "actors": list(s.actors()),
        "over": over,
        "round": min(s.round + 1, 4),
        "hammer": s.hammer if s.phase == PLAY else None,
        "hand": sorted(s.hands[seat]) if seat is not None else None,
        "hand_sizes": [len(h) for h in s.hands],
        "mystery_hand_size": None if s.mystery is None else len(s.mystery),
        "deck_size": len(s.deck) - s.deck_pos,
        # MA-3: cash sits behind a screen unless the open_cash option is on.
        "cash": [c if s.open_cash or p == seat or over else None for p, c in enumerate(s.cash)],
        "values": list(s.values),
        "board": [list(r) for r in s.board],
        "played": list(s.played),
        "paintings": [s.owned[p * NUM_ARTISTS : (p + 1) * NUM_ARTISTS] for p in range(n)],
        "auction": _auction(s, seat),
    }
    if log:
        view["log"] = [event_dict(e) for e in s.events]
    if over:
        view["result"] = s.result().to_json()  # type: ignore[union-attr]  # over
        view["final"] = {"hands": [sorted(h) for h in s.hands], "cash": list(s.cash)}
    return view


def _auction(s: ModernArtState, seat: int | None) -> dict | None:
    ph = s.phase
    if ph in (PLAY, OVER):
        return None
    if ph == FLIP:
        return {"type": "mystery_flip", "flipper": s.actor}
    lot = list(s.lot)
    if ph == OFFER:
        return {"type": "double", "cards": lot, "auctioneer": s.auctioneer, "offer_to": s.actor}
    out = {
        "type": SYMBOLS[s.atype],
        "cards": lot,
        "auctioneer": s.auctioneer,
        "high": s.high if s.bidder >= 0 else None,
        "high_bidder": s.bidder if s.bidder >= 0 else None,
    }
    if ph == OPEN_BIDS:
        out["passed"] = [p for p in range(s.num_players) if s.passed >> p & 1]
        out["out"] = _out(s.events)
    elif ph == HIDDEN_BIDS:
        sealed = s.sealed
        assert sealed is not None  # a hidden auction
        out["have_bid"] = [p for p, b in enumerate(sealed) if b >= 0]
        out["my_bid"] = sealed[seat] if seat is not None and sealed[seat] >= 0 else None
    elif ph == FIXED_OFFER:
        out["price"] = s.price
    return out


def _out(events: list) -> list[int]:
    """The seats that passed in this open auction and have not bid since (MA-9: a pass is not
    binding, but until they bid again they are out), from its public bids and passes."""
    out: list[int] = []
    bid_later: list[int] = []
    i = len(events) - 1
    while i >= 0:  # back to the event that opened the auction
        e = events[i]
        kind = e[0]
        if kind == "bid":
            bid_later.append(e[1])
        elif kind == "pass":
            if e[1] not in bid_later and e[1] not in out:
                out.append(e[1])
        else:
            break
        i -= 1
    return sorted(out)
