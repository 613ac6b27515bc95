"""One test per ruling MA-1 to MA-20, each on a hand-built deal."""

from __future__ import annotations

import json

import pytest

from auctionhouse.core import IllegalMove, OptionError
from auctionhouse.games.modern_art import GAME
from auctionhouse.games.modern_art.deck import ARTISTS, STANDARD, all_cards

from .helpers import C, cards, do, last_event, new, run


def free(s, seat, card):
    """`seat` auctions `card` (not a Double) and nobody pays: it is theirs for free."""
    do(s, seat, "play", card)
    n = s.num_players
    order = [(seat + i) % n for i in range(1, n + 1)]
    sym = card.split("-")[1]
    if sym == "H":
        for q in order:
            do(s, q, "bid", 0)
    elif sym == "F":
        do(s, seat, "price", 0)
        for q in order[:-1]:
            do(s, q, "pass")
    else:
        for q in order:
            do(s, q, "pass")
    return s


def phase(s):
    return s.view(None)["phase"]


def tiny_deck(**counts):
    """A deck option with only open cards: artist initials -> count."""
    short = ["MC", "ST", "DM", "RM", "RS"]
    deck = {ARTISTS[i]: [counts.get(a, 0), 0, 0, 0, 0] for i, a in enumerate(short)}
    comp = tuple(tuple(deck[a]) for a in ARTISTS)
    return {"deck": deck}, comp


# --- components and setup -------------------------------------------------------------------


def test_ma1_artist_order_breaks_ranking_ties():
    assert ARTISTS == (
        "Manuel Carvalho", "Sigrid Thaler", "Daniel Melim", "Ramon Martins", "Rafael Silveira",
    )  # fmt: skip
    s = new(["ST-O ST-O ST-H", "RS-O MC-O ST-H", "RS-O MC-O ST-F DM-O"])
    for seat, card in [(0, "ST-O"), (1, "RS-O"), (2, "RS-O"), (0, "ST-O"), (1, "MC-O")]:
        free(s, seat, card)
    free(s, 2, "MC-O")
    free(s, 0, "ST-H")
    free(s, 1, "ST-H")
    do(s, 2, "play", "ST-F")  # the 5th Thaler ends the round
    scored = last_event(s, "scored")
    # Carvalho and Silveira tie on 2 cards; Carvalho stands left of Silveira (MA-1).
    assert scored["ranking"] == [1, 0, 4]
    assert s.values == [20, 30, 0, 0, 10]
    # the event says each artist's value and each seat's sales, for the round's summary
    assert scored["values"] == [20, 30, 0, 0, 10]
    assert scored["sold"] == [[0, 3, 0, 0, 0], [1, 1, 0, 0, 1], [1, 0, 0, 0, 1]]
    assert scored["gains"] == [
        sum(n * v for n, v in zip(row, scored["values"], strict=True)) for row in scored["sold"]
    ]


def test_ma2_standard_deck_is_70_cards_with_the_symbol_table():
    assert [sum(r) for r in STANDARD] == [12, 13, 14, 15, 16]
    assert STANDARD[0] == (3, 3, 2, 2, 2) and STANDARD[4] == (4, 3, 3, 3, 3)
    assert len(all_cards(STANDARD)) == 70
    s = GAME.new_state(4, seed=3)
    held = sorted(c for h in s.hands for c in h) + sorted(s.deck)
    assert sorted(held) == sorted(all_cards(STANDARD))


