"""The pieces a study's report section is made of, as JSON-safe data: tables and figure specs
that study/plots.py draws and study/report.py lays out; a game's study module (`Game.study`)
gives its own figures with them."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import NamedTuple


class Headline(NamedTuple):
    """A figure every game of a variant gives one value of: `share` (a yes or no, or a win
    shared; Wilson interval), `fraction` (a part of the game, 0..1; t interval) or `mean`
    (t interval). Shares and fractions are shown as percentages."""

    key: str
    name: str
    kind: str = "mean"


def table(title: str, columns: Sequence[str], rows: Sequence[Sequence], name: str) -> dict:
    """A table; `name` is its CSV file's name (without .csv)."""
    return {"name": name, "title": title, "columns": list(columns), "rows": [list(r) for r in rows]}


def bars(
    title: str,
    labels: Sequence[str],
    values: Sequence[float],
    low: Sequence[float] | None = None,
    high: Sequence[float] | None = None,
    ylabel: str = "",
    reference: float | None = None,
    reference_label: str = "",
) -> dict:
    """Bars with optional 95% intervals (low..high) and a dashed reference line."""
    return {
        "kind": "bars", "title": title, "labels": list(labels), "values": list(values),
        "low": None if low is None else list(low), "high": None if high is None else list(high),
        "ylabel": ylabel, "reference": reference, "reference_label": reference_label,
    }  # fmt: skip


def stacked(
    title: str, labels: Sequence[str], series: Mapping[str, Sequence[float]], ylabel: str = ""
) -> dict:
    """Stacked bars: one bar per label, one layer per series."""
    return {
        "kind": "stacked",
        "title": title,
        "labels": list(labels),
        "series": {k: list(v) for k, v in series.items()},
        "ylabel": ylabel,
    }


def histogram(title: str, series: Mapping[str, Mapping[int, int]], xlabel: str) -> dict:
    """Histograms of whole numbers from their counts, one per series (variant), overlaid."""
    return {
        "kind": "hist",
        "title": title,
        "series": {
            label: {str(k): v for k, v in sorted(counts.items())}
            for label, counts in series.items()
        },
        "xlabel": xlabel,
    }


def rate(part: float, whole: float) -> float:
    return part / whole if whole else math.nan


def round_ends(causes: Sequence[str], ends: Sequence[Sequence[int]], shown: int) -> dict:
    """The table of how rounds end: per round, the count of each cause (`ends[round][cause]`)
    and the percentage of the cause numbered `shown`."""
    return table(
        "How rounds end",
        ["round", *causes, f"% {causes[shown]}"],
        [[r + 1, *e, round(100 * rate(e[shown], sum(e)), 2)] for r, e in enumerate(ends)],
        "round_ends",
    )


def round_labels(rounds: int) -> list[str]:
    return [f"round {r + 1}" for r in range(rounds)]
