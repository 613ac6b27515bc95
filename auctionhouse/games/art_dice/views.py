"""What a seat sees in art-dice: everything on the table is public (gold, bank, bids placed,
collections, the dice rolled); the deck order and the dice not yet rolled are not."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import ON_SALE
from .state import BID, OVER, PHASE_NAMES

if TYPE_CHECKING:
    from .state import ArtDiceState


def event_dict(e: tuple) -> dict:
    """One event of the state as the public dict views carry (declared in events.py)."""
    kind = e[0]
    if kind == "round":
        return {"event": "round", "round": e[1], "seat": e[2]}
    if kind == "sell":
        return {"event": "sell", "seat": e[1], "card": e[2], "roll": e[3], "gold": e[4]}
    if kind == "draw":
        return {"event": "draw", "cards": list(e[1])}
    if kind == "roll":
        return {"event": "roll", "seat": e[1], "roll": e[2]}
    if kind == "skip":
        return {"event": "skip", "seat": e[1]}
    if kind == "bid":
        # `cards`: the works on sale, in the order of `amounts`
        return {"event": "bid", "seat": e[1], "amounts": list(e[2]), "cards": list(e[3])}
    if kind == "pass":
        return {"event": "pass", "seat": e[1]}
    if kind == "won":
        return {"event": "won", "seat": e[1], "card": e[2], "price": e[3]}
    if kind == "unsold":
        return {"event": "unsold", "cards": list(e[1])}
    if kind == "stop":
        return {"event": "stop", "cards": list(e[1])}
    if kind == "end":
        return {"event": "end"}
    raise ValueError(f"unknown event {e!r}")


def build_view(s: ArtDiceState, player: int | None, log: bool = True) -> dict:
    n = s.num_players
    bidding = s.phase == BID
    bids = s.bids
    out = {
        "game": s.game.name,
        "players": n,
        "seat": player,
        "phase": PHASE_NAMES[s.phase],
        "actors": list(s.actors()),
        "over": s.phase == OVER,
        "round": s.round,
        "banker": s.banker,
        "first_bidder": s.fb,
        "bidder": s.actor if bidding else None,
        "roll": s.roll if bidding else None,
        "own_sales": s.sold,
        "gold": s.gold_with(bids),
        "bank": s.bank,
        "deck_size": len(s.deck),
        "on_sale": s.sale[:],
        "highest": s.high[:],
        "leaders": s.leader[:],
        "bids": [bids[p * ON_SALE : p * ON_SALE + len(s.sale)] for p in range(n)],
        "collections": [c[:] for c in s.coll],  # kept sorted
        "scores": list(s.scores()),
        "no_sale_rounds": s.nosale,
        "out": s.out[:],
    }
    if log:
        out["log"] = [event_dict(e) for e in s.events]
    if s.phase == OVER:
        out["result"] = s.result().to_json()  # type: ignore[union-attr]  # over
        out["final"] = {"deck": s.deck[::-1]}
    return out
