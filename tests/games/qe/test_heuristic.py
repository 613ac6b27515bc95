"""The Q.E. heuristic bot: legal moves only, its seat's view only, and the strategy its docstring
describes, on explicit deals; the words for every event kind, move kind and phase.

The deals come from helpers.deal: seat i has nation i and token i (US/Agriculture, EU/Financial,
CN/Manufacturing, JP/Housing, UK/Government) and the tiles come in the listed order.
"""

from __future__ import annotations

import random

import pytest

from auctionhouse.bots.random_bot import RandomBot
from auctionhouse.core.players import Observation
from auctionhouse.games.qe import GAME
from auctionhouse.games.qe.heuristic import QEHeuristic, Reading, Seat
from tests.conftest import examples
from tests.protocol_checks import ViewOnly, play_bots

from .helpers import (
    CN_AGR,
    CN_HOU,
    EU_FIN,
    EU_HOU,
    JP_AGR,
    JP_FIN,
    TILES_34,
    US_AGR,
    US_FIN,
    US_HOU,
    US_MAN,
    auction,
    new,
    quiet_turn,
)

PLAYERS = (3, 4, 5)
EVENT_KINDS = {"open", "last_turn", "tie", "won", "unsold", "zero_bids", "peek"}
PHASES = {"open_bid", "sealed_bid", "rebid", "last_turn", "over"}


def order(*first: int) -> list[int]:
    """The 3-4 player tiles with `first` on top, the others in the usual order."""
    return [*first, *(t for t in TILES_34 if t not in first)]


def decide(state, seat: int | None = None):
    seat = state.next_actor() if seat is None else seat
    return QEHeuristic(0).act(Observation(state, seat, state.legal_moves(seat)))


def play(players: int, seed: int, kinds: list[str], on_move=None):
    """One game with the given bots ("heuristic" or "random") by seat; every move is checked
    against the legal moves before the engine (which raises IllegalMove) applies it."""
    state = GAME.new_state(players, seed=seed, first_player=seed % players)
    bots = [
        QEHeuristic(seed + p) if k == "heuristic" else RandomBot(seed + p)
        for p, k in enumerate(kinds)
    ]
    return play_bots(state, bots, on_move)


# --- legal moves only ---------------------------------------------------------------------------


def test_the_heuristic_is_registered_with_the_game():
    assert GAME.bots() == {"heuristic": QEHeuristic}


# --- its seat's view only -----------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_the_heuristic_reads_only_its_view(players):
    """The same decision from the view alone (no state behind it) and from a determinization
    (unseen prices and bids, rivals' tokens and the stack's order redrawn)."""
    rng = random.Random(players)
    bot = QEHeuristic(0)
    seen = 0
    redrawn = 0

    def check(state, p, move):
        nonlocal seen, redrawn
        if p == players - 1 or rng.random() > 0.3:  # the last seat is a random bot
            return
        seen += 1
        assert bot.act(ViewOnly(state, p)) == move
        other = state.determinize(p, rng)
        redrawn += other.tokens != state.tokens or other.tiles != state.tiles
        assert bot.act(Observation(other, p, other.legal_moves(p))) == move

    games = examples(3)
    for g in range(games):
        play(players, 77 + g, ["heuristic"] * (players - 1) + ["random"], check)
    assert seen >= 5 * games and redrawn >= 2 * games


# --- the strategy, on explicit deals -------------------------------------------------------------
def test_it_does_not_pay_more_than_a_tile_is_worth_to_it():
    """Seat 1 already has this round's zero-bid mark, so only the price decides: CN Agriculture
    (2 VP, not its country) is worth a bid over an opening bid of 3, not over one of 200."""
    for opening, wants in ((3, True), (200, False)):
        s = new(4, tiles=order(US_AGR, EU_HOU, CN_AGR))
        auction(s, 1, {1: 0, 2: 2, 3: 3})  # seat 1 bids 0: its mark for round 1
        quiet_turn(s, 0, 3)
        s.apply(2, ("open", opening))
        kind, amount = decide(s, 1)
        assert kind == "bid"
        assert (amount > opening) == wants, (opening, amount)


