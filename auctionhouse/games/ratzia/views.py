"""What a seat sees: everything but the order of the deck (RZ-3: bidding cards are public).

The state keeps its events as small tuples; they become dicts only here, when a view is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import COURTHOUSE, values_tuple
from .scoring import END_CATEGORIES, ROUND_CATEGORIES, round_categories
from .state import AUCTION, AUCTION_CAUSES, COURT, DECLARED, OVER, PHASE_NAMES, ROUND_END_CAUSES

if TYPE_CHECKING:
    from .state import RatziaState


def event_dict(e: tuple) -> dict:
    """One event of the state as the public dict views carry (declared in events.py)."""
    kind = e[0]
    if kind in ("reveal", "steal"):
        return {"event": kind, "seat": e[1], "card": e[2]}
    if kind == "bid":
        return {"event": kind, "seat": e[1], "amount": e[2]}
    if kind in ("pass", "stop"):
        return {"event": kind, "seat": e[1]}
    if kind == "auction":
        return {"event": kind, "seat": e[1], "cause": AUCTION_CAUSES[e[2]]}
    if kind == "won":
        return {"event": kind, "seat": e[1], "price": e[2], "cards": list(e[3]), "centre": e[4]}
    if kind == "unsold":
        return {"event": kind, "cards": list(e[1])}
    if kind == "courthouse":
        return {"event": kind, "seat": e[1], "business": None if e[2] < 0 else e[2]}
    if kind == "round":
        return {"event": kind, "round": e[1] + 1, "seat": e[2]}
    if kind == "round_end":
        return {"event": kind, "round": e[1] + 1, "cause": ROUND_END_CAUSES[e[2]]}
    if kind == "scored":
        return {
            "event": kind,
            "round": e[1] + 1,
            "gains": list(e[2]),
            "collections": [list(c) for c in e[3]],
            "parts": [dict(zip(ROUND_CATEGORIES, x, strict=True)) for x in round_categories(e[3])],
        }
    if kind == "end":
        return {
            "event": kind,
            "gains": list(e[1]),
            "scores": list(e[2]),
            "parts": [dict(zip(END_CATEGORIES, x, strict=True)) for x in e[3]],
        }
    raise ValueError(f"unknown event {e!r}")


def table(s: RatziaState) -> dict:
    """The public position, the same for every seat (views and the snapshot hold it)."""
    auction = None
    if s.phase == AUCTION:
        auction = {
            "starter": s.a_starter,
            "cause": AUCTION_CAUSES[s.a_cause],
            "forced": s.a_cause != DECLARED,
            "must_bid": s.a_must if s.a_must >= 0 else None,
            "order": list(s.a_order),
            "waiting": s.a_order[s.a_i],
            "high_bid": s.a_high or None,
            "high_bidder": s.a_bidder if s.a_bidder >= 0 else None,
        }
    return {
        "round": min(s.round, 2) + 1,
        "deck_size": len(s.deck) - s.deck_pos,
        "row": list(s.row),
        "police": s.police,
        "centre": s.centre,
        "out_of_game": list(s.out),
        "up": [list(values_tuple(m)) for m in s.up],
        "down": [list(values_tuple(m)) for m in s.down],
        "collections": [list(c) for c in s.coll],
        "discard": list(s.discard),
        "scores": list(s.score),
        "auction": auction,
        "courthouse": {"seat": s.actor, "left": s.coll[s.actor][COURTHOUSE]}
        if s.phase == COURT
        else None,
    }


def build_view(s: RatziaState, player: int | None, log: bool = True) -> dict:
    over = s.phase == OVER
    out = {
        "game": s.game.name,
        "players": s.num_players,
        "seat": player,
        "phase": PHASE_NAMES[s.phase],
        "actors": list(s.actors()),
        "over": over,
        **table(s),
    }
    if log:
        out["log"] = [event_dict(e) for e in s.events]
    if over:
        out["result"] = s.result().to_json()  # type: ignore[union-attr]  # over
        gains = s.end_gains or []  # set at the end
        out["final"] = {"deck_left": list(s.deck[s.deck_pos :]), "end_gains": list(gains)}
    return out
