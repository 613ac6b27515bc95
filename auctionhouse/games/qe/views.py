"""What a seat sees (QE-7): its own bids and token, the winning amounts it may know, and as an
auctioneer every bid of its auctions; everyone sees who won, the ties, the zero bidders.

The state logs public events as small tuples; they become dicts only here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .scoring import PARTS
from .state import BID, OPEN, OVER

if TYPE_CHECKING:
    from .state import Auction, QEState


def event_json(e: tuple) -> dict:
    """One public event as the dict views carry."""
    kind = e[0]
    if kind == "open":
        return {"event": "open", "turn": e[1], "seat": e[2], "tile": e[3], "amount": e[4]}
    if kind == "last":
        return {"event": "last_turn", "turn": e[1], "tile": e[2]}
    if kind == "tie":
        return {"event": "tie", "turn": e[1], "seats": list(e[2]), "count": e[3]}
    if kind == "won":
        if e[2] < 0:
            return {"event": "no_winner", "turn": e[1], "tile": e[3]}
        out = {"event": "won", "turn": e[1], "seat": e[2], "tile": e[3]}
        if e[4] is not None:  # the auctioneer won: their bid is public (QE-7)
            out["amount"] = e[4]
        return out
    if kind == "zero":
        return {"event": "zero_bids", "turn": e[1], "seats": list(e[2])}
    if kind == "peek":
        return {"event": "peek", "seat": e[1], "auction": e[2]}
    raise ValueError(f"unknown event {e!r}")


def _bids_of(rounds: list, p: int) -> list[int]:
    return [r[p] for r in rounds if r[p] >= 0]


def _table(rounds: list) -> list[list]:
    return [[None if b < 0 else b for b in r] for r in rounds]


def _seats(mask: int, n: int) -> list[int]:
    return [q for q in range(n) if mask >> q & 1]


def _finished(s: QEState, p: int | None, k: int, rec: Auction) -> dict:
    a = rec.auctioneer
    out = {
        "turn": k,
        "tile": rec.tile,
        "auctioneer": a if a >= 0 else None,
        "open": rec.open if a >= 0 else None,
        "ties": [list(x) for x in rec.ties],
        "winner": rec.winner if rec.winner >= 0 else None,
        "amount": rec.price if s.knows_price(p, k) else None,
    }
    if s.zero_rule:
        out["zero_bids"] = _seats(rec.zeros, s.num_players)
    if p is not None:
        out["my_bids"] = _bids_of(rec.rounds, p)
        if p == a:
            out["bids"] = _table(rec.rounds)
    return out


def _current(s: QEState, p: int | None) -> dict:
    a = s.a
    out = {
        "turn": s.t,
        "tile": s.tiles[s.t],
        "auctioneer": a if a >= 0 else None,
        "open": s.open if s.phase == BID and a >= 0 else None,
        "rebid": s.rnd,
        "ties": [list(x) for x in s.ties],
        "waiting": list(s.waiting),
    }
    if p is not None:
        out["my_bids"] = _bids_of(s.rounds, p)
        if p == a:  # the auctioneer has seen every bid of the rounds already compared
            out["bids"] = _table(s.rounds[: s.rnd])
    return out


def _phase(s: QEState) -> str:
    if s.phase == OVER:
        return "over"
    if s.phase == OPEN:
        return "open_bid"
    if s.a < 0:
        return "last_turn"
    return "rebid" if s.rnd else "sealed_bid"


def view(s: QEState, p: int | None, log: bool = True) -> dict:
    """The view of seat p (None: a spectator); `log=False` leaves out the public log."""
    n = s.num_players
    over = s.phase == OVER
    rounds = (s.nturns + n - 1) // n
    out = {
        "game": s.game.name,
        "players": n,
        "seat": p,
        "phase": _phase(s),
        "actors": list(s.waiting),
        "over": over,
        "turn": s.t,
        "turns": s.nturns,
        "first_auctioneer": s.first,
        "nations": list(s.nations),
        "tiles_left": max(s.nturns - s.t - 1, 0),
        "owned": [list(o) for o in s.owned],
        "zero_marks": [_seats(m, rounds) for m in s.zmarks] if s.zero_rule else None,
        "peeks": [None if k < 0 else k for k in s.peeked] if s.peek_rule else None,
        "token": None if p is None or s.tokens is None else s.tokens[p],
        "spent": None if p is None else s.spent[p],
        "auction": None if over else _current(s, p),
        "auctions": [_finished(s, p, k, rec) for k, rec in enumerate(s.done)],
    }
    if log:
        out["log"] = [event_json(e) for e in s.events]
    if over:
        t = s.tally()
        out["result"] = {"scores": list(t.scores), "winners": list(t.winners)}
        out["final"] = {
            "tokens": None if s.tokens is None else list(s.tokens),
            "spent": list(s.spent),
            "amounts": [r.price if r.winner >= 0 else None for r in s.done],
            "eliminated": list(t.eliminated),
            "scoring": [dict(zip(PARTS, parts, strict=True)) for parts in t.parts],
        }
    return out
