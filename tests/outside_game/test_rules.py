"""Going Once's rules, one test per ruling (examples/going_once/README.md), and the shared
protocol checks and the declared events over random games (tests/protocol_checks.py,
core/events.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auctionhouse.core import IllegalMove, OptionError, SetupError, amount
from auctionhouse.core.events import check, declared
from auctionhouse.core.players import Observation

from ..conftest import examples
from ..protocol_checks import check_clone, check_replay, play_checked

SETUP = {"lots": [5, 1, 3, 2, 4]}


def start(game, players=3, **options):
    return game.new_state(players, {"lots": 5, **options}, setup=SETUP)


def bid_all(state, *amounts):
    for p, x in enumerate(amounts):
        state.apply(p, ("bid", x))


def test_go1_lots_are_1_to_lots_shuffled_and_coins_are_dealt(game):
    state = game.new_state(4, {"lots": 6, "coins": 9}, seed=3)
    assert sorted(state.setup["lots"]) == [1, 2, 3, 4, 5, 6]
    assert game.new_state(4, {"lots": 6, "coins": 9}, seed=3).setup == state.setup
    v = state.view(2)
    assert v["coins"] == [9] * 4 and v["rounds"] == 6 and v["lot"] == state.setup["lots"][0]
    with pytest.raises(SetupError):
        game.new_state(3, {"lots": 5}, setup={"lots": [1, 2, 3, 4, 4]})
    with pytest.raises(OptionError):
        game.resolve(3, {"coins": 0})


def test_go2_every_seat_bids_once_in_secret_within_its_coins(game):
    state = start(game, coins=4)
    assert state.actors() == (0, 1, 2) and state.secret_moves()
    with pytest.raises(IllegalMove, match="GO-2"):
        state.apply(0, ("bid", 5))
    state.apply(1, ("bid", 3))
    with pytest.raises(IllegalMove, match="GO-2"):
        state.apply(1, ("bid", 2))
    assert state.actors() == (0, 2) and state.legal_moves(1) == []
    assert state.legal_moves(0) == [amount("bid", 0, 4)] and state.view(1)["my_bid"] == 3
    for p in (None, 0, 2):
        assert state.view(p)["my_bid"] is None
        assert [e["event"] for e in state.view(p)["log"]] == ["round"]  # no bid before the reveal


def test_go3_the_one_highest_bid_takes_the_lot_and_a_tie_sells_nothing(game):
    state = start(game)
    bid_all(state, 2, 4, 4)  # a tie at the top: nobody pays
    assert state.view(None)["log"][-2]["event"] == "unsold"
    assert state.coins == [12, 12, 12] and state.won == [[], [], []]
    bid_all(state, 0, 1, 0)
    sold = state.view(None)["log"][-2]
    assert sold == {"event": "won", "seat": 1, "price": 1, "round": 2, "value": 1,
                    "bids": [0, 1, 0]}  # fmt: skip
    assert state.coins == [12, 11, 12] and state.won == [[], [1], []]


def test_go4_lots_plus_coins_left_win_and_ties_share(game):
    state = start(game, players=2)
    for a, b in [(4, 0), (0, 1), (0, 0), (0, 0), (0, 0)]:
        bid_all(state, a, b)
    assert state.is_over() and state.actors() == ()
    res = state.result()
    assert res.scores == (5 + 8, 1 + 11) and res.winners == (0,)
    assert state.view(1)["final"] == {"lot_points": [5, 1], "coins_left": [8, 11]}
    tied = start(game, players=2)
    for _ in range(5):
        bid_all(tied, 0, 0)
    assert tied.result().winners == (0, 1) and tied.result().shares() == [0.5, 0.5]


def test_the_heuristic_bids_below_the_value_and_a_sure_win_cheaply(game):
    bot = game.bots()["heuristic"](seed=1)
    state = start(game)
    bids = {bot.act(Observation(state, 0, state.legal_moves(0))) for _ in range(20)}
    assert bids == {("bid", 3), ("bid", 4)}  # lot 5: 3 or one more, below 5
    state.coins[1:] = [1, 0]  # the richest rival can pay 1
    assert bot.act(Observation(state, 0, state.legal_moves(0))) == ("bid", 2)


@settings(max_examples=examples(40))
@given(seed=st.integers(0, 2**63 - 1), players=st.integers(2, 5))
def test_random_games_keep_the_protocol(game, seed, players):
    state = game.new_state(players, seed=seed)
    check_clone(state, seed)
    play_checked(state, seed, view_rate=0.3)
    check_replay(state)
    assert len(state.history) == game.max_length(players, state.options)
    schemas = declared(game)  # every log entry is of a declared kind (events.py)
    for p in (None, *range(players)):
        log = state.view(p)["log"]
        assert len(log) == 2 * len(state.lots)  # a round begins, then its lot is sold or not
        assert all(check(e, schemas, players) is None for e in log)
