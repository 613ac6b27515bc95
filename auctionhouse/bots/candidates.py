"""A short list of concrete moves for each legal move kind, for bots that search over moves.

Ranges become a few amounts spread from the minimum upwards (a search cannot try every bid);
choices are kept whole; splits become a few typical placements. Given a sound move to improve
on (a heuristic's choice), the amounts of its kind are taken around it instead: small steps and
a fifth either way, plus the minimum; a split is varied one unit at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Move, MoveKind


def rounded(a: int, b: int) -> int:
    """a / b rounded half to even, as `round(a / b)`, in whole numbers (any size; b > 0)."""
    q, r = divmod(a, b)
    return q + (2 * r > b or (2 * r == b and q & 1))


def amount_points(lo: int, hi: int | None, span: int | None, k: int) -> list[int]:
    """`k` amounts from `lo` up: over lo..hi, or lo..lo+2*span when the range is wider."""
    width = 2 * span if span is not None else (hi - lo if hi is not None else 100)
    top = lo + width if hi is None else min(hi, lo + width)
    if k <= 1 or top <= lo:
        return [lo]
    return sorted({lo + rounded((top - lo) * i, k - 1) for i in range(k)})


def split_points(mk: MoveKind) -> list[tuple[int, ...]]:
    """For each part: its minimum alone and the most it can take alone; and every part at its
    minimum at once, when the total allows."""
    parts = mk.parts or ()
    total_lo = mk.lo or 0
    total_hi = mk.hi if mk.hi is not None else sum(hi for _, hi in parts)
    out: set[tuple[int, ...]] = set()
    for i, (lo, hi) in enumerate(parts):
        if lo > hi:
            continue
        for amount in {max(lo, total_lo), min(hi, total_hi)}:
            if lo <= amount <= hi and total_lo <= amount <= total_hi:
                out.add(tuple(amount if j == i else 0 for j in range(len(parts))))
    mins = tuple(lo if lo <= hi else 0 for lo, hi in parts)
    if (
        sum(mins)
        and total_lo <= sum(mins) <= total_hi
        and all(m == 0 or lo <= m <= hi for m, (lo, hi) in zip(mins, parts, strict=True))
    ):
        out.add(mins)
    if total_lo == 0:
        out.add(tuple(0 for _ in parts))
    return sorted(out)


def amounts_around(x: int, lo: int, hi: int | None) -> list[int]:
    """Amounts near `x` within lo..hi: one and two either way, a fifth less and a quarter more,
    and the minimum; `x` itself included."""
    near = {x, lo, x - 2, x - 1, x + 1, x + 2, rounded(4 * x, 5), rounded(5 * x, 4)}
    return sorted(a for a in near if a >= lo and (hi is None or a <= hi))


def splits_around(mk: MoveKind, split: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Legal splits one step from `split`: one part dropped, one unit less or more on one part
    (a part left empty starts at its minimum), one unit moved from a part to another; `split`
    itself first."""
    out = [split]
    parts = mk.parts or ()
    n = len(parts)

    def add(new: list[int]) -> None:
        t = tuple(new)
        if t not in out and mk.accepts(t):
            out.append(t)

    for i in range(n):
        lo = parts[i][0]
        if split[i]:
            add([0 if j == i else x for j, x in enumerate(split)])
            add([x - 1 if j == i else x for j, x in enumerate(split)])
        add([(x + 1 if x else max(1, lo)) if j == i else x for j, x in enumerate(split)])
    for i in range(n):
        if not split[i]:
            continue
        for j in range(n):
            if j != i:
                new = list(split)
                new[i] -= 1
                new[j] = new[j] + 1 if new[j] else max(1, parts[j][0])
                add(new)
    return out


def splits_within(mk: MoveKind, split: tuple[int, ...], steps: int) -> list[tuple[int, ...]]:
    """Legal splits at most `steps` steps (as `splits_around` takes them) from `split`, nearer
    ones first."""
    out = [split]
    seen = {split}
    frontier = [split]
    for _ in range(steps):
        if not frontier:
            break
        nxt = []
        for s in frontier:
            for t in splits_around(mk, s):
                if t not in seen:
                    seen.add(t)
                    nxt.append(t)
        out += nxt
        frontier = nxt
    return out


def candidate_moves(
    legal: Sequence[MoveKind], amounts: int = 5, hint: Move | None = None, steps: int = 1
) -> list[Move]:
    """Concrete moves standing for `legal`: every no-argument kind and choice, a few amounts;
    amounts (or splits up to `steps` steps away) of `hint`'s kind around `hint`'s own, when a
    hint is given."""
    out: list[Move] = []
    arg: Any = hint[1] if hint is not None else None
    for mk in legal:
        near = hint is not None and hint[0] == mk.kind and mk.accepts(arg)
        if near and mk.parts is not None:
            out.extend((mk.kind, s) for s in splits_within(mk, arg, steps))
        elif near and mk.lo is not None:
            out.extend((mk.kind, a) for a in amounts_around(arg, mk.lo, mk.hi))
        elif mk.parts is not None:
            out.extend((mk.kind, s) for s in split_points(mk))
        elif mk.choices is not None:
            out.extend((mk.kind, c) for c in mk.choices)
        elif mk.lo is not None:
            out.extend((mk.kind, a) for a in amount_points(mk.lo, mk.hi, mk.span, amounts))
        else:
            out.append((mk.kind, None))
    return out
