"""Nothing is lost on the way: records written by an earlier version (tests/games/records/,
by scripts/golden_records.py) replay to the same final state, and the same seeds deal and play
the same games, for every built-in game, player count and option set kept there."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

from auctionhouse.core import replay
from auctionhouse.games import get_game

sys.path.insert(0, str(Path(__file__).parents[2] / "scripts"))
from golden_records import BUILT_IN, play_case, snapshot_hash  # noqa: E402

RECORDS = Path(__file__).parent / "records"


def kept(name: str) -> list[dict]:
    return json.loads(gzip.decompress((RECORDS / f"{name}.json.gz").read_bytes()))


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_kept_record_replays_to_the_same_state(name):
    game = get_game(name)
    cases = kept(name)
    counts = {c["players"] for c in cases}
    assert counts == set(range(game.min_players, game.max_players + 1))
    for case in cases:
        state = replay(game, case["record"])
        assert state.is_over()
        assert snapshot_hash(state) == case["snapshot"], case["record"]["setup"]
        assert state.record() == case["record"]


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_same_seed_plays_the_same_game(name):
    for case in kept(name):
        state = play_case(name, case)
        assert state.record() == case["record"], (case["players"], case["options"], case["seats"])
