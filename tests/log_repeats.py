"""Failure reports that repeated log records cannot bury. A test that logs the same warning on
every move (a bot failing its limit on purpose) would push its failure out of view: its report
keeps the first few records of each kind (logger, level and message template) of a phase and
counts the rest in one line. Records of every other kind still show, and only the report is
trimmed: `caplog` sees every record."""

from __future__ import annotations

import logging
from collections import Counter

KEEP = 3  # records of one kind a phase's report shows


class Repeats(logging.Filter):
    """For the handler of the reports' captured logs (tests/conftest.py installs it)."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: Counter[tuple[str, str, str]] = Counter()

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.levelname, str(record.msg))
        self.counts[key] += 1
        return self.counts[key] <= KEEP

    def left_out(self) -> str:
        """A line for each kind with records left out since the last call; counting starts
        afresh."""
        lines = [
            f"{n - KEEP} more {level} records of {name} like {msg!r}"
            for (name, level, msg), n in self.counts.items()
            if n > KEEP
        ]
        self.counts.clear()
        return "\n".join(lines)
