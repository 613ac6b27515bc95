"""What a seat sees in art-dice: everything on the table is public (gold, bank, bids placed,
collections, the dice rolled); the deck order and the dice not yet rolled are not."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import ON_SALE
from .state import (
    BID,
    E_BID,
    E_DRAW,
    E_END,
    E_PASS,
    E_ROLL,
    E_ROUND,
    E_SELL,
    E_SKIP,
    E_STOP,
    E_UNSOLD,
    E_WON,
    OVER,
    PHASE_NAMES,
)

if TYPE_CHECKING:
    from .state import ArtDiceState


def log_entry(e: tuple) -> dict:
    """A stored log event as the public dict the views carry (declared in events.py)."""
    code = e[0]
    if code == E_ROUND:
        return {"event": "round", "round": e[1], "seat": e[2]}
    if code == E_SELL:
        return {"event": "sell", "seat": e[1], "card": e[2], "roll": e[3], "gold": e[4]}
    if code == E_DRAW:
        return {"event": "draw", "cards": list(e[1])}
    if code == E_ROLL:
        return {"event": "roll", "seat": e[1], "roll": e[2]}
    if code == E_SKIP:
        return {"event": "skip", "seat": e[1]}
    if code == E_BID:
        # `cards`: the works on sale, in the order of `amounts`
        return {"event": "bid", "seat": e[1], "amounts": list(e[2]), "cards": list(e[3])}
    if code == E_PASS:
        return {"event": "pass", "seat": e[1]}
    if code == E_WON:
        return {"event": "won", "seat": e[1], "card": e[2], "price": e[3]}
    if code == E_UNSOLD:
        return {"event": "unsold", "cards": list(e[1])}
    if code == E_STOP:
        return {"event": "stop", "cards": list(e[1])}
    if code == E_END:
        return {"event": "end"}
    raise ValueError(f"unknown log event {e!r}")


def view(s: ArtDiceState, player: int | None, log: bool = True) -> dict:
    n = s.n
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
        "bidder": s.cur if bidding else None,
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
        out["log"] = [log_entry(e) for e in s.log]
    if s.phase == OVER:
        out["result"] = s.result().to_json()  # type: ignore[union-attr]  # over
        out["final"] = {"deck": s.deck[::-1]}
    return out