def test_ma2_seed_001_counts_load_from_a_deck_file(tmp_path):
    toml = tmp_path / "seed001.toml"
    toml.write_text(
        "\n".join(
            f'[artists."{a}"]\nopen = {o}\nonce_around = 3\nhidden = 2\nfixed_price = 2\ndouble = 2'
            for a, o in zip(ARTISTS, [3, 6, 4, 6, 6], strict=True)
        )
    )
    s = GAME.new_state(4, {"deck": str(toml)}, seed=1)
    counts = [0] * 5
    for c in [x for h in s.hands for x in h] + s.deck:
        counts[c // 5] += 1
    assert counts == [12, 15, 13, 15, 15]
    assert s.options["deck"]["Sigrid Thaler"] == [6, 3, 2, 2, 2]  # the record holds the deck
    js = tmp_path / "seed001.json"
    js.write_text(
        json.dumps({a: [o, 3, 2, 2, 2] for a, o in zip(ARTISTS, [3, 6, 4, 6, 6], strict=True)})
    )
    assert GAME.new_state(4, {"deck": str(js)}, seed=1).options["deck"] == s.options["deck"]


@pytest.mark.parametrize(
    "content,suffix,message",
    [
        ("{", ".json", "not valid JSON"),
        ('{"Pablo": [1,1,1,1,1]}', ".json", "'Pablo' is not an artist"),
        ('{"Manuel Carvalho": [1,1,1]}', ".json", "needs 5 counts"),
        ("[artists.'Manuel Carvalho']\nblind = 2", ".toml", "'blind' is not an auction type"),
        ('{"Manuel Carvalho": [1,1,1,1,-1]}', ".json", "whole number >= 0"),
        ('{"Manuel Carvalho": [1,1,1,1,1]}', ".json", "no cards given for Sigrid Thaler"),
    ],
)
def test_ma2_bad_deck_files_get_one_line_errors(tmp_path, content, suffix, message):
    f = tmp_path / f"deck{suffix}"
    f.write_text(content)
    with pytest.raises(OptionError, match=message) as e:
        GAME.new_state(4, {"deck": str(f)}, seed=1)
    assert "\n" not in str(e.value)


def test_ma3_three_to_five_players_each_with_100_behind_a_screen():
    for n in (2, 6):
        with pytest.raises(OptionError, match="3 to 5 players"):
            GAME.new_state(n, seed=1)
    with pytest.raises(OptionError, match="no option 'colour'"):
        GAME.new_state(4, {"colour": "red"}, seed=1)
    s = GAME.new_state(4, seed=1)
    assert s.cash == [100] * 4
    v = s.view(1)
    assert v["cash"] == [None, 100, None, None]
    assert s.view(None)["cash"] == [None] * 4
    assert GAME.new_state(4, {"open_cash": "true"}, seed=1).view(1)["cash"] == [100] * 4


def test_ma3_every_payment_is_public():
    s = new(["MC-O MC-O", "ST-O", "DM-O"])
    run(s, "0 play MC-O; 1 bid 7; 2 pass; 0 pass")
    for seat in (None, 0, 1, 2):
        won = [e for e in s.view(seat)["log"] if e["event"] == "won"][-1]
        assert won == {"event": "won", "seat": 1, "price": 7, "cards": [C("MC-O")], "paid_to": 0}


@pytest.mark.parametrize("players,row", [(3, (10, 6, 6, 0)), (4, (9, 4, 4, 0)), (5, (8, 3, 3, 0))])
def test_ma4_cards_dealt_per_round(players, row):
    from auctionhouse.bots.random_bot import RandomBot

    for seed in range(5):
        s = GAME.new_state(players, seed=seed)
        assert [len(h) for h in s.hands] == [row[0]] * players
        bot = RandomBot(seed)
        while not s.is_over():
            before, rnd = [len(h) for h in s.hands], s.round
            p = s.next_actor()
            move = bot.choose(s.legal_moves(p))
            s.apply(p, move)
            if s.round != rnd and not s.is_over():
                played = [int(q == p and move[0] in ("play", "add")) for q in range(players)]
                expected = [b - d + row[s.round] for b, d in zip(before, played, strict=True)]
                assert [len(h) for h in s.hands] == expected


def test_ma5_value_tiles_are_30_20_10():
    s = new(["ST-O ST-O ST-H", "MC-O MC-O ST-H", "DM-O ST-O RS-O"])
    for seat, card in [(0, "ST-O"), (1, "MC-O"), (2, "DM-O"), (0, "ST-O"), (1, "MC-O")]:
        free(s, seat, card)
    free(s, 2, "ST-O")
    free(s, 0, "ST-H")
    do(s, 1, "play", "ST-H")  # the 5th Thaler
    assert s.board[0] == [20, 30, 10, 0, 0]
    assert last_event(s, "scored")["gains"] == [90, 40, 40]


def test_ma6_the_hammer_skips_players_without_cards_who_still_bid():
    s = new(["MC-O MC-O", "", "ST-O"])
    run(s, "0 play MC-O; 1 bid 5; 2 pass; 0 pass")  # seat 1 holds no card but bids
    assert s.owned[1 * 5 + 0] == 1
    assert s.next_actor() == 2 and s.legal_moves(2)[0].kind == "play"  # seat 1 skipped
    free(s, 2, "ST-O")
    assert s.next_actor() == 0


def test_ma6_the_same_auctioneer_plays_again_when_nobody_else_holds_cards():
    s = new(["MC-O MC-O ST-O", "", ""])
    free(s, 0, "MC-O")
    assert s.next_actor() == 0 and phase(s) == "play"


def test_ma7_winner_pays_the_auctioneer_or_the_bank():
    s = new(["MC-O MC-O ST-O", "DM-O", "RS-O"])
    run(s, "0 play MC-O; 1 bid 12; 2 pass; 0 pass")
    assert s.cash == [112, 88, 100]
    run(s, "1 play DM-O; 2 pass; 0 pass; 1 bid 9; 2 pass; 0 pass")  # the auctioneer wins
    assert s.cash == [112, 79, 100]


def test_ma7_no_bid_above_own_cash_and_bids_are_whole_numbers():
    s = new(["MC-O MC-O", "ST-O", "DM-O"])
    do(s, 0, "play", "MC-O")
    with pytest.raises(IllegalMove, match="MA-7"):
        do(s, 1, "bid", 101)
    with pytest.raises(IllegalMove, match="whole number"):
        do(s, 1, "bid", 5.0)
    assert s.legal_moves(1)[1].hi == 100


def test_ma8_nobody_bids_the_auctioneer_gets_it_free():
    s = new(["MC-1 MC-H ST-O", "DM-O", "RS-O"])
    run(s, "0 play MC-1; 1 pass; 2 pass; 0 pass")
    assert s.owned[0] == 1 and s.cash == [100, 100, 100]
    run(s, "1 play DM-O; 2 pass; 0 pass; 1 pass; 2 play RS-O; 0 pass; 1 pass; 2 pass")
    run(s, "0 play MC-H; 0 bid 0; 1 bid 0; 2 bid 0")
    assert s.owned[0] == 2 and s.cash == [100, 100, 100]


# --- auction types ---------------------------------------------------------------------------


def test_ma9_open_auction_any_order_any_number_of_bids():
    s = new(["MC-O MC-O", "ST-O", "DM-O", "RS-O"])
    do(s, 0, "play", "MC-O")
    assert s.actors() == (0, 1, 2, 3)  # everyone, the auctioneer included
    assert s.next_actor() == 1  # a program asks from the auctioneer's left
    run(s, "2 bid 3; 1 bid 4; 2 bid 6")
    with pytest.raises(IllegalMove, match="MA-9"):
        do(s, 3, "bid", 6)  # must exceed the highest bid
    with pytest.raises(IllegalMove, match="cannot raise their own"):
        do(s, 2, "bid", 8)
    run(s, "0 pass")
    with pytest.raises(IllegalMove, match="passed already"):
        do(s, 0, "pass")  # no second pass without a bid in between
    run(s, "0 bid 7")  # passing is not binding
    assert s.next_actor() == 1
    run(s, "1 pass; 2 pass; 3 pass")
    assert s.owned[0] == 1 and s.cash[0] == 93  # the auctioneer won: paid the bank


def test_ma9_first_bid_is_at_least_1_and_the_auction_ends_after_all_others_pass():
    s = new(["MC-O MC-O", "ST-O", "DM-O"])
    do(s, 0, "play", "MC-O")
    with pytest.raises(IllegalMove, match="at least 1"):
        do(s, 1, "bid", 0)
    run(s, "1 bid 1; 2 pass")
    assert phase(s) == "open_auction"
    run(s, "0 pass")
    assert s.owned[5] == 1 and s.cash == [101, 99, 100]


def test_ma10_once_around_left_of_the_auctioneer_who_acts_last():
    s = new(["ST-O", "MC-1 MC-O", "DM-O"])
    free(s, 0, "ST-O")
    do(s, 1, "play", "MC-1")
    assert s.actors() == (2,)
    with pytest.raises(IllegalMove, match="turn"):
        do(s, 0, "bid", 5)
    run(s, "2 bid 5")
    with pytest.raises(IllegalMove, match="MA-10"):
        do(s, 0, "bid", 5)
    run(s, "0 bid 6")
    assert s.actors() == (1,)  # the auctioneer last
    run(s, "1 bid 7")
    assert s.owned[1 * 5 + 0] == 1 and s.cash == [100, 93, 100]


def test_ma11_hidden_bids_are_secret_until_revealed():
    s = new(["MC-H MC-O", "ST-O", "DM-O"])
    run(s, "0 play MC-H; 1 bid 9")
    assert s.secret_moves()  # sealed: search bots and the server treat them as such
    assert s.view(1)["auction"]["my_bid"] == 9
    for seat in (None, 0, 2):
        v = s.view(seat)
        assert v["auction"]["have_bid"] == [1] and v["auction"]["my_bid"] is None
        assert "9" not in json.dumps(v["auction"])
        assert not any(e.get("amount") == 9 for e in v["log"])
    run(s, "0 bid 4; 2 bid 2")
    assert last_event(s, "reveal")["bids"] == [4, 9, 2]
    assert s.cash == [109, 91, 100]


def test_ma11_ties_go_to_the_auctioneer_else_first_clockwise_from_the_left():
    s = new(["MC-H MC-H", "ST-H ST-O", "DM-O"])
    run(s, "0 play MC-H; 0 bid 5; 1 bid 5; 2 bid 3")
    assert s.owned[0] == 1 and s.cash == [95, 100, 100]  # auctioneer in the tie
    run(s, "1 play ST-H; 0 bid 6; 1 bid 2; 2 bid 6")
    # seats 0 and 2 tie; from seat 1's left, seat 2 comes first
    assert s.owned[2 * 5 + 1] == 1 and s.cash == [95, 106, 94]


def test_ma12_fixed_price_buy_or_pass_and_the_auctioneer_must_buy():
    s = new(["MC-F MC-F MC-O", "ST-O", "DM-O"])
    do(s, 0, "play", "MC-F")
    with pytest.raises(IllegalMove, match="MA-12"):
        do(s, 0, "price", 101)
    run(s, "0 price 20; 1 pass; 2 buy")
    assert s.cash == [120, 100, 80] and s.owned[10] == 1
    free(s, 1, "ST-O")
    free(s, 2, "DM-O")
    run(s, "0 play MC-F; 0 price 90; 1 pass")
    assert [mk.kind for mk in s.legal_moves(2)] == ["pass"]  # 80 cannot pay 90
    with pytest.raises(IllegalMove, match="cannot pay"):
        do(s, 2, "buy")
    run(s, "2 pass")
    assert s.cash == [30, 100, 80] and s.owned[0] == 1  # paid the bank


def test_ma13_the_auctioneer_adds_a_second_card_sold_together():
    s = new(["MC-D MC-O ST-O", "DM-O", "RS-O"])
    do(s, 0, "play", "MC-D")
    add = [mk for mk in s.legal_moves(0) if mk.kind == "add"][0]
    assert add.choices == (C("MC-O"),)  # same artist, not a Double
    run(s, "0 add MC-O; 1 bid 10; 2 pass; 0 pass")  # sold as an open auction
    assert s.owned[5 + 0] == 2 and s.cash == [110, 90, 100]  # one price for both
    assert s.next_actor() == 1


def test_ma13_the_offer_passes_clockwise_and_the_adder_runs_the_auction():
    s = new(["MC-D ST-O", "MC-O DM-O", "MC-1 RS-O", "RM-O"])
    run(s, "0 play MC-D; 0 decline; 1 decline")
    with pytest.raises(IllegalMove, match="MA-13"):
        do(s, 2, "add", "RS-O")
    run(s, "2 add MC-1")
    assert s.actors() == (3,)  # once-around from the adder's left
    run(s, "3 bid 4; 0 bid 5; 1 pass; 2 pass")
    assert s.cash == [95, 100, 105, 100] and s.owned[0] == 2
    assert s.next_actor() == 3  # seat 1 lost its turn: play goes on left of the adder


def test_ma13_nobody_adds_the_owner_takes_the_double_free():
    s = new(["MC-D MC-D ST-O", "DM-O", "RS-O"])
    do(s, 0, "play", "MC-D")
    with pytest.raises(IllegalMove, match="not a Double"):
        do(s, 0, "add", "MC-D")
    run(s, "0 decline; 1 decline; 2 decline")
    assert s.owned[0] == 1 and s.cash == [100, 100, 100]
    assert s.next_actor() == 1


def test_ma14_the_fifth_card_ends_the_round_unsold_but_counted():
    s = new(["MC-O MC-O MC-H", "MC-1 MC-1 ST-O", "DM-O"], deck="")
    for seat, card in [(0, "MC-O"), (1, "MC-1"), (2, "DM-O"), (0, "MC-O"), (1, "MC-1")]:
        free(s, seat, card)
    do(s, 0, "play", "MC-H")
    assert last_event(s, "unsold")["cards"] == [C("MC-H")]
    sc = last_event(s, "scored")
    assert sc["played"][0] == 5 and sc["gains"] == [60, 60, 20]  # 4 paintings, not 5


def test_ma14_a_double_as_fifth_card_gets_no_second_card():
    s = new(["MC-O MC-O MC-D ST-O", "MC-1 MC-1 MC-1", "DM-O"])
    for seat, card in [(0, "MC-O"), (1, "MC-1"), (2, "DM-O"), (0, "MC-O"), (1, "MC-1")]:
        free(s, seat, card)
    do(s, 0, "play", "MC-D")
    assert s.round == 1 and last_event(s, "unsold")["cards"] == [C("MC-D")]


def test_ma14_a_fifth_second_card_leaves_both_unsold():
    s = new(["MC-D MC-O MC-O ST-O", "MC-H MC-1 DM-O", "MC-O RS-O"])
    for seat, card in [(0, "MC-O"), (1, "MC-H"), (2, "MC-O")]:
        free(s, seat, card)
    run(s, "0 play MC-D; 0 decline; 1 add MC-1")  # the 5th Carvalho
    assert s.round == 1
    assert last_event(s, "unsold")["cards"] == [C("MC-D"), C("MC-1")]
    sc = last_event(s, "scored")
    assert sc["played"][0] == 5 and sc["gains"] == [30, 30, 30]


def test_ma14_a_second_card_that_empties_the_last_hand_leaves_both_unsold():
    s = new(["MC-D", "MC-O", ""])
    run(s, "0 play MC-D; 0 decline; 1 add MC-O")
    assert last_event(s, "unsold")["cards"] == [C("MC-D"), C("MC-O")]
    assert last_event(s, "scored")["played"][0] == 2 and s.round == 1


def test_ma14_a_double_that_empties_the_last_hand_gets_no_second_card():
    s = new(["MC-D", "", ""])
    do(s, 0, "play", "MC-D")
    assert s.round == 1 and last_event(s, "unsold")["cards"] == [C("MC-D")]


# --- end of a round and the sale --------------------------------------------------------------


def test_ma15_all_hands_empty_the_last_card_ends_the_round_and_counts():
    s = new(["MC-O", "ST-O", "MC-O"], deck="")
    free(s, 0, "MC-O")
    free(s, 1, "ST-O")
    do(s, 2, "play", "MC-O")
    sc = last_event(s, "scored")
    assert sc["played"] == [2, 1, 0, 0, 0] and sc["ranking"] == [0, 1]
    assert sc["gains"] == [30, 20, 0] and s.round == 1
    assert [len(h) for h in s.hands] == [6, 6, 6]  # round 2 dealt


def test_ma15_in_round_four_empty_hands_end_the_game():
    opts, comp = tiny_deck(MC=1, ST=1)
    s = new(["MC-O", "ST-O", ""], options=opts, comp=comp)
    run(s, "0 play MC-O; 1 bid 15; 2 pass; 0 pass; 1 play ST-O")
    assert s.is_over() and s.round == 4  # rounds 2-4 had no cards to play


def test_ma16_top_three_artists_and_none_for_an_artist_with_no_card():
    s = new(["MC-O", "ST-O", "MC-O"], deck="")
    free(s, 0, "MC-O")
    free(s, 1, "ST-O")
    do(s, 2, "play", "MC-O")
    assert s.board[0] == [30, 20, 0, 0, 0]  # only two artists had cards: two tiles


def test_ma17_paintings_sell_for_the_sum_of_tiles_only_if_ranked_this_round():
    s = new(["MC-O DM-O", "ST-O ST-O", "RS-O RS-O"])
    s.values = [30, 0, 10, 0, 0]  # as if Carvalho took 30 and Melim 10 in earlier rounds
    for seat, card in [(0, "MC-O"), (1, "ST-O"), (2, "RS-O"), (0, "DM-O"), (1, "ST-O")]:
        free(s, seat, card)
    do(s, 2, "play", "RS-O")  # the last card in any hand ends the round (MA-15)
    sc = last_event(s, "scored")
    assert sc["ranking"] == [1, 4, 0]  # Melim ties Carvalho on 1 card and loses (MA-1)
    assert s.values == [40, 30, 10, 0, 20]
    # Carvalho sells for 30 + 10; Melim holds a 10 tile but is unranked: 0
    assert sc["gains"] == [40, 60, 20]
    assert s.owned == [0] * 15  # paintings are discarded


def test_ma17_free_paintings_are_sold_like_the_others():
    s = new(["MC-O", "ST-O", ""], deck="")
    free(s, 0, "MC-O")
    do(s, 1, "play", "ST-O")
    assert last_event(s, "scored")["gains"] == [30, 0, 0]


def test_ma18_next_round_starts_left_of_whoever_ended_it():
    s = new(["MC-O MC-O ST-O", "MC-1 MC-1 MC-1", "DM-O"])
    for seat, card in [(0, "MC-O"), (1, "MC-1"), (2, "DM-O"), (0, "MC-O"), (1, "MC-1")]:
        free(s, seat, card)
    free(s, 0, "ST-O")
    do(s, 1, "play", "MC-1")  # seat 1 ends round 1 with the 5th Carvalho
    assert s.round == 1 and s.next_actor() == 2


def test_ma18_after_a_double_the_adder_counts():
    s = new(["MC-D MC-O MC-O ST-O", "MC-H MC-1 DM-O", "MC-O RS-O"])
    for seat, card in [(0, "MC-O"), (1, "MC-H"), (2, "MC-O")]:
        free(s, seat, card)
    run(s, "0 play MC-D; 0 decline; 1 add MC-1")  # the 5th Carvalho, added by seat 1
    assert s.round == 1 and s.next_actor() == 2  # left of the adder


def test_ma18_the_starter_without_cards_passes_to_the_next_who_has_some():
    opts, comp = tiny_deck(MC=5, ST=3)
    s = new(["MC-O MC-O", "MC-O MC-O MC-O", "ST-O"], deck="ST-O ST-O", options=opts, comp=comp)
    for seat, card in [(0, "MC-O"), (1, "MC-O"), (2, "ST-O"), (0, "MC-O"), (1, "MC-O")]:
        free(s, seat, card)
    assert s.next_actor() == 1  # nobody else holds cards: the same seat again (MA-6)
    do(s, 1, "play", "MC-O")  # 5th Carvalho; round 2 deals both Thalers to seat 0
    assert s.round == 1 and [len(h) for h in s.hands] == [2, 0, 0]
    assert s.next_actor() == 0  # seat 2, left of seat 1, holds no card


def test_ma19_four_rounds_most_cash_wins_ties_shared():
    opts, comp = tiny_deck(MC=1, ST=1)
    s = new(["MC-O", "ST-O", ""], options=opts, comp=comp)
    run(s, "0 play MC-O; 1 bid 15; 2 pass; 0 pass; 1 play ST-O")
    assert s.is_over() and len(s.board) == 4
    res = s.result()
    assert res.scores == (115, 115, 100) and res.winners == (0, 1)
    assert res.shares() == [0.5, 0.5, 0.0]
    with pytest.raises(IllegalMove, match="MA-19"):
        do(s, 0, "pass")


# --- variant ---------------------------------------------------------------------------------


def test_ma20_mystery_hand_dealt_as_a_fourth_player_and_only_for_three():
    with pytest.raises(OptionError, match="3 players"):
        GAME.new_state(4, {"mystery": True}, seed=1)
    s = GAME.new_state(3, {"mystery": True}, seed=1)
    assert [len(h) for h in s.hands] == [9, 9, 9] and len(s.mystery) == 9
    v = s.view(0)
    assert v["mystery_hand_size"] == 9 and "final" not in v
    assert all(c not in v["hand"] or v["hand"].count(c) <= s.hands[0].count(c) for c in s.mystery)


def test_ma20_the_auctioneer_may_flip_a_random_mystery_card_that_counts():
    s = new(["MC-O ST-O", "DM-O", "RS-O"], mystery="RM-O RM-1")
    free(s, 0, "MC-O")
    assert s.actors() == (0,) and {mk.kind for mk in s.legal_moves(0)} == {"flip", "skip"}
    do(s, 0, "flip")
    flipped = last_event(s, "flip")["card"]
    assert flipped in cards("RM-O RM-1") and s.played[3] == 1
    assert len(s.mystery) == 1 and s.owned[3::5] == [0, 0, 0]  # belongs to nobody
    free(s, 1, "DM-O")
    do(s, 1, "skip")
    assert s.next_actor() == 2 and len(s.mystery) == 1  # unflipped cards stay


def test_ma20_a_flipped_fifth_card_ends_the_round_and_counts_as_the_flippers():
    s = new(["MC-O MC-O ST-O", "MC-1 MC-1 DM-O", "RS-O"], mystery="MC-D", deck="")
    for seat, card in [(0, "MC-O"), (1, "MC-1")]:
        free(s, seat, card)
        do(s, seat, "skip")
    free(s, 2, "RS-O")
    do(s, 2, "skip")
    free(s, 0, "MC-O")
    do(s, 0, "skip")
    free(s, 1, "MC-1")  # 4th Carvalho
    do(s, 1, "flip")  # the mystery Double is the 5th: no second card, round over
    assert s.round == 1 and last_event(s, "unsold")["cards"] == [C("MC-D")]
    assert s.next_actor() == 2  # left of the flipper (MA-18)


def test_ma20_after_a_double_whoever_ran_the_auction_flips():
    s = new(["MC-D ST-O", "MC-O DM-O", "RS-O"], mystery="RM-O RM-O")
    run(s, "0 play MC-D; 0 decline; 1 add MC-O; 2 pass; 0 pass; 1 pass")
    assert s.actors() == (1,) and phase(s) == "mystery_flip"
    s = new(["MC-D ST-O", "DM-O", "RS-O"], mystery="RM-O RM-O")
    run(s, "0 play MC-D; 0 decline; 1 decline; 2 decline")
    assert s.actors() == (0,) and phase(s) == "mystery_flip"


# --- project decisions (docs/rules/modern-art.md) ---------------------------------------------


def test_d1_a_player_without_a_fitting_card_still_answers_the_double_offer():
    s = new(["MC-D ST-O", "DM-O", "RS-O"])
    do(s, 0, "play", "MC-D")
    assert [mk.kind for mk in s.legal_moves(0)] == ["decline"]
    assert s.actors() == (0,)  # asked, not skipped: the table learns nothing of the hand
    run(s, "0 decline")
    assert s.actors() == (1,)


def test_malformed_moves_are_refused_with_the_state_unchanged():
    s = new(["MC-O ST-O", "DM-O", "RS-O"])
    before = s.snapshot()
    for seat, move in [(0, "play"), (0, ("play",)), (True, ("play", C("MC-O"))), (0, None)]:
        with pytest.raises(IllegalMove):
            s.apply(seat, move)
    assert s.snapshot() == before
