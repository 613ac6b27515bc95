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
    # abandonment; and of the rate limits; tests give a clock they move by hand
    clock: Callable[[], float] = time.time
    # after start-up, move every object alive then out of the garbage collector's way, so that
    # its full collections stay short (a pause there is a pause for every table); `serve` sets it
    freeze_gc: bool = False
    # --- stalled seats (stalls.py; docs/server.md, "Who moves when") ---
    # seconds a table may wait on a person, in all since they last moved themselves, before the
    # others may expel them (the table's turn timer instead, when longer)
    stall_after: float = 600.0
    # past this many seconds of such waiting the fallback bot takes the seat over for good,
    # expelled or not, whatever the turn timer: every game ends
    max_stall: float = 86400.0
    # --- tables per address (table_caps.py; docs/server-defences.md, "Tables per address");
    # 0: no cap ---
    # tables waiting for people (`open`) that one client address may have at once, and that all
    # addresses together may (within max_live_tables: the rest is kept for games that start)
    open_tables_per_address: int = 5
    max_open_tables: int = 500
    # tables open or playing that one client address may have created and not yet finished
    live_tables_per_address: int = 20
    # the lobby's listing of open tables shows the newest this many of each creator's address
    open_tables_listed_per_address: int = 3
    # --- connections (edge.py; docs/server-defences.md, "Slow clients and connections");
    # 0: no limit ---
    # seconds a connection has to send a whole request, head and body, from connecting or from
    # its first byte after the last response; past them it is closed
    request_timeout: float = 10.0
    # seconds a kept-alive connection may wait for its next request (uvicorn's keep-alive)
    idle_timeout: float = 5.0
    # connections (WebSockets included) one client address may hold at once; a trusted proxy's
    # are not counted per address
    connections_per_address: int = 64
    # connections open at once in all; None: the open-file limit less 100 (edge.FILES_KEPT)
    max_connections: int | None = None
    # --- what ratings count (rating_rules.py; docs/server-defences.md, "Ratings") ---
    # a rated table's turn timer is at least this many seconds, or none; a practice table's: any
    rated_min_turn_timer: float = 20.0
    # rated games of a game that count between two people, or between a person and an address,
    # within `rated_opponent_window` seconds (0: no cap)
    rated_games_per_opponent: int = 5
    rated_opponent_window: float = 86400.0
    # the leaderboard lists a person after this many rated games against this many distinct
    # opponents (bot levels count as opponents; levels themselves are always listed)
    leaderboard_min_games: int = 10
    leaderboard_min_opponents: int = 5
    # --- bot work shared between addresses (botpool.py, bot_budget.py;
    # docs/server-defences.md, "Bot work shared between addresses") ---
    # processes besides bot_workers that run only the levels that move at once (think time 0:
    # beginner, standard, learned), so that their moves never wait behind a search
    quick_bot_workers: int = 1
    # the think seconds of the slowest bot of each table an address has open or playing, summed,
    # may reach this (2.5: two tables of strong or expert bots); past it a create is refused
    # (429) unless the address has no such table yet. 0: no cap
    bot_seconds_per_address: float = 2.5

    def url(self) -> str:
        return self.database_url or default_database_url()
