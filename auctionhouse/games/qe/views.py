"""What a seat sees (QE-7): its own bids and token, the winning amounts it may know, and as an
auctioneer every bid of its auctions; everyone sees who won, the ties, the zero bidders.

The state keeps its public events as small tuples; they become dicts only here. Views are built on
every decision of a bot or an environment, so the finished auctions (most of a view) are read
in one loop straight from the state's tuples. Every view is fresh: no list or dict is shared
with the state or with another view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .scoring import PARTS
from .state import BID, OPEN, OVER, SEATS_OF

if TYPE_CHECKING:
    from .state import QEState


def event_dict(e: tuple) -> dict:
    """One public event as the dict views carry (declared in events.py); the price of a won
    auction only where it is public (QE-7: the auctioneer won with its opening bid)."""
    kind = e[0]
    if kind == "open":
        return {"event": "open", "turn": e[1], "seat": e[2], "tile": e[3], "amount": e[4]}
    if kind == "won":
        if e[2] < 0:
            return {"event": "unsold", "turn": e[1], "tile": e[3]}
        return {"event": "won", "turn": e[1], "seat": e[2], "tile": e[3], "price": e[4]}
    if kind == "zero":
        return {"event": "zero_bids", "turn": e[1], "seats": list(e[2])}
    if kind == "tie":
        return {"event": "tie", "turn": e[1], "seats": list(e[2]), "count": e[3]}
    if kind == "last":
        return {"event": "last_turn", "turn": e[1], "tile": e[2]}
    if kind == "peek":
        return {"event": "peek", "seat": e[1], "auction": e[2]}
    raise ValueError(f"unknown event {e!r}")


def _auctions(s: QEState, p: int | None) -> list[dict]:
    """The finished auctions as seat p sees them (None: a spectator). A winning amount is
    known as `QEState.knows_price` says."""
    over = s.phase == OVER
    zero = s.zero_rule
    peek = -1 if p is None else s.peeked[p]
    out: list[dict] = []
    append = out.append
    for k, (tile, a, opened, rounds, ties, w, price, zeros) in enumerate(s.closed):
        known = w >= 0 and (over or w == a or p in (w, a) or peek == k)
        out_k = {
            "turn": k,
            "tile": tile,
            "auctioneer": a if a >= 0 else None,
            "open": opened if a >= 0 else None,
            "ties": [list(x) for x in ties] if ties else [],
            "winner": w if w >= 0 else None,
            "amount": price if known else None,
        }
        if zero:
            out_k["zero_bids"] = list(SEATS_OF[zeros])
        if p is not None:
            if len(rounds) == 1:
                x = rounds[0][p]
                out_k["my_bids"] = [x] if x >= 0 else []
            else:
                out_k["my_bids"] = [r[p] for r in rounds if r[p] >= 0]
            if p == a:
                out_k["bids"] = [[None if b < 0 else b for b in r] for r in rounds]
        append(out_k)
    return out


def _current(s: QEState, p: int | None) -> dict:
    a = s.auctioneer
    if a < 0:
        a = None
    out = {
        "turn": s.t,
        "tile": s.tiles[s.t],
        "auctioneer": a,
        "open": s.open if s.phase == BID and a is not None else None,
        "rebid": s.rebid,
        "ties": [list(x) for x in s.ties] if s.ties else [],
        "waiting": list(s.awaited),
    }
    if p is not None:
        out["my_bids"] = [r[p] for r in s.rounds if r[p] >= 0]
        if p == a:  # the auctioneer has seen every bid of the rounds already compared
            out["bids"] = [[None if b < 0 else b for b in r] for r in s.rounds[: s.rebid]]
    return out


def phase_name(s: QEState) -> str:
    if s.phase == OVER:
        return "over"
    if s.phase == OPEN:
        return "open_bid"
    if s.auctioneer < 0:
        return "last_turn"
    return "rebid" if s.rebid else "sealed_bid"


def build_view(s: QEState, p: int | None, log: bool = True) -> dict:
    """The view of seat p (None: a spectator); `log=False` leaves out the public log."""
    n = s.num_players
    over = s.phase == OVER
    tokens = s.tokens
    out = {
        "game": s.game.name,
        "players": n,
        "seat": p,
        "phase": phase_name(s),
        "actors": list(s.awaited),
        "over": over,
        "turn": s.t,
        "turns": s.nturns,
        "first_auctioneer": s.first,
        "nations": list(s.nations),
        "tiles_left": max(s.nturns - s.t - 1, 0),
        "owned": [list(o) for o in s.owned],
        # a zero mark of round r is bit r (r < the game's rounds, at most 4)
        "zero_marks": [list(SEATS_OF[m]) for m in s.zmarks] if s.zero_rule else None,
        "peeks": [None if k < 0 else k for k in s.peeked] if s.peek_rule else None,
        "token": None if p is None or tokens is None else tokens[p],
        "spent": None if p is None else s.spent[p],
        "auction": None if over else _current(s, p),
        "auctions": _auctions(s, p),
    }
    if log:
        out["log"] = [event_dict(e) for e in s.events]
    if over:
        t = s.tally()
        out["result"] = {"scores": list(t.scores), "winners": list(t.winners)}
        out["final"] = {
            "tokens": None if tokens is None else list(tokens),
            "spent": list(s.spent),
            "amounts": [r[6] if r[5] >= 0 else None for r in s.closed],
            "eliminated": list(t.eliminated),
            "scoring": [dict(zip(PARTS, parts, strict=True)) for parts in t.parts],
        }
    return out
