"""Components, setup and rounds (RZ-1 to RZ-4), scoring (RZ-13 to RZ-15), on explicit deals."""

from __future__ import annotations

from collections import Counter

import pytest

from auctionhouse.core import OptionError, SetupError
from auctionhouse.games.ratzia import GAME
from auctionhouse.games.ratzia.cards import BIDDING_SETS, FULL_DECK, NAMES
from auctionhouse.games.ratzia.scoring import bidding_points, business_points, round_gains

from .helpers import (
    B1,
    B2,
    B3,
    B4,
    B5,
    B6,
    B7,
    CAR,
    GA,
    GB,
    TR1,
    TR2,
    TR3,
    TR4,
    TR5,
    D,
    P,
    T,
    deck,
    down,
    events,
    new,
    run,
    up,
)


def police_out(state):
    """Play the current round out on Police: reveal, and pass every forced auction."""
    rnd = state.view(None)["round"]
    while not state.is_over() and state.view(None)["round"] == rnd:
        p = state.next_actor()
        kinds = [mk.kind for mk in state.legal_moves(p)]
        state.apply(p, ("pass", None) if "pass" in kinds else ("reveal", None))
    return state


def coll(**counts) -> list[int]:
    """A collection from card names: coll(T=2, GA=1)."""
    by_name = {
        "T": T, "GA": GA, "GB": GB, "D": D, "CAR": CAR,
        "TR1": TR1, "TR2": TR2, "TR3": TR3, "TR4": TR4, "TR5": TR5,
        "B1": B1, "B2": B2, "B3": B3, "B4": B4, "B5": B5, "B6": B6, "B7": B7,
    }  # fmt: skip
    c = [0] * 19
    for name, n in counts.items():
        c[by_name[name]] = n
    return c


# --- RZ-1 ---------------------------------------------------------------------------------------
def test_rz1_the_deck_holds_141_cards_by_kind():
    counts = Counter(NAMES[t] for t in FULL_DECK)
    assert len(FULL_DECK) == 141
    assert counts["Police"] == 21 and counts["Thieves"] == 10
    assert counts["Gangster A"] == counts["Gangster B"] == 10
    assert all(counts[f"Trinket {i}"] == 5 for i in range(1, 6))
    assert all(counts[f"Business {i}"] == 5 for i in range(1, 8))
    assert counts["Courthouse"] == 5 and counts["Getaway Car"] == 15 and counts["Driver"] == 10
    for seed in range(5):
        setup = GAME.make_setup(4, {}, seed)
        assert Counter(setup["deck"]) == Counter(FULL_DECK)


def test_rz1_a_setup_deck_must_be_the_whole_deck():
    bad = deck()
    bad[0] = P  # one Thieves card replaced by a 22nd Police
    hands = [list(s) for s in BIDDING_SETS[2]]
    with pytest.raises(SetupError, match="Police"):
        GAME.new_state(2, setup={"deck": bad, "hands": hands})
    with pytest.raises(SetupError):
        GAME.new_state(2, setup={"deck": deck()[:-1], "hands": hands})


def test_rz1_one_deck_for_the_whole_game_not_reshuffled_between_rounds():
    s = police_out(new(2, top=(P,) * 7 + (D, GA)))
    assert s.view(None)["round"] == 2 and s.view(None)["deck_size"] == 141 - 7
    run(s, "0 reveal", "1 reveal")
    assert s.view(None)["row"] == [D, GA]


# --- RZ-2 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rz2_bidding_sets_follow_ras_table(players):
    setup = GAME.make_setup(players, {}, 7)
    assert sorted(map(tuple, map(sorted, setup["hands"]))) == sorted(BIDDING_SETS[players])
    v = GAME.new_state(players, setup=setup).view(None)
    assert v["centre"] == 1
    dealt = {c for hand in v["up"] for c in hand}
    assert sorted(dealt | set(v["out_of_game"]) | {1}) == list(range(1, 17))
    assert not dealt & set(v["out_of_game"])
    expected_out = {2: list(range(10, 17)), 3: [14, 15, 16], 4: [14, 15, 16], 5: []}
    assert v["out_of_game"] == expected_out[players]


