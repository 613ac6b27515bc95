"""Every game's encoding, over thousands of random positions of every player count: the mask is
exactly the legal moves that have an id, every masked id is a move the engine accepts, moves and
ids round-trip, and a seat's observation is the same in the true state and in every
determinization for that seat (it holds nothing the seat may not know)."""

from __future__ import annotations

import math
import random

import pytest

from auctionhouse.core import IllegalMove
from auctionhouse.core.actions import Splits
from auctionhouse.envs import encoding_for

from ..conftest import examples
from .positions import CONFIGS, config_id, positions

CONFIG_IDS = [config_id(c) for c in CONFIGS]


def engine_accepts(state, seat, move) -> bool:
    try:
        state.clone().apply(seat, move)
    except IllegalMove:
        return False
    return True


def candidate_moves(enc, state, seat):
    """Every id of a kind the seat may play now, with the move it would stand for."""
    legal = state.legal_moves(seat)
    kinds = {mk.kind: mk for mk in legal}
    for seg in enc.actions.segments:
        mk = kinds.get(seg.kind)
        if mk is None:
            continue
        for off in range(seg.size):
            if isinstance(seg, Splits):
                n = len(mk.parts)
                split = seg.splits[off]
                if any(split[n:]):
                    yield seg.start + off, None  # a split over more works than are on sale
                    continue
                yield seg.start + off, (seg.kind, split[:n])
            else:
                yield seg.start + off, (seg.kind, seg.arg(off, mk))


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_the_mask_is_exactly_the_legal_moves(config):
    game, players, options = config
    enc = encoding_for(game, players, options)
    for state in positions(game, players, options, examples(3000), seed=1):
        for seat in state.actors():
            legal_ids = set(enc.legal_actions(state, seat))
            # the seat asked next always has an id; another actor may have none only when each
            # of its moves lies beyond the encoding's ids (a Modern Art seat that passed in an
            # open auction bid past 240: its actions text says so), as the loop below checks
            assert legal_ids or seat != state.next_actor(), "the seat asked next has no id"
            for action, move in candidate_moves(enc, state, seat):
                ok = move is not None and engine_accepts(state, seat, move)
                assert (action in legal_ids) == ok, (action, move, state.legal_moves(seat))
            # nothing outside the kinds the seat may play
            kinds = {mk.kind for mk in state.legal_moves(seat)}
            for action in legal_ids:
                assert enc.actions.segment_of(action).kind in kinds


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_ids_and_moves_round_trip_and_the_observation_fits(config):
    game, players, options = config
    enc = encoding_for(game, players, options)
    rng = random.Random(2)
    for state in positions(game, players, options, examples(3000), seed=2):
        for seat in state.actors():
            ids = enc.legal_actions(state, seat)
            mask = enc.mask(state, seat)
            assert len(mask) == enc.num_actions
            assert [i for i, bit in enumerate(mask) if bit] == ids and set(mask) <= {0, 1}
            for action in rng.sample(ids, min(8, len(ids))):
                move = enc.move(state, seat, action)
                assert enc.action(move) == action
                assert engine_accepts(state, seat, move)
            obs = enc.observation(state, seat)
            assert len(obs) == enc.size
            for x, lo, hi in zip(obs, enc.lows, enc.highs, strict=True):
                assert math.isfinite(x) and lo <= x <= hi


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_the_observation_is_the_same_in_every_determinization(config):
    game, players, options = config
    enc = encoding_for(game, players, options)
    rng = random.Random(3)
    for i, state in enumerate(positions(game, players, options, examples(3000), seed=3)):
        if i % 3:
            continue
        for seat in range(players):
            obs = enc.observation(state, seat)
            ids = enc.legal_actions(state, seat)
            for _ in range(2):
                world = state.determinize(seat, rng)
                assert enc.observation(world, seat) == obs
                assert enc.legal_actions(world, seat) == ids


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_observations_tell_seats_and_positions_apart(config):
    """The encoding is not blind: different seats of one position, and a position and the
    next, are seen differently in most cases."""
    game, players, options = config
    enc = encoding_for(game, players, options)
    differ = total = 0
    last = None
    for state in positions(game, players, options, examples(400), seed=4):
        seat = state.next_actor()
        obs = enc.observation(state, seat)
        if last is not None:
            total += 1
            differ += obs != last
        last = obs
    assert differ >= 0.5 * total


def test_an_illegal_id_is_refused_with_a_reason():
    enc = encoding_for("ratzia", 3)
    state = enc.game.new_state(3, seed=1)
    seat = state.next_actor()
    legal = set(enc.legal_actions(state, seat))
    illegal = next(a for a in range(enc.num_actions) if a not in legal)
    with pytest.raises(IllegalMove, match="not legal now"):
        enc.move(state, seat, illegal)
    with pytest.raises(IllegalMove, match="an action is an id"):
        enc.move(state, seat, enc.num_actions)
