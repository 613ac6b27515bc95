"""Server settings: where the database is, how fast bots move, and the limits put on clients."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path


def default_database_url() -> str:
    """A SQLite file in the user's data directory (created when missing)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("auctionhouse", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.sqlite3'}"


@dataclass
class Settings:
    """Everything `create_app` needs. `database_url` None means `default_database_url()`."""

    database_url: str | None = None
    # seconds a server-side bot waits before it moves (0 in tests)
    bot_delay: float = 0.8
    # SQLite's synchronous pragma: FULL syncs every commit to disk (moves survive a power cut)
    sqlite_synchronous: str = "FULL"
    # WebSocket limits, per connection
    max_message_bytes: int = 4096
    rate_per_second: float = 30.0
    rate_burst: int = 60
    flood_close_after: int = 200  # refused messages in a row before the connection is closed
    auth_timeout: float = 10.0
    send_queue_limit: int = 2000  # messages waiting for a slow client before it is dropped
    # tables
    max_live_tables: int = 5000
    list_limit: int = 200
    # --- bots: named levels, cost and pacing (docs/server.md, "Bots") ---
    # accept any bot spec (e.g. `ismcts:seconds=5`) besides the named levels: an operator's choice
    allow_any_bot: bool = False
    # a bot move's hard wall-clock limit, whatever its parameters: past it the bot's worker is
    # stopped and a safe legal move is played for the seat
    bot_move_limit: float = 5.0
    bot_workers: int = 2  # processes that run bot moves (one table's bots use one at a time)
    # --- turn timers and abandoned tables ---
    # the per-move clock of a human seat on a table that does not choose one (None: no timer);
    # a table may ask for none with turn_timer 0
    default_turn_timer: float | None = 180.0
    # a playing table where no person has been connected this long is handed to its fallback bot
    abandoned_after: float = 600.0
    # --- the lobby and its clients ---
    open_table_ttl: float = 1800.0  # an open table nobody completes expires after this long
    tables_per_minute: int = 10  # per client address (bursts of as many allowed)
    joins_per_minute: int = 30  # per client address
    # new player identities: per client address, and from all addresses together (a bound on
    # how fast the players table can grow)
    players_per_minute: int = 5
    players_per_minute_total: int = 120
    seat_connects_per_minute: int = 20  # WebSocket connects per seat (and per spectator address)
    replays_per_minute: int = 20  # replays of finished games asked for, per client address
    # --- client addresses (addresses.py) ---
    # every limit "per address" counts an IPv6 client by its network of this many bits
    ipv6_prefix: int = 64
    # proxies (addresses or networks, e.g. "10.0.0.5" or "10.0.0.0/8") whose X-Forwarded-For is
    # believed; none by default: the client is the connection's peer
    trusted_proxies: tuple[str, ...] = field(default_factory=tuple)
    # origins (scheme://host[:port]) allowed to open WebSockets besides the server's own
    allowed_origins: tuple[str, ...] = field(default_factory=tuple)
    # the wall clock (Unix seconds) of tables' deadlines: turn timers, countdowns, bot pacing,
    # abandonment; tests give a clock they move by hand
    clock: Callable[[], float] = time.time
    # after start-up, move every object alive then out of the garbage collector's way, so that
    # its full collections stay short (a pause there is a pause for every table); `serve` sets it
    freeze_gc: bool = False

    def url(self) -> str:
        return self.database_url or default_database_url()
