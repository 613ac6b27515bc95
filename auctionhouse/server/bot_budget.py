"""What a table's bots cost the bot workers, and how much of that one client address may hold
(docs/server-defences.md, "Bot work shared between addresses").

A table moves one bot at a time, so the most worker time it takes at once is the think time of
its slowest bot: of its bot seats' levels and, where people sit, of its fallback bot (which
moves for a person out of time or gone). `strong` and `expert` cost 1.25 s, the levels that move
at once 0. The tables an address created that are open or playing may cost
`bot_seconds_per_address` together: a create that would go past it is refused (429), unless the
address has no costly table yet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..core import Game
from . import levels
from .botpool import Ticket
from .settings import Settings
from .table_caps import LIVE, Refusal

if TYPE_CHECKING:
    from .table import Table


def table_cost(game: Game, bots: Iterable[str], fallback: str | None, move_limit: float) -> float:
    """The think seconds of the slowest bot that may move at a table: `bots`, its bot seats'
    stored levels (or specs); `fallback`, its fallback bot where people sit (None: nobody does)."""
    every = [*bots, *([fallback] if fallback else [])]
    return max((levels.choice(game, b, move_limit).think for b in every), default=0.0)


def cost_of(table: Table) -> float:
    seats = table.seats
    people = any(s.kind == "human" for s in seats)
    return table_cost(
        table.game,
        [s.bot_spec or "beginner" for s in seats if s.kind == "bot"],
        table.fallback_bot if people else None,
        table.lobby.settings.bot_move_limit,
    )


def ticket(table: Table, think: float) -> Ticket:
    """The bot pool's ticket for a move at `table` by a bot of `think` seconds: in the turn of its
    creator's address, or of the table alone where its creator is not known (a rematch, a table
    resumed after a restart)."""
    key = table.lobby.caps.creators.get(table)
    return Ticket(key or f"table {table.id}", table.id, quick=think == 0)


class BotBudget:
    """The bot seconds of each address's live tables, and of the creates under way."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._pending: list[tuple[str, float]] = []  # creates being stored: (key, cost)

    def refusal(
        self,
        tables: Iterable[Table],
        creator: Callable[[Table], str | None],
        key: str | None,
        cost: float,
    ) -> Refusal | None:
        """Why address `key` may not make a table costing `cost` now, or None (`creator`: the
        key that made a table; None: no address, the server's own)."""
        budget = self.settings.bot_seconds_per_address
        if key is None or cost <= 0 or budget <= 0:
            return None
        used = sum(cost_of(t) for t in tables if t.status in LIVE and creator(t) == key)
        used += sum(c for k, c in self._pending if k == key)
        if used <= 0 or used + cost <= budget + 1e-9:
            return None
        return (
            429,
            f"your address's tables already hold {used:g} of its {budget:g} bot seconds (a table "
            f"holds its slowest bot's think time, this one {cost:g}); let one of them finish, or "
            "choose levels that move at once (beginner, standard, learned)",
            None,
        )

    @contextmanager
    def reserving(self, key: str | None, cost: float) -> Iterator[None]:
        """Count a table being stored (from the `refusal` that let it through, with no await in
        between, until it is in the lobby's tables)."""
        entry = (key or "", cost)
        self._pending.append(entry)
        try:
            yield
        finally:
            self._pending.remove(entry)
