"""One test (at least) per ruling AD-1 to AD-8, each on an explicit deal."""

from __future__ import annotations

import pytest

from auctionhouse.core import OptionError, SetupError
from auctionhouse.games.art_dice import GAME
from auctionhouse.games.art_dice.cards import ARTIST_OF, CARDS, collection_score

from .helpers import deal, events, refused

# each seat starts with three works of one artist (a card is artist * 5 + work)
C3 = [[0, 1, 2], [5, 6, 7], [10, 11, 12], [15, 16, 17]]


# --- AD-1: players, cards, gold, the bank ---------------------------------------------------


def test_ad1_two_to_four_players():
    for n in (2, 3, 4):
        assert GAME.new_state(n, seed=1).num_players == n
    for n in (1, 5):
        with pytest.raises(OptionError, match="2 to 4 players"):
            GAME.new_state(n, seed=1)


def test_ad1_45_cards_of_9_artists_and_10_gold_each_rest_in_bank():
    cat = GAME.catalog()
    assert len(cat["cards"]) == CARDS == 45
    assert sorted(ARTIST_OF.count(a) for a in range(9)) == [5] * 9
    for n in (2, 3, 4):
        v = GAME.new_state(n, seed=3).view(None)
        assert v["gold"] == [10] * n
        assert v["bank"] == 50 - 10 * n


def test_ad1_short_bank_pays_what_it_has():
    s = deal(4, C3, dice=[6, 6])  # the bank holds 10
    s.apply(0, ("sell", 0))
    assert s.view(None)["gold"][0] == 16 and s.view(None)["bank"] == 4
    s.apply(0, ("sell", 1))  # rolls 6, the bank has 4
    v = s.view(None)
    assert v["gold"][0] == 20 and v["bank"] == 0
    assert events(s, "sell")[-1] == {"event": "sell", "seat": 0, "card": 1, "roll": 6, "gold": 4}


def test_ad1_empty_bank_pays_nothing():
    s = deal(4, C3, gold=[10, 10, 10, 20], dice=[5])
    assert s.view(None)["bank"] == 0
    s.apply(0, ("sell", 2))
    assert s.view(None)["gold"][0] == 10
    assert events(s, "sell")[0]["roll"] == 5 and events(s, "sell")[0]["gold"] == 0


# --- AD-2: starting collections, banker and first bidder ------------------------------------


def test_ad2_three_cards_face_up_each_and_a_face_down_deck():
    for n in (2, 3, 4):
        setup = GAME.make_setup(n, {}, 11)
        assert [len(c) for c in setup["collections"]] == [3] * n
        assert len(setup["deck"]) == 45 - 3 * n
        s = GAME.new_state(n, setup=setup)
        for seat in (None, *range(n)):
            v = s.view(seat)
            assert v["collections"] == [sorted(c) for c in setup["collections"]]
            assert v["deck_size"] == 45 - 3 * n
            assert "deck" not in v


def test_ad2_first_bidder_sits_left_of_the_banker():
    assert deal(4, C3, banker=2).view(None)["first_bidder"] == 3
    s = deal(4, C3, banker=3)
    assert s.view(None)["first_bidder"] == 0 and s.actors() == (0,)
    setup = GAME.make_setup(4, {}, 5, first_player=2)
    assert setup["banker"] == 1
    assert GAME.new_state(4, setup=setup).actors() == (2,)
    # without a fixed first player, the banker is a seat drawn from the seed
    assert GAME.make_setup(3, {}, 9)["banker"] == GAME.make_setup(3, {}, 9)["banker"]
    assert {GAME.make_setup(3, {}, k)["banker"] for k in range(40)} == {0, 1, 2}


# --- AD-3: the works on sale ------------------------------------------------------------------


