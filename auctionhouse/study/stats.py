"""The statistics a study reports: intervals for means and shares, the test of "no seat
advantage", and the comparison of a figure between two variants (scipy.stats)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..arena.stats import wilson_ci95
from ..core.aggregate import Moments

LEVEL = 0.05  # the level of every test and the complement of every interval's confidence
SEAT_TEST = "chi-square goodness of fit of the win shares per turn-order position (ties split)"
COMPARE_TEST = "Welch's t-test (unequal variances) on the per-game values"


def mean_ci95(m: Moments) -> tuple[float, float]:
    """A t interval for the mean (a point when the values do not vary)."""
    from scipy import stats

    if m.n < 2:
        return (m.mean, m.mean) if m.n else (math.nan, math.nan)
    half = stats.t.ppf(1 - LEVEL / 2, m.n - 1) * m.sd / math.sqrt(m.n)
    return m.mean - half, m.mean + half


def share_ci95(m: Moments) -> tuple[float, float]:
    """The Wilson interval of a mean of shares (values in 0..1)."""
    _, lo, hi = wilson_ci95(m.total, round(m.n))
    return lo, hi


@dataclass(frozen=True)
class SeatTest:
    statistic: float
    df: int
    p: float
    test: str = SEAT_TEST


def seat_test(wins: Sequence[float]) -> SeatTest:
    """Whether the wins per position differ from an even split more than chance would make
    them: Pearson's chi-square against games / positions each (a split win counts its share)."""
    from scipy import stats

    total = sum(wins)
    if len(wins) < 2 or total <= 0:
        return SeatTest(0.0, max(0, len(wins) - 1), 1.0)
    expected = [total / len(wins)] * len(wins)
    r = stats.chisquare(list(wins), expected)
    return SeatTest(float(r.statistic), len(wins) - 1, float(r.pvalue))


@dataclass(frozen=True)
class Difference:
    diff: float
    ci95: tuple[float, float]
    p: float
    test: str = COMPARE_TEST


def compare(a: Moments, b: Moments) -> Difference:
    """b's mean minus a's, its 95% Welch interval and the two-sided p-value of "no change".
    Values that do not vary in either sample: p is 1 for equal means, 0 otherwise."""
    from scipy import stats

    diff = b.mean - a.mean
    if a.n < 2 or b.n < 2:
        return Difference(diff, (math.nan, math.nan), math.nan)
    va, vb = a.variance / a.n, b.variance / b.n
    se = math.sqrt(va + vb)
    if se == 0:
        return Difference(diff, (diff, diff), 1.0 if diff == 0 else 0.0)
    df = (va + vb) ** 2 / (va * va / (a.n - 1) + vb * vb / (b.n - 1))
    half = stats.t.ppf(1 - LEVEL / 2, df) * se
    p = 2 * stats.t.sf(abs(diff) / se, df)
    return Difference(diff, (diff - half, diff + half), float(p))
