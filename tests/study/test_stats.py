"""The study's statistics against known answers: intervals cover the true value as often as
they say, tests reject a true null hypothesis as rarely as their level says and reject a false
one. Values are drawn from known distributions with seeded generators (no games played)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from auctionhouse.core.aggregate import Moments
from auctionhouse.study.stats import LEVEL, compare, mean_ci95, seat_test, share_ci95

REPS = 2000
# a rate from REPS trials at 5% is within these bounds with probability above 0.999
LOW, HIGH = 0.05 - 3.3 * math.sqrt(0.05 * 0.95 / REPS), 0.05 + 3.3 * math.sqrt(0.05 * 0.95 / REPS)


def moments(values) -> Moments:
    m = Moments()
    for x in values:
        m.add(float(x))
    return m


def fast_moments(values: np.ndarray) -> Moments:
    return Moments(len(values), float(values.sum()), float((values * values).sum()))


@pytest.mark.parametrize("n", [50, 150, 500])
def test_wilson_intervals_cover_a_known_share_about_95_percent_of_the_time(n):
    """Exact coverage (summed over the binomial distribution): near 95% on average over the
    true share, never far below (a discrete count makes it wobble with the share)."""
    from scipy.stats import binom

    k = np.arange(n + 1)
    bounds = [share_ci95(Moments(n, float(x), float(x))) for x in k]
    lo, hi = np.array([b[0] for b in bounds]), np.array([b[1] for b in bounds])
    coverage = [
        float(binom.pmf(k, n, p)[(lo <= p) & (p <= hi)].sum()) for p in np.arange(0.02, 0.99, 0.01)
    ]
    assert 0.94 <= np.mean(coverage) <= 0.96
    assert min(coverage) >= 0.90


def test_mean_intervals_cover_a_known_mean_about_95_percent_of_the_time():
    rng = np.random.default_rng(11)
    covered = sum(
        lo <= 3.0 <= hi
        for lo, hi in (mean_ci95(fast_moments(rng.exponential(3.0, 200))) for _ in range(REPS))
    )
    assert 1 - HIGH <= covered / REPS <= 1 - LOW


@pytest.mark.parametrize("draw", ["shares", "scores"])
def test_two_runs_of_one_variant_differ_no_more_often_than_the_level(draw):
    """Repeated small studies of the same variant: the comparison calls them different at the
    5% level in about 5% of the pairs."""
    rng = np.random.default_rng(3)

    def sample():
        if draw == "shares":  # a seat's win share per game: 0 or 1, sometimes a split win
            return rng.choice([0.0, 0.5, 1.0], size=120, p=[0.7, 0.04, 0.26])
        return rng.poisson(30, size=120).astype(float)

    false = sum(
        compare(fast_moments(sample()), fast_moments(sample())).p < LEVEL for _ in range(REPS)
    )
    assert LOW <= false / REPS <= HIGH


def test_the_difference_interval_covers_the_true_difference():
    rng = np.random.default_rng(5)
    covered = 0
    for _ in range(REPS):
        a = fast_moments(rng.binomial(1, 0.25, 300).astype(float))
        b = fast_moments(rng.binomial(1, 0.35, 250).astype(float))
        lo, hi = compare(a, b).ci95
        covered += lo <= 0.10 <= hi
    assert 1 - HIGH <= covered / REPS <= 1 - LOW


def test_a_real_change_is_found():
    rng = np.random.default_rng(9)
    a = fast_moments(rng.binomial(1, 0.25, 2000).astype(float))
    b = fast_moments(rng.binomial(1, 0.32, 2000).astype(float))
    d = compare(a, b)
    assert d.p < 0.001 and d.ci95[0] > 0


def test_the_seat_test_rejects_an_even_game_at_its_level():
    rng = np.random.default_rng(13)
    rejected = 0
    for _ in range(REPS):
        wins = np.bincount(rng.integers(0, 4, 300), minlength=4)
        rejected += seat_test(list(wins)).p < LEVEL
    assert LOW <= rejected / REPS <= HIGH


def test_the_seat_test_finds_a_first_player_edge():
    rng = np.random.default_rng(17)
    wins = np.bincount(rng.choice(4, 2000, p=[0.31, 0.23, 0.23, 0.23]), minlength=4)
    assert seat_test(list(wins)).p < 0.001


def test_edge_cases_are_defined():
    same = moments([2, 2, 2])
    assert compare(same, moments([2, 2])).p == 1.0
    assert compare(same, moments([3, 3])).p == 0.0
    assert math.isnan(compare(moments([1]), same).p)
    assert seat_test([0, 0, 0]).p == 1.0
    assert seat_test([10.5, 9.5]).df == 1  # split wins are fractions


@given(st.lists(st.floats(-1e3, 1e3), min_size=2, max_size=50))
def test_moments_agree_with_numpy(xs):
    m = moments(xs)
    assert m.mean == pytest.approx(np.mean(xs), abs=1e-6)
    assert m.variance == pytest.approx(np.var(xs, ddof=1), rel=1e-6, abs=1e-4)
