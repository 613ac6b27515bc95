"""One or more tests per ruling QE-1 .. QE-15, each on an explicit deal (tests/games/qe/helpers)."""

from __future__ import annotations

import pytest

from auctionhouse.core import IllegalMove, OptionError, SetupError, replay
from auctionhouse.games.qe import GAME
from auctionhouse.games.qe.scoring import parts_of, tally
from auctionhouse.games.qe.tiles import (
    NUM_TILES,
    TILE_COUNTRY,
    TILE_INDUSTRY,
    TILE_VP,
    TILES_IN_PLAY,
)

from .helpers import (
    AGR,
    CN,
    CN_AGR,
    CN_FIN,
    CN_GOV,
    CN_HOU,
    EU,
    EU_AGR,
    EU_FIN,
    FIN,
    GOV,
    HOU,
    JP,
    JP_AGR,
    JP_GOV,
    MAN,
    TILE_TABLE,
    TILES_5,
    TILES_34,
    UK,
    US,
    US_AGR,
    US_FIN,
    US_HOU,
    US_MAN,
    auction,
    new,
    quiet_turn,
    the_auctioneer_wins_the_rest,
)


def refused(s, seat, move, rule):
    """The move is refused naming `rule`, and the state is exactly as before."""
    before = s.snapshot()
    with pytest.raises(IllegalMove) as e:
        s.apply(seat, move)
    assert e.value.rule == rule, e.value
    assert s.snapshot() == before
    return e.value


def amounts_seen(s, seat, turn):
    return s.view(seat)["auctions"][turn]["amount"]


# --- QE-1 -----------------------------------------------------------------------------------
def test_qe1_three_to_five_players():
    for n in (3, 4, 5):
        assert GAME.resolve(n) == {"seed_literal": False}
    for n in (2, 6):
        with pytest.raises(OptionError, match="3 to 5 players"):
            GAME.resolve(n)


def test_qe1_nations_dealt_at_random_uk_only_with_five():
    seen = set()
    for seed in range(40):
        for n in (3, 4, 5):
            nations = GAME.make_setup(n, {}, seed)["nations"]
            assert len(set(nations)) == n
            assert set(nations) <= ({US, EU, CN, JP, UK} if n == 5 else {US, EU, CN, JP})
            if n == 4:
                seen.add(tuple(nations))
    assert len(seen) > 5  # not always the same deal
    with pytest.raises(SetupError, match="nations"):
        new(4, nations=[US, EU, CN, UK])
    assert new(5, nations=[UK, JP, CN, EU, US]).view(0)["nations"] == [UK, JP, CN, EU, US]


# --- QE-2 -----------------------------------------------------------------------------------
def test_qe2_the_tile_table():
    assert NUM_TILES == 21
    cells = {t: (TILE_COUNTRY[t], TILE_INDUSTRY[t], TILE_VP[t]) for t in range(NUM_TILES)}
    assert cells == TILE_TABLE  # the QE-2 table, cell by cell


def test_qe2_removals_per_player_count_keep_the_set_balanced():
    removed_34 = {t for t in range(21) if TILE_COUNTRY[t] == UK} | {JP_GOV, CN_GOV}
    removed_5 = {t for t in range(21) if TILE_VP[t] == 1} | {JP_AGR, CN_FIN}
    for n in (3, 4):
        assert set(TILES_IN_PLAY[n]) == set(range(21)) - removed_34 == set(TILES_34)
    assert set(TILES_IN_PLAY[5]) == set(range(21)) - removed_5 == set(TILES_5)
    for n, total, groups in ((4, 10, 4), (5, 9, 5)):
        for parts in (TILE_COUNTRY, TILE_INDUSTRY):
            sums = [sum(TILE_VP[t] for t in TILES_IN_PLAY[n] if parts[t] == g) for g in range(5)]
            assert sums[:groups] == [total] * groups


def test_qe2_setup_must_hold_exactly_the_tiles_in_play():
    with pytest.raises(SetupError, match="QE-2"):
        new(4, tiles=[JP_GOV, *TILES_34[1:]])
    with pytest.raises(SetupError, match="QE-2"):
        new(5, tiles=[US_AGR, *TILES_5[1:]])
    with pytest.raises(SetupError, match="16"):
        new(3, tiles=TILES_34[:15])


