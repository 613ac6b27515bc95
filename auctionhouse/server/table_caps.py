"""How many tables a create may add (docs/server-defences.md, "Tables per address"): tables
waiting for people (`open`) per client address and in all, tables open or playing per address
and in all; and the lobby's listing of open tables, a few per creator.

A flood of open tables from many addresses then fills neither the server nor the lobby, and a
table that starts at once (its creator and bots in every seat) is never refused for the open
tables of others. Who created a table (the key of its address) is kept in memory only: a table
resumed after a restart counts for nobody.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from .settings import Settings

if TYPE_CHECKING:
    from .table import Table

LIVE = ("open", "playing")  # the statuses that count against max_live_tables
# why a create is refused: the HTTP status, one sentence, and a Retry-After in seconds (or None)
Refusal = tuple[int, str, int | None]


class TableCaps:
    """The creators of the tables in memory and the creates under way; `refusal` counts both."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.creators: WeakKeyDictionary[Table, str] = WeakKeyDictionary()  # table -> its key
        self._pending: list[tuple[str | None, bool]] = []  # creates being stored: (key, open)

    def refusal(
        self, tables: Iterable[Table], key: str | None, opens: bool, now: float
    ) -> Refusal | None:
        """Why a new table may not be made now, or None. `key`: the creator's address key (None:
        a table the server makes, a rematch, which only `max_live_tables` bounds); `opens`: the
        table waits for people (a table whose seats are all taken as it is made does not, and
        no open table counts against it but within `max_live_tables`)."""
        s = self.settings
        live = opened = mine_live = 0
        mine_open: list[float] = []  # when the key's open tables were made
        for table in tables:
            if table.status not in LIVE:
                continue
            live += 1
            is_open = table.status == "open"
            opened += is_open
            if key is not None and self.creators.get(table) == key:
                mine_live += 1
                if is_open:
                    mine_open.append(table.created_at)
        for k, o in self._pending:
            live += 1
            opened += o
            if key is not None and k == key:
                mine_live += 1
                if o:
                    mine_open.append(now)
        if key is not None and opens and 0 < s.open_tables_per_address <= len(mine_open):
            return self._too_many_open(len(mine_open), min(mine_open), now)
        if key is not None and 0 < s.live_tables_per_address <= mine_live:
            n = mine_live
            return 429, f"your address has {n} tables open or playing; finish one first", None
        if key is not None and opens and 0 < s.max_open_tables <= opened:
            return (
                503,
                "the server has too many tables waiting for players; join one, or seat bots in "
                "every seat but yours so that your table starts at once",
                None,
            )
        if live >= s.max_live_tables:
            return 503, "the server has too many tables in play; try again later", None
        return None

    def _too_many_open(self, n: int, oldest: float, now: float) -> Refusal:
        ttl = self.settings.open_table_ttl
        wait = max(1, math.ceil(oldest + ttl - now)) if ttl > 0 else None
        when = f", or try again in {wait} s" if wait else ""
        return (
            429,
            f"your address has {n} tables waiting for players; let one fill, or seat bots in "
            f"every seat but yours so that the new table starts at once{when}",
            wait,
        )

    @contextmanager
    def reserving(self, key: str | None, opens: bool) -> Iterator[None]:
        """Count a table being stored (from the `refusal` that let it through, with no await in
        between, until it is in the lobby's tables)."""
        entry = (key, opens)
        self._pending.append(entry)
        try:
            yield
        finally:
            self._pending.remove(entry)

    def listed(self, tables: list[Table]) -> list[Table]:
        """`tables` (newest first) with at most `open_tables_listed_per_address` of each
        creator's address: its newest. Tables of no known creator are all listed."""
        most = self.settings.open_tables_listed_per_address
        if most <= 0:
            return tables
        seen: Counter[str] = Counter()
        shown = []
        for table in tables:
            key = self.creators.get(table)
            if key is not None:
                seen[key] += 1
                if seen[key] > most:
                    continue
            shown.append(table)
        return shown
