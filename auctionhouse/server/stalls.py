"""Stalled seats: a person who keeps a table waiting cannot stop its game.

A table keeps, for each person's seat, how long it has waited on them in all since they last
moved themselves (`Waits`): the fallback bot's moves for them (turn timer, abandoned table) and
the countdown's are not theirs, so those waits add up. Once that reaches `expel_after` (the
server's `stall_after`, or the table's turn timer when longer) the seat is stalled while the
table waits on it, and any other person seated there may expel it: the fallback bot plays it to
the end. Past the server's `max_stall` the fallback bot takes it over unasked, so every game
ends. Either is stored with the seat (`expelled_at`, `expelled_by`) and is for good.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import Connection

from . import storage

if TYPE_CHECKING:
    from .table import Table

EXPELLED = "your seat was handed to the fallback bot for the rest of the game; you may watch"


class Waits:
    """Per person's seat the table waits on: since when it waits now (`started`), and how long
    it waited before, since that seat last moved itself (`before`)."""

    def __init__(self) -> None:
        self.started: dict[int, float] = {}
        self.before: dict[int, float] = {}

    def update(self, now: float, awaited: set[int], mover: int | None, by: str | None) -> None:
        """After a change: `awaited` are the people's seats waited on now; `mover` moved (`by`
        whom: only "seat" is the person)."""
        for p in list(self.started):
            if p not in awaited or p == mover:
                self.before[p] = self.before.get(p, 0.0) + now - self.started.pop(p)
        if by == "seat":
            self.before.pop(mover, None)
        for p in awaited:
            self.started.setdefault(p, now)

    def since(self, p: int) -> float | None:
        """When the wait on `p` began, counting the waits before it as if in one go; None when
        the table does not wait on `p` now."""
        start = self.started.get(p)
        return None if start is None else start - self.before.get(p, 0.0)

    def forget(self, p: int) -> None:
        self.started.pop(p, None)
        self.before.pop(p, None)


def expel_after(table: Table) -> float:
    """Seconds of waiting after which others may expel a seat."""
    s = table.lobby.settings
    return min(max(s.stall_after, table.turn_timer or 0.0), s.max_stall)


def listing(table: Table) -> list[dict]:
    """The `stalls` of state messages and Table info: each person's seat waited on now, since
    when (`since`), from when others may expel it (`expel_at`) and when the fallback bot takes
    it over unasked (`takeover_at`)."""
    if table.status != "playing":
        return []
    after, most = expel_after(table), table.lobby.settings.max_stall
    out = []
    for p in sorted(table.waits.started):
        since = table.waits.since(p)
        out.append(
            {"seat": p, "since": since, "expel_at": since + after, "takeover_at": since + most}
        )
    return out


def takeovers(table: Table) -> list[tuple[float, int]]:
    """(when, seat): when the fallback bot takes each waited-on person's seat over."""
    most = table.lobby.settings.max_stall
    return [(table.waits.since(p) + most, p) for p in list(table.waits.started)]


def overdue(table: Table, p: int, now: float) -> bool:
    since = table.waits.since(p)
    return since is not None and now >= since + table.lobby.settings.max_stall


def refusal(table: Table, by: int, p: Any, now: float) -> tuple[str, str] | None:
    """Why seat `by` may not expel seat `p` now (an error's code and message), or None."""
    if table.status != "playing":
        if table.status == "open":
            return "not_started", "the game starts when every human seat is taken"
        return "game_over", "the game is over"
    n = len(table.seats)
    if type(p) is not int or not 0 <= p < n:
        return "bad_message", f'an expel message names a "seat": a whole number, 0 to {n - 1}'
    if table.seats[by].expelled_at is not None:
        return "expelled", EXPELLED
    if p == by:
        return "cannot_expel", "you cannot expel your own seat"
    seat = table.seats[p]
    if seat.kind != "human":
        return "cannot_expel", f"seat {p} is a bot's"
    if seat.expelled_at is not None:
        return "cannot_expel", f"seat {p} is the fallback bot's already"
    since = table.waits.since(p)
    if since is None:
        return "not_stalled", f"the table is not waiting on seat {p}"
    left = since + expel_after(table) - now
    if left > 0:
        return "not_stalled", (
            f"seat {p} may be expelled once the table has waited on it "
            f"{_duration(expel_after(table))}: in {math.ceil(left)} s"
        )
    return None


def expelled_info(at: float | None, by: int | None) -> dict | None:
    """A seat's `expelled` in Table info: null, or when and by which seat (null: the server)."""
    return None if at is None else {"at": at, "by": by}


def expel_seat(conn: Connection, table_id: str, seat: int, at: float, by: int | None) -> None:
    """Store that a seat is the fallback bot's for good (on the database thread)."""
    conn.execute(
        storage.seats.update()
        .where(storage.seats.c.table_id == table_id, storage.seats.c.seat == seat)
        .values(expelled_at=at, expelled_by=by)
    )


def _duration(seconds: float) -> str:
    if seconds >= 3600 and seconds % 3600 == 0:
        return f"{seconds / 3600:g} h"
    if seconds >= 60 and seconds % 60 == 0:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"
