"""Turns (RZ-5, RZ-6), auctions (RZ-7 to RZ-11) and the last player (RZ-12), on explicit deals.

With 4 players the seats hold {2,6,13} {3,7,12} {4,8,11} {5,9,10}; with 2, {2,5,6,9} {3,4,7,8}.
"""

from __future__ import annotations

import pytest

from auctionhouse.core import IllegalMove
from auctionhouse.games.ratzia.cards import FULL_DECK, POLICE

from .helpers import (
    B1,
    B2,
    CAR,
    GA,
    C,
    D,
    P,
    T,
    choices,
    events,
    kinds,
    new,
    run,
    up,
)


def refused(state, seat, move, rule):
    before = state.snapshot()
    with pytest.raises(IllegalMove) as e:
        state.apply(seat, move)
    assert e.value.rule == rule, str(e.value)
    assert state.snapshot() == before


# --- RZ-5 ---------------------------------------------------------------------------------------
def test_rz5_a_police_card_goes_to_the_police_row_and_forces_an_auction():
    s = run(new(4, top=(D, P)), "0 reveal", "1 reveal")
    v = s.view(2)
    assert v["police"] == 1 and v["row"] == [D]
    assert v["phase"] == "auction" and v["auction"]["cause"] == "police"
    assert v["auction"]["order"] == [2, 3, 0, 1] and v["auction"]["forced"]


def test_rz5_the_seventh_police_ends_the_round_with_no_auction():
    s = new(4, top=(P,) * 7)
    for _ in range(6):
        p = s.next_actor()
        run(s, f"{p} reveal")
        run(s, *[f"{q} pass" for q in s.view(None)["auction"]["order"]])
    assert s.view(None)["police"] == 6
    run(s, f"{s.next_actor()} reveal")
    assert len(events(s, "auction")) == 6
    assert events(s, "round_end")[0]["cause"] == "7th police"
    assert s.view(None)["round"] == 2 and s.view(None)["police"] == 0


def test_rz5_other_cards_go_to_the_auction_row():
    s = run(new(4, top=(GA, C, T)), "0 reveal", "1 reveal", "2 reveal")
    assert s.view(None)["row"] == [GA, C, T]
    assert s.next_actor() == 3 and s.view(None)["phase"] == "turn"


def test_rz5_declare_needs_a_card_in_the_row():
    s = new(4)
    assert kinds(s, 0) == ["reveal"]
    refused(s, 0, ("declare", None), "RZ-5")


def thieves_to_seat2(top_after=()):
    """Seat 2 wins two Thieves; then seat 3 is to play with `top_after` next on the deck."""
    s = new(4, top=(T, T, *top_after))
    return run(s, "0 reveal", "1 reveal", "2 declare", "3 pass", "0 pass", "1 pass", "2 bid 4")


def test_rz5_steal_discards_k_thieves_for_k_chosen_cards():
    s = thieves_to_seat2((D, C, CAR, GA))
    run(s, "3 reveal", "0 reveal", "1 reveal", "2 reveal")
    assert s.view(None)["row"] == [D, C, CAR, GA]
    run(s, "3 reveal")  # the row now holds the next card too: a Thieves (from the deck's tail)
    assert s.view(None)["row"] == [D, C, CAR, GA, T]
    assert kinds(s, 0) == ["reveal", "declare"]  # seat 0 holds no Thieves
    refused(s, 0, ("steal", D), "RZ-5")
    run(s, "0 reveal", "1 reveal")
    assert choices(s, 2, "steal") == (GA, CAR, D)  # not the Thieves, not the Courthouse
    run(s, "2 steal 18")
    assert kinds(s, 2) == ["steal", "stop"] and s.next_actor() == 2
    run(s, "2 steal 17")
    v = s.view(None)
    assert v["collections"][2][D] == 1 and v["collections"][2][CAR] == 1
    assert v["collections"][2][T] == 0 and v["discard"][T] == 2
    assert sorted(v["row"]) == sorted([C, GA, T, T, T])
    assert s.next_actor() == 3  # no Thieves left: the turn is over, no auction follows
    assert not events(s, "auction")[1:]


