"""The fast view gives exactly what the first, plain implementation gave (copied below as the
reference): the same dicts, keys in the same order, the same types, for every seat and the
spectator, with and without the log, at every position of hundreds of random games.

Random games draw bids narrowly at times, so that ties, third ties, zero bids, peeks, the
3-player last turn and games with no winner on it all occur."""

from __future__ import annotations

import json
import random

import pytest

from auctionhouse.core import random_arg
from auctionhouse.games.qe import GAME
from auctionhouse.games.qe.scoring import PARTS
from auctionhouse.games.qe.state import BID, OPEN, OVER

from ...conftest import examples


# --- the reference: auctionhouse/games/qe/views.py as first written --------------------------
def event_json(e: tuple) -> dict:
    kind = e[0]
    if kind == "open":
        return {"event": "open", "turn": e[1], "seat": e[2], "tile": e[3], "amount": e[4]}
    if kind == "last":
        return {"event": "last_turn", "turn": e[1], "tile": e[2]}
    if kind == "tie":
        return {"event": "tie", "turn": e[1], "seats": list(e[2]), "count": e[3]}
    if kind == "won":
        if e[2] < 0:
            return {"event": "unsold", "turn": e[1], "tile": e[3]}
        return {"event": "won", "turn": e[1], "seat": e[2], "tile": e[3], "price": e[4]}
    if kind == "zero":
        return {"event": "zero_bids", "turn": e[1], "seats": list(e[2])}
    if kind == "peek":
        return {"event": "peek", "seat": e[1], "auction": e[2]}
    raise ValueError(f"unknown event {e!r}")


def _bids_of(rounds, p):
    return [r[p] for r in rounds if r[p] >= 0]


def _table(rounds):
    return [[None if b < 0 else b for b in r] for r in rounds]


def _seats(mask, n):
    return [q for q in range(n) if mask >> q & 1]


def _finished(s, p, k, rec):
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


def _current(s, p):
    a = s.auctioneer
    out = {
        "turn": s.t,
        "tile": s.tiles[s.t],
        "auctioneer": a if a >= 0 else None,
        "open": s.open if s.phase == BID and a >= 0 else None,
        "rebid": s.rebid,
        "ties": [list(x) for x in s.ties],
        "waiting": list(s.awaited),
    }
    if p is not None:
        out["my_bids"] = _bids_of(s.rounds, p)
        if p == a:
            out["bids"] = _table(s.rounds[: s.rebid])
    return out


def _phase(s):
    if s.phase == OVER:
        return "over"
    if s.phase == OPEN:
        return "open_bid"
    if s.auctioneer < 0:
        return "last_turn"
    return "rebid" if s.rebid else "sealed_bid"


def reference_view(s, p, log=True):
    n = s.num_players
    over = s.phase == OVER
    rounds = (s.nturns + n - 1) // n
    out = {
        "game": s.game.name,
        "players": n,
        "seat": p,
        "phase": _phase(s),
        "actors": list(s.awaited),
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


# --- the comparison ---------------------------------------------------------------------------
def same(new, old, exactly: bool) -> bool:
    """Equal (a tuple is no list); `exactly`: with keys in the same order and True no 1, as
    JSON writes them too (slower: done at every third position)."""
    return new == old and (not exactly or json.dumps(new) == json.dumps(old))


def shares_nothing(a, b) -> bool:
    """No list or dict of one view is also part of the other (each view is fresh)."""
    seen = set()

    def walk(x, into):
        if isinstance(x, dict):
            into.add(id(x))
            for v in x.values():
                walk(v, into)
        elif isinstance(x, list):
            into.add(id(x))
            for v in x:
                walk(v, into)

    walk(a, seen)
    other = set()
    walk(b, other)
    return not seen & other


def random_game(players, seed, options):
    rng = random.Random(seed)
    width = rng.choice([None, 0, 1, 2, 3])
    state = GAME.new_state(players, options, seed=seed, first_player=rng.randrange(players))
    peeky = rng.random()
    yield state
    while not state.is_over():
        p = state.next_actor()
        legal = state.legal_moves(p)
        if legal[-1].kind == "peek" and rng.random() < peeky:
            mk = legal[-1]
        else:
            mk = legal[rng.randrange(len(legal) - (legal[-1].kind == "peek"))]
        state.apply(p, (mk.kind, random_arg(mk, rng, width)))
        yield state


CASES = [(3, {}), (4, {}), (5, {}), (4, {"seed_literal": True}), (5, {"seed_literal": True})]


@pytest.mark.parametrize(("players", "options"), CASES, ids=lambda c: str(c))
def test_the_view_is_the_reference_view(players, options):
    rng = random.Random(players * 7919 + len(options))
    for _ in range(examples(50)):
        for i, s in enumerate(random_game(players, rng.randrange(1 << 62), options)):
            for p in [None, *range(players)]:
                for log in (False, True):
                    new = s.view(p, log)
                    assert same(new, reference_view(s, p, log), i % 3 == 0), (p, log, s.history)
            if i % 10 == 0:  # two views of one position share no list or dict
                assert shares_nothing(s.view(0, True), s.view(0, True))


def test_the_games_reach_the_rare_cases():
    """The random games above do meet third ties, peeks and a 3-player last turn nobody won."""
    found = set()
    rng = random.Random(1)
    for players in (3, 5):
        for _ in range(200):
            *_, s = random_game(players, rng.randrange(1 << 62), {})
            for rec in s.done:
                if len(rec.ties) == 3:
                    found.add("third tie")
                if rec.auctioneer < 0 and rec.winner < 0:
                    found.add("no winner")
            if any(k >= 0 for k in s.peeked):
                found.add("peek")
    assert found == {"third tie", "no winner", "peek"}
