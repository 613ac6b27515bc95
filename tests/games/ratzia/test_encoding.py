"""Ratzia's encoding on known positions: the blocks of the observation, seat rotation, the action
ids of every move kind, and the caches of blocks."""

from __future__ import annotations

import random
from array import array

import pytest

from auctionhouse.envs import encoding_for
from auctionhouse.games.ratzia import encoding as ratzia
from auctionhouse.games.ratzia.cards import BIDDING_SETS, COPIES, MAX_BID, NUM_TYPES, out_of_game

from .helpers import GA, P, T, new, run


def block(enc, obs, name):
    """The feature's numbers, as doubles (compare with `f32` of the expected values)."""
    at = enc.offsets[name]
    size = next(f.size for f in enc.features if f.name == name)
    return obs[at : at + size].tolist()


def f32(values):
    return array("f", values).tolist()


def onehot(size, i=None):
    out = [0.0] * size
    if i is not None:
        out[i] = 1.0
    return out


def bits(values):
    return [1.0 if v in values else 0.0 for v in range(1, MAX_BID + 1)]


def test_a_police_auction_seen_by_a_seat_that_is_not_first():
    # 3 players: seat 0 {2,5,8,13} starts (it holds the 13); seat 2's Police starts the auction
    enc = encoding_for("ratzia", 3)
    state = run(new(3, top=(T, GA, P)), "0 reveal", "1 reveal", "2 reveal")
    obs = enc.observation(state, 1)  # seat 1 sees: itself, then seat 2, then seat 0
    assert block(enc, obs, "phase") == onehot(5, 2)
    assert block(enc, obs, "actor") == onehot(3, 2)  # seat 0 bids first
    assert block(enc, obs, "round") == onehot(3, 0)
    assert block(enc, obs, "deck_size") == f32([138 / 141])
    assert block(enc, obs, "discard") == [0.0] * NUM_TYPES
    assert block(enc, obs, "police") == onehot(7, 1)
    assert block(enc, obs, "row_size") == onehot(8, 2)
    assert block(enc, obs, "row") == f32([1 / 7, 1 / 7] + [0.0] * 16)  # Thieves, Gangster A
    assert block(enc, obs, "centre") == onehot(16, 0)
    assert block(enc, obs, "auction_starter") == onehot(3, 1)
    assert block(enc, obs, "auction_cause") == onehot(3, 2)
    assert block(enc, obs, "must_bid") == [0.0]
    assert block(enc, obs, "high_bid") == onehot(16)
    assert block(enc, obs, "high_bidder") == onehot(3)
    assert block(enc, obs, "to_bid") == [1.0, 1.0, 0.0]  # seats 1 and 2 after seat 0
    for i, hand in enumerate(((3, 6, 9, 12), (4, 7, 10, 11), (2, 5, 8, 13))):
        assert block(enc, obs, f"up_{i}") == bits(hand)
        assert block(enc, obs, f"down_{i}") == bits(())
        assert block(enc, obs, f"no_turns_{i}") == [0.0]
        assert block(enc, obs, f"collection_{i}") == [0.0] * (NUM_TYPES - 1)
        assert block(enc, obs, f"score_{i}") == [0.0]

    run(state, "0 bid 5", "1 pass")
    obs = enc.observation(state, 2)
    assert block(enc, obs, "high_bid") == onehot(16, 4)
    assert block(enc, obs, "high_bidder") == onehot(3, 1)  # seat 0, next after seat 2
    assert block(enc, obs, "to_bid") == [0.0] * 3  # seat 2, the starter, bids last

    run(state, "2 pass")  # seat 0 wins the row with its 5 and takes the centre 1 face down
    obs = enc.observation(state, 0)
    assert block(enc, obs, "phase") == onehot(5, 0)
    assert block(enc, obs, "actor") == onehot(3, 0)
    assert block(enc, obs, "auction_cause") == [0.0] * 3
    assert block(enc, obs, "row_size") == onehot(8, 0)
    assert block(enc, obs, "row") == [0.0] * (NUM_TYPES - 1)
    assert block(enc, obs, "centre") == onehot(16, 4)
    assert block(enc, obs, "up_0") == bits((2, 8, 13))
    assert block(enc, obs, "down_0") == bits((1,))
    assert block(enc, obs, "collection_0") == f32([1 / COPIES[T], 1 / COPIES[GA]] + [0.0] * 16)


