"""The art-dice heuristic bot: legal in every game, blind to what its seat cannot see, and
playing the strategy its docstring writes down; the words for moves, events and views."""

from __future__ import annotations

import random

import pytest

from auctionhouse.bots.random_bot import RandomBot
from auctionhouse.games.art_dice import GAME
from auctionhouse.games.art_dice.cards import card_name
from auctionhouse.games.art_dice.heuristic import ArtDiceHeuristic
from tests.conftest import examples
from tests.protocol_checks import ViewOnly, play_bots

from .helpers import deal

PLAYERS = (2, 3, 4)
GAMES = examples(150)  # per player count and table: 900 games in all at the default scale
EVENT_KINDS = {
    "round",
    "sell",
    "draw",
    "roll",
    "skip",
    "bid",
    "pass",
    "won",
    "unsold",
    "stop",
    "end",
}


def decide(state, bot=None, **params):
    """The heuristic's move for the seat to act, from its view alone."""
    bot = bot or ArtDiceHeuristic(**params)
    return bot.act(ViewOnly(state, state.next_actor()))


def is_legal(move, legal) -> bool:
    return any(mk.kind == move[0] and mk.accepts(move[1]) for mk in legal)


def play(players: int, seed: int, heuristic_seats, on_step=None):
    """A whole game; the heuristic plays `heuristic_seats`, random bots the rest. Every move
    the heuristic makes is checked against its legal moves before the engine applies it."""
    s = GAME.new_state(players, seed=seed)
    bots = [
        ArtDiceHeuristic(seed=seed + p) if p in heuristic_seats else RandomBot(seed + p)
        for p in range(players)
    ]
    return play_bots(s, bots, on_step, check=lambda p: p in heuristic_seats)


# --- always legal, sees only its view -------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_heuristic_plays_legal_moves_against_random_bots_and_itself(players):
    for g in range(GAMES):
        play(players, 1000 * players + g, {g % players})
        play(players, 5000 * players + g, set(range(players)))


@pytest.mark.parametrize("players", PLAYERS)
def test_heuristic_decides_the_same_on_states_that_differ_only_in_hidden_parts(players):
    """The deck order and the future dice are redrawn by `determinize`; the view and so the
    decision stay the same."""
    rng = random.Random(players)
    checked = 0

    def same_decision(s, p, move):
        nonlocal checked
        if rng.random() < 0.2:
            other = s.determinize(p, rng)
            assert other.view(p) == s.view(p)
            bot = ArtDiceHeuristic()
            assert decide(other, bot) == decide(s, bot) == move
            checked += 1

    games = examples(10)
    for g in range(games):
        play(players, 9000 + g, set(range(players)), same_decision)
    assert checked > 5 * games  # about ten a game


# --- the strategy on explicit deals ---------------------------------------------------------
# A card is artist * 5 + work: cards 0..4 are Artist A, 5..9 Artist B, ..., 40..44 Artist I.


def test_bidding_last_it_takes_its_artist_with_the_smallest_raise():
    # seat 3 holds Artist A #1..#3; Artist A #4 is on sale with 1 gold on it; nobody bids after
    colls = [[10, 11, 12], [15, 16, 17], [20, 21, 22], [0, 1, 2]]
    s = deal(4, colls, [3, 30, 35], dice=[1, 1, 1, 6])
    s.apply(0, ("draw", None))
    for p, bid in enumerate([(1, 0, 0), (0, 1, 0), (0, 0, 1)]):
        s.apply(p, ("bid", bid))
    assert s.view(3)["roll"] == 6
    move = decide(s)
    assert move[0] == "bid" and move[1][0] == 2  # highest + 1: nobody can outbid it


def test_bidding_first_it_raises_more_on_the_work_it_wants_most():
    # seat 0 holds Artist A #1..#3 and bids first, three rivals with gold bid after it
    s = deal(4, [[0, 1, 2], [10, 11, 12], [15, 16, 17], [20, 21, 22]], [3, 30, 35], dice=[6])
    s.apply(0, ("draw", None))
    amounts = decide(s)[1]
    assert amounts[0] > 1  # a rival would need its gold and a roll above the amount
    assert amounts[0] == max(amounts)


def test_it_does_not_overpay_for_a_worthless_lot():
    # rivals hold Artist B #1..#4, so Artist B #5 adds a single point to seat 1, which has no
    # B; seat 0 put 2 on it; seat 1 rolls 6 with 10 gold and leaves it alone
    colls = [[30, 31, 32], [0, 1, 2], [5, 6, 40], [7, 8, 41]]
    s = deal(4, colls, [9, 25, 26], dice=[3, 6])
    s.apply(0, ("draw", None))
    s.apply(0, ("bid", (2, 0, 0)))
    amounts = decide(s)[1]
    assert amounts[0] == 0 and sum(amounts) < 6


def test_forced_to_bid_on_worthless_lots_it_places_the_least():
    # Artists B, C and D: rivals hold works #1..#4 of each; works #5 are on sale and seat 0 put
    # 2 on each; seat 1 must place at least 1 gold (AD-4) and places exactly one raise, 3
    colls = [[30, 31, 32, 5, 10], [0, 1, 2], [6, 7, 11, 15, 16], [8, 12, 13, 17, 18]]
    s = deal(4, colls, [9, 14, 19], dice=[6, 6])
    s.apply(0, ("draw", None))
    s.apply(0, ("bid", (2, 2, 2)))
    amounts = decide(s)[1]
    assert sorted(amounts) == [0, 0, 3]


