"""A clock the tests move by hand, for the server's deadlines (turn timers, countdowns,
abandoned tables): a test decides when a deadline passes instead of waiting for it."""

from __future__ import annotations

import time


class FakeClock:
    """Unix seconds that stand still until `advance`; give it as `Settings(clock=...)`."""

    def __init__(self, start: float | None = None) -> None:
        self.now = time.time() if start is None else start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def advance(client, clock: FakeClock, seconds: float, *tables) -> None:
    """Move the clock and wake each table's driver (in the app's event loop) to look at it."""
    clock.advance(seconds)
    for table in tables:
        client.portal.call(table.changed.set)