def test_ad3_own_work_before_drawing_with_one_die_each():
    s = deal(3, C3[:3], deck_top=[20, 21, 22], dice=[4])
    assert [mk.kind for mk in s.legal_moves(0)] == ["sell", "draw"]
    assert s.legal_moves(0)[0].choices == (0, 1, 2)
    s.apply(0, ("sell", 1))
    v = s.view(None)
    assert v["gold"][0] == 14 and v["bank"] == 16  # the gold comes at once
    assert v["on_sale"] == [1] and v["collections"][0] == [0, 2]
    assert v["phase"] == "sale"  # a second work may still be put up
    s.apply(0, ("draw", None))
    v = s.view(None)
    assert v["on_sale"] == [1, 20, 21]
    assert v["deck_size"] == 45 - 9 - 2
    assert v["phase"] == "bid" and v["bidder"] == 0


def test_ad3_at_most_two_own_works():
    s = deal(3, C3[:3], deck_top=[20, 21, 22], dice=[1, 2, 3])
    s.apply(0, ("sell", 0))
    s.apply(0, ("sell", 2))
    v = s.view(None)
    assert v["on_sale"] == [0, 2, 20]  # the third place is drawn at once
    assert v["gold"][0] == 13 and v["phase"] == "bid"
    assert [mk.kind for mk in s.legal_moves(0)] == ["bid"]
    refused(s, 0, ("sell", 1), "AD-3", "before drawing")


def test_ad3_no_sale_without_drawing_is_the_default_path():
    s = deal(3, C3[:3], deck_top=[20, 21, 22])
    s.apply(0, ("draw", None))
    assert s.view(None)["on_sale"] == [20, 21, 22]
    assert s.view(None)["gold"] == [10, 10, 10]


def _two_left_over():
    """2 players, seat 1 broke: seat 0 buys work 20 alone; 21 and 22 stay on the table."""
    s = deal(2, C3[:2], deck_top=[20, 21, 22, 23, 24], gold=[10, 0], dice=[3, 5])
    s.apply(0, ("draw", None))
    s.apply(0, ("bid", (3, 0, 0)))  # seat 1 has no gold: skipped
    return s


def test_ad3_leftovers_stay_and_the_free_places_are_drawn():
    s = _two_left_over()
    v = s.view(None)
    assert v["on_sale"] == [21, 22] and v["first_bidder"] == 1
    assert events(s, "unsold") == [{"event": "unsold", "cards": [21, 22]}]
    s.apply(1, ("draw", None))
    assert s.view(None)["on_sale"] == [21, 22, 23]


def test_ad3_never_more_own_works_than_free_places():
    s = _two_left_over()
    s.apply(1, ("sell", 6))  # one free place: the sale fills it, nothing is drawn
    v = s.view(None)
    assert v["on_sale"] == [21, 22, 6]
    assert v["gold"][1] == 5 and v["deck_size"] == 45 - 6 - 3
    assert v["phase"] == "bid" and v["bidder"] == 1


def test_ad3_no_sale_step_when_the_table_is_full():
    # everybody is broke: round 1 sells nothing, so round 2 starts with 3 works and no free place
    s = deal(3, C3[:3], deck_top=[20, 21, 22], gold=[0, 0, 0])
    s.apply(0, ("draw", None))
    assert not events(s, "sell")
    rounds = events(s, "round")
    assert [r["seat"] for r in rounds] == [0, 1, 2]  # seats 1, 2 had nothing to decide


def test_ad3_fewer_than_three_works_when_the_deck_runs_out():
    colls = [list(range(0, 21)), list(range(21, 43))]
    s = deal(2, colls, deck_top=[43, 44], dice=[2])
    s.apply(0, ("draw", None))
    assert s.view(None)["on_sale"] == [43, 44]
    assert s.view(None)["deck_size"] == 0
    assert s.legal_moves(0)[0].parts == ((1, 2), (1, 2))


def test_ad3_only_the_first_bidder_puts_up_own_works():
    s = deal(3, C3[:3], deck_top=[20, 21, 22])
    refused(s, 1, ("sell", 5), "turn", "seat 0's turn")
    refused(s, 0, ("sell", 5), "AD-3", "your own collection")
    refused(s, 0, ("bid", (1, 0, 0)), "AD-3", "no bid yet")