def test_rz5_steal_may_stop_after_one_card_and_never_takes_thieves_or_courthouses():
    s = thieves_to_seat2((C, D, GA))
    run(s, "3 reveal", "0 reveal", "1 reveal")
    refused(s, 2, ("steal", C), "RZ-5")
    refused(s, 2, ("steal", T), "RZ-5")
    refused(s, 2, ("steal", B1), "RZ-5")
    run(s, "2 steal 2", "2 stop")
    assert s.view(None)["collections"][2][T] == 1 and s.view(None)["row"] == [C, D]
    assert s.next_actor() == 3


def test_rz5_k_cannot_exceed_the_cards_that_can_be_taken():
    s = thieves_to_seat2((C, D))
    run(s, "3 reveal", "0 reveal", "1 reveal")
    assert s.view(None)["row"] == [C, D, T]  # only the Driver can be taken
    run(s, "2 steal 18")
    assert s.next_actor() == 3 and s.view(None)["collections"][2][T] == 1


def test_rz5_a_player_with_every_card_face_down_takes_no_turns():
    s = seat1_spent()
    assert up(s, 1) == [] and s.legal_moves(1) == ()
    refused(s, 1, ("reveal", None), "RZ-5")
    for _ in range(6):
        p = s.next_actor()
        assert p != 1
        run(s, f"{p} reveal")


# --- RZ-6 ---------------------------------------------------------------------------------------
def test_rz6_a_full_row_allows_no_reveal_and_its_auction_is_forced():
    s = new(4, top=(D,) * 7)
    run(s, *[f"{p % 4} reveal" for p in range(7)])
    assert len(s.view(None)["row"]) == 7
    assert kinds(s, 3) == ["declare"]
    refused(s, 3, ("reveal", None), "RZ-6")
    run(s, "3 declare")
    assert s.view(None)["auction"]["cause"] == "full row"
    run(s, "0 pass", "1 pass", "2 pass", "3 pass")  # the starter may pass too
    v = s.view(None)
    assert v["row"] == [] and v["discard"][D] == 7 and v["phase"] == "turn"


# --- RZ-7 ---------------------------------------------------------------------------------------
def test_rz7_bids_go_once_around_from_the_left_with_the_starter_last():
    s = run(new(4, top=(D,)), "0 reveal", "1 declare")
    assert s.view(None)["auction"]["starter"] == 1
    assert s.view(None)["auction"]["order"] == [2, 3, 0, 1]
    assert s.actors() == (2,)
    refused(s, 3, ("pass", None), "RZ-7")
    run(s, "2 bid 8")
    assert choices(s, 3, "bid") == (9, 10)
    refused(s, 3, ("bid", 5), "RZ-7")  # not higher than 8
    refused(s, 3, ("bid", 13), "RZ-7")  # not seat 3's card
    run(s, "3 bid 9", "0 pass")
    assert choices(s, 1, "bid") == (12,)
    run(s, "1 pass")
    assert s.view(None)["phase"] == "turn"
    assert [e["seat"] for e in events(s, "bid") + events(s, "pass")] == [2, 3, 0, 1]


def test_rz7_a_player_with_no_higher_card_must_pass():
    s = run(new(4, top=(D,)), "0 reveal", "1 declare", "2 bid 11")
    assert kinds(s, 3) == ["pass"]
    refused(s, 3, ("bid", 10), "RZ-7")
    run(s, "3 pass", "0 bid 13")
    assert kinds(s, 1) == ["pass"]


# --- RZ-8 ---------------------------------------------------------------------------------------
def test_rz8_the_declarer_must_bid_when_nobody_else_did():
    s = run(new(4, top=(D,)), "0 reveal", "1 declare", "2 pass", "3 pass", "0 pass")
    assert kinds(s, 1) == ["bid"] and choices(s, 1, "bid") == (3, 7, 12)
    refused(s, 1, ("pass", None), "RZ-8")
    run(s, "1 bid 3")
    assert s.view(None)["collections"][1][D] == 1


def test_rz8_the_declarer_may_pass_once_someone_bid():
    s = run(new(4, top=(D,)), "0 reveal", "1 declare", "2 pass", "3 bid 5", "0 pass")
    assert kinds(s, 1) == ["bid", "pass"]
    run(s, "1 pass")
    assert s.view(None)["collections"][3][D] == 1


def test_rz8_in_a_forced_auction_everyone_may_pass():
    s = run(new(4, top=(D, P)), "0 reveal", "1 reveal")
    for seat in (2, 3, 0, 1):
        assert "pass" in kinds(s, seat)
        run(s, f"{seat} pass")
    assert s.view(None)["phase"] == "turn"


