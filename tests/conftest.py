"""Shared test settings: AUCTIONHOUSE_TEST_SCALE scales the number of random games (default 1)."""

from __future__ import annotations

import os

SCALE = float(os.environ.get("AUCTIONHOUSE_TEST_SCALE", "1"))


def examples(n: int) -> int:
    """How many random games a property test plays: `n` at the default scale."""
    return max(1, int(n * SCALE))
