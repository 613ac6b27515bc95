"""Moves and their legal-move descriptions.

A move is a tuple `(kind, arg)`: `kind` a short string, `arg` None, an int, or a tuple of ints
(a split of amounts over several parts). The legal moves of a player are a short list of
`MoveKind`s, each concrete or with an argument described by a range, a set of choices or a split;
amounts are never enumerated one by one.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from .errors import RecordError

Move = tuple  # (kind: str, arg: None | int | tuple[int, ...])


class MoveKind(NamedTuple):
    """One kind of move a player may make now, and what its argument may be.

    - no argument: `lo`, `choices` and `parts` are all None;
    - an amount: any int in `lo..hi` (`hi` None: no upper bound);
    - a choice: any int in `choices`;
    - a split: a tuple with one int per part, each 0 or in that part's (lo, hi),
      and their total in `lo..hi`.
    `span` is how wide amounts usually run (random bots draw in lo..lo+span); None: the range.
    """

    kind: str
    lo: int | None = None
    hi: int | None = None
    choices: tuple[int, ...] | None = None
    parts: tuple[tuple[int, int], ...] | None = None
    span: int | None = None

    def accepts(self, arg: Any) -> bool:
        """Whether `arg` is an argument this kind allows (the game may check more)."""
        if self.parts is not None:
            if not isinstance(arg, tuple) or len(arg) != len(self.parts):
                return False
            for a, (lo, hi) in zip(arg, self.parts, strict=False):
                if not _is_int(a) or (a != 0 and not lo <= a <= hi):
                    return False
            return _within(sum(arg), self.lo, self.hi)
        if self.choices is not None:
            return _is_int(arg) and arg in self.choices
        if self.lo is not None:
            return _is_int(arg) and _within(arg, self.lo, self.hi)
        return arg is None

    def to_json(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind}
        if self.parts is not None:
            out["parts"] = [list(p) for p in self.parts]
            out["total"] = [self.lo, self.hi]
        elif self.choices is not None:
            out["choices"] = list(self.choices)
        elif self.lo is not None:
            out["min"] = self.lo
            out["max"] = self.hi  # None: no upper limit
        return out


_new = tuple.__new__


def amount(kind: str, lo: int, hi: int | None, span: int | None = None) -> MoveKind:
    """A kind whose argument is an amount in lo..hi (hi None: unbounded). Fast to build."""
    return _new(MoveKind, (kind, lo, hi, None, None, span))


def choice(kind: str, choices: tuple[int, ...]) -> MoveKind:
    """A kind whose argument is one of `choices`. Fast to build."""
    return _new(MoveKind, (kind, None, None, choices, None, None))


def _is_int(x: Any) -> bool:
    return type(x) is int


def _within(x: int, lo: int | None, hi: int | None) -> bool:
    return (lo is None or x >= lo) and (hi is None or x <= hi)


def random_arg(mk: MoveKind, rng: random.Random, span: int | None = None) -> Any:
    """An argument drawn at random for `mk`: a choice uniformly, an amount uniformly in
    lo..min(hi, lo + span) (span: the caller's, else the kind's, else the whole range), a split
    by placing units one at a time on random parts that can still take them."""
    if mk.choices is not None:
        return mk.choices[int(rng.random() * len(mk.choices))]
    if mk.parts is not None:
        return _random_split(mk, rng)
    if mk.lo is None:
        return None
    width = span if span is not None else mk.span
    hi = mk.hi
    if width is not None and (hi is None or hi > mk.lo + width):
        hi = mk.lo + width
    if hi is None:
        hi = mk.lo + 100
    return mk.lo + int(rng.random() * (hi - mk.lo + 1))


def _random_split(mk: MoveKind, rng: random.Random) -> tuple[int, ...]:
    """A random non-empty set of parts whose minimums fit, a total drawn uniformly between what
    they need and what they can take, the surplus spread over them in random order."""
    parts = mk.parts
    n = len(parts)
    rand = rng.random
    total_hi = mk.hi if mk.hi is not None else sum(hi for _, hi in parts)
    total_lo = mk.lo or 0
    usable = 0
    for i in range(n):
        lo, hi = parts[i]
        if lo <= hi and lo <= total_hi:
            usable |= 1 << i
    if not usable:
        return (0,) * n
    for _ in range(16):
        mask = usable & (1 + int(rand() * ((1 << n) - 1)))
        if not mask:
            continue
        need = room = 0
        for i in range(n):
            if mask >> i & 1:
                need += parts[i][0]
                room += parts[i][1]
        lo_t = need if need > total_lo else total_lo
        hi_t = room if room < total_hi else total_hi
        if lo_t <= hi_t:
            break
    else:  # the cheapest single part always fits when anything does
        i = min((i for i in range(n) if usable >> i & 1), key=lambda i: parts[i][0])
        mask, need = 1 << i, parts[i][0]
        lo_t = hi_t = max(total_lo, need)
    extra = lo_t + int(rand() * (hi_t - lo_t + 1)) - need
    out = [parts[i][0] if mask >> i & 1 else 0 for i in range(n)]
    order = [i for i in range(n) if mask >> i & 1]
    if len(order) > 1 and rand() < 0.5:
        order.reverse()
    for i in order:
        if extra <= 0:
            break
        add = min(extra, parts[i][1] - out[i])
        if i != order[-1]:
            add = int(rand() * (add + 1))
        out[i] += add
        extra -= add
    if extra > 0:  # what the random shares left over goes wherever there is room
        for i in order:
            add = min(extra, parts[i][1] - out[i])
            out[i] += add
            extra -= add
    return tuple(out)


def move_to_json(move: Move) -> list:
    kind, arg = move
    if arg is None:
        return [kind]
    return [kind, list(arg) if isinstance(arg, tuple) else arg]


def move_from_json(data: Any) -> Move:
    """A move from its JSON form `[kind]`, `[kind, int]` or `[kind, [ints]]`."""
    if not isinstance(data, list) or not 1 <= len(data) <= 2 or not isinstance(data[0], str):
        raise RecordError(f"a move is [kind] or [kind, argument], not {data!r}")
    if len(data) == 1:
        return (data[0], None)
    arg = data[1]
    if _is_int(arg):
        return (data[0], arg)
    if isinstance(arg, list) and all(_is_int(a) for a in arg):
        return (data[0], tuple(arg))
    raise RecordError(f"a move's argument is a whole number or a list of them, not {arg!r}")


def describe_move(move: Move) -> str:
    kind, arg = move
    if arg is None:
        return kind
    return f"{kind} {','.join(map(str, arg)) if isinstance(arg, tuple) else arg}"
