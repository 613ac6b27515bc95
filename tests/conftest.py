"""Shared test settings: AUCTIONHOUSE_TEST_SCALE scales the number of random games (default 1);
property tests have no per-example deadline (a busy machine must not fail them)."""

from __future__ import annotations

import os

from hypothesis import settings

SCALE = float(os.environ.get("AUCTIONHOUSE_TEST_SCALE", "1"))

settings.register_profile("auctionhouse", deadline=None)
settings.load_profile("auctionhouse")


def examples(n: int) -> int:
    """How many random games a property test plays: `n` at the default scale."""
    return max(1, int(n * SCALE))
