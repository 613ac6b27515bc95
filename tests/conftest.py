"""Shared test settings: AUCTIONHOUSE_TEST_SCALE scales the number of random games (default 1);
property tests have no per-example deadline and no health check on their speed (a busy machine
must not fail them); a failure's report shows at most a few log records of each kind
(tests/log_repeats.py)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from .log_repeats import Repeats

SCALE = float(os.environ.get("AUCTIONHOUSE_TEST_SCALE", "1"))

settings.register_profile(
    "auctionhouse", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("auctionhouse")

REPEATS = Repeats()


def examples(n: int) -> int:
    """How many random games a property test plays: `n` at the default scale."""
    return max(1, int(n * SCALE))


def pytest_sessionstart(session) -> None:
    # the handler whose records make the reports' "Captured log" sections (pytest's own)
    handler = getattr(
        session.config.pluginmanager.get_plugin("logging-plugin"), "report_handler", None
    )
    if handler is not None:
        handler.addFilter(REPEATS)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    left_out = REPEATS.left_out()
    if left_out:
        report.sections.append((f"Captured log {call.when}, repeats left out", left_out))
    return report
