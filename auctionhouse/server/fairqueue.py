"""A queue served in rounds, by creator and then by table: the bot moves waiting for a worker
(botpool.py)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class FairQueue(Generic[T]):
    """Items waiting, taken one creator after another, each creator's turns going to its tables
    one after another; a table's own items in the order they came. A creator with many tables
    (or many items) gets one turn a round, as a creator with one table does."""

    def __init__(self) -> None:
        # creator -> table -> items; both dicts in turn order (the next to serve first)
        self._creators: dict[str, dict[str, deque[T]]] = {}
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def put(self, creator: str, table: str, item: T) -> None:
        """Wait at the back: a creator or table not waiting yet joins the end of the round."""
        self._creators.setdefault(creator, {}).setdefault(table, deque()).append(item)
        self._count += 1

    def take(self, accept: Callable[[T], bool] = lambda _: True) -> T | None:
        """The next item in turn that `accept` takes (each table's first item is looked at), or
        None. Its table and its creator go to the back of their rounds."""
        for creator, tables in self._creators.items():
            for table, items in tables.items():
                if accept(items[0]):
                    item = items.popleft()
                    self._count -= 1
                    del tables[table]
                    if items:
                        tables[table] = items
                    del self._creators[creator]
                    if tables:
                        self._creators[creator] = tables
                    return item
        return None

    def discard(self, creator: str, table: str, item: T) -> None:
        """Forget a waiting item (this very object: one that stopped waiting)."""
        tables = self._creators.get(creator, {})
        items = tables.get(table, deque())
        at = next((i for i, x in enumerate(items) if x is item), None)
        if at is None:
            return
        del items[at]
        self._count -= 1
        if not items:
            del tables[table]
            if not tables:
                del self._creators[creator]
