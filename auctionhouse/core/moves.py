"""Moves and their legal-move descriptions.

A move is a tuple `(kind, arg)`: `kind` a short string, `arg` None, an int, or a tuple of ints
(a split of amounts over several parts). The legal moves of a player are a short list of
`MoveKind`s, each concrete or with an argument described by a range, a set of choices or a split;
amounts are never enumerated one by one.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple

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


_new: Final = tuple.__new__


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


# A float holds every whole number up to this, and `random.random` returns multiples of 1 / this:
# below it `int(rand() * w)` is exact and uniform enough, beyond it amounts are drawn in bits.
FLOAT_EXACT: Final = 1 << 53


def below(rand, w: int) -> int:
    """A whole number drawn uniformly in 0..w-1 (`rand`: a function returning floats in [0, 1)
    with 53 random bits, as `random.random` does): `int(rand() * w)` while `w` is at most
    `FLOAT_EXACT`, else 53 bits a draw and rejection, so that no width is too large."""
    if w <= FLOAT_EXACT:
        return int(rand() * w)
    bits = w.bit_length()
    draws = -(-bits // 53)
    while True:
        x = 0
        for _ in range(draws):
            x = x << 53 | int(rand() * FLOAT_EXACT)
        x >>= draws * 53 - bits
        if x < w:
            return x


def random_arg(mk: MoveKind, rng: random.Random, span: int | None = None) -> Any:
    """An argument drawn at random for `mk`: a choice uniformly, an amount uniformly in
    lo..min(hi, lo + span) (span: the caller's, else the kind's, else the whole range), a split
    as `_random_split` describes (small splits from a table of its exact distribution, with one
    draw of `rng`)."""
    if mk.choices is not None:
        return mk.choices[int(rng.random() * len(mk.choices))]
    if mk.parts is not None:
        return random_split(mk, rng.random)
    if mk.lo is None:
        return None
    width = span if span is not None else mk.span
    hi = mk.hi
    if width is not None and (hi is None or hi > mk.lo + width):
        hi = mk.lo + width
    if hi is None:
        hi = mk.lo + 100
    return mk.lo + below(rng.random, hi - mk.lo + 1)


def forced_move(legal: Sequence[MoveKind]) -> Move | None:
    """The move when `legal` leaves exactly one (a single kind without an argument), else None:
    a bot has nothing to weigh."""
    if len(legal) == 1:
        mk = legal[0]
        if mk.lo is None and mk.choices is None and mk.parts is None:
            return (mk.kind, None)
    return None


def random_move(legal: Sequence[tuple], rand: Callable[[], float]) -> Move:
    """A move drawn as the random bot draws it (`rand`: `random.Random.random` of its
    generator): a kind uniformly, then its argument as `random_arg` draws it, the common cases
    inline (a hot path: one call a move in random playouts). `legal`: MoveKinds, or tuples of
    their fields in order (`State.legal_kinds`)."""
    n = len(legal)
    i = 0 if n == 1 else int(rand() * n)
    # a list indexed as one (compiled, any other Sequence goes through the interpreter)
    mk: tuple = legal[i] if isinstance(legal, list) else legal[i]
    kind: str = mk[0]
    lo: int | None = mk[1]
    hi: int | None = mk[2]
    choices: tuple[int, ...] | None = mk[3]
    parts: tuple[tuple[int, int], ...] | None = mk[4]
    span: int | None = mk[5]
    if parts is not None:
        return (kind, random_split(mk if type(mk) is MoveKind else MoveKind(*mk), rand))
    if choices is not None:
        k = len(choices)  # an int variable: compiled, `rand() * len(...)` was a generic multiply
        return (kind, choices[int(rand() * k)])
    if lo is None:
        return (kind, None)
    if hi is not None or span:  # an amount in a range
        if span is not None and (hi is None or hi > lo + span):
            return (kind, lo + int(rand() * (span + 1)))  # a game's span is small
        assert hi is not None
        w = hi - lo + 1
        if w <= FLOAT_EXACT:
            return (kind, lo + int(rand() * w))
        return (kind, lo + below(rand, w))  # e.g. a Q.E. bid under a huge opening bid
    # no upper bound and no span: as random_arg (span 0: the minimum; None: up to 100 over it)
    return (kind, lo + below(rand, (100 if span is None else span) + 1))


# split kind -> (its kind, cumulative probabilities, outcomes); keyed by id() for speed, the kind
# kept in the entry so that its id cannot be reused while the entry lives
_SPLIT_TABLES: Final[dict[int, tuple]] = {}
_SPLIT_BY_VALUE: Final[dict[tuple, tuple]] = {}
_SPLIT_TABLES_MAX: Final = 8192
_TABLE_MAX_TOTAL: Final = 10  # splits whose total may exceed this are drawn step by step
_TABLE_MAX_PARTS: Final = 4
_RETRIES: Final = 16  # random part sets tried before the cheapest single part is taken


def random_split(mk: MoveKind, rand) -> tuple[int, ...]:
    """A split drawn for `mk` (`rand`: a function returning a float in [0, 1)), distributed as
    `_random_split` draws it; a small split takes one `rand()` and a bisection of a table."""
    entry = _SPLIT_TABLES.get(id(mk))
    if entry is None or entry[0] is not mk:
        entry = _split_entry(mk)
        if entry is None:
            return _random_split(mk, rand)
    return entry[2][bisect_right(entry[1], rand())]


def _split_entry(mk: MoveKind) -> tuple | None:
    """The table entry of a split kind, built once per kind value; None: too large a split."""
    key = (mk.lo, mk.hi, mk.parts)
    table = _SPLIT_BY_VALUE.get(key)
    if table is None:
        if len(mk.parts or ()) > _TABLE_MAX_PARTS:
            return None
        total_hi = _split_bounds(mk)[3]
        if total_hi > _TABLE_MAX_TOTAL:
            return None
        dist = split_distribution(mk)
        outs = sorted(dist)
        cum, acc = [], 0.0
        for out in outs:
            acc += dist[out]
            cum.append(acc)
        cum = [c / acc for c in cum]
        cum[-1] = 1.0  # rand() < 1.0, so the bisection always lands on an outcome
        if len(_SPLIT_BY_VALUE) >= _SPLIT_TABLES_MAX:
            _SPLIT_BY_VALUE.clear()
        table = _SPLIT_BY_VALUE[key] = (cum, tuple(outs))
    if len(_SPLIT_TABLES) >= _SPLIT_TABLES_MAX:
        _SPLIT_TABLES.clear()
    entry = _SPLIT_TABLES[id(mk)] = (mk, *table)
    return entry


def _split_bounds(mk: MoveKind) -> tuple:
    """(parts, their number, the least and most total, the bit set of parts that can take any)."""
    parts: Any = mk.parts  # a split kind's
    n = len(parts)
    total_hi = mk.hi if mk.hi is not None else sum(hi for _, hi in parts)
    total_lo = mk.lo or 0
    usable = 0
    for i in range(n):
        lo, hi = parts[i]
        if lo <= hi and lo <= total_hi:
            usable |= 1 << i
    return parts, n, total_lo, total_hi, usable


def _mask_totals(parts, n: int, mask: int, total_lo: int, total_hi: int) -> tuple[int, int, int]:
    """For the parts in `mask`: the least they need, and the least and most total they allow."""
    need = room = 0
    for i in range(n):
        if mask >> i & 1:
            need += parts[i][0]
            room += parts[i][1]
    return need, max(need, total_lo), min(room, total_hi)


def _cheapest_set(parts, n: int, usable: int, total_lo: int, total_hi: int) -> tuple:
    """When no random part set fits: the usable part set that fits needing least (the cheapest
    part alone, unless the least total asks for more parts), at the least total."""
    fitting = []
    for mask in range(1, 1 << n):
        if mask & usable == mask:
            need, lo_t, hi_t = _mask_totals(parts, n, mask, total_lo, total_hi)
            if lo_t <= hi_t:
                fitting.append((need, mask.bit_count(), mask, lo_t))
    if not fitting:  # nothing fits: the cheapest part alone
        i = min((i for i in range(n) if usable >> i & 1), key=lambda i: parts[i][0])
        return 1 << i, parts[i][0], max(total_lo, parts[i][0])
    need, _, mask, lo_t = min(fitting)
    return mask, need, lo_t


def _spread_rest(out: list, order: list, parts, extra: int) -> None:
    """What the random shares left over goes wherever there is room, in `order`."""
    for i in order:
        add = min(extra, parts[i][1] - out[i])
        out[i] += add
        extra -= add


def _random_split(mk: MoveKind, rand) -> tuple[int, ...]:
    """A random non-empty set of parts whose minimums fit, a total drawn uniformly between what
    they need and what they can take, the surplus spread over them in random order.

    The set: a uniform non-empty subset of all parts, restricted to the usable ones, drawn again
    (up to 16 times) while it is empty or does not fit, else the cheapest set that fits. The
    order: the parts' own or reversed, with even odds. The spread: each part but the last in
    order takes a uniform share of what is left and it can hold, the last the rest."""
    parts, n, total_lo, total_hi, usable = _split_bounds(mk)
    if not usable:
        return (0,) * n
    for _ in range(_RETRIES):
        mask = usable & (1 + int(rand() * ((1 << n) - 1)))
        if not mask:
            continue
        need, lo_t, hi_t = _mask_totals(parts, n, mask, total_lo, total_hi)
        if lo_t <= hi_t:
            break
    else:  # the cheapest set that fits, when anything does
        mask, need, lo_t = _cheapest_set(parts, n, usable, total_lo, total_hi)
        hi_t = lo_t
    extra = lo_t + below(rand, hi_t - lo_t + 1) - need
    out = [parts[i][0] if mask >> i & 1 else 0 for i in range(n)]
    order = [i for i in range(n) if mask >> i & 1]
    if len(order) > 1 and rand() < 0.5:
        order.reverse()
    for i in order:
        if extra <= 0:
            break
        add = min(extra, parts[i][1] - out[i])
        if i != order[-1]:
            add = below(rand, add + 1)
        out[i] += add
        extra -= add
    if extra > 0:
        _spread_rest(out, order, parts, extra)
    return tuple(out)


def split_distribution(mk: MoveKind) -> dict[tuple[int, ...], float]:
    """The exact distribution of `_random_split(mk, ...)`: each outcome and its probability,
    computed branch by branch as the draws there would go."""
    parts, n, total_lo, total_hi, usable = _split_bounds(mk)
    if not usable:
        return {(0,) * n: 1.0}
    draws = (1 << n) - 1
    fits: dict[int, int] = {}  # a part set that fits -> how many of the draws give it
    for d in range(1, draws + 1):
        mask = usable & d
        if mask:
            need, lo_t, hi_t = _mask_totals(parts, n, mask, total_lo, total_hi)
            if lo_t <= hi_t:
                fits[mask] = fits.get(mask, 0) + 1
    miss = 1.0 - sum(fits.values()) / draws  # the odds one draw is drawn again
    reach = float(_RETRIES) if miss == 1.0 else (1.0 - miss**_RETRIES) / (1.0 - miss)
    dist: dict[tuple[int, ...], float] = {}
    for mask, count in fits.items():
        need, lo_t, hi_t = _mask_totals(parts, n, mask, total_lo, total_hi)
        _split_branches(parts, n, mask, need, lo_t, hi_t, count / draws * reach, dist)
    if miss > 0.0:
        mask, need, lo_t = _cheapest_set(parts, n, usable, total_lo, total_hi)
        _split_branches(parts, n, mask, need, lo_t, lo_t, miss**_RETRIES, dist)
    return dist


def _split_branches(parts, n, mask, need, lo_t, hi_t, p, dist) -> None:
    base = [parts[i][0] if mask >> i & 1 else 0 for i in range(n)]
    order = [i for i in range(n) if mask >> i & 1]
    orders = [order, order[::-1]] if len(order) > 1 else [order]
    p /= (hi_t - lo_t + 1) * len(orders)
    for total in range(lo_t, hi_t + 1):
        for o in orders:
            _spread_branches(base[:], o, 0, total - need, parts, p, dist)


def _spread_branches(out, order, k, extra, parts, p, dist) -> None:
    """The spread loop of `_random_split` from the k-th part in `order`, every share in turn."""
    if k < len(order) and extra > 0:
        i = order[k]
        add = min(extra, parts[i][1] - out[i])
        if k == len(order) - 1:
            out[i] += add
            _spread_branches(out, order, k + 1, extra - add, parts, p, dist)
            return
        q = p / (add + 1)
        for a in range(add + 1):
            o = out[:]
            o[i] += a
            _spread_branches(o, order, k + 1, extra - a, parts, q, dist)
        return
    if extra > 0:
        out = out[:]
        _spread_rest(out, order, parts, extra)
    key = tuple(out)
    dist[key] = dist.get(key, 0.0) + p


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
