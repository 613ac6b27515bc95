"""Rate limits per key (a client address, a seat): token buckets on an injectable clock."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable


class RateLimit:
    """`per_minute` tokens a minute per key, in bursts of as many; 0 means no limit.

    A key's bucket starts full and refills continuously. Memory stays bounded: once more than
    `max_keys` buckets are kept, those that have refilled (the same as no bucket) are dropped,
    so only keys seen within the last minute take room.
    """

    def __init__(
        self, per_minute: float, clock: Callable[[], float] = time.monotonic, max_keys: int = 4096
    ) -> None:
        self.capacity = float(per_minute)
        self.rate = self.capacity / 60.0  # tokens a second
        self.clock = clock
        self.max_keys = max_keys
        self.prune_above = max_keys
        self.buckets: dict[Hashable, tuple[float, float]] = {}  # key -> (tokens, when)

    def take(self, key: Hashable) -> float:
        """Take a token for `key`: 0.0 when it may go ahead, else the seconds until it may."""
        if self.capacity <= 0:
            return 0.0
        now = self.clock()
        tokens = self._tokens(key, now)
        if tokens < 1.0:
            self.buckets[key] = (tokens, now)
            return (1.0 - tokens) / self.rate
        self.buckets[key] = (tokens - 1.0, now)
        if len(self.buckets) > self.prune_above:
            self.prune(now)
        return 0.0

    def _tokens(self, key: Hashable, now: float) -> float:
        tokens, when = self.buckets.get(key, (self.capacity, now))
        # a clock that steps back refills nothing (and takes nothing away)
        return min(self.capacity, tokens + max(0.0, now - when) * self.rate)

    def prune(self, now: float) -> None:
        """Forget the buckets that are full again."""
        self.buckets = {
            k: v for k, v in self.buckets.items() if self._tokens(k, now) < self.capacity
        }
        self.prune_above = max(self.max_keys, 2 * len(self.buckets))
