"""Ratzia's own invariants at every step of many random games, for every player count.

- every one of the 141 auction cards is in exactly one place: deck, Auction row, Police row, a
  collection or the discard pile;
- the 16 bidding cards are all accounted for: face up, face down, the centre, out of the game;
- no auction is offered to a player with no face-up card, no turn either (RZ-5);
- final scores equal a recomputation, written here from the rules, from the collections;
- records replay; views leak nothing of the deck order; determinize redraws only the deck.
"""

from __future__ import annotations

import random
from operator import add

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytest import mark

from auctionhouse.bots.random_bot import RandomBot
from auctionhouse.core import derive_seed
from auctionhouse.games.ratzia import GAME
from auctionhouse.games.ratzia.state import AUCTION, COURT, TURN

from ...conftest import examples
from ...protocol_checks import check_replay, play_checked

PLAYERS = [2, 3, 4, 5]
GAMES_PER_EXAMPLE = 20
EXAMPLES = examples(50)  # 50 x 20 = 1,000 random games per player count at the default scale
ALL_BIDDING = sum(1 << v for v in range(1, 17))
COURTHOUSE = 16


class Tracker:
    """Counts the cards drawn so far, by type, as the game goes."""

    def __init__(self, state) -> None:
        self.drawn = [0] * 19
        self.pos = 0
        self.state = state

    def check(self) -> None:
        s = self.state
        for t in s.deck[self.pos : s.deck_pos]:
            self.drawn[t] += 1
        self.pos = s.deck_pos
        # every drawn card is in exactly one place; the others are still in the deck
        where = list(s.discard)
        where[0] += s.police
        for t in s.row:
            where[t] += 1
        for c in s.coll:
            where = list(map(add, where, c))
        assert where == self.drawn, (where, self.drawn)
        assert len(s.row) <= 7 and s.police < 7
        # the 16 bidding cards: each in one place
        masks = [*s.up, *s.down, 1 << s.centre, sum(1 << v for v in s.out)]
        union = 0
        for m in masks:
            assert not union & m, "a bidding card in two places"
            union |= m
        assert union == ALL_BIDDING
        assert s.active == sum(1 << q for q, m in enumerate(s.up) if m)
        # who acts
        if s.phase == AUCTION:
            assert s.up[s.actor], "an auction offered to a player with no face-up card"
            assert all(s.up[q] for q in s.a_order)
        elif s.phase == TURN:
            assert s.up[s.actor] and s.deck_pos < len(s.deck)
        for p, c in enumerate(s.coll):
            if c[COURTHOUSE]:
                assert s.phase == COURT and p == s.actor


def recompute_scores(state) -> list[int]:
    """The final scores from the rules: each round from the collections logged at its end,
    then Businesses from the final collections and the bidding-card sums."""
    v = state.view(None)
    n = v["players"]
    total = [0] * n
    for e in v["log"]:
        if e["event"] != "scored":
            continue
        colls = e["collections"]
        gang = [c[2] + c[3] for c in colls]
        for p, c in enumerate(colls):
            pts = 2 * c[1] + c[18] + (c[17] if c[18] > 0 else 0)
            if max(gang) != min(gang):
                if gang[p] == max(gang):
                    pts += 5
                if gang[p] == min(gang):
                    pts -= 2
            if c[2] > 0 and c[3] > 0:
                pts += 5
            kinds = len([t for t in range(4, 9) if c[t] > 0])
            pts += {0: -5, 1: 0, 2: 0, 3: 5, 4: 10, 5: 15}[kinds]
            total[p] += pts
    sums = [sum(v["up"][p]) + sum(v["down"][p]) for p in range(n)]
    for p, c in enumerate(v["collections"]):
        kinds = len([t for t in range(9, 16) if c[t] > 0])
        total[p] += 10 if kinds == 7 else kinds
        total[p] += sum({3: 5, 4: 10, 5: 15}.get(c[t], 0) for t in range(9, 16))
        if sums[p] == max(sums):
            total[p] += 5
        if sums[p] == min(sums):
            total[p] -= 5
    return total


def play_tracked(players: int, seed: int):
    state = GAME.new_state(players, seed=seed, first_player=seed % players)
    tracker = Tracker(state)
    bots = [RandomBot(derive_seed(seed, f"bot/{p}")) for p in range(players)]
    tracker.check()
    while not state.is_over():
        p = state.next_actor()
        for q in range(players):
            assert bool(state.legal_moves(q)) == (q == p)
        state.apply(p, bots[p].choose(state.legal_moves(p)))
        tracker.check()
    assert state.view(None)["round"] == 3
    scores = recompute_scores(state)
    assert list(state.scores()) == scores
    # the winner: the highest score, a tie going to the highest bidding card held (RZ-15)
    v = state.view(None)
    tied = [p for p in range(players) if scores[p] == max(scores)]
    best = max(tied, key=lambda p: max(v["up"][p] + v["down"][p]))
    assert state.result().winners == (best,)
    check_replay(state)
    return state


@mark.parametrize("players", PLAYERS)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**62))
def test_invariants_hold_at_every_step(players, seed):
    for g in range(GAMES_PER_EXAMPLE):
        play_tracked(players, derive_seed(seed, f"game/{g}"))


@mark.parametrize("players", PLAYERS)
@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**62))
def test_protocol_checks_with_invariants(players, seed):
    state = GAME.new_state(players, seed=seed)
    tracker = Tracker(state)
    play_checked(state, seed, on_step=lambda s: tracker.check())
    assert list(state.scores()) == recompute_scores(state)


def with_deck_reordered(state, rng: random.Random):
    """The same game replayed from a setup whose undrawn cards are in another order."""
    drawn, rest = list(state.deck[: state.deck_pos]), list(state.deck[state.deck_pos :])
    rng.shuffle(rest)
    other = GAME.new_state(state.num_players, setup={**state.setup, "deck": drawn + rest})
    for p, m in state.history:
        other.apply(p, m)
    return other


@mark.parametrize("players", PLAYERS)
@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**62), stop=st.integers(0, 400))
def test_views_hide_the_deck_order(players, seed, stop):
    """Two games that differ only in the order of the undrawn cards look the same to every seat
    and to a spectator; determinize keeps the drawn cards and the view, and redraws the rest."""
    rng = random.Random(seed)
    state = GAME.new_state(players, seed=seed)
    bot = RandomBot(seed)
    for _ in range(stop):
        if state.is_over():
            break
        p = state.next_actor()
        state.apply(p, bot.choose(state.legal_moves(p)))
    if state.is_over():
        return
    other = with_deck_reordered(state, rng)
    for seat in [None, *range(players)]:
        assert other.view(seat) == state.view(seat)
        assert "deck" not in state.view(seat)
    det = state.determinize(0, rng)
    assert det.deck[: det.deck_pos] == state.deck[: state.deck_pos]
    assert sorted(det.deck[det.deck_pos :]) == sorted(state.deck[state.deck_pos :])
    assert det.view(0) == state.view(0)
    check_replay(det)  # its setup is the redrawn deck, so its record replays to itself
