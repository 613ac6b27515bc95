"""Checks every game must pass, used by the per-game property tests and test_protocol.py."""

from __future__ import annotations

import json
import random

import pytest

from auctionhouse.bots.random_bot import RandomBot
from auctionhouse.core import IllegalMove, MoveKind, State, replay


class ViewOnly:
    """An observation with nothing but the seat, its legal moves and its view: a bot that
    reached for the state (or a determinization) would fail on it."""

    __slots__ = ("seat", "legal", "_views")

    def __init__(self, state: State, seat: int) -> None:
        self.seat = seat
        self.legal = state.legal_moves(seat)
        self._views = {True: state.view(seat), False: state.view(seat, log=False)}

    def view(self, log: bool = True) -> dict:
        return self._views[log]


def illegal_candidates(state: State, player: int, legal: list[MoveKind], rng: random.Random):
    """Moves that the legal list does not offer `player` (the engine must refuse them)."""
    kinds = {mk.kind for mk in legal}
    out = [("no-such-move", None)]
    for mk in legal:
        if mk.parts is not None:
            n = len(mk.parts)
            out.append((mk.kind, tuple([-1] + [0] * (n - 1))))
            out.append((mk.kind, tuple([0] * (n + 1))))
            if mk.hi is not None:
                out.append((mk.kind, tuple([mk.hi + 1] + [0] * (n - 1))))
        elif mk.choices is not None:
            outside = [c for c in range(-2, max(mk.choices) + 3) if c not in mk.choices]
            out.append((mk.kind, rng.choice(outside)))
            out.append((mk.kind, None))
        elif mk.lo is not None:
            out.append((mk.kind, mk.lo - 1))
            if mk.hi is not None:
                out.append((mk.kind, mk.hi + 1))
            out.append((mk.kind, None))
            out.append((mk.kind, float(mk.lo)))
        else:
            out.append((mk.kind, 1))
    out = [m for m in out if not any(mk.kind == m[0] and mk.accepts(m[1]) for mk in legal)]
    # a kind another player may use now, but this one may not
    for q in state.actors():
        if q != player:
            out.extend(
                (mk.kind, None)
                for mk in state.legal_moves(q)
                if mk.kind not in kinds and mk.lo is None and mk.choices is None
            )
    return out


def check_views(state: State, rng: random.Random) -> None:
    """Views are JSON-safe and a determinization for p shows p the same view."""
    n = state.num_players
    for p in [None, *range(n)]:
        v = state.view(p)
        assert json.loads(json.dumps(v)) == v, "a view must be JSON-safe"
        assert state.view(p, log=False) == {k: x for k, x in v.items() if k != "log"}
    for p in range(n):
        det = state.determinize(p, rng)
        assert det.view(p) == state.view(p), f"determinizing for {p} changed {p}'s view"
        assert det.actors() == state.actors()
        for q in det.actors():
            if q == p:
                assert det.legal_moves(q) == state.legal_moves(q)
        check_unmade(state, p, rng)


def check_unmade(state: State, p: int, rng: random.Random) -> None:
    """Without `keep_sealed` a determinization for p leaves the others' sealed moves that p
    has not seen unmade: those seats act again, and nothing else changes for p."""
    det = state.determinize(p, rng, keep_sealed=False)
    again = set(det.actors()) - set(state.actors())
    assert set(state.actors()) <= set(det.actors())
    if not state.secret_moves():
        assert not again and det.view(p) == state.view(p)
        return
    assert p not in again
    assert len(det.history) == len(state.history) - len(again)
    assert det.legal_moves(p) == state.legal_moves(p)
    for q in sorted(again):  # each makes its sealed move anew, and the game goes on
        legal = [mk for mk in det.legal_moves(q) if mk.kind not in det.side_kinds]
        det.apply(q, RandomBot(rng.getrandbits(32)).choose(legal))
        assert q not in det.actors()


def play_checked(
    state: State, seed: int, *, illegal_rate=0.2, view_rate=0.05, on_step=None
) -> State:
    """Play `state` to its end with random moves, checking the protocol at every step."""
    rng = random.Random(seed)
    bot = RandomBot(seed)
    steps = 0
    while not state.is_over():
        actors = state.actors()
        assert actors, "a game that is not over has someone to act"
        p = state.next_actor()
        assert p in actors
        for q in range(state.num_players):
            legal_q = state.legal_moves(q)
            # the plain kinds a random bot is handed: the same fields, in the same order
            assert list(state.legal_kinds(q)) == list(legal_q), f"seat {q}: legal_kinds"
            if q in actors:
                assert legal_q, f"seat {q}: an actor with no legal move"
            else:  # a player who is not asked may only make the game's side moves (QE-11)
                assert {mk.kind for mk in legal_q} <= state.side_kinds, f"seat {q}: {legal_q}"
        legal = state.legal_moves(p)
        if rng.random() < illegal_rate:
            before = state.snapshot()
            cands = illegal_candidates(state, p, legal, rng)
            outsiders = [q for q in range(state.num_players) if q not in actors]
            if outsiders:
                q = rng.choice(outsiders)
                cands.append((q, legal[0].kind, None))
            for cand in cands:
                who, move = (cand[0], cand[1:]) if len(cand) == 3 else (p, cand)
                with pytest.raises(IllegalMove):
                    state.apply(who, move)
                assert state.snapshot() == before, f"refused move {move} changed the state"
        if rng.random() < view_rate:
            check_views(state, rng)
        move = bot.choose(legal)
        told = state.apply(p, move)
        # a game's apply may tell the next actor; it must be what next_actor() says
        assert told is None or told == state.next_actor(), f"apply told {told}"
        steps += 1
        if on_step is not None:
            on_step(state)
        assert steps < 100_000, "game does not end"
    assert state.actors() == ()
    res = state.result()
    assert res is not None and res.winners and set(res.winners) <= set(range(state.num_players))
    assert abs(sum(res.shares()) - 1.0) < 1e-9
    return state


def check_replay(state: State) -> None:
    """The record is JSON and replays to exactly the same state."""
    rec = json.loads(json.dumps(state.record()))
    again = replay(state.game, rec)
    assert again.snapshot() == state.snapshot()
    assert again.result() == state.result()


def check_clone(state: State, seed: int) -> None:
    """A clone plays on without touching the original."""
    before = state.snapshot()
    c = state.clone()
    assert c.snapshot() == before
    bot = RandomBot(seed)
    for _ in range(50):
        if c.is_over():
            break
        p = c.next_actor()
        c.apply(p, bot.choose(c.legal_moves(p)))
    assert state.snapshot() == before


def play_bots(state: State, bots, on_move=None, check=lambda p: True) -> State:
    """Play `state` to its end with one bot per seat; each move of a seat for which `check(p)`
    holds must be one of its legal moves (the engine would refuse it anyway)."""
    from auctionhouse.core.players import Observation

    while not state.is_over():
        p = state.next_actor()
        legal = state.legal_moves(p)
        move = bots[p].act(Observation(state, p, legal))
        if check(p):
            assert any(mk.kind == move[0] and mk.accepts(move[1]) for mk in legal), (move, legal)
        if on_move is not None:
            on_move(state, p, move)
        state.apply(p, move)
    return state
