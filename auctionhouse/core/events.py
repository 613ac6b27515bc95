"""Public events: the entries of a view's `log`, one vocabulary for every game.

Each game declares its events in `games/<g>/events.py`: `EVENTS` maps each kind to a TypedDict
of its fields (its docstring says what happened). An entry is a dict `{"event": kind, ...}`
holding exactly its kind's fields. The same names mean the same things in every game:

- `seat`: the seat the event is about (who bid, passed, won, starts the round); `seats`: several
  seats (a tie, the zero bidders). A seat is a number from 0, never a name.
- `round` {round, ...}: a round begins (`round` counted from 1; `seat`: who starts it, where the
  rules name someone). `end` {...}: the game is over (where the game says so in its log).
- `bid` {seat, amount}: a bid of `amount`; a bid split over several lots has `amounts`, one per
  lot. `pass` {seat}: a seat passes. `skip` {seat}: a seat lets its turn go.
- `won` {seat, price, ...}: a lot is sold to `seat` for `price` (null while it is secret).
  `unsold` {...}: a lot found no buyer.
- `scored` {round, gains, ...}: a round is scored; `gains`: what each seat got from it, by seat.
- `card`, `cards`: card ids as the game's catalog numbers them; `amount`: money a seat names
  (a bid, an opening bid, an asked price); `price`: money paid for a lot.

A game's own kinds (art-dice's `roll`, Q.E.'s `peek`) use these names for these things too.

`check` says what is wrong with an entry; the tests run it over every entry of random games and
scripts/events_table.py writes the declarations out as docs/events.md.
"""

from __future__ import annotations

import types
import typing
from typing import Any, get_args, get_origin, get_type_hints

Schemas = dict[str, type]  # kind -> TypedDict of its fields


def declared(game) -> Schemas | None:
    """The game's declared events (what its `events` attribute names, e.g. ".events:EVENTS"),
    or None for a game that declares none."""
    return None if game.events is None else game.load(game.events)


def fields(schema: type) -> dict[str, Any]:
    """An event kind's fields and their types, in order."""
    return get_type_hints(schema)


def type_name(kind: Any) -> str:
    """A field's type as docs write it: "int", "list[int]", "int | None"."""
    return kind.__name__ if isinstance(kind, type) and not get_args(kind) else str(kind)


def check(event: Any, schemas: Schemas, players: int) -> str | None:
    """What is wrong with a log entry (None: nothing): its kind is unknown, it lacks a declared
    field or has one more, a value is not of the declared type, or a seat is no seat."""
    if type(event) is not dict or type(event.get("event")) is not str:
        return f"not an event: {event!r}"
    schema = schemas.get(event["event"])
    if schema is None:
        return f"undeclared kind {event['event']!r}"
    want = fields(schema)
    got = set(event) - {"event"}
    if got != set(want):
        return f"{event['event']}: fields {sorted(got)}, declared {sorted(want)}"
    for name, kind in want.items():
        if not _fits(event[name], kind):
            return f"{event['event']}.{name} = {event[name]!r} is not {type_name(kind)}"
    for name in ("seat", "seats"):
        seats = event.get(name)
        seats = [seats] if name == "seat" else seats or []
        if any(s is not None and not 0 <= s < players for s in seats):
            return f"{event['event']}.{name} = {event[name]!r}: no such seat of {players}"
    return None


def _fits(value: Any, kind: Any) -> bool:
    origin = get_origin(kind)
    if kind is Any:
        return True
    if kind is type(None):
        return value is None
    if origin in (types.UnionType, typing.Union):
        return any(_fits(value, k) for k in get_args(kind))
    if origin is list:
        (item,) = get_args(kind)
        return type(value) is list and all(_fits(v, item) for v in value)
    if origin is dict:
        key, item = get_args(kind)
        return type(value) is dict and all(
            _fits(k, key) and _fits(v, item) for k, v in value.items()
        )
    return type(value) is kind  # exact: a bool is no int here