# --- AD-4: bidding --------------------------------------------------------------------------


def _bidding(dice, gold=None):
    """3 players, seat 0 first bidder, works 20, 21, 22 on sale."""
    s = deal(3, C3[:3], deck_top=[20, 21, 22], gold=gold, dice=dice)
    s.apply(0, ("draw", None))
    return s


def test_ad4_die_rolled_as_the_turn_begins_and_legal_bid_described():
    s = _bidding([3, 4, 2])
    v = s.view(1)
    assert v["bidder"] == 0 and v["roll"] == 3
    assert events(s, "roll", 1) == [{"event": "roll", "seat": 0, "roll": 3}]
    (mk,) = s.legal_moves(0)
    assert mk.kind == "bid" and (mk.lo, mk.hi) == (1, 3)
    assert mk.parts == ((1, 3), (1, 3), (1, 3))


def test_ad4_die_limits_the_total():
    s = _bidding([3, 4, 2])
    refused(s, 0, ("bid", (2, 2, 0)), "AD-4", "die limit")
    s.apply(0, ("bid", (1, 1, 1)))  # split as they like
    assert s.view(None)["bids"][0] == [1, 1, 1]


def test_ad4_own_gold_limits_the_total():
    s = _bidding([5], gold=[2, 10, 10])
    assert s.legal_moves(0)[0].hi == 2
    refused(s, 0, ("bid", (3, 0, 0)), "AD-4", "you have 2 gold")
    s.apply(0, ("bid", (0, 2, 0)))
    assert s.view(None)["gold"][0] == 0


def test_ad4_each_amount_must_beat_the_highest_on_its_work():
    s = _bidding([3, 4, 2])
    s.apply(0, ("bid", (2, 1, 0)))
    (mk,) = s.legal_moves(1)
    assert mk.parts == ((3, 4), (2, 4), (1, 4)) and mk.hi == 4
    refused(s, 1, ("bid", (2, 0, 0)), "AD-4", "outbid")
    refused(s, 1, ("bid", (3, 1, 0)), "AD-4", "outbid: 1 gold on work 2")
    s.apply(1, ("bid", (3, 0, 1)))
    assert s.view(None)["highest"] == [3, 1, 1]
    assert s.view(None)["leaders"] == [1, 0, 1]


def test_ad4_once_per_round_and_in_clockwise_order():
    s = deal(4, C3, banker=1, dice=[1, 1, 1, 1])  # first bidder: seat 2
    s.apply(2, ("draw", None))
    order = []
    while s.view(None)["phase"] == "bid" and s.view(None)["round"] == 1:
        p = s.next_actor()
        order.append(p)
        high = s.view(None)["highest"]
        if 0 in high:
            w = high.index(0)
            s.apply(p, ("bid", tuple(1 if i == w else 0 for i in range(3))))
        else:  # the fourth bidder rolled 1 and every work already has 1
            s.apply(p, ("pass", None))
        if len(order) == 1:
            refused(s, 2, ("bid", (0, 1, 0)), "turn", "seat 3's turn")
    assert order == [2, 3, 0, 1]
    assert s.view(None)["round"] == 2


def test_ad4_must_place_at_least_one_gold_when_possible():
    s = _bidding([3, 4, 2])
    refused(s, 0, ("bid", (0, 0, 0)), "AD-4", "at least 1 gold")
    refused(s, 0, ("pass", None), "AD-4", "at least 1 gold")


def test_ad4_pass_when_no_legal_placement():
    s = _bidding([6, 2, 3])
    s.apply(0, ("bid", (2, 2, 2)))
    # seat 1 rolled 2: nothing it may place beats 2
    assert [mk.kind for mk in s.legal_moves(1)] == ["pass"]
    refused(s, 1, ("bid", (0, 0, 0)), "AD-4", "pass")
    refused(s, 1, ("bid", (0, 2, 0)), "AD-4", "outbid")
    s.apply(1, ("pass", None))
    assert events(s, "pass") == [{"event": "pass", "seat": 1}]
    assert s.view(None)["gold"][1] == 10
    # seat 2 rolled 3: it can beat 2, so it must bid
    assert [mk.kind for mk in s.legal_moves(2)] == ["bid"]