def test_it_bids_zero_on_its_last_chance_of_a_round_without_a_mark():
    """Seat 3 bids in turns 1-3 and opens turn 4. Having bid in turns 1 and 2, it bids 0 on
    CN Agriculture in turn 3 for the round's 2 VP; with a mark already, it bids for the tile."""
    for first_bid, expect_zero in ((3, True), (0, False)):
        s = new(4, tiles=order(US_AGR, EU_HOU, CN_AGR))
        auction(s, 1, {1: 5, 2: 0, 3: first_bid})
        auction(s, 1, {2: 0, 3: 2, 0: 4})
        s.apply(2, ("open", 1))
        assert s.next_actor() == 3
        kind, amount = decide(s, 3)
        assert kind == "bid" and (amount == 0) == expect_zero, (first_bid, amount)


def test_it_stops_buying_once_it_has_spent_far_more_than_every_rival():
    """Seat 1 paid 500 for its first tile while the others paid 3 each: whatever the tile, it
    bids 0 rather than become the biggest spender (QE-12)."""
    s = new(4, tiles=order(US_AGR, EU_HOU, CN_AGR, JP_AGR, EU_FIN))
    auction(s, 1, {1: 500, 2: 0, 3: 2})
    for w in (2, 3, 0):
        quiet_turn(s, w, 3)
    # turn 5: seat 0 opens 1 on EU Financial, seat 1's country and token industry: still 0
    s.apply(0, ("open", 1))
    assert decide(s, 1) == ("bid", 0)


def test_it_opens_higher_for_a_tile_worth_more_to_it():
    """Seat 0 (US) opens US Housing (4 VP, its country) above EU Housing (1 VP)."""
    opens = {}
    for tile in (US_HOU, EU_HOU):
        s = new(4, tiles=order(tile))
        kind, opens[tile] = decide(s, 0)
        assert kind == "open"
    assert opens[US_HOU] > opens[EU_HOU] >= 1


def test_over_its_spending_room_it_opens_at_1():
    """Seat 1 paid 500 for a tile: as auctioneer it opens at the least bid, 1, since winning at
    any higher price would only add to its lead as the biggest spender."""
    s = new(4, tiles=order(US_AGR, EU_FIN))
    auction(s, 1, {1: 500, 2: 0, 3: 2})
    assert s.auctioneer == 1 and s.tiles[s.t] == EU_FIN  # its country and token industry
    assert decide(s, 1) == ("open", 1)


def test_worth_counts_the_nationalization_and_monopolization_steps():
    """For seat 0 (US, token Agriculture) holding US Agriculture, a second US tile makes the
    2-tile Nationalization (3 VP) and JP Agriculture a 3-company Monopolization (3 to 6); a
    second industry scores nothing yet. With `hope`, sets that can still grow count more."""
    s = new(4, tiles=order(US_AGR))
    quiet_turn(s, 0, 2)
    r = Reading(Seat.of_view(s.view(0, log=False), 0))
    assert r.gain(0, US_FIN, 0, 0.0) == 2 + 3  # VP, Nationalization
    assert r.gain(0, JP_AGR, 0, 0.0) == 3 + 3  # VP, Monopolization 3 -> 6
    assert r.gain(0, CN_HOU, 0, 0.0) == 3  # VP only
    assert r.gain(0, US_MAN, 0, 0.4) > r.gain(0, US_MAN, 0, 0.0) > r.gain(0, CN_HOU, 0, 0.0)


def test_a_tied_bidder_raises_when_the_tile_is_still_worth_it_and_drops_out_otherwise():
    for tie, raises in ((3, True), (300, False)):
        s = new(4)
        auction(s, 1, {1: tie, 2: tie, 3: 0})
        assert s.view(1)["phase"] == "rebid"
        kind, amount = decide(s, 1)
        assert kind == "bid"
        assert (amount > tie) == raises and (raises or amount == 0), (tie, amount)


def test_the_3_player_last_turn_bid_stays_within_its_spending_room():
    """On the 3-player last turn (QE-10) a seat that spent far more than the others bids 0; a
    seat that spent much less bids for the tile. Each seat wins the auctions it runs."""
    for mine, expect_zero in ((400, True), (2, False)):
        s = new(3, first=0)
        for t in range(15):
            quiet_turn(s, t % 3, mine if t % 3 == 0 else 20)
        assert s.view(0)["phase"] == "last_turn"
        kind, amount = decide(s, 0)
        assert kind == "bid" and (amount == 0) == expect_zero, (mine, amount)


