"""A fixed action space over a game's moves: action ids in segments, one segment per move kind.

A segment maps a block of consecutive action ids to the moves of one kind: a move without an
argument (one id), one of a list of values (card ids, bidding tiles, amounts: `Values`), or a
split of amounts over parts (`Splits`). Amounts above a segment's values (beyond its cap) have
no id: the mask holds exactly the legal moves that have one. Which ids a legal `MoveKind` allows
is cached per kind, so the mask of a common position costs a dictionary lookup.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from itertools import product

from .errors import IllegalMove
from .moves import Move, MoveKind

CACHE_MOST = 50_000  # kinds remembered per segment before the cache starts afresh
ONES = b"\x01" * 4096


class Segment:
    """The ids of one move kind: `size` ids from `start` (set when the space is built)."""

    kind: str
    size: int
    start: int = 0

    def __init__(self) -> None:
        self._cache: dict[MoveKind, tuple[int, ...] | range] = {}

    def offsets(self, mk: MoveKind) -> tuple[int, ...] | range:
        """The offsets (ids less `start`) of the moves `mk` allows, ascending, cached (a range
        when they follow one another)."""
        found = self._cache.get(mk)
        if found is None:
            if len(self._cache) >= CACHE_MOST:
                self._cache.clear()
            found = self._offsets(mk)
            self._cache[mk] = found = found if type(found) is range else tuple(found)
        return found

    def _offsets(self, mk: MoveKind) -> Iterable[int]:
        raise NotImplementedError

    def fill(self, buf: bytearray, mk: MoveKind) -> None:
        """Set the mask bytes of the ids `mk` allows."""
        start = self.start
        offs = self.offsets(mk)
        if type(offs) is range:
            buf[start + offs.start : start + offs.stop] = ONES[: len(offs)]
        else:
            for o in offs:
                buf[start + o] = 1

    def arg(self, offset: int, mk: MoveKind):
        """The argument of the move at `offset`, fitted to the legal kind `mk`."""
        raise NotImplementedError

    def offset(self, arg) -> int | None:
        """The offset of the move with argument `arg`, or None when it has no id."""
        raise NotImplementedError

    def label(self, offset: int) -> str:
        raise NotImplementedError


class NoArg(Segment):
    """A move without an argument, e.g. `pass`: one id."""

    size = 1

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def _offsets(self, mk):
        return (0,)

    def fill(self, buf, mk):
        buf[self.start] = 1

    def arg(self, offset, mk):
        return None

    def offset(self, arg):
        return 0 if arg is None else None

    def label(self, offset):
        return self.kind


class Values(Segment):
    """A move whose argument is one of `values` (ascending ints): card ids, bidding tiles, or
    amounts (every integer up to a cap, or a ladder of them). The id of value `values[i]` is
    `start + i`; a legal kind allows the values among its choices, or within its lo..hi."""

    def __init__(self, kind: str, values: Sequence[int]) -> None:
        super().__init__()
        values = list(values)
        if values != sorted(set(values)):
            raise ValueError(f"the values of {kind} must be ascending and distinct")
        self.kind = kind
        self.values = tuple(values)
        self.size = len(values)
        self._index = {v: i for i, v in enumerate(values)}

    def _offsets(self, mk):
        if mk.choices is not None:
            index = self._index
            return sorted(index[c] for c in mk.choices if c in index)
        if mk.lo is None:
            return ()
        lo = bisect_left(self.values, mk.lo)
        hi = len(self.values) if mk.hi is None else bisect_right(self.values, mk.hi)
        return range(lo, hi)

    def fill(self, buf, mk):
        if mk.choices is None:
            super().fill(buf, mk)
            return
        index, start = self._index, self.start
        for c in mk.choices:
            i = index.get(c)
            if i is not None:
                buf[start + i] = 1

    def arg(self, offset, mk):
        return self.values[offset]

    def offset(self, arg):
        return self._index.get(arg) if type(arg) is int else None

    def label(self, offset):
        return f"{self.kind} {self.values[offset]}"


class Splits(Segment):
    """A move whose argument splits an amount over up to `parts` parts (one per work on
    sale): every tuple of `parts` whole numbers with a total of at most `cap`. When fewer parts
    are open, the tuples whose extra parts are 0 stand for the shorter splits."""

    def __init__(self, kind: str, parts: int, cap: int) -> None:
        super().__init__()
        self.kind = kind
        self.parts = parts
        self.cap = cap
        self.splits = tuple(t for t in product(range(cap + 1), repeat=parts) if sum(t) <= cap)
        self.size = len(self.splits)
        self._index = {t: i for i, t in enumerate(self.splits)}
        self._patterns: dict[MoveKind, bytes] = {}  # a kind's mask block
        # part j, amount a -> the offsets whose part j is a; total t -> the offsets of that total
        # (a kind's offsets are then a few set operations, not a check of every split)
        self._with = [
            [frozenset(i for i, t in enumerate(self.splits) if t[j] == a) for a in range(cap + 1)]
            for j in range(parts)
        ]
        self._total = [
            frozenset(i for i, t in enumerate(self.splits) if sum(t) == x) for x in range(cap + 1)
        ]

    def _offsets(self, mk):
        if mk.parts is None or len(mk.parts) > self.parts:
            return ()
        cap = self.cap
        lo = 0 if mk.lo is None else max(mk.lo, 0)
        hi = cap if mk.hi is None else min(mk.hi, cap)
        if lo > hi:
            return ()
        ok = set().union(*self._total[lo : hi + 1])
        for j, with_amount in enumerate(self._with):
            # each part is 0 or within its range; parts beyond the kind's are 0
            a, b = mk.parts[j] if j < len(mk.parts) else (1, 0)
            amounts = [0, *range(max(a, 1), min(b, cap) + 1)]
            ok.intersection_update(set().union(*map(with_amount.__getitem__, amounts)))
        return sorted(ok)

    def fill(self, buf, mk):
        pattern = self._patterns.get(mk)
        if pattern is None:
            block = bytearray(self.size)
            for o in self.offsets(mk):
                block[o] = 1
            if len(self._patterns) >= CACHE_MOST:
                self._patterns.clear()
            pattern = self._patterns[mk] = bytes(block)
        buf[self.start : self.start + self.size] = pattern

    def arg(self, offset, mk):
        return self.splits[offset][: len(mk.parts)]

    def offset(self, arg):
        if not isinstance(arg, tuple) or len(arg) > self.parts:
            return None
        return self._index.get(arg + (0,) * (self.parts - len(arg)))

    def label(self, offset):
        return f"{self.kind} {','.join(map(str, self.splits[offset]))}"


class ActionSpace:
    """Segments laid end to end: `size` ids in all. Ids of kinds the game never offers at
    once may overlap in meaning but never in number: an id names one segment."""

    def __init__(self, segments: Sequence[Segment]) -> None:
        start = 0
        self.segments = tuple(segments)
        self._by_kind: dict[str, Segment] = {}
        for seg in self.segments:
            if seg.kind in self._by_kind:
                raise ValueError(f"two segments for the move kind {seg.kind!r}")
            seg.start = start
            start += seg.size
            self._by_kind[seg.kind] = seg
        self.size = start
        self._starts = [seg.start for seg in self.segments]

    def segment_of(self, action: int) -> Segment:
        if type(action) is not int or not 0 <= action < self.size:
            raise IllegalMove("action", f"an action is an id in 0..{self.size - 1}, not {action!r}")
        return self.segments[bisect_right(self._starts, action) - 1]

    def runs(self, legal: Sequence[MoveKind]) -> list[tuple[int, int]]:
        """The legal ids as (start, stop) runs, from the player's legal move kinds."""
        out = []
        by_kind = self._by_kind
        for mk in legal:
            seg = by_kind.get(mk.kind)
            if seg is None:
                continue
            offs = seg.offsets(mk)
            if type(offs) is range:
                if offs:
                    out.append((seg.start + offs.start, seg.start + offs.stop))
            else:
                s = seg.start
                out.extend((s + o, s + o + 1) for o in offs)
        return out

    def mask(self, legal: Sequence[MoveKind]) -> bytes:
        """One byte per id, 1 for the legal ones."""
        buf = bytearray(self.size)
        by_kind = self._by_kind
        for mk in legal:
            seg = by_kind.get(mk.kind)
            if seg is not None:
                seg.fill(buf, mk)
        return bytes(buf)

    def legal_ids(self, legal: Sequence[MoveKind]) -> list[int]:
        """The legal ids, ascending (segments follow one another, so runs come in order only
        within a kind: sort)."""
        ids = [i for a, b in self.runs(legal) for i in range(a, b)]
        ids.sort()
        return ids

    def move(self, action: int, legal: Sequence[MoveKind]) -> Move:
        """The move of id `action`, fitted to the legal kinds; IllegalMove if it is not legal."""
        seg = self.segment_of(action)
        offset = action - seg.start
        for mk in legal:
            if mk.kind == seg.kind and offset in seg.offsets(mk):
                return (seg.kind, seg.arg(offset, mk))
        raise self.illegal(action)

    def illegal(self, action: int) -> IllegalMove:
        """The error for a legal-looking id that is not legal now."""
        seg = self.segment_of(action)
        label = seg.label(action - seg.start)
        return IllegalMove("action", f"action {action} ({label}) is not legal now")

    def legal_move(self, action: int, legal: Sequence[MoveKind]) -> Move:
        """`move` for an id already known to be legal (its mask bit is set): no check."""
        seg = self.segments[bisect_right(self._starts, action) - 1]
        offset = action - seg.start
        if type(seg) is Splits:
            n = next(len(mk.parts) for mk in legal if mk.kind == seg.kind)
            return (seg.kind, seg.splits[offset][:n])
        return (seg.kind, seg.arg(offset, None))

    def action(self, move: Move) -> int | None:
        """The id of `move`, or None when it has none (an amount beyond its kind's cap)."""
        kind, arg = move
        seg = self._by_kind.get(kind)
        if seg is None:
            return None
        off = seg.offset(arg)
        return None if off is None else seg.start + off

    def label(self, action: int) -> str:
        """The action in words: `bid 12`, `play 17`, `pass`."""
        seg = self.segment_of(action)
        return seg.label(action - seg.start)
