"""The seeded generator of chance inside a state (shuffles, dice, random cards).

A SplitMix64 stream: its whole state is one integer, so a state clones it for free and a record
replays it bit for bit on any Python version.
"""

from __future__ import annotations

import _random
import hashlib
import random
from functools import lru_cache
from typing import Final

_MASK: Final = (1 << 64) - 1
_ONE64: Final = 1 << 64
_GAMMA: Final = 0x9E3779B97F4A7C15


class Chance:
    """A small deterministic generator; `seed` is any integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (n >= 1), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place, without bias. Swaps share 64-bit draws: for a run of swap
        sizes whose product P fits in 64 bits, one draw below the largest multiple of P (else
        drawn again) gives each swap its index as one mixed-radix digit (a deal's shuffle, one
        draw a swap, was a tenth of a random art-dice game)."""
        i = len(items) - 1
        for limit, sizes in _shuffle_plan(len(items)):
            x = self.next64()
            while x >= limit:
                x = self.next64()
            for n in sizes:
                x, j = divmod(x, n)
                items[i], items[j] = items[j], items[i]
                i -= 1

    def copy(self) -> Chance:
        return Chance(self.state)


@lru_cache(maxsize=64)
def _shuffle_plan(length: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The draws of a shuffle of `length` items: (draw limit, swap sizes) each, the sizes
    from `length` down to 2."""
    plan = []
    n = length
    while n > 1:
        sizes, product = [], 1
        while n > 1 and product * n <= _ONE64:
            sizes.append(n)
            product *= n
            n -= 1
        plan.append((_ONE64 - _ONE64 % product, tuple(sizes)))
    return tuple(plan)


def shuffle_as_random(rng: random.Random, items: list) -> None:
    """`rng.shuffle(items)` with the same draws, compiled (Python's own is interpreted, and a
    deal's shuffle was a tenth of a game): from the last item down, each swaps with an index
    drawn below its own + 1 by `getrandbits` of its bit length, drawn again while too large.
    tests/test_rng.py holds it to `random.Random.shuffle` on the running Python."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


_NEW_RANDOM: Final = random.Random.__new__
_SEED_RANDOM: Final = _random.Random.seed


def seeded_random(seed: object) -> random.Random:
    """`random.Random(seed)`: for a whole-number seed the same generator (type, state and
    draws) without the interpreted `__init__` and `seed` of random.py (a third of its cost;
    a game of a series seeds five). tests/test_rng.py holds it to `random.Random`."""
    if type(seed) is not int:  # None, or a seed random.py hashes its own way
        return random.Random(seed)  # type: ignore[arg-type]
    rng = _NEW_RANDOM(random.Random)
    _SEED_RANDOM(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # as Random.seed leaves it
    return rng


def derive_seed(seed: int, salt: str) -> int:
    """A 63-bit seed for a named sub-stream (a game of a series, a bot, chance) of `seed`."""
    digest = hashlib.blake2b(f"{seed}/{salt}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1