def test_ad4_a_seat_without_gold_skips_the_roll():
    s = _bidding([3, 5], gold=[10, 0, 10])
    s.apply(0, ("bid", (1, 0, 0)))
    v = s.view(None)
    assert v["bidder"] == 2 and v["roll"] == 5  # seat 1 used no die
    assert events(s, "skip") == [{"event": "skip", "seat": 1}]


# --- AD-5: the works go to their highest bidders ----------------------------------------------


def _round_played():
    s = _bidding([3, 4, 2])
    s.apply(0, ("bid", (2, 1, 0)))
    s.apply(1, ("bid", (3, 0, 1)))
    s.apply(2, ("bid", (0, 2, 0)))
    return s


def test_ad5_highest_bidder_pays_the_bank_others_get_their_gold_back():
    v = _round_played().view(None)
    assert v["gold"] == [10, 6, 8]  # seat 1 paid 3 + 1, seat 2 paid 2, seat 0 got 3 back
    assert v["bank"] == 20 + 4 + 2
    assert v["collections"] == [[0, 1, 2], [5, 6, 7, 20, 22], [10, 11, 12, 21]]
    assert v["on_sale"] == [] and v["bids"] == [[], [], []]
    won = [e for e in v["log"] if e["event"] == "won"]
    assert won == [
        {"event": "won", "seat": 1, "card": 20, "price": 3},
        {"event": "won", "seat": 2, "card": 21, "price": 2},
        {"event": "won", "seat": 1, "card": 22, "price": 1},
    ]
    # each bid names the works its amounts go to (the log line says which)
    bids = [e for e in v["log"] if e["event"] == "bid"]
    assert bids and all(e["cards"] == [20, 21, 22] for e in bids)
    assert all(len(e["amounts"]) == len(e["cards"]) for e in bids)


def test_ad5_a_work_nobody_bid_on_stays():
    s = _two_left_over()
    v = s.view(None)
    assert v["collections"][0] == [0, 1, 2, 20]
    assert v["on_sale"] == [21, 22] and v["gold"] == [7, 0]


# --- AD-6: the first bidder moves on ----------------------------------------------------------


def test_ad6_next_first_bidder_is_the_next_seat_clockwise():
    s = _round_played()
    v = s.view(None)
    assert v["round"] == 2 and v["first_bidder"] == 1 and s.actors() == (1,)
    assert v["phase"] == "sale"
    s.apply(1, ("draw", None))
    assert s.view(None)["bidder"] == 1


# --- AD-7: the end --------------------------------------------------------------------------


def test_ad7_ends_when_the_deck_is_empty_and_the_table_clear():
    colls = [list(range(0, 21)), list(range(21, 43))]
    s = deal(2, colls, deck_top=[43, 44], dice=[2, 3])
    s.apply(0, ("draw", None))
    s.apply(0, ("bid", (1, 1)))
    assert not s.is_over()
    s.apply(1, ("bid", (2, 0)))
    assert s.is_over() and s.actors() == () and s.legal_moves(0) == []
    v = s.view(None)
    assert v["over"] and v["collections"][1][-1] == 43 and v["collections"][0][-1] == 44
    refused(s, 0, ("draw", None), "AD-7", "over")


def test_ad7_not_over_while_works_are_left_on_the_table():
    colls = [list(range(0, 21)), list(range(21, 43))]
    s = deal(2, colls, deck_top=[43, 44], gold=[10, 0], dice=[1])
    s.apply(0, ("draw", None))
    s.apply(0, ("bid", (1, 0)))  # 44 stays, the deck is empty
    assert not s.is_over()
    v = s.view(None)
    assert v["deck_size"] == 0 and v["on_sale"] == [44] and v["first_bidder"] == 1


