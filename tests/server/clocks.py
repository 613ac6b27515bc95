"""A clock the tests move by hand, for the server's deadlines (turn timers, countdowns,
abandoned tables, bot pacing): a test decides when a deadline passes instead of waiting for it.
And the waits of the tests: for a condition, bounded only against a hang (never a measure of
speed), and for a table's driver to have nothing left to do (instead of a quiet while)."""

from __future__ import annotations

import asyncio
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


def wait_until(predicate, timeout: float = 60.0, what: str = "timed out") -> None:
    """Poll `predicate` until it holds; fail with `what` after `timeout` seconds (a bound on a
    hang: a busy machine is slow, never that slow)."""
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, what
        time.sleep(0.01)


def settled(table, timeout: float = 60.0) -> int:
    """Wait until the table's driver has nothing to do (`settled_now`); the version then. On a
    FakeClock nothing more happens until the test moves the clock or a seat acts, so a test
    asserts that nothing happens right after this, instead of watching the table for a while
    (which a busy machine can fool)."""
    wait_until(lambda: settled_now(table), timeout, "the table's driver never settled")
    return table.version


def settled_now(table) -> bool:
    """Whether the table's driver waits for a change or a deadline (no bot move, countdown or
    takeover under way), has looked at every change, and no move holds the lock."""
    driver = table.driver
    if driver is None or driver.done():
        return True

    async def check() -> bool:  # in the app's event loop: the driver cannot move meanwhile
        awaiting = getattr(driver.get_coro().cr_await, "__qualname__", "")
        return awaiting in _WAITING and not table.changed.is_set() and not table.lock.locked()

    return asyncio.run_coroutine_threadsafe(check(), driver.get_loop()).result(60)


# what the driver's loop awaits when it has nothing to do (asyncio.wait_for, or Event.wait)
_WAITING = {"wait_for", "Event.wait"}


def run_clock(client, clock: FakeClock, table, until) -> None:
    """Move the clock a second at a time, waking the table each time, until `until()` holds:
    time goes by for the table (bots are paced on its clock) as fast as the machine allows."""

    def step() -> bool:
        if until():
            return True
        advance(client, clock, 1, table)
        return False

    wait_until(step, what="the table never got there")
