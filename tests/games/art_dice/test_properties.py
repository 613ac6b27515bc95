"""Random games for every player count: the game's own invariants at every step, views that
hide the deck order and the future dice, exact replay."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auctionhouse.bots.random_bot import RandomBot
from auctionhouse.core import Chance
from auctionhouse.games.art_dice import GAME
from tests.conftest import examples
from tests.protocol_checks import check_replay, play_checked

PLAYERS = (2, 3, 4)
SEEDS = st.integers(0, 2**63 - 1)
GAMES_PER_EXAMPLE = 4
# 300 x 4 = 1,200 random games per player count at the default scale
FAST = settings(
    max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def check_step(s) -> None:
    """Gold and cards are conserved; bids and the counters stay in their bounds."""
    assert sum(s.gold) + s.bank + sum(s.bids) == 50
    assert min(s.gold) >= 0 and s.bank >= 0
    places = s.deck + s.sale + s.out + [c for coll in s.coll for c in coll]
    assert sorted(places) == list(range(45)), "every card is in exactly one place"
    assert len(s.sale) <= 3 and s.sold <= 2
    assert list(s.scores()) == recount(s.coll)
    k = len(s.high)
    for w in range(k):
        on_w = [s.bids[p * 3 + w] for p in range(s.num_players)]
        assert s.high[w] == max(on_w) <= 6
        assert (s.leader[w] < 0) == (s.high[w] == 0)
        if s.leader[w] >= 0:
            assert on_w[s.leader[w]] == s.high[w]
    for p in range(s.num_players):
        assert not any(s.bids[p * 3 + k : p * 3 + 3])
    if s.is_over():
        assert s.sale == [] and (s.deck == [] or s.nosale >= s.num_players)
        assert s.out == [] or s.nosale >= s.num_players
    else:
        assert s.nosale < s.num_players


def recount(collections) -> list[int]:
    """AD-8 written out on its own: count each artist's works, square, add."""
    scores = []
    for cards in collections:
        counts = {}
        for c in cards:
            counts[c // 5] = counts.get(c // 5, 0) + 1
        scores.append(sum(n * n for n in counts.values()))
    return scores


def play_one(players: int, seed: int, setup=None):
    s = GAME.new_state(players, seed=seed, setup=setup)
    check_step(s)
    play_checked(s, seed, illegal_rate=0.03, view_rate=0.01, on_step=check_step)
    assert list(s.scores()) == recount(s.coll)
    assert s.result().winners == tuple(
        p for p, x in enumerate(recount(s.coll)) if x == max(recount(s.coll))
    )
    check_replay(s)
    return s


@pytest.mark.parametrize("players", PLAYERS)
@FAST
@given(seed=SEEDS)
def test_random_games_conserve_gold_and_cards_end_and_replay(players, seed):
    for g in range(GAMES_PER_EXAMPLE):
        play_one(players, (seed + g) % 2**63)


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=examples(40), deadline=None)
@given(
    seed=SEEDS,
    dice=st.lists(st.integers(1, 6), max_size=30),
    gold=st.lists(st.integers(0, 12), min_size=4, max_size=4),
)
def test_random_games_from_written_out_dice_and_gold(players, seed, dice, gold):
    """Setups with explicit die rolls (then the stream) and uneven gold replay exactly."""
    setup = GAME.make_setup(players, {}, seed)
    setup["dice"] = dice
    setup["gold"] = gold[:players]
    play_one(players, seed, setup)


def _public_fields(s, viewer):
    v = s.view(viewer)
    cards = list(v["on_sale"]) + list(v["out"]) + [c for coll in v["collections"] for c in coll]
    for e in v["log"]:
        cards.extend(e.get("cards", ()))
        if "card" in e:
            cards.append(e["card"])
    return v, cards


PUBLIC_KEYS = {
    "game", "players", "seat", "phase", "actors", "over", "log", "round", "banker",
    "first_bidder", "bidder", "roll", "own_sales", "gold", "bank", "deck_size", "on_sale",
    "highest", "leaders", "bids", "collections", "scores", "no_sale_rounds", "out",
}  # fmt: skip


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=examples(30), deadline=None)
@given(seed=SEEDS)
def test_views_hide_the_deck_order_and_future_dice(players, seed):
    """Two states that differ only in the deck order and the dice to come look the same to
    every seat; no card still in the deck appears in any view."""
    s = GAME.new_state(players, seed=seed)
    bot = RandomBot(seed)
    rng = random.Random(seed)
    while not s.is_over():
        twin = s.clone()
        rng.shuffle(twin.deck)
        twin.chance = Chance(rng.getrandbits(64))
        twin.pool = 1
        twin.dice = []
        for viewer in (None, *range(players)):
            v, cards = _public_fields(s, viewer)
            assert set(v) == PUBLIC_KEYS
            assert not set(cards) & set(s.deck)
            assert twin.view(viewer) == v
        p = s.next_actor()
        s.apply(p, bot.choose(s.legal_moves(p)))
    v = s.view(0)
    assert v["final"] == {"deck": s.deck[::-1]}  # revealed only at the end


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=examples(20), deadline=None)
@given(seed=SEEDS)
def test_determinize_redraws_only_the_deck_and_the_dice(players, seed):
    s = GAME.new_state(players, seed=seed)
    bot = RandomBot(seed)
    rng = random.Random(seed)
    seen_other_dice = False
    while not s.is_over():
        p = s.next_actor()
        det = s.determinize(p, rng)
        assert sorted(det.deck) == sorted(s.deck)
        a, b = det.snapshot(), s.snapshot()
        hidden = {"deck", "chance", "pool", "dice"}
        assert {k: v for k, v in a.items() if k not in hidden} == {
            k: v for k, v in b.items() if k not in hidden
        }
        assert det.view(p) == s.view(p)
        assert det.legal_moves(p) == s.legal_moves(p)
        move = bot.choose(s.legal_moves(p))
        twin = s.clone()
        twin.apply(p, move)
        det.apply(p, move)
        seen_other_dice |= det.view(None)["log"] != twin.view(None)["log"]
        s.apply(p, move)
    assert seen_other_dice or len(s.history) < 10


