"""The chance stream: shuffles are permutations, drawn without bias, the same from the same seed."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from auctionhouse.core import Chance
from auctionhouse.core.rng import seeded_random, shuffle_as_random


@given(seed=st.integers(0, 2**64 - 1), size=st.integers(0, 400))
def test_a_shuffle_is_a_permutation_decided_by_the_seed(seed, size):
    a, b = Chance(seed), Chance(seed)
    first, again = list(range(size)), list(range(size))
    a.shuffle(first)
    b.shuffle(again)
    assert first == again and sorted(first) == list(range(size))
    assert a.state == b.state


@given(seed=st.integers(0, 2**64 - 1), size=st.integers(0, 300))
def test_shuffle_as_random_draws_as_python_shuffles(seed, size):
    """Deals shuffled with `random.Random` keep their games from version to version: the
    compiled shuffle leaves the list and the generator as `Random.shuffle` does."""
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(size)), list(range(size))
    shuffle_as_random(ours, a)
    theirs.shuffle(b)
    assert a == b and ours.getstate() == theirs.getstate()


@given(seed=st.integers(-(2**80), 2**80) | st.text(max_size=8) | st.binary(max_size=8))
def test_seeded_random_is_random_random(seed):
    """Bots and deals seed with `seeded_random`: the same generator as `random.Random(seed)`."""
    ours, theirs = seeded_random(seed), random.Random(seed)
    assert type(ours) is random.Random
    assert ours.getstate() == theirs.getstate()
    assert [ours.random() for _ in range(3)] == [theirs.random() for _ in range(3)]
    assert ours.gauss(0, 1) == theirs.gauss(0, 1) and ours.getstate() == theirs.getstate()


def _chi2(counts: Counter, cells: list, draws: int) -> float:
    expected = draws / len(cells)
    return sum((counts[c] - expected) ** 2 / expected for c in cells)


def test_every_order_is_equally_likely():
    # the 120 orders of 5 items (two draws' digits decide them): chi-square far below the
    # 99.9% point for 119 degrees of freedom (164)
    chance, orders, draws = Chance(11), Counter(), 60_000
    for _ in range(draws):
        items = list(range(5))
        chance.shuffle(items)
        orders[tuple(items)] += 1
    assert _chi2(orders, list(itertools.permutations(range(5))), draws) < 164


def test_a_deck_of_45_puts_every_card_anywhere_alike():
    # the top and bottom card of a 45-card deck (digits of the first and the last draw): each
    # card equally likely, chi-square below the 99.9% point for 44 degrees of freedom (78.7)
    chance, top, bottom, draws = Chance(12), Counter(), Counter(), 20_000
    for _ in range(draws):
        items = list(range(45))
        chance.shuffle(items)
        top[items[-1]] += 1
        bottom[items[0]] += 1
    assert _chi2(top, list(range(45)), draws) < 78.7
    assert _chi2(bottom, list(range(45)), draws) < 78.7


def test_below_stays_in_range_and_reaches_every_value():
    chance = Chance(5)
    for n in (1, 2, 3, 7, 255, 256, 1000):
        seen = {chance.below(n) for _ in range(20 * n)}
        assert seen <= set(range(n)) and len(seen) > 0.9 * n