def test_a_declared_auction_and_a_seat_without_turns():
    enc = encoding_for("ratzia", 2)
    # seat 0 {2,5,6,9} starts; seat 1 {3,4,7,8} declares, seat 0 passes: seat 1 must bid
    state = run(new(2, top=(T,)), "0 reveal", "1 declare", "0 pass")
    obs = enc.observation(state, 0)
    assert block(enc, obs, "auction_cause") == onehot(3, 0)
    assert block(enc, obs, "must_bid") == [1.0]
    assert block(enc, obs, "auction_starter") == onehot(2, 1)
    ids = enc.legal_actions(state, 1)
    assert [enc.actions.label(i) for i in ids] == ["bid 3", "bid 4", "bid 7", "bid 8"]
    # seat 1 bids all four of its cards away, one auction each
    for v in (3, 4, 7):
        run(state, f"1 bid {v}", "0 reveal", "1 declare", "0 pass")
    run(state, "1 bid 8")
    obs = enc.observation(state, 0)
    assert block(enc, obs, "no_turns_1") == [1.0]
    assert block(enc, obs, "no_turns_0") == [0.0]
    assert block(enc, obs, "up_1") == bits(())
    assert block(enc, obs, "down_1") == bits((1, 3, 4, 7))


def test_the_action_ids_are_the_same_at_every_player_count():
    labels = None
    for n in range(2, 6):
        enc = encoding_for("ratzia", n)
        got = [enc.actions.label(i) for i in range(enc.num_actions)]
        assert labels is None or got == labels
        labels = got
    assert len(labels) == 43
    assert labels[:3] == ["reveal", "declare", "steal 2"]
    assert "steal 1" not in labels and "steal 16" not in labels  # Thieves, Courthouse
    assert labels[-1] == "discard_business 15"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_id_is_reached_in_play(players):
    """Random games reach every id of a value in play at this count, and each is accepted."""
    enc = encoding_for("ratzia", players)
    never = {enc.action(("bid", v)) for v in out_of_game(players)}
    dealt = {v for s in BIDDING_SETS[players] for v in s}
    assert never.isdisjoint(enc.action(("bid", v)) for v in dealt | {1})
    rng = random.Random(players)
    seen: set[int] = set()
    for seed in range(300):
        state = enc.game.new_state(players, seed=seed)
        while not state.is_over():
            seat = state.next_actor()
            ids = enc.legal_actions(state, seat)
            seen.update(ids)
            state.apply(seat, enc.move(state, seat, rng.choice(ids)))
        obs = enc.observation(state, seed % players)  # the end, within bounds too
        assert block(enc, obs, "phase") == onehot(5, 4)
        assert all(lo <= x <= hi for x, lo, hi in zip(obs, enc.lows, enc.highs, strict=True))
        if len(seen) + len(never) == enc.num_actions:
            break
    assert seen == set(range(enc.num_actions)) - never


def test_the_caches_give_what_building_gives(monkeypatch):
    """Blocks are cached by what they encode; a cache that starts afresh often changes nothing."""
    enc = encoding_for("ratzia", 4)
    states = [enc.game.new_state(4, seed=s) for s in range(3)]
    rng = random.Random(0)
    warm, cold = [], []
    for state in states:
        while not state.is_over():
            seat = state.next_actor()
            warm.append(enc.observation(state, (seat + 1) % 4))
            state.apply(seat, enc.move(state, seat, rng.choice(enc.legal_actions(state, seat))))
    monkeypatch.setattr(ratzia, "CACHE_MOST", 3)
    for cache in (ratzia.ROWS, ratzia.DISCARDS, ratzia.SEATS):
        cache.clear()
    rng = random.Random(0)
    for state in [enc.game.new_state(4, seed=s) for s in range(3)]:
        while not state.is_over():
            seat = state.next_actor()
            cold.append(enc.observation(state, (seat + 1) % 4))
            state.apply(seat, enc.move(state, seat, rng.choice(enc.legal_actions(state, seat))))
            assert len(ratzia.SEATS) <= 3
    assert cold == warm


def test_a_spectator_has_no_observation():
    enc = encoding_for("ratzia", 3)
    with pytest.raises(ValueError, match="spectator"):
        enc.observe(enc.game.new_state(3, seed=1).view(None, log=False))
