"""The Ratzia heuristic bot: legal moves only, its seat's view only, and the strategy its
docstring describes, on explicit deals; the words for every event kind and phase.

With 4 players the seats hold {2,6,13} {3,7,12} {4,8,11} {5,9,10}; with 2, {2,5,6,9} {3,4,7,8}.
"""

from __future__ import annotations

import random

import pytest

from auctionhouse.bots.random_bot import RandomBot
from auctionhouse.core.players import Observation
from auctionhouse.games.ratzia import GAME
from auctionhouse.games.ratzia.heuristic import RatziaHeuristic, _Eval
from auctionhouse.games.ratzia.views import event_dict
from tests.conftest import examples
from tests.protocol_checks import ViewOnly, play_bots

from .helpers import B1, B2, B3, CAR, GA, GB, TR1, TR2, TR3, C, D, P, T, new, run

PLAYERS = (2, 3, 4, 5)
EVENT_KINDS = {
    "round",
    "reveal",
    "auction",
    "bid",
    "pass",
    "won",
    "unsold",
    "steal",
    "stop",
    "courthouse",
    "round_end",
    "scored",
    "end",
}
PHASES = {"turn", "steal", "auction", "courthouse", "over"}


def decide(state, seat: int, bot=None):
    bot = bot or RatziaHeuristic(0)
    return bot.act(Observation(state, seat, state.legal_moves(seat)))


def play(players: int, seed: int, kinds: list[str], on_move=None):
    """One game with the given bots ("heuristic" or "random") by seat; every move is checked
    against the legal moves before the engine (which raises IllegalMove) applies it."""
    state = GAME.new_state(players, seed=seed, first_player=seed % players)
    bots = [
        RatziaHeuristic(seed + p) if k == "heuristic" else RandomBot(seed + p)
        for p, k in enumerate(kinds)
    ]
    return play_bots(state, bots, on_move)


# --- legal moves only ---------------------------------------------------------------------------


# --- its seat's view only -----------------------------------------------------------------------
@pytest.mark.parametrize("players", (2, 4, 5))
def test_the_heuristic_reads_only_its_view(players):
    """The same decision from the view alone (no state behind it) and from a determinization
    (the undrawn cards in another order, which the seat cannot know)."""
    rng = random.Random(players)
    bot = RatziaHeuristic(0)
    seen = 0

    def check(state, p, move):
        nonlocal seen
        if rng.random() > 0.2:
            return
        seen += 1
        assert bot.act(ViewOnly(state, p)) == move
        other = state.determinize(p, rng)
        assert other.deck[other.deck_pos :] != state.deck[state.deck_pos :] or other.deck_pos == 141
        assert bot.act(Observation(other, p, other.legal_moves(p))) == move

    games = examples(2)
    for g in range(games):
        play(players, 77 + g, ["heuristic"] * players, check)
    assert seen > 20 * games


# --- the strategy, on explicit deals -------------------------------------------------------------
def test_it_passes_on_an_empty_row_after_a_police_card():
    """A worthless lot: bidding would only swap its card for the centre 1."""
    s = run(new(4, top=(P,)), "0 reveal")
    assert s.view(1)["row"] == [] and s.next_actor() == 1
    assert decide(s, 1) == ("pass", None)


def test_it_passes_on_a_courthouse_that_would_cost_it_a_business():
    # seat 0 wins two Businesses first; then a lone Courthouse comes up in a Police auction
    s = run(new(4, top=(B1, B2, P, C, P)), "0 reveal", "1 reveal", "2 reveal")
    run(s, "3 pass", "0 bid 2", "1 pass", "2 pass")
    assert s.view(0)["collections"][0][B1] == 1
    run(s, "3 reveal", "0 reveal")  # Courthouse to the row, then a Police card
    assert s.view(0)["row"] == [C] and s.next_actor() == 1
    run(s, "1 pass", "2 pass", "3 pass")
    assert s.next_actor() == 0
    assert decide(s, 0) == ("pass", None)
    # the lot is priced below nothing for seat 0, at nothing for seat 1 (no Business to lose)
    assert _Eval.of_view(RatziaHeuristic(0), s.view(0), 0).row_worth() < 0
    assert _Eval.of_view(RatziaHeuristic(0), s.view(1), 1).row_worth() == 0


def test_it_bids_on_a_rich_row_in_a_forced_auction():
    s = run(new(4, top=(GA, GB, TR1, TR2, TR3, D, P)), *[f"{p % 4} reveal" for p in range(7)])
    assert s.view(1)["row"] == [GA, GB, TR1, TR2, TR3, D] and s.next_actor() == 3
    kind, card = decide(s, 3)
    assert kind == "bid"


