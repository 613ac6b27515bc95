"""Invariants of Modern Art over many random games, checked after every move."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auctionhouse.bots.random_bot import RandomBot
from auctionhouse.games.modern_art import GAME
from auctionhouse.games.modern_art.deck import STANDARD, all_cards
from auctionhouse.games.modern_art.views import event_dict

from ...conftest import examples
from ...protocol_checks import check_replay, play_checked

VARIANTS = [(3, {}), (4, {}), (5, {}), (3, {"mystery": True}), (4, {"open_cash": True})]
VIEW_KEYS = {
    "game", "players", "seat", "phase", "actors", "over", "round", "hammer", "hand",
    "hand_sizes", "mystery_hand_size", "deck_size", "cash", "values", "board", "played",
    "paintings", "auction", "log",
}  # fmt: skip


class Ledger:
    """Follows the public log and checks the state against it after every move."""

    def __init__(self, state):
        self.s = state
        n = state.num_players
        self.seen = 0
        self.cash = [100] * n
        self.out_of_hand = Counter()  # every card that left a hand (played, added, flipped)
        self.round_unsold = Counter()  # cards this round that belong to nobody, per artist
        self.everything = Counter(all_cards(STANDARD))

    def __call__(self, s):
        for e in s.events[self.seen :]:
            self.follow(e)
        self.seen = len(s.events)
        # Cash only moves between players and the bank as the rules say.
        assert s.cash == self.cash
        # Every card is in exactly one place.
        places = Counter(c for h in s.hands for c in h)
        places.update(s.mystery or [])
        places.update(s.deck[s.deck_pos :])
        assert places + self.out_of_hand == self.everything
        # This round's cards of each artist: owned paintings, the lot, or unsold.
        if not s.is_over():
            for a in range(5):
                owned = sum(s.owned[p * 5 + a] for p in range(s.num_players))
                lot = sum(1 for c in s.lot if c // 5 == a)
                assert owned + lot + self.round_unsold[a] == s.played[a]

    def follow(self, e):
        kind = e[0]
        if kind in ("play", "add", "flip"):
            self.out_of_hand[e[2]] += 1
        if kind == "flip":  # a mystery card belongs to nobody but counts (MA-20)
            self.round_unsold[e[2] // 5] += 1
        elif kind == "won":
            _, winner, price, _, paid_to = e
            self.cash[winner] -= price
            if paid_to >= 0:
                self.cash[paid_to] += price
        elif kind == "unsold":
            for c in e[1]:
                self.round_unsold[c // 5] += 1
        elif kind == "scored":
            for p, pay in enumerate(e[4]):
                self.cash[p] += pay
            self.round_unsold.clear()


def check_view_secrets(s):
    """No view of p holds another hand, the mystery hand, hidden cash, the deck or a sealed bid."""
    for p in [None, *range(s.num_players)]:
        v = s.view(p)
        assert set(v) == VIEW_KEYS | ({"result", "final"} if v["over"] else set())
        assert v["hand"] == (None if p is None else sorted(s.hands[p]))
        for q, c in enumerate(v["cash"]):
            assert c == (s.cash[q] if q == p or s.open_cash or v["over"] else None)
        auction = v["auction"] or {}
        if "my_bid" in auction:
            assert auction["my_bid"] == (None if p is None or s.sealed[p] < 0 else s.sealed[p])
        if s.sealed is not None:  # a hidden auction is under way: no amount of it is public
            since = max(i for i, e in enumerate(s.events) if e[0] == "play")
            assert all("amount" not in event_dict(e) for e in s.events[since:])


@pytest.mark.parametrize("players,options", VARIANTS)
@settings(max_examples=examples(1000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1))
def test_invariants_hold_after_every_move(players, options, seed):
    state = GAME.new_state(players, options, seed=seed)
    ledger = Ledger(state)
    bot = RandomBot(seed)
    rng = random.Random(seed)
    while not state.is_over():
        p = state.next_actor()
        state.apply(p, bot.choose(state.legal_moves(p)))
        ledger(state)
        if rng.random() < 0.02:
            check_view_secrets(state)
    check_view_secrets(state)
    assert len(state.board) == 4
    assert sum(state.cash) == sum(ledger.cash)


@pytest.mark.parametrize("players,options", VARIANTS)
@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1))
def test_protocol_holds_in_every_variant(players, options, seed):
    state = GAME.new_state(players, options, seed=seed)
    play_checked(state, seed)
    check_replay(state)


@pytest.mark.parametrize("players,options", VARIANTS)
def test_determinize_can_take_back_the_unseen_sealed_bids(players, options):
    """Without `keep_sealed`, the others' hidden bids already in are unmade (their seats bid
    again, their events gone) and the seat's own bid stays; the auction then plays on."""
    rng = random.Random(players)
    bot = RandomBot(players)
    taken = 0
    for seed in range(40):
        s = GAME.new_state(players, options, seed=seed)
        while not s.is_over():
            p = s.next_actor()
            if s.sealed is not None and sum(b >= 0 for b in s.sealed) >= 1:
                q = rng.randrange(players)
                det = s.determinize(q, rng, keep_sealed=False)
                assert det.sealed == [b if i == q else -1 for i, b in enumerate(s.sealed)]
                taken += len(s.history) - len(det.history)
                unmade = sum(b >= 0 for i, b in enumerate(s.sealed) if i != q)
                assert len(s.history) - len(det.history) == unmade
                assert len(s.events) - len(det.events) == unmade
                tail = len(s.history) - sum(b >= 0 for b in s.sealed)  # this auction's bids
                mine = [(r, m) for r, m in s.history[tail:] if r == q]
                assert det.history == s.history[:tail] + mine
                while det.sealed is not None:
                    r = det.next_actor()
                    det.apply(r, bot.choose(det.legal_moves(r)))
                assert det.events[-1][0] in ("reveal", "won", "unsold", "scored", "round")
            s.apply(p, bot.choose(s.legal_moves(p)))
    assert taken > 20