def test_it_spends_all_it_can_once_the_deck_is_empty():
    # the last three works are on sale: gold scores nothing at the end
    rest = [c for c in range(45) if c not in (3, 30, 35)]
    s = deal(2, [rest[:21], rest[21:]], [3, 30, 35], dice=[6], gold=[10, 10])
    s.apply(0, ("draw", None))
    assert s.view(0)["deck_size"] == 0
    assert sum(decide(s)[1]) == 6


def test_short_of_gold_the_first_bidder_puts_up_its_singleton():
    # seat 0 holds Artist A #1 alone and Artist B #1..#3, with 1 gold
    colls = [[0, 5, 6, 7], [10, 11, 12], [15, 16, 17], [20, 21, 22]]
    s = deal(4, colls, gold=[1, 10, 10, 10], dice=[2])
    assert decide(s) == ("sell", 0)


def test_with_gold_enough_the_first_bidder_keeps_its_sets():
    colls = [[5, 6, 7, 10, 11, 12], [15, 16, 17], [20, 21, 22], [25, 26, 27]]
    s = deal(4, colls)
    assert decide(s) == ("draw", None)


def test_the_first_bidder_puts_up_nothing_when_the_bank_is_dry():
    colls = [[0, 5, 6], [10, 11, 12], [15, 16, 17], [20, 21, 22]]
    s = deal(4, colls, gold=[1, 10, 10, 29])
    assert s.view(0)["bank"] == 0
    assert decide(s) == ("draw", None)


def test_the_first_bidder_puts_up_nothing_once_the_deck_is_empty():
    # round 1 sells two of the last three works; in round 2 seat 1 has free places, no deck
    rest = [c for c in range(45) if c not in (3, 30, 35)]
    s = deal(2, [rest[:21], rest[21:]], [3, 30, 35], dice=[1, 1], gold=[1, 1])
    s.apply(0, ("draw", None))
    s.apply(0, ("bid", (1, 0, 0)))
    s.apply(1, ("bid", (0, 1, 0)))
    v = s.view(1)
    assert v["phase"] == "sale" and v["first_bidder"] == 1 and v["deck_size"] == 0
    assert decide(s) == ("draw", None)


def test_at_two_players_it_keeps_a_work_from_the_rival_and_not_with_more():
    # seat 0 holds Artist B #1..#3 and leads on Artist B #4 with 1 gold; seat 1 (no B) rolls 6.
    # To seat 1 the work is worth little of its own; at two players keeping it from the rival
    # is worth the raise, with more players (or without denial) it is not
    def position(players):
        others = [[30 + 3 * k, 31 + 3 * k, 32 + 3 * k] for k in range(players - 2)]
        s = deal(players, [[5, 6, 7], [0, 10, 20], *others], [8, 40, 41], dice=[1, 6])
        s.apply(0, ("draw", None))
        s.apply(0, ("bid", (1, 0, 0)))
        return s

    assert decide(position(2))[1] == (2, 1, 1)
    assert decide(position(2), denial=0)[1] == (0, 1, 1)
    assert decide(position(3))[1] == decide(position(4))[1] == (0, 1, 1)


# --- words ------------------------------------------------------------------------------------


def stopped_game():
    """Nobody has gold or works to put up: N rounds without a sale stop the game (AD-7)."""
    s = deal(2, [[], []], gold=[0, 0])
    assert s.is_over()
    return s


def test_describe_event_covers_every_event_kind():
    seen = {}
    games = [stopped_game()]
    for players in PLAYERS:
        for g in range(5):
            games.append(play(players, 300 + g, {0}))
    for s in games:
        for e in s.view(0)["log"]:
            text = GAME.describe_event(e)
            assert text and "{" not in text and "None" not in text, (e, text)
            named = e.get("cards", [e["card"]] if "card" in e else [])
            if e["event"] == "bid":  # the works that got gold
                named = [c for c, x in zip(named, e["amounts"], strict=True) if x]
            for c in named:
                assert card_name(c) in text
            seen.setdefault(e["event"], text)
    assert set(seen) == EVENT_KINDS
    assert seen["end"] == "The game is over."


def test_describe_view_and_move_in_every_phase():
    phases = set()

    def words(s, p, move):
        for seat in (*range(s.num_players), None):
            v = s.view(seat)
            phases.add(v["phase"])
            lines = GAME.describe_view(v)
            assert all(label and text for label, text in lines)
        v = s.view(p)
        for text in (GAME.describe_move(move, v), GAME.describe_move(move)):
            assert text and "None" not in text
        if move[0] == "sell":
            assert card_name(move[1]) in GAME.describe_move(move)
        if move[0] == "bid":
            on_sale = dict(zip(v["on_sale"], move[1], strict=True))
            named = GAME.describe_move(move, v)
            assert all(card_name(c) in named for c, x in on_sale.items() if x)

    for players in PLAYERS:
        for g in range(3):
            s = play(players, 700 + g, {1}, words)
            lines = dict(GAME.describe_view(s.view(0)))
            assert "wins" in lines["result"] or "share the win" in lines["result"]
            phases.add("over")
    assert phases == {"sale", "bid", "over"}
    lines = dict(GAME.describe_view(stopped_game().view(None)))
    assert card_name(0) in lines["to nobody"]