def test_in_5_player_games_it_peeks_at_the_biggest_spender_past_mid_game():
    """Seat 2 has won four auctions whose prices seat 0 does not know; past the middle of the
    game seat 0 peeks (QE-11) at one of them."""
    s = new(5, first=1)
    for w in (2, 3, 2, 2, 1, 2, 4, 1):  # turns 1-8, run by seats 1, 2, 3, 4, 0, 1, 2, 3
        quiet_turn(s, w, 5)
    assert s.t * 2 >= s.nturns and s.auctioneer == 4
    while s.next_actor() == 4:  # seat 4 may peek before it opens
        s.apply(4, decide(s, 4))
    kind, k = decide(s, 0)
    assert kind == "peek"
    rec = s.done[k]
    assert rec.winner == 2 and not s.knows_price(0, k)


def test_early_in_a_5_player_game_it_does_not_peek():
    s = new(5, first=1)
    quiet_turn(s, 2, 5)
    assert decide(s, s.next_actor())[0] != "peek"


# --- words --------------------------------------------------------------------------------------
def _no_winner_game():
    """A 3-player game whose last turn (QE-10) ends in a tie for highest."""
    s = new(3, first=0)
    for t in range(15):
        quiet_turn(s, t % 3, 3)
    for q in list(s.awaited):
        s.apply(q, ("bid", 7 if q != 2 else 1))
    return s


def test_describe_event_handles_every_event_kind():
    seen = {}
    for players in PLAYERS:
        for g in range(examples(6)):
            s = play(players, 500 + g, ["random"] * players)
            for e in s.view(None)["log"]:
                seen.setdefault(e["event"], e)
    for e in _no_winner_game().view(None)["log"]:
        seen.setdefault(e["event"], e)
    assert set(seen) == EVENT_KINDS
    for e in seen.values():
        text = GAME.describe_event(e)
        assert text and "{" not in text and f"{e['event']}:" not in text


def test_describe_event_names_tiles_and_amounts():
    assert (
        GAME.describe_event({"event": "open", "turn": 0, "seat": 1, "tile": US_HOU, "amount": 7})
        == "Turn 1: seat 1 auctions US Housing (4 VP) and opens at 7."
    )
    won = {"event": "won", "turn": 2, "seat": 2, "tile": JP_FIN, "price": None}
    assert GAME.describe_event(won).startswith("seat 2 wins JP Financial (1 VP) for a secret price")
    assert "for 9, its own opening bid" in GAME.describe_event({**won, "price": 9})
    assert GAME.describe_event({"event": "zero_bids", "turn": 3, "seats": [0, 2]}) == (
        "seat 0 and seat 2 bid 0 and mark 2 VP for this round."
    )
    assert GAME.describe_event({"event": "zero_bids", "turn": 3, "seats": [1]}) == (
        "seat 1 bids 0 and marks 2 VP for this round."
    )


def test_describe_move_for_every_move_kind():
    s = new(5, first=0)
    quiet_turn(s, 1, 4)
    v = s.view(1)
    assert GAME.describe_move(("open", 5)) == "open the bidding at 5"
    assert GAME.describe_move(("bid", 0)) == "bid 0"
    assert GAME.describe_move(("peek", 0)) == "look at the winning bid of turn 1"
    assert GAME.describe_move(("peek", 0), v).endswith("(EU Agriculture)")


def test_describe_view_works_in_every_phase_for_seats_and_spectators():
    phases = set()

    def watch(state, p, move):
        v = state.view(p)
        phases.add(v["phase"])
        for view in (v, state.view(None)):
            lines = GAME.describe_view(view)
            assert lines and all(label and text for label, text in lines)

    for players in PLAYERS:
        for g in range(examples(3)):
            s = play(players, 900 + g, ["random"] * players, watch)
            for p in (*range(players), None):
                assert GAME.describe_view(s.view(p))
            phases.add("over")
    assert phases == PHASES
    lines = dict(GAME.describe_view(_no_winner_game().view(0)))
    assert "winner" in lines and "spent" in lines