def test_ad7_stop_after_n_rounds_in_a_row_without_a_sale():
    s = deal(3, C3[:3], deck_top=[20, 21, 22], gold=[0, 0, 0])
    s.apply(0, ("draw", None))
    assert s.is_over()  # rounds 1, 2, 3: nobody could bid
    v = s.view(None)
    assert v["out"] == [20, 21, 22] and v["on_sale"] == []
    assert v["deck_size"] == 45 - 12
    assert events(s, "stop") == [{"event": "stop", "cards": [20, 21, 22]}]
    assert v["result"]["scores"] == [9, 9, 9]  # the works out of the game score nothing


def test_ad7_no_sale_rounds_must_come_in_a_row():
    colls = [list(range(0, 21)), list(range(21, 43))]
    s = deal(2, colls, deck_top=[43, 44], gold=[0, 0], dice=[3, 3])
    s.apply(0, ("draw", None))  # round 1: both broke, 43 and 44 stay
    assert s.view(None)["no_sale_rounds"] == 1
    s.apply(1, ("sell", 21))  # round 2: seat 1 rolls 3 for its work and then 3 to bid
    s.apply(1, ("bid", (3, 0, 0)))
    v = s.view(None)
    assert v["no_sale_rounds"] == 0 and v["on_sale"] == [44, 21] and not s.is_over()
    s.apply(0, ("draw", None))  # round 3: both broke again; the deck is empty
    assert not s.is_over() and s.view(None)["no_sale_rounds"] == 1
    s.apply(1, ("draw", None))  # round 4: seat 1 declines to sell
    assert s.is_over()
    assert s.view(None)["out"] == [44, 21]


# --- AD-8: scoring --------------------------------------------------------------------------


def _ended(collections):
    """A 2-player game stopped at once by AD-7 (nobody has gold), with these collections."""
    s = deal(2, collections, gold=[0, 0])
    if not s.is_over():
        s.apply(0, ("draw", None))
    assert s.is_over()
    return s


def test_ad8_n_works_of_one_artist_score_n_squared():
    s = _ended([[0, 1, 2, 3, 4, 5, 6, 7, 10], [15, 16, 20]])
    assert s.scores() == (25 + 9 + 1, 4 + 1)
    res = s.result()
    assert res.winners == (0,)
    assert s.view(1)["result"] == {"scores": [35, 5], "winners": [0]}
    assert [collection_score(c) for c in ([], [0], [0, 5], [0, 1], [0, 1, 2, 3])] == [
        0,
        1,
        2,
        4,
        16,
    ]


def test_ad8_a_tie_is_shared():
    s = _ended([[0, 1, 5], [10, 11, 15]])
    assert s.scores() == (5, 5)
    assert s.result().winners == (0, 1)
    assert s.result().shares() == [0.5, 0.5]


# --- setups ---------------------------------------------------------------------------------


def test_bad_setups_are_refused_with_a_sentence():
    good = GAME.make_setup(3, {}, 2)
    cases = [
        ({**good, "banker": 3}, "banker"),
        ({**good, "deck": good["deck"][1:]}, "missing"),
        ({**good, "deck": good["deck"] + [good["deck"][0]]}, "repeated"),
        ({**good, "collections": good["collections"][:2]}, "3 lists"),
        ({**good, "gold": [30, 30, 0]}, "sum to at most 50"),
        ({**good, "dice": [7]}, "rolls 1..6"),
        ({**good, "color": 1}, "no key 'color'"),
        ({k: v for k, v in good.items() if k != "seed"}, "needs 'seed'"),
    ]
    for setup, words in cases:
        with pytest.raises(SetupError, match=words):
            GAME.new_state(3, setup=setup)
    everything = [list(range(0, 22)), list(range(22, 45))]
    with pytest.raises(SetupError, match="empty"):
        GAME.new_state(2, setup={"deck": [], "collections": everything, "banker": 0, "seed": 1})
