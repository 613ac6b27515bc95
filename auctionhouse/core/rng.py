"""The seeded generator of chance inside a state (shuffles, dice, random cards).

A SplitMix64 stream: its whole state is one integer, so a state clones it for free and a record
replays it bit for bit on any Python version.
"""

from __future__ import annotations

import hashlib

_MASK = (1 << 64) - 1


class Chance:
    """A small deterministic generator; `seed` is any integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
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
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Chance:
        return Chance(self.state)


def derive_seed(seed: int, salt: str) -> int:
    """A 63-bit seed for a named sub-stream (a game of a series, a bot, chance) of `seed`."""
    digest = hashlib.blake2b(f"{seed}/{salt}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1