# --- QE-3 -----------------------------------------------------------------------------------
def test_qe3_one_secret_token_per_player_no_two_alike():
    for seed in range(30):
        for n in (3, 4, 5):
            tokens = GAME.make_setup(n, {}, seed)["tokens"]
            assert len(set(tokens)) == n and set(tokens) <= set(range(5 if n == 5 else 4))
    s = new(4, tokens=[HOU, AGR, FIN, MAN])
    assert [s.view(p)["token"] for p in range(4)] == [HOU, AGR, FIN, MAN]
    assert s.view(None)["token"] is None
    with pytest.raises(SetupError, match="QE-3"):
        new(4, tokens=[HOU, HOU, FIN, MAN])
    with pytest.raises(SetupError, match="QE-3"):
        new(4, tokens=[GOV, AGR, FIN, MAN])  # Government is not in play with 4 players


def test_qe3_token_counts_as_a_company_for_monopoly_and_diversification():
    tiles = [US_AGR, US_FIN]  # two industries, no pair
    without = parts_of(tiles, JP, None, 0, False)
    with_agr = parts_of(tiles, JP, AGR, 0, False)  # Agriculture x2, still two industries
    with_hou = parts_of(tiles, JP, HOU, 0, False)  # three industries
    assert without[3:5] == (0, 0)
    assert with_agr[3:5] == (3, 0)
    assert with_hou[3:5] == (0, 4)
    assert with_agr[0] == without[0] == 3  # no VP printed on a token


# --- QE-4 -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players,turns", [(3, 16), (4, 16), (5, 15)])
def test_qe4_one_turn_per_tile_and_the_role_passes_clockwise(players, turns):
    s = new(players, first=2)
    auctioneers = []
    while not s.is_over():
        auctioneers.append(s.auctioneer)
        quiet_turn(s, s.auctioneer if s.auctioneer >= 0 else 0, 2)
    assert len(auctioneers) == turns == len(s.done)
    expected = [(2 + t) % players for t in range(turns)]
    if players == 3:
        expected[15] = -1  # QE-10: the last turn has no auctioneer
    assert auctioneers == expected


