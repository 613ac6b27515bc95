"""Q.E.'s own invariants over many random games for 3, 4 and 5 players.

Random seats draw bids either as the random bot does (the kinds' own span) or from a narrow
range (0 to 3 above the minimum), which makes ties, third ties and zero bids frequent.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auctionhouse.core import derive_seed, random_arg, replay
from auctionhouse.games.qe import GAME
from auctionhouse.games.qe.state import BID

from .helpers import TILE_TABLE

PLAYERS = (3, 4, 5)
SEEDS = st.integers(0, 2**63 - 1)
COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


def random_game(players: int, seed: int, options=None):
    """A fresh random game and a move chooser drawing bids with a random width."""
    rng = random.Random(seed)
    width = rng.choice([None, None, 0, 1, 2, 3])
    state = GAME.new_state(players, options, seed=seed, first_player=rng.randrange(players))

    def choose(p):
        legal = state.legal_moves(p)
        mk = legal[rng.randrange(len(legal))]
        return (mk.kind, random_arg(mk, rng, width))

    return state, choose, rng


def play_watching(state, choose, watch):
    """Play to the end, calling `watch()` before every move and once at the end."""
    while True:
        watch()
        if state.is_over():
            return
        p = state.next_actor()
        state.apply(p, choose(p))


# --- what the tests recompute themselves ------------------------------------------------------
def expected_result(n, owned, nations, tokens, marks, spent, elimination):
    """QE-12 to QE-14, written plainly from the rules."""
    eliminated = set()
    if elimination and len(set(spent)) > 1:
        eliminated = {q for q in range(n) if spent[q] == max(spent)}
    scores = []
    for q in range(n):
        vp = sum(TILE_TABLE[t][2] for t in owned[q]) + 2 * len(marks[q])
        own = len([t for t in owned[q] if TILE_TABLE[t][0] == nations[q]])
        vp += {0: 0, 1: 0, 2: 3, 3: 6}.get(own, 10)
        industries = [TILE_TABLE[t][1] for t in owned[q]]
        if tokens is not None:
            industries.append(tokens[q])
        for i in set(industries):
            vp += {1: 0, 2: 3, 3: 6}.get(industries.count(i), 10)
        vp += {0: 0, 1: 0, 2: 0, 3: 4}.get(len(set(industries)), 8)
        if spent[q] == min(spent):
            vp += 6
        scores.append(0 if q in eliminated else vp)
    alive = [q for q in range(n) if q not in eliminated]
    best = max(scores[q] for q in alive)
    alive = [q for q in alive if scores[q] == best]
    least = min(spent[q] for q in alive)
    return tuple(scores), tuple(q for q in alive if spent[q] == least)


class Ledger:
    """Follows a game move by move: each finished auction is checked once, as it finishes."""

    def __init__(self, state):
        self.s = state
        self.finished = 0
        self.spent = [0] * state.num_players
        self.owner = {}

    def step(self):
        s = self.s
        while self.finished < len(s.done):
            rec = s.done[self.finished]
            holders = [q for q in range(s.num_players) if rec.tile in s.owned[q]]
            if rec.winner < 0:  # only QE-10's tied last turn leaves a tile to nobody
                assert s.num_players == 3 and rec.auctioneer < 0 and self.finished == 15
                assert holders == []
            else:
                assert holders == [rec.winner]
                self.spent[rec.winner] += rec.price
                self.owner[rec.tile] = rec.winner
            self.finished += 1
        assert s.spent == self.spent and all(type(x) is int for x in s.spent)
        assert sum(map(len, s.owned)) == len(self.owner)

    def end(self):
        s = self.s
        n = s.num_players
        assert s.is_over() and s.actors() == () and s.next_actor() == -1
        in_play = sorted(s.tiles)
        assert sorted(rec.tile for rec in s.done) == in_play
        assert len(self.owner) == len(in_play) - (1 if s.done[-1].winner < 0 else 0)
        v = s.view(None)
        final = v["final"]
        marks = v["zero_marks"] or [[] for _ in range(n)]
        scores, winners = expected_result(
            n, v["owned"], v["nations"], final["tokens"], marks, final["spent"], s.elimination
        )
        assert s.result().scores == scores and s.result().winners == winners
        assert v["result"] == {"scores": list(scores), "winners": list(winners)}
        assert replay(GAME, s.record()).snapshot() == s.snapshot()


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=100, **COMMON)
@given(seed=SEEDS)
def test_random_games_keep_tiles_spending_and_scores(players, seed):
    """Ten games per example (1,000 per player count): at every step every finished tile has
    exactly its winner as owner and spending is the exact sum of prices; at the end every tile
    has one owner (or none on QE-10's tied last turn), scores and winners equal a plain
    recomputation, and the record replays exactly."""
    for g in range(10):
        game_seed = derive_seed(seed, f"qe-props/{g}")
        options = {"seed_literal": True} if g == 9 else None
        s, choose, _ = random_game(players, game_seed, options)
        ledger = Ledger(s)
        while not s.is_over():
            p = s.next_actor()
            s.apply(p, choose(p))
            ledger.step()
        ledger.end()


# --- views --------------------------------------------------------------------------------
TOP_KEYS = {
    "game", "players", "seat", "phase", "actors", "over", "turn", "turns", "first_auctioneer",
    "nations", "tiles_left", "owned", "zero_marks", "peeks", "token", "spent", "auction",
    "auctions", "log",
}  # fmt: skip
FINISHED_KEYS = {"turn", "tile", "auctioneer", "open", "ties", "winner", "amount"}
CURRENT_KEYS = {"turn", "tile", "auctioneer", "open", "rebid", "ties", "waiting"}
EVENTS = {"open", "last_turn", "tie", "won", "unsold", "zero_bids", "peek"}


def may_know_price(s, p, k) -> bool:
    rec = s.done[k]
    if rec.winner < 0:
        return False
    if s.is_over() or rec.winner == rec.auctioneer:
        return True
    return p is not None and (p in (rec.winner, rec.auctioneer) or s.peeked[p] == k)


def check_view_secrets(s, p):
    """The view of p holds what p may know and nothing else (QE-7, QE-3, QE-11, QE-12)."""
    v = s.view(p)
    over = s.is_over()
    assert set(v) == TOP_KEYS | ({"result", "final"} if over else set())
    assert s.view(p, log=False) == {k: x for k, x in v.items() if k != "log"}
    assert v["token"] == (None if p is None or s.tokens is None else s.tokens[p])
    assert v["spent"] == (None if p is None else s.spent[p])
    mine = {"my_bids"} if p is not None else set()
    zero = {"zero_bids"} if s.num_players > 3 else set()
    for k, (rec, row) in enumerate(zip(s.done, v["auctions"], strict=True)):
        theirs = {"bids"} if p is not None and p == rec.auctioneer else set()
        assert set(row) == FINISHED_KEYS | mine | zero | theirs
        assert row["amount"] == (rec.price if may_know_price(s, p, k) else None)
        if p is not None:
            assert row["my_bids"] == [r[p] for r in rec.rounds if r[p] >= 0]
    cur = v["auction"]
    if over:
        assert cur is None
    else:
        compared = {"bids"} if p is not None and p == s.auctioneer else set()
        assert set(cur) == CURRENT_KEYS | mine | compared
        if compared:
            assert cur["bids"] == [[b if b >= 0 else None for b in r] for r in s.rounds[: s.rebid]]
        if p is not None:
            assert cur["my_bids"] == [r[p] for r in s.rounds if r[p] >= 0]
    auctioneer = {}
    for e in v["log"]:
        assert e["event"] in EVENTS
        if e["event"] == "open":
            auctioneer[e["turn"]] = e["seat"]
        if e["event"] == "won":
            public = auctioneer.get(e["turn"]) == e["seat"]
            assert e["price"] == (s.done[e["turn"]].price if public else None)
        assert e["event"] != "zero_bids" or s.num_players > 3


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=100, **COMMON)
@given(seed=SEEDS)
def test_views_hold_no_hidden_amount_or_token(players, seed):
    """Every seat's view, and the spectator's, at every step of a random game."""
    s, choose, _ = random_game(players, seed)

    def watch():
        for p in (None, *range(players)):
            check_view_secrets(s, p)

    play_watching(s, choose, watch)


# --- determinization -----------------------------------------------------------------------
def check_determinization(s, p, rng):
    det = s.determinize(p, rng)
    assert det.view(p) == s.view(p)
    assert [(q, m[0]) for q, m in det.history] == [(q, m[0]) for q, m in s.history]
    # the course of every auction is kept: ties, winners, zero bidders
    for a, b in zip(det.done, s.done, strict=True):
        assert (a.tile, a.auctioneer, a.open, a.ties, a.winner, a.zeros) == (
            b.tile, b.auctioneer, b.open, b.ties, b.winner, b.zeros
        )  # fmt: skip
    if s.tokens is not None:
        assert len(set(det.tokens)) == len(det.tokens) and det.tokens[p] == s.tokens[p]
        assert set(det.tokens) <= set(range(5 if s.num_players == 5 else 4))
    # nothing but p's knowledge is read: a look-alike state gives the very same draws
    seed = rng.randrange(2**32)
    twin = s.determinize(p, random.Random(seed))
    assert det.determinize(p, random.Random(seed)).snapshot() == twin.snapshot()
    check_unmade(s, p, rng, seed)
    return det


def check_unmade(s, p, rng, seed):
    """Without `keep_sealed`, the others' bids of this round that p has not seen are taken
    back (those seats bid again), everything else is drawn as with it."""
    det = s.determinize(p, rng, keep_sealed=False)
    row = s.rounds[s.rebid] if s.phase == BID else []
    entered = {q for q, bid in enumerate(row) if q != p and bid >= 0}
    assert set(det.actors()) == set(s.actors()) | entered
    assert len(det.history) == len(s.history) - len(entered)
    assert [r.winner for r in det.done] == [r.winner for r in s.done]
    if entered:
        assert (det.t, det.rebid) == (s.t, s.rebid)
        assert all(det.rounds[det.rebid][q] < 0 for q in entered)
        assert det.rounds[det.rebid][p] == s.rounds[s.rebid][p]
    twin = s.determinize(p, random.Random(seed), keep_sealed=False)
    look_alike = s.determinize(p, rng)
    assert look_alike.determinize(p, random.Random(seed), False).snapshot() == twin.snapshot()
    return bool(entered)


def test_determinize_can_take_back_the_unseen_bids_of_the_round():
    """Over random games, rounds with others' bids in come up, and each is taken back."""
    taken = 0
    for seed in range(12):
        s, choose, rng = random_game(4, seed)
        while not s.is_over():
            p = s.next_actor()
            if s.phase == BID and rng.random() < 0.3:
                taken += check_unmade(s, p, rng, rng.randrange(2**32))
            s.apply(p, choose(p))
    assert taken > 50


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=60, **COMMON)
@given(seed=SEEDS)
def test_determinize_redraws_only_what_the_seat_cannot_know(players, seed):
    s, choose, rng = random_game(players, seed)

    def watch():
        if s.is_over() or rng.random() < 0.15:
            for p in range(players):
                check_determinization(s, p, rng)

    play_watching(s, choose, watch)


def test_determinize_redraws_unseen_winning_amounts_and_tokens():
    """Over random games, the winning amounts and tokens a seat cannot know do change (and the
    known ones never do)."""
    changed = tokens = 0
    for seed in range(20):
        s, choose, rng = random_game(4, seed)
        while not s.is_over() and len(s.done) < 8:
            p = s.next_actor()
            s.apply(p, choose(p))
        for p in range(4):
            det = s.determinize(p, rng)
            tokens += det.tokens != s.tokens
            for k, (a, b) in enumerate(zip(det.done, s.done, strict=True)):
                if s.knows_price(p, k):
                    assert a.price == b.price
                else:
                    changed += a.price != b.price
    assert changed > 20 and tokens > 20