def test_the_last_bidder_spends_its_cheapest_winning_card():
    s = run(new(4, top=(GA, GB, TR1, TR2, TR3, D, P)), *[f"{p % 4} reveal" for p in range(7)])
    # seat 2 revealed the Police card, so it bids last; seat 1 has bid 7
    run(s, "3 pass", "0 pass", "1 bid 7")
    assert s.next_actor() == 2
    assert decide(s, 2) == ("bid", 8)  # 8 and 11 win; 8 is cheaper


def test_a_declarer_nobody_outbid_pays_its_lowest_card():
    s = run(new(2, top=(GA, GB)), "0 reveal", "1 reveal", "0 declare", "1 pass")
    assert [mk.kind for mk in s.legal_moves(0)] == ["bid"]
    assert decide(s, 0) == ("bid", 2)


def test_it_declares_on_a_rich_row_and_reveals_on_a_poor_one():
    rich = run(new(4, top=(GA, GB, TR1, TR2, TR3, D)), *[f"{p % 4} reveal" for p in range(6)])
    assert rich.next_actor() == 2
    assert decide(rich, 2) == ("declare", None)
    poor = run(new(4, top=(CAR,)), "0 reveal")  # a Getaway Car without a Driver
    assert decide(poor, 1) == ("reveal", None)


def thief_and_gangster_a():
    """Seat 0 (2 players) wins a Thieves and a Gangster A with its 2."""
    return run(new(2, top=(T, GA)), "0 reveal", "1 reveal", "0 declare", "1 pass", "0 bid 2")


def test_it_steals_a_card_worth_more_than_its_thieves():
    s = run(new(2, top=(T, GA, GB)), "0 reveal", "1 reveal", "0 declare", "1 pass", "0 bid 2")
    run(s, "1 reveal")  # Gangster B: both kinds, +5 a round for the rest of the game
    assert s.view(0)["collections"][0][T] == 1 and s.next_actor() == 0
    assert decide(s, 0) == ("steal", GB)


def test_it_keeps_its_thieves_when_the_row_holds_nothing_worth_them():
    s = run(new(2, top=(T, GA, CAR)), "0 reveal", "1 reveal", "0 declare", "1 pass", "0 bid 2")
    run(s, "1 reveal")  # a Getaway Car, with no Driver: worth less than the Thieves' 2 points
    assert "steal" in [mk.kind for mk in s.legal_moves(0)]
    assert decide(s, 0)[0] != "steal"


def test_the_courthouse_takes_the_business_it_can_lose_most_cheaply():
    """Seat 0 holds three Business 3 (a set worth 5) and one Business 1: it gives up the 1."""
    top = (B3, B3, B3, B1, C)
    s = run(new(2, top=top), "0 reveal", "1 reveal", "0 reveal", "1 reveal")
    run(s, "0 declare", "1 pass", "0 bid 2", "1 reveal", "0 declare", "1 pass", "0 bid 5")
    assert s.view(0)["phase"] == "courthouse"
    assert decide(s, 0) == ("discard_business", B1)


def alone_with_a_rich_row(police: int):
    """2 players: seat 1 spends its four cards on lone Courthouses, then seat 0, alone with
    face-up cards, reveals `police` Police cards (passing on each) and a rich row."""
    rich = (GA, GB, D, TR1, TR2, TR3)
    s = new(2, top=(C, C, C, C, *(P,) * police, *rich))
    for card in (3, 4, 7, 8):
        run(s, "0 reveal", "1 declare", "0 pass", f"1 bid {card}")
    for _ in range(police):
        run(s, "0 reveal", "0 pass")
    for _ in rich:
        run(s, "0 reveal")
    v = s.view(0)
    assert v["up"][1] == [] and v["row"] == list(rich) and v["police"] == police
    return s


def test_alone_with_cards_it_reveals_while_a_police_card_cannot_end_the_round():
    """A Police card only starts an auction it may bid in, so a rich row can still grow."""
    assert decide(alone_with_a_rich_row(0), 0) == ("reveal", None)


def test_alone_after_the_sixth_police_it_declares_on_a_rich_row():
    """Now the next Police card would end the round and discard the row."""
    assert decide(alone_with_a_rich_row(6), 0) == ("declare", None)


# --- words ----------------------------------------------------------------------------------------
def test_describe_event_and_view_cover_every_event_kind_and_phase():
    kinds, phases = set(), set()

    def look(state, p, move):
        phases.add(state.view(p)["phase"])
        for label, text in GAME.describe_view(state.view(p)):
            assert label and text

    for g in range(40):
        players = PLAYERS[g % 4]
        bots = ["heuristic" if (g + p) % 2 else "random" for p in range(players)]
        s = play(players, 500 + g, bots, look)
        phases.add(s.view(0)["phase"])
        assert GAME.describe_view(s.view(0))
        for e in map(event_dict, s.events):
            text = GAME.describe_event(e)
            assert text and text != e["event"]
            kinds.add(e["event"])
        if kinds == EVENT_KINDS and phases == PHASES:
            break
    assert kinds == EVENT_KINDS
    assert phases == PHASES