def test_qe4_first_auctioneer_random_or_requested():
    firsts = {GAME.make_setup(4, {}, seed)["first"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    for p in range(5):
        s = GAME.new_state(5, seed=7, first_player=p)
        assert s.actors() == (p,) and s.view(None)["auction"]["auctioneer"] == p


# --- QE-5 -----------------------------------------------------------------------------------
def test_qe5_open_bid_is_a_whole_number_of_at_least_one_in_the_open():
    s = new(4)
    assert [k.to_json() for k in s.legal_moves(0)] == [{"kind": "open", "min": 1, "max": None}]
    refused(s, 0, ("open", 0), "QE-5")
    refused(s, 0, ("open", -3), "QE-5")
    refused(s, 0, ("open", 2.5), "QE-5")
    refused(s, 1, ("bid", 4), "turn")  # nobody bids before the opening bid
    s.apply(0, ("open", 10**30))
    for p in (None, 0, 1, 2, 3):
        assert s.view(p)["auction"]["open"] == 10**30
    assert s.view(2)["log"][-1] == {
        "event": "open", "turn": 0, "seat": 0, "tile": TILES_34[0], "amount": 10**30
    }  # fmt: skip


# --- QE-6 -----------------------------------------------------------------------------------
def test_qe6_secret_bids_from_zero_up_never_equal_to_the_open_bid():
    s = auction(new(4), 5, {})
    assert s.actors() == (1, 2, 3)
    assert [k.to_json() for k in s.legal_moves(2)] == [
        {"kind": "bid", "min": 0, "max": 4},
        {"kind": "bid", "min": 6, "max": None},
    ]
    assert s.legal_moves(0) == []  # the auctioneer does not bid again
    err = refused(s, 1, ("bid", 5), "QE-6")
    assert "5" in err.reason and "except 5" in err.reason
    refused(s, 1, ("bid", -1), "QE-6")
    refused(s, 1, ("bid", None), "QE-6")
    s.apply(2, ("bid", 0))
    s.apply(1, ("bid", 7))
    for p in (None, 0, 1, 3):  # nobody else sees a bid before all are in
        assert "bid" not in str(s.view(p)["log"])
        assert s.view(p)["auction"].get("bids", []) == []
    assert s.view(2)["auction"]["my_bids"] == [0]
    assert s.view(None)["auction"]["waiting"] == [3]


def test_qe6_no_upper_limit_and_exact_integers():
    s = auction(new(4), 10**30, {1: 10**30 + 1, 2: 10**40, 3: 10**40 - 1})
    assert s.owned[2] == [TILES_34[0]] and s.spent[2] == 10**40
    s = auction(s, 3, {2: 2**200, 3: 0, 0: 2**200 + 1})
    assert s.spent[0] == 2**200 + 1 and type(s.spent[0]) is int
    the_auctioneer_wins_the_rest(s, 2)
    final = s.view(0)["final"]
    assert final["spent"][2] == 10**40 + 4 * 2  # and its own four auctions at 2
    assert final["amounts"][:2] == [10**40, 2**200 + 1]
    again = replay(GAME, s.record())
    assert again.snapshot() == s.snapshot()


# --- QE-7 -----------------------------------------------------------------------------------
def test_qe7_highest_bid_wins_only_winner_and_auctioneer_know_the_amount():
    s = auction(new(4), 5, {1: 7, 2: 9, 3: 0})
    assert s.owned == [[], [], [TILES_34[0]], []] and s.spent == [0, 0, 9, 0]
    assert [amounts_seen(s, p, 0) for p in (0, 1, 2, 3)] == [9, None, 9, None]
    assert amounts_seen(s, None, 0) is None
    won = [e for e in s.view(1)["log"] if e["event"] == "won"]
    assert won == [{"event": "won", "turn": 0, "seat": 2, "tile": TILES_34[0], "price": None}]
    assert s.view(0)["auctions"][0]["bids"] == [[None, 7, 9, 0]]
    assert "bids" not in s.view(2)["auctions"][0]
    assert s.view(1)["auctions"][0]["my_bids"] == [7]
    assert [s.view(p)["spent"] for p in range(4)] == [0, 0, 9, 0]  # each sees its own only


def test_qe7_when_the_auctioneer_wins_the_amount_is_public():
    s = auction(new(4), 8, {1: 7, 2: 2, 3: 6})
    assert s.owned[0] == [TILES_34[0]] and s.spent[0] == 8
    assert [amounts_seen(s, p, 0) for p in (None, 0, 1, 2, 3)] == [8] * 5
    assert s.view(3)["log"][-1] == {
        "event": "won", "turn": 0, "seat": 0, "tile": TILES_34[0], "price": 8
    }  # fmt: skip


# --- QE-8 -----------------------------------------------------------------------------------
def test_qe8_tied_players_rebid_and_rebids_replace_their_bids():
    s = auction(new(4), 5, {1: 9, 2: 9, 3: 2})
    assert s.actors() == (1, 2) and s.view(None)["phase"] == "rebid"
    assert s.view(3)["log"][-1] == {"event": "tie", "turn": 0, "seats": [1, 2], "count": 1}
    assert s.legal_moves(0) == [] and s.legal_moves(3) == []  # the auctioneer never rebids
    refused(s, 0, ("bid", 11), "turn")
    refused(s, 1, ("bid", 5), "QE-8")  # still not the opening bid
    auction(s, None, {1: 10, 2: 6})
    assert s.owned[1] == [TILES_34[0]] and s.spent[1] == 10
    assert s.done[0].rounds == [[-1, 9, 9, 2], [-1, 10, 6, -1]]
    assert s.view(1)["auctions"][0]["my_bids"] == [9, 10]


def test_qe8_a_new_tie_may_pull_in_an_untied_bidder():
    s = auction(new(4), 5, {1: 9, 2: 9, 3: 7})
    auction(s, None, {1: 7, 2: 3})  # now 1 and 3 tie at 7
    assert s.actors() == (1, 3)
    assert s.view(2)["log"][-1] == {"event": "tie", "turn": 0, "seats": [1, 3], "count": 2}
    auction(s, None, {3: 8, 1: 6})
    assert s.owned[3] == [TILES_34[0]] and s.spent[3] == 8


def test_qe8_after_the_third_tie_the_highest_unmatched_bid_wins():
    s = auction(new(5), 5, {1: 9, 2: 9, 3: 7, 4: 0})
    auction(s, None, {1: 9, 2: 9})
    auction(s, None, {1: 8, 2: 8})  # third tie in a row: no more rebids
    assert s.owned[3] == [TILES_5[0]] and s.spent[3] == 7
    ties = [e for e in s.view(0)["log"] if e["event"] == "tie"]
    assert [e["count"] for e in ties] == [1, 2, 3]


def test_qe8_the_open_bid_always_qualifies_after_three_ties():
    s = auction(new(4), 5, {1: 9, 2: 9, 3: 3})
    auction(s, None, {1: 12, 2: 12})
    auction(s, None, {1: 30, 2: 30})
    assert s.owned[0] == [TILES_34[0]] and s.spent[0] == 5
    assert s.view(3)["auctions"][0]["amount"] == 5  # the auctioneer won: public


# --- QE-9 -----------------------------------------------------------------------------------
def test_qe9_zero_bidders_are_revealed_and_marked_once_per_round():
    s = new(4)
    auction(s, 3, {1: 0, 2: 1, 3: 2})  # turn 0, round 0
    assert s.view(3)["log"][-1] == {"event": "zero_bids", "turn": 0, "seats": [1]}
    auction(s, 3, {2: 0, 3: 1, 0: 2})  # turn 1
    auction(s, 3, {3: 1, 0: 2, 1: 0})  # turn 2: seat 1 again in round 0
    quiet_turn(s, 3, 2)  # turn 3
    auction(s, 3, {1: 0, 2: 1, 3: 2})  # turn 4, round 1
    assert s.view(None)["zero_marks"] == [[], [0, 1], [0], []]
    the_auctioneer_wins_the_rest(s)
    assert [row["zero_bids"] for row in s.view(None)["final"]["scoring"]] == [0, 4, 2, 0]


def test_qe9_a_rebid_of_zero_counts():
    s = auction(new(4), 3, {1: 9, 2: 9, 3: 1})
    auction(s, None, {1: 0, 2: 5})
    assert s.owned[2] == [TILES_34[0]]
    assert s.view(0)["log"][-1] == {"event": "zero_bids", "turn": 0, "seats": [1]}
    assert s.zmarks == [0, 1, 0, 0]


def test_qe9_not_in_three_player_games():
    s = auction(new(3), 3, {1: 0, 2: 0})
    assert s.owned[0] == [TILES_34[0]]
    assert s.view(1)["zero_marks"] is None and "zero_bids" not in s.view(1)["auctions"][0]
    assert all(e["event"] != "zero_bids" for e in s.view(1)["log"])
    assert s.zmarks == [0, 0, 0]


# --- QE-10 ----------------------------------------------------------------------------------
def three_player_last_turn():
    s = new(3, first=1)
    for _ in range(15):
        quiet_turn(s, s.auctioneer, 2)
    return s


def test_qe10_last_turn_has_no_auctioneer_all_three_bid_zero_allowed():
    s = three_player_last_turn()
    assert s.t == 15 and s.auctioneer == -1 and set(s.actors()) == {0, 1, 2}
    assert s.view(None)["phase"] == "last_turn" and s.view(None)["auction"]["open"] is None
    for p in range(3):
        assert [k.to_json() for k in s.legal_moves(p)] == [{"kind": "bid", "min": 0, "max": None}]
    refused(s, 0, ("open", 3), "move")
    auction(s, None, {0: 0, 1: 4, 2: 3})
    assert s.is_over() and s.owned[1][-1] == TILES_34[15] and s.spent[1] == 10 + 4
    assert s.view(0)["log"][-1] == {
        "event": "won", "turn": 15, "seat": 1, "tile": TILES_34[15], "price": None
    }  # fmt: skip


def test_qe10_a_tie_for_highest_gives_the_tile_to_nobody():
    s = three_player_last_turn()
    auction(s, None, {0: 5, 1: 2, 2: 5})
    assert s.is_over() and s.spent == [10, 10, 10]
    assert sum(len(o) for o in s.owned) == 15 and TILES_34[15] not in sum(s.owned, [])
    assert s.view(1)["log"][-1] == {"event": "unsold", "turn": 15, "tile": TILES_34[15]}
    assert s.view(1)["final"]["amounts"][15] is None


def test_qe10_ties_between_lower_bids_do_not_matter():
    s = three_player_last_turn()
    auction(s, None, {0: 3, 1: 3, 2: 7})
    assert s.owned[2][-1] == TILES_34[15] and s.spent == [10, 10, 17]


# --- QE-11 ----------------------------------------------------------------------------------
def test_qe11_once_per_game_a_player_sees_one_past_winning_bid():
    s = auction(new(5), 1, {1: 9, 2: 2, 3: 2, 4: 2})  # seat 1 wins turn 0 at 9
    assert [k.kind for k in s.legal_moves(1)] == ["open", "peek"]  # the next auctioneer
    assert s.legal_moves(1)[1].choices == (0,)
    s.apply(1, ("open", 4))
    assert s.legal_moves(3)[-1].to_json() == {"kind": "peek", "choices": [0]}
    assert amounts_seen(s, 3, 0) is None
    s.apply(3, ("peek", 0))
    assert amounts_seen(s, 3, 0) == 9
    assert [amounts_seen(s, p, 0) for p in (None, 0, 1, 2, 4)] == [None, 9, 9, None, None]
    assert s.view(2)["log"][-1] == {"event": "peek", "seat": 3, "auction": 0}
    assert s.view(2)["peeks"] == [None, None, None, 0, None]
    assert s.actors() == (2, 3, 4, 0)  # peeking does not end the seat's turn
    assert [k.kind for k in s.legal_moves(3)] == ["bid", "bid"]
    refused(s, 3, ("peek", 0), "QE-11")  # once per game
    refused(s, 2, ("peek", 1), "QE-11")  # only finished auctions


def test_qe11_a_seat_may_peek_at_any_moment_also_while_others_bid():
    s = auction(new(5), 1, {1: 9, 2: 2, 3: 2, 4: 2})  # seat 1 wins turn 0 at 9
    s.apply(1, ("open", 4))  # turn 1: seat 1 opens; seats 2, 3, 4, 0 bid
    s.apply(4, ("bid", 0))  # seat 4 has bid: it is not asked any more
    assert 4 not in s.actors() and 1 not in s.actors()
    assert [k.to_json() for k in s.legal_moves(4)] == [{"kind": "peek", "choices": [0]}]
    assert [k.kind for k in s.legal_moves(1)] == ["peek"]  # the auctioneer, waiting too
    before = s.actors()
    s.apply(4, ("peek", 0))
    assert amounts_seen(s, 4, 0) == 9 and s.actors() == before  # nobody's turn changed
    assert s.legal_moves(4) == []  # once per game
    refused(s, 4, ("peek", 0), "QE-11")
    s.apply(1, ("peek", 0))  # the auctioneer may look while the others bid
    assert s.view(0)["peeks"] == [None, 0, None, None, 0]
    while not s.is_over():
        p = s.next_actor()
        s.apply(p, ("open", 1) if s.legal_moves(p)[0].kind == "open" else ("bid", 0))
    assert all(s.legal_moves(p) == [] for p in range(5))  # not once the game is over
    refused(s, 0, ("peek", 0), "over")


def test_qe11_only_in_five_player_games_and_after_an_auction():
    s = new(5)
    assert [k.kind for k in s.legal_moves(0)] == ["open"]
    refused(s, 0, ("peek", 0), "QE-11")
    s4 = auction(new(4), 1, {1: 9, 2: 2, 3: 2})
    assert all(k.kind != "peek" for k in s4.legal_moves(1))
    refused(s4, 1, ("peek", 0), "QE-11")


# --- QE-12 ----------------------------------------------------------------------------------
def test_qe12_the_biggest_spender_is_eliminated_and_cannot_win():
    s = new(4)
    while not s.is_over():
        quiet_turn(s, 0, 2 if s.auctioneer == 0 else 3)  # seat 0 buys every tile
    res = s.result()
    assert len(s.owned[0]) == 16 and s.spent == [4 * 2 + 12 * 3, 0, 0, 0]
    final = s.view(0)["final"]
    assert final["eliminated"] == [0]
    assert sum(final["scoring"][0].values()) > 6  # most VP, but not scored
    assert res.scores == (0, 6, 6, 6) and res.winners == (1, 2, 3)


def test_qe12_tied_top_spenders_all_go_unless_that_is_everyone():
    owned, nations, tokens, marks = [[]] * 4, [0, 1, 2, 3], None, [0] * 4
    t = tally(owned, nations, tokens, marks, [5, 5, 2, 1], True)
    assert t.eliminated == (0, 1) and t.winners == (3,)
    t = tally(owned, nations, tokens, marks, [4, 4, 4, 4], True)
    assert t.eliminated == () and t.winners == (0, 1, 2, 3) and t.scores == [6] * 4


# --- QE-13 ----------------------------------------------------------------------------------
def test_qe13_every_scoring_category():
    tiles = [US_AGR, US_FIN, US_MAN, EU_AGR]
    parts = parts_of(tiles, US, AGR, 0b101, True)
    # VP 1+2+3+4; two zero marks; three US tiles; Agriculture x3 with the token; 3 industries
    assert parts == (10, 4, 6, 6, 4, 6)
    assert parts_of([US_AGR, US_FIN, US_MAN, US_HOU], US, HOU, 0, False)[2:5] == (10, 3, 8)
    assert parts_of([US_AGR, US_FIN], US, AGR, 0, False)[2:5] == (3, 3, 0)
    assert parts_of([EU_AGR, CN_AGR, US_AGR], JP, AGR, 0, False)[2:5] == (0, 10, 0)
    assert parts_of([], JP, None, 0, False) == (0, 0, 0, 0, 0, 0)


def test_qe13_a_whole_game_scored():
    s = new(4, tokens=[AGR, FIN, MAN, HOU])  # nations US, EU, CN, JP
    auction(s, 3, {1: 0, 2: 1, 3: 2})  # seat 0 wins US Agriculture at 3; seat 1 bid 0
    the_auctioneer_wins_the_rest(s, 2)  # everyone wins the four tiles of its own nation
    assert s.spent == [9, 8, 8, 8]
    # seat 1: VP 4+3+2+1, zero mark 2, Nationalization 10, Financial x2 3, four industries 8,
    # least spent 6; seats 2, 3 alike without the mark; seat 0 spent most: eliminated
    assert s.result().scores == (0, 39, 37, 37) and s.result().winners == (1,)
    assert s.view(None)["final"]["scoring"][0] == {
        "tiles": 10, "zero_bids": 0, "nationalization": 10, "monopolization": 3,
        "diversification": 8, "least_spent": 0,
    }  # fmt: skip


# --- QE-14 ----------------------------------------------------------------------------------
def test_qe14_a_tie_goes_to_the_one_who_spent_less_then_is_shared():
    owned = [[US_HOU, EU_FIN], [EU_AGR, CN_HOU], [], []]  # 4+3 VP against 4+3 VP
    nations = [JP, JP, CN, CN]  # (seat 2, the least spender, has 6)
    t = tally(owned, nations, None, [0] * 4, [7, 5, 1, 9], False)
    assert t.scores == [7, 7, 6, 0] and t.winners == (1,)
    t = tally(owned, nations, None, [0] * 4, [5, 5, 1, 9], False)
    assert t.winners == (0, 1)


# --- QE-15 ----------------------------------------------------------------------------------
def test_qe15_seed_literal_has_no_tokens_and_no_elimination():
    opts = {"seed_literal": True}
    assert GAME.make_setup(4, GAME.resolve(4, opts), 3)["tokens"] is None
    with pytest.raises(SetupError, match="null"):
        new(4, opts)
    s = new(4, opts, tokens=None)
    assert s.view(1)["token"] is None
    while not s.is_over():
        quiet_turn(s, 0, 2 if s.auctioneer == 0 else 3)
    res = s.result()
    # all 16 tiles: VP 40, four own tiles 10, four industries x4 4 * 10, four industries 8
    assert res.winners == (0,) and res.scores == (98, 6, 6, 6)
    assert s.view(0)["final"]["eliminated"] == [] and s.view(0)["final"]["tokens"] is None
    with pytest.raises(SetupError, match="QE-3"):
        new(4, tokens=None)
    with pytest.raises(OptionError, match="seed_literal"):
        GAME.resolve(4, {"seed_literal": "maybe"})