def test_rz2_player_counts_and_hands_are_checked():
    for bad in (1, 6):
        with pytest.raises(OptionError, match="2 to 5"):
            GAME.new_state(bad, seed=1)
    with pytest.raises(OptionError, match="no option"):
        GAME.new_state(3, {"variant": "x"}, seed=1)
    with pytest.raises(SetupError, match="sets"):
        GAME.new_state(2, setup={"deck": deck(), "hands": [[2, 5, 6, 9], [2, 5, 6, 9]]})
    with pytest.raises(SetupError, match="sets"):
        GAME.new_state(2, setup={"deck": deck(), "hands": [[2, 5, 6, 9], [3, 4, 7, 10]]})
    with pytest.raises(SetupError, match="deck and hands"):
        GAME.new_state(2, setup={"deck": deck(), "hands": [[1]], "seed": 3})


# --- RZ-3 ---------------------------------------------------------------------------------------
def test_rz3_scores_start_at_zero_and_go_negative():
    s = new(2, top=(P,) * 7)
    assert s.scores() == (0, 0)
    police_out(s)
    # Nobody holds a Trinket (-5 each); equal Gangsters (none) score nothing.
    assert s.scores() == (-5, -5)


def test_rz3_bidding_cards_face_up_and_down_are_public():
    s = run(new(2, top=(D,)), "0 reveal", "1 declare", "0 pass", "1 bid 3")
    for seat in (None, 0, 1):
        v = s.view(seat)
        assert v["up"] == [[2, 5, 6, 9], [4, 7, 8]]
        assert v["down"] == [[], [1]]
        assert v["centre"] == 3


# --- RZ-4 ---------------------------------------------------------------------------------------
def test_rz4_the_highest_bidding_card_starts_each_round():
    s = new(4, top=(D,) + (P,) * 7)
    assert s.next_actor() == 0  # seat 0 holds the 13
    run(s, "0 reveal", "1 declare", "2 pass", "3 pass", "0 bid 13", "1 pass")
    assert s.view(None)["centre"] == 13
    police_out(s)
    v = s.view(None)
    assert v["round"] == 2
    assert events(s, "round")[-1]["seat"] == 1  # the 12 is now the highest held
    assert s.next_actor() == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rz4_a_requested_first_player_gets_the_highest_set(players):
    for first in range(players):
        s = GAME.new_state(players, seed=11, first_player=first)
        assert s.next_actor() == first
        assert max(up(s, first)) == max(max(h) for h in BIDDING_SETS[players])


# --- RZ-13 --------------------------------------------------------------------------------------
def test_rz13_thieves_drivers_and_getaway_cars():
    gains = round_gains([coll(T=3, D=2, CAR=4, TR1=1), coll(CAR=5, TR1=1)])
    assert gains == [6 + 2 + 4, 0]


def test_rz13_gangster_majority_minority_and_pairs():
    base = {"TR1": 1}
    g = round_gains(
        [coll(GA=2, GB=1, **base), coll(GA=3, **base), coll(GB=1, **base), coll(**base)]
    )
    # most (3, tied): +5, the pair +5; fewest (0): -2; the middle scores nothing.
    assert g == [5 + 5, 5, 0, -2]
    # all equal: nobody gets most or fewest, the pair still scores
    assert round_gains([coll(GA=1, GB=1, **base), coll(GA=2, **base)]) == [5, 0]
    assert round_gains([coll(**base), coll(**base)]) == [0, 0]


def test_rz13_trinkets_by_kinds_held():
    rows = [
        coll(),
        coll(TR1=4),
        coll(TR1=1, TR2=1),
        coll(TR1=1, TR2=1, TR3=1),
        coll(TR1=1, TR2=1, TR3=1, TR4=1),
        coll(TR1=1, TR2=1, TR3=1, TR4=1, TR5=1),
    ]
    assert round_gains(rows) == [-5, 0, 0, 5, 10, 15]