# --- RZ-9 ---------------------------------------------------------------------------------------
def test_rz9_the_highest_bid_takes_the_row_and_swaps_with_the_centre():
    s = run(new(4, top=(D, GA, CAR)), "0 reveal", "1 reveal", "2 reveal")
    run(s, "3 declare", "0 bid 6", "1 bid 7", "2 bid 11", "3 pass")
    v = s.view(None)
    assert v["collections"][2][D] == v["collections"][2][GA] == v["collections"][2][CAR] == 1
    assert v["row"] == [] and v["centre"] == 11
    assert v["up"][2] == [4, 8] and v["down"][2] == [1]
    assert v["up"][0] == [2, 6, 13] and v["up"][1] == [3, 7, 12]  # losing bids come back
    won = events(s, "won")[0]
    assert (won["seat"], won["price"], won["cards"], won["centre"]) == (2, 11, [D, GA, CAR], 1)


def test_rz9_with_no_bid_the_row_is_discarded():
    s = run(new(4, top=(D, GA, P)), "0 reveal", "1 reveal", "2 reveal")
    run(s, "3 pass", "0 pass", "1 pass", "2 pass")
    v = s.view(None)
    assert v["row"] == [] and v["discard"][D] == 1 and v["discard"][GA] == 1
    assert all(sum(c) == 0 for c in v["collections"])
    assert v["centre"] == 1


def test_rz9_a_bid_on_an_empty_row_only_swaps_bidding_cards():
    s = run(new(4, top=(P,)), "0 reveal", "1 pass", "2 pass", "3 bid 5", "0 pass")
    v = s.view(None)
    assert v["centre"] == 5 and v["down"][3] == [1] and v["up"][3] == [9, 10]
    assert all(sum(c) == 0 for c in v["collections"])


# --- RZ-10 --------------------------------------------------------------------------------------
def test_rz10_the_winner_chooses_the_business_a_courthouse_discards():
    s = run(new(4, top=(B1, B2, C)), "0 reveal", "1 reveal", "2 reveal")
    run(s, "3 declare", "0 pass", "1 pass", "2 pass", "3 bid 5")
    v = s.view(0)
    assert v["phase"] == "courthouse" and v["courthouse"] == {"seat": 3, "left": 1}
    assert s.actors() == (3,) and choices(s, 3, "discard_business") == (B1, B2)
    refused(s, 3, ("discard_business", 11), "RZ-10")
    run(s, "3 discard_business 10")
    v = s.view(None)
    assert v["collections"][3][B1] == 1 and v["collections"][3][B2] == 0
    assert v["collections"][3][C] == 0 and v["discard"][C] == 1 and v["discard"][B2] == 1
    assert s.next_actor() == 0


def seat1_owns_business1(*top):
    """4 players: seat 1 wins a Business 1; seat 2 is to play, `top` next on the deck."""
    s = new(4, top=(B1, *top))
    return run(s, "0 reveal", "1 declare", "2 pass", "3 pass", "0 pass", "1 bid 3")


def test_rz10_a_business_won_earlier_counts_and_one_kind_is_still_a_move():
    s = run(seat1_owns_business1(C), "2 reveal", "3 declare", "0 pass", "1 bid 7", "2 pass")
    run(s, "3 pass")
    assert s.actors() == (1,) and kinds(s, 1) == ["discard_business"]
    assert choices(s, 1, "discard_business") == (B1,)
    run(s, "1 discard_business 9")
    v = s.view(None)
    assert v["collections"][1][B1] == 0 and v["collections"][1][C] == 0
    assert s.next_actor() == 0  # left of the Cheese Grater (seat 3)


def test_rz10_courthouses_go_one_at_a_time_then_without_a_business_for_free():
    s = run(seat1_owns_business1(C, C), "2 reveal", "3 reveal", "0 declare", "1 bid 7")
    run(s, "2 pass", "3 pass", "0 pass")
    assert s.view(None)["courthouse"] == {"seat": 1, "left": 2}
    run(s, "1 discard_business 9")
    v = s.view(None)
    assert v["phase"] == "turn" and v["collections"][1][C] == 0 and v["discard"][C] == 2
    assert [e["business"] for e in events(s, "courthouse")] == [B1, None]


