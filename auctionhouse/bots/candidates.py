"""A short list of concrete moves for each legal move kind, for bots that search over moves.

Ranges become a few amounts spread from the minimum upwards (a search cannot try every bid);
choices are kept whole; splits become a few typical placements.
"""

from __future__ import annotations

from ..core import Move, MoveKind


def amount_points(lo: int, hi: int | None, span: int | None, k: int) -> list[int]:
    """`k` amounts from `lo` up: over lo..hi, or lo..lo+2*span when the range is wider."""
    width = 2 * span if span is not None else (hi - lo if hi is not None else 100)
    top = lo + width if hi is None else min(hi, lo + width)
    if k <= 1 or top <= lo:
        return [lo]
    return sorted({lo + round((top - lo) * i / (k - 1)) for i in range(k)})


def split_points(mk: MoveKind) -> list[tuple[int, ...]]:
    """For each part: its minimum alone and the most it can take alone; and every part at its
    minimum at once, when the total allows."""
    parts = mk.parts
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


def candidate_moves(legal: list[MoveKind], amounts: int = 5) -> list[Move]:
    """Concrete moves standing for `legal`: every no-argument kind and choice, a few amounts."""
    out: list[Move] = []
    for mk in legal:
        if mk.parts is not None:
            out.extend((mk.kind, s) for s in split_points(mk))
        elif mk.choices is not None:
            out.extend((mk.kind, c) for c in mk.choices)
        elif mk.lo is not None:
            out.extend((mk.kind, a) for a in amount_points(mk.lo, mk.hi, mk.span, amounts))
        else:
            out.append((mk.kind, None))
    return out