def test_rz13_round_scoring_in_a_game():
    s = new(2, top=(T, GA, TR1, D, CAR, B1) + (P,) * 7)
    run(s, "0 reveal", "1 reveal", "0 reveal", "1 reveal", "0 reveal", "1 reveal")
    run(s, "0 declare", "1 pass", "0 bid 2")
    police_out(s)
    scored = events(s, "scored")[0]
    # seat 0: Thieves 2, Driver 1, Getaway Car 1, most Gangsters +5, one Trinket kind 0
    # seat 1: fewest Gangsters -2, no Trinket -5
    assert scored["gains"] == [9, -7]
    assert s.scores() == (9, -7)
    # the event splits each seat's points by category, for the round's summary
    assert scored["parts"][0] == {
        "thieves": 2, "drivers": 1, "getaway cars": 1, "trinkets": 0,
        "gangster majority": 5, "gangster pair": 0,
    }  # fmt: skip
    assert [sum(x.values()) for x in scored["parts"]] == scored["gains"]


# --- RZ-14 --------------------------------------------------------------------------------------
def test_rz14_only_palm_tree_cards_stay_and_bidding_cards_turn_up():
    s = new(2, top=(T, GA, TR1, D, CAR, B1, GB) + (P,) * 7)
    run(s, "0 reveal", "1 reveal", "0 reveal", "1 reveal", "0 reveal", "1 reveal")
    run(s, "0 declare", "1 pass", "0 bid 2", "1 reveal")
    assert s.view(None)["row"] == [GB]
    police_out(s)
    v = s.view(None)
    assert v["collections"][0] == coll(GA=1, CAR=1, B1=1)
    assert v["collections"][1] == coll()
    assert v["row"] == [] and v["police"] == 0
    assert v["up"] == [[1, 5, 6, 9], [3, 4, 7, 8]] and v["down"] == [[], []]
    assert v["centre"] == 2
    # discarded: the Thieves, Trinket and Driver, the Gangster B left in the row, 7 Police
    assert v["discard"][T] == 1 and v["discard"][TR1] == 1 and v["discard"][D] == 1
    assert v["discard"][GB] == 1 and v["discard"][P] == 7


# --- RZ-15 --------------------------------------------------------------------------------------
def test_rz15_business_points():
    assert business_points(coll()) == 0
    assert business_points(coll(B1=1, B2=2)) == 2
    assert business_points(coll(B1=3)) == 1 + 5
    assert business_points(coll(B1=4, B2=5)) == 2 + 10 + 15
    all7 = coll(B1=1, B2=1, B3=1, B4=1, B5=1, B6=1, B7=3)
    assert business_points(all7) == 10 + 5


def test_rz15_bidding_card_sums():
    assert bidding_points([30, 20, 20]) == [5, -5, -5]
    assert bidding_points([30, 30, 10, 20]) == [5, 5, -5, 0]
    assert bidding_points([22, 22]) == [0, 0]


def test_rz15_game_end_and_tie_goes_to_the_highest_bidding_card():
    s = new(2, top=(P,) * 21)
    for _ in range(3):
        police_out(s)
    assert s.is_over()
    # -5 a round for no Trinket; the bidding sums are 22 and 22: +5 and -5 each.
    assert s.scores() == (-15, -15)
    assert events(s, "end")[0]["gains"] == [0, 0]
    assert s.result().winners == (0,)  # seat 0 holds the 9, seat 1 at most the 8
    assert s.view(None)["over"] and s.view(1)["result"]["winners"] == [0]


def test_rz15_bidding_sums_count_face_down_cards_not_the_centre():
    s = new(3, top=(D,) + (P,) * 21)
    # seat 0 {2,5,8,13} wins with its 13: the centre 1 goes to it, the 13 to the centre.
    run(s, "0 reveal", "1 declare", "2 pass", "0 bid 13", "1 pass")
    assert down(s, 0) == [1]
    for _ in range(3):
        police_out(s)
    # sums: seat 0 2+5+8+1 = 16, seat 1 3+6+9+12 = 30, seat 2 4+7+10+11 = 32
    assert events(s, "end")[0]["gains"] == [-5, 0, 5]