def test_rz10_a_courthouse_without_a_business_is_simply_discarded():
    s = run(new(4, top=(C, B2)), "0 reveal", "1 declare", "2 pass", "3 pass", "0 bid 2")
    run(s, "1 pass")
    v = s.view(None)
    assert v["phase"] == "turn" and v["collections"][0][C] == 0 and v["discard"][C] == 1
    # a Business won later is kept: the Courthouse is gone
    run(s, "2 reveal", "3 declare", "0 bid 6", "1 pass", "2 pass", "3 pass")
    assert s.view(None)["collections"][0][B2] == 1 and s.view(None)["phase"] == "turn"


# --- RZ-11 --------------------------------------------------------------------------------------
def seat1_spent():
    """4 players: seat 1 wins three auctions and has every card face down; seat 2 to play."""
    s = new(4, top=(D,) * 7)
    for first, bid in ((["0 reveal"], 3), (["2 reveal", "3 reveal", "0 reveal"], 7)):
        run(s, *first, "1 declare", "2 pass", "3 pass", "0 pass", f"1 bid {bid}")
    run(s, "2 reveal", "3 reveal", "0 reveal", "1 declare", "2 pass", "3 pass", "0 pass")
    run(s, "1 bid 12")
    assert s.next_actor() == 2
    return s


def test_rz11_play_resumes_left_of_the_cheese_grater_skipping_spent_players():
    s = run(seat1_spent(), "2 reveal", "3 declare")
    assert s.view(None)["auction"]["order"] == [0, 2, 3]  # seat 1 is not offered the auction
    run(s, "0 bid 13", "2 pass", "3 pass")
    assert s.next_actor() == 0  # left of seat 3, who held the Cheese Grater (not the winner)
    run(s, "0 reveal")
    assert s.next_actor() == 2  # seat 1 skipped
    run(s, "2 declare", "3 pass", "0 pass", "2 bid 4")
    assert s.next_actor() == 3


# --- RZ-12 --------------------------------------------------------------------------------------
def test_rz12_the_last_player_with_face_up_cards_plays_on_alone():
    s = new(2, top=(D,) * 6 + (P,) + (D,) * 4)
    for bid in (3, 4, 7, 8):
        run(s, "0 reveal", "1 declare", "0 pass", f"1 bid {bid}")
    assert up(s, 1) == [] and s.next_actor() == 0
    run(s, "0 reveal", "0 reveal")
    assert s.next_actor() == 0 and len(s.view(None)["row"]) == 2
    run(s, "0 reveal")  # a Police card: a forced auction only seat 0 is in
    assert s.view(None)["auction"]["order"] == [0] and kinds(s, 0) == ["bid", "pass"]
    run(s, "0 pass")
    assert s.next_actor() == 0 and s.view(None)["row"] == []
    run(s, "0 reveal", "0 declare")
    assert kinds(s, 0) == ["bid"]
    run(s, "0 bid 2")  # won by their own bid
    assert s.view(None)["collections"][0][D] == 1 and s.view(None)["centre"] == 2
    for bid in (5, 6):
        run(s, "0 reveal", "0 declare", f"0 bid {bid}")
    run(s, "0 reveal", "0 declare")
    assert events(s, "round_end") == []
    run(s, "0 bid 9")
    assert events(s, "round_end")[0]["cause"] == "bidding cards face down"
    v = s.view(None)
    assert v["round"] == 2 and v["up"] == [[2, 5, 6, 8], [1, 3, 4, 7]] and v["centre"] == 9
    assert s.next_actor() == 0  # the 8 is the highest card held


def test_rz12_the_deck_runs_out_only_on_the_last_police_and_the_game_ends():
    non_police = [t for t in FULL_DECK if t != POLICE]
    top = []
    for r in range(3):
        top += non_police[40 * r : 40 * (r + 1)] + [POLICE] * 7
    s = new(2, top=tuple(top))
    while not s.is_over():
        p = s.next_actor()
        k = kinds(s, p)
        move = "pass" if "pass" in k else "reveal" if "reveal" in k else "declare"
        run(s, f"{p} {move}")
    v = s.view(None)
    assert v["deck_size"] == 0 and v["final"]["deck_left"] == []
    assert [e["cause"] for e in events(s, "round_end")] == ["7th police"] * 3
    assert len(events(s, "scored")) == 3 and len(events(s, "end")) == 1
