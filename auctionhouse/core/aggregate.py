"""Streaming aggregates: what a study keeps of its games, whatever their number (a game's
study module, `Game.study`, folds its own facts into one).

A worker folds each finished game into an `Aggregate` and sends back only that; aggregates add
up (`merge`) in any order to the same totals, so memory stays flat in the number of games.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field


@dataclass
class Moments:
    """Count, sum and sum of squares of a stream of numbers (weights allowed)."""

    n: float = 0.0
    total: float = 0.0
    squares: float = 0.0

    def add(self, x: float, weight: float = 1.0) -> None:
        self.n += weight
        self.total += x * weight
        self.squares += x * x * weight

    def merge(self, other: Moments) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else math.nan

    @property
    def variance(self) -> float:
        """The sample variance (n - 1 in the denominator); 0 for fewer than two values."""
        if self.n < 2:
            return 0.0
        return max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)


@dataclass
class Aggregate:
    """Named moments, counts of named events, and histograms of whole numbers."""

    games: int = 0
    moments: dict[Hashable, Moments] = field(default_factory=dict)
    counts: Counter = field(default_factory=Counter)
    hists: dict[Hashable, Counter] = field(default_factory=dict)

    def add(self, key: Hashable, x: float, weight: float = 1.0) -> None:
        m = self.moments.get(key)
        if m is None:
            m = self.moments[key] = Moments()
        m.add(x, weight)

    def add_sums(self, key: Hashable, n: float, total: float, squares: float) -> None:
        """Add values already summed (a worker's inner loop sums into plain numbers)."""
        if n:
            self.moments.setdefault(key, Moments()).merge(Moments(n, total, squares))

    def count(self, key: Hashable, k: int = 1) -> None:
        self.counts[key] += k

    def hist(self, key: Hashable, value: int) -> None:
        h = self.hists.get(key)
        if h is None:
            h = self.hists[key] = Counter()
        h[value] += 1

    def merge(self, other: Aggregate) -> Aggregate:
        self.games += other.games
        for key, m in other.moments.items():
            mine = self.moments.get(key)
            if mine is None:
                self.moments[key] = Moments(m.n, m.total, m.squares)
            else:
                mine.merge(m)
        self.counts.update(other.counts)
        for key, h in other.hists.items():
            self.hists.setdefault(key, Counter()).update(h)
        return self

    def moment(self, key: Hashable) -> Moments:
        """The moments under `key` (empty ones if nothing was added)."""
        return self.moments.get(key) or Moments()