def rolls(state, since: int, rnd: int) -> list[tuple]:
    """(round, seat, roll) of the bidding rolls logged from entry `since` (in round `rnd`) on."""
    out = []
    for e in state.events[since:]:
        if e[0] == "round":
            rnd = e[1]
        elif e[0] == "roll":
            out.append((rnd, e[1], e[2]))
    return out


@settings(max_examples=examples(20), deadline=None)
@given(seed=SEEDS)
def test_a_determinization_rolls_the_same_die_for_a_seat_whatever_came_before(seed):
    """In a determinization the future rolls are keyed by round and seat, so putting up a
    work (which takes a roll) and drawing lead to the same bidding rolls: search compares the
    two in the same imagined world."""
    s = GAME.new_state(4, seed=seed)
    bot = RandomBot(seed)
    rng = random.Random(seed)
    compared = 0  # rolls compared
    while not s.is_over() and compared < 6:
        p = s.next_actor()
        legal = s.legal_moves(p)
        if legal[0].kind == "sell" and legal[0].choices:
            det = s.determinize(p, rng)
            sell, draw = det.clone(), det.clone()
            mark = len(det.events)
            sell.apply(p, ("sell", legal[0].choices[0]))
            draw.apply(p, ("draw", None))
            for branch in (sell, draw):
                while branch.round == det.round and not branch.is_over():
                    q = branch.next_actor()
                    branch.apply(q, bot.choose(branch.legal_moves(q)))
            a, b = rolls(sell, mark, det.round), rolls(draw, mark, det.round)
            # a seat without gold skips its roll, and the seller gains gold
            both = {r[:2] for r in a} & {r[:2] for r in b}
            assert {r for r in a if r[:2] in both} == {r for r in b if r[:2] in both}
            compared += len(both)
        s.apply(p, bot.choose(legal))
    assert compared >= 4  # the first round alone: a sale decision, four seats with gold


def test_a_dice_table_is_fair():
    from auctionhouse.games.art_dice.state import _dice_table

    table = _dice_table(60_000, random.Random(4))
    assert len(table) == 60_000 and set(table) == set(range(1, 7))
    assert all(abs(table.count(r) - 10_000) < 400 for r in range(1, 7))  # 4 standard deviations


@pytest.mark.parametrize("players", (2, 4))
def test_a_clone_holds_every_attribute_in_the_order_a_new_state_sets_them(players):
    """`clone` sets FIELDS one by one; a state that gained another attribute would lose it in
    its clones (and the compact layout that FIELDS' order keeps)."""
    from auctionhouse.games.art_dice.state import FIELDS

    state = GAME.new_state(players, seed=3)
    bot = RandomBot(3)
    while True:
        copy = state.clone()
        if hasattr(copy, "__dict__"):  # pure Python (compiled, the attributes are fixed slots)
            assert tuple(vars(copy)) == FIELDS
            assert set(vars(state)) == set(FIELDS)
        assert copy.snapshot() == state.snapshot()
        if state.is_over():
            break
        p = state.next_actor()
        state.apply(p, bot.choose(state.legal_moves(p)))


@settings(max_examples=examples(30), deadline=None)
@given(seed=SEEDS)
def test_two_works_of_one_artist_are_one_move_class_and_play_out_alike(seed):
    """`move_class` (what search bots try once): putting up either of two works of one artist
    gives the same game but for which works of that artist go where: the same moves, class by
    class, and the same scores."""
    from auctionhouse.core.players import Observation
    from auctionhouse.games.art_dice.heuristic import ArtDiceHeuristic

    s = GAME.new_state(4, seed=seed)
    walk = RandomBot(seed)
    bots = [ArtDiceHeuristic(seed=p) for p in range(4)]
    compared = 0
    while not s.is_over():
        p = s.next_actor()
        legal = s.legal_moves(p)
        cards = legal[0].choices if legal[0].kind == "sell" else ()
        twins = [(a, b) for a, b in zip(cards, cards[1:], strict=False) if a // 5 == b // 5]
        if twins and compared < 2:
            a, b = twins[0]
            assert s.move_class(p, ("sell", a)) == s.move_class(p, ("sell", b))
            others = [c for c in cards if c // 5 != a // 5]
            assert all(s.move_class(p, ("sell", c)) != s.move_class(p, ("sell", a)) for c in others)
            assert s.move_class(p, ("draw", None)) != s.move_class(p, ("sell", a))
            games = []
            for card in (a, b):
                t = s.clone()
                t.apply(p, ("sell", card))
                while not t.is_over():
                    q = t.next_actor()
                    t.apply(q, bots[q].act(Observation(t, q, t.legal_moves(q))))
                games.append(t)
            first, second = ([(q, t.move_class(q, m)) for q, m in t.history] for t in games)
            assert first == second
            assert games[0].scores() == games[1].scores()
            compared += 1
        s.apply(p, walk.choose(legal))
