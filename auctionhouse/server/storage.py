"""Storage: the schema (created and upgraded by the Alembic migrations beside this file) and one
database thread that runs every query, committing whatever is waiting in one transaction.

Every move is written before anyone is told of it. The queries are plain functions of a
connection; `Database.run` hands one to the thread and awaits its result. Moves from many tables
waiting at once share one commit (and so one disk sync), which is what keeps 200 busy tables fast
on SQLite with `synchronous=FULL`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from .rating_rules import RatingRules

log = logging.getLogger("auctionhouse.server")

MIGRATIONS = Path(__file__).parent / "migrations"

metadata = sa.MetaData()

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("title", sa.String(100), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("setup", sa.JSON, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("countdown", sa.Float, nullable=True),
    sa.Column("turn_timer", sa.Float, nullable=True),
    sa.Column("fallback_bot", sa.String(200), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("started_at", sa.Float, nullable=True),
    sa.Column("finished_at", sa.Float, nullable=True),
    # the seed of the table's bots (hex); never sent to a client
    sa.Column("secret", sa.String(64), nullable=True),
    # whether its result went into the ratings (set once, in the transaction that stores its end)
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    # the table created by a rematch of this one
    sa.Column("rematch", sa.String(32), nullable=True),
    # a practice table is never rated (and may have any turn timer); see rating_rules.py
    sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false()),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column(
        "table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(8), nullable=False),  # human | bot
    sa.Column("bot", sa.String(200), nullable=True),  # the bot's spec for a bot seat
    sa.Column("name", sa.String(40), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),  # SHA-256 of the seat token, hex
    sa.Column("joined_at", sa.Float, nullable=True),
    # the player identity sitting here (or, not yet joined, the one a rematch keeps it for)
    # (a players.id; no foreign key: SQLite cannot add one to a stored table without copying it)
    sa.Column("player_id", sa.String(16), nullable=True, index=True),
    # the joining address's key (addresses.client_key) as an HMAC under a salt that lives only in
    # the server's memory (rating_rules.address_hash): equal for one address, nothing else
    sa.Column("address_hash", sa.String(64), nullable=True),
    # when the seat was handed to the fallback bot for good (stalls.py), and by which seat
    # (null: the server, past max_stall)
    sa.Column("expelled_at", sa.Float, nullable=True),
    sa.Column("expelled_by", sa.Integer, nullable=True),
)

players = sa.Table(
    "players",
    metadata,
    sa.Column("id", sa.String(16), primary_key=True),  # public: player pages, leaderboards
    sa.Column("key_hash", sa.String(64), nullable=False, unique=True),  # SHA-256 of the key, hex
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)


def _rating_columns() -> list[sa.Column]:
    """An openskill rating: mu, sigma and mu - 3 sigma (what leaderboards sort by)."""
    return [sa.Column(c, sa.Float, nullable=False) for c in ("mu", "sigma", "ordinal")]


# one row per game and competitor: a player identity (`player:<id>`) or a bot level (`bot:<level>`)
ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("game", sa.String(64), primary_key=True),
    sa.Column("competitor", sa.String(220), primary_key=True),
    sa.Column("player_id", sa.String(16), sa.ForeignKey("players.id"), nullable=True),
    sa.Column("bot", sa.String(200), nullable=True),
    *_rating_columns(),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("wins", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    # distinct competitors met in rated games (rating_opponents' rows of this one)
    sa.Column("opponents", sa.Integer, nullable=False, server_default="0"),
    sa.Index("ix_ratings_game_ordinal", "game", "ordinal"),
)

# each pair of competitors that met in a rated game of `game` (what `ratings.opponents` counts)
rating_opponents = sa.Table(
    "rating_opponents",
    metadata,
    sa.Column("game", sa.String(64), primary_key=True),
    sa.Column("competitor", sa.String(220), primary_key=True),
    sa.Column("opponent", sa.String(220), primary_key=True),
)

# each seat's outcome of a rated table, with its competitor's rating after it
results = sa.Table(
    "results",
    metadata,
    sa.Column(
        "table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("competitor", sa.String(220), nullable=False),
    sa.Column("player_id", sa.String(16), sa.ForeignKey("players.id"), nullable=True),
    sa.Column("score", sa.JSON, nullable=False),
    sa.Column("place", sa.Integer, nullable=False),  # 1 for the winners, then by score
    sa.Column("won", sa.Boolean, nullable=False),
    # the fallback bot made most of the seat's moves: rated as last (rating_rules.py)
    sa.Column("absent", sa.Boolean, nullable=False, server_default=sa.false()),
    *_rating_columns(),  # the competitor's, after this game
    sa.Column("finished_at", sa.Float, nullable=False),
    sa.Index("ix_results_player", "player_id", "finished_at"),
)

moves = sa.Table(
    "moves",
    metadata,
    sa.Column(
        "table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),  # 0, 1, 2, ...
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("move", sa.JSON, nullable=False),  # [kind] or [kind, argument]
    sa.Column("by", sa.String(16), nullable=False),  # seat | bot | fallback | countdown
    sa.Column("created_at", sa.Float, nullable=False),
)


# --- the engine and the schema ------------------------------------------------------------
BUSY_MS = 10000  # how long a SQLite connection waits for a lock before it gives up


def make_engine(url: str, sqlite_synchronous: str = "FULL") -> Engine:
    if url.startswith("sqlite"):
        engine = sa.create_engine(url, connect_args={"check_same_thread": False})
        sync = sqlite_synchronous.upper()
        if sync not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"sqlite synchronous is OFF, NORMAL, FULL or EXTRA, not {sync!r}")

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={sync}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute(f"PRAGMA busy_timeout={BUSY_MS}")
            cur.close()

        return engine
    return sa.create_engine(url, pool_pre_ping=True)


def _no_autocheckpoint(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.close()


def upgrade(engine: Engine) -> None:
    """Create or upgrade the schema to the newest migration (Alembic, run in-process)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


# --- the database thread ------------------------------------------------------------------
class Database:
    """One thread that owns the connection; `run(fn, ...)` calls `fn(conn, ...)` there.

    Calls waiting together are committed in one transaction; if that transaction fails, each is
    retried alone so one bad call fails only itself.
    """

    def __init__(
        self,
        url: str,
        sqlite_synchronous: str = "FULL",
        batch: int = 512,
        rating_rules: RatingRules | None = None,
    ) -> None:
        self.url = url
        self.engine = make_engine(url, sqlite_synchronous)
        self.batch = batch
        self.rating_rules = rating_rules  # for the games that end here (None: its defaults)
        self.queue: queue.SimpleQueue = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.commits = 0
        self.checkpointer: threading.Thread | None = None
        self._stopping = threading.Event()
        self.sqlite = url.startswith("sqlite")
        self.wal_keep = 4 << 20  # bytes of write-ahead log left on disk after a checkpoint, at most
        if self.sqlite:
            # SQLite copies its write-ahead log into the database file every 1000 pages, inside
            # whichever commit crosses that line: tens of milliseconds (two syncs) added to that
            # move. A thread of its own does it instead, beside the commits.
            sa.event.listen(self.engine, "connect", _no_autocheckpoint)

    def start(self) -> None:
        upgrade(self.engine)
        self.thread = threading.Thread(target=self._work, name="auctionhouse-db", daemon=True)
        self.thread.start()
        if self.sqlite:
            self.checkpointer = threading.Thread(
                target=self._checkpoints, name="auctionhouse-checkpoint", daemon=True
            )
            self.checkpointer.start()

    def stop(self) -> None:
        self._stopping.set()
        if self.checkpointer is not None:
            self.checkpointer.join()
            self.checkpointer = None
        if self.thread is not None:
            self.queue.put(None)
            self.thread.join()
            self.thread = None
        self.engine.dispose()

    def _checkpoints(self, every: float = 1.0) -> None:
        """A checkpoint every `every` seconds when there were commits."""
        done = self.commits
        while not self._stopping.wait(every):
            if self.commits == done:
                continue
            done = self.commits
            try:
                self.checkpoint()
            except Exception:
                log.exception("the write-ahead log checkpoint failed; it is tried again")

    def checkpoint(self) -> tuple[int, int, int]:
        """Copy the write-ahead log into the database file (PASSIVE: it waits for no reader or
        writer, and none waits for it); SQLite's (busy, frames in the log, frames copied).

        SQLite reuses the log's file rather than shrink it, so a burst of moves would leave it
        as large as the burst made it: a log over `wal_keep` bytes, once all copied, is cut to
        nothing (TRUNCATE, which waits at most a moment for a commit under way; when busy it
        is tried at the next checkpoint)."""
        with self.engine.connect() as conn:
            done = tuple(conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one())
            if done[0] == 0 and done[1] == done[2] and self._wal_bytes() > self.wal_keep:
                conn.exec_driver_sql("PRAGMA busy_timeout=100")
                try:
                    conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").one()
                finally:
                    conn.exec_driver_sql(f"PRAGMA busy_timeout={BUSY_MS}")
            return done

    def _wal_bytes(self) -> int:
        name = self.engine.url.database
        if not name or name == ":memory:":
            return 0
        try:
            return Path(f"{name}-wal").stat().st_size
        except FileNotFoundError:
            return 0

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self.queue.put((fn, args, fut, loop))
        return await fut

    async def append_move(
        self, table_id: str, seq: int, seat: int, move: list, by: str, result: dict | None
    ) -> None:
        """Store move `seq` of a table (and its result when it ended the game). Moves waiting
        together go in with one statement for all of them."""
        await self.run(_MOVE, table_id, seq, seat, move, by, result)

    def _work(self) -> None:
        while True:
            item = self.queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while len(batch) < self.batch:
                try:
                    nxt = self.queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                batch.append(nxt)
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list) -> None:
        try:
            with self.engine.begin() as conn:
                results = _execute(conn, batch, self.rating_rules)
            self.commits += 1
        except Exception as e:
            if len(batch) == 1:
                _resolve(batch[0], error=e)
                return
            for item in batch:  # one at a time, so only the failing call fails
                self._commit([item])
            return
        for item, result in zip(batch, results, strict=True):
            _resolve(item, result=result)


def _resolve(item, result: Any = None, error: BaseException | None = None) -> None:
    _, _, fut, loop = item

    def settle() -> None:
        if fut.done():
            return
        if error is not None:
            fut.set_exception(error)
        else:
            fut.set_result(result)

    with contextlib.suppress(RuntimeError):  # a closed loop: nobody is waiting any more
        loop.call_soon_threadsafe(settle)


def _MOVE(conn: Connection, *args: Any) -> None:
    """Marks a stored move in the queue (see `_execute`); alone, it stores that one move."""
    _store_moves(conn, [args])


def _execute(conn: Connection, batch: list, rules: RatingRules | None = None) -> list:
    """Every call of a batch in order, runs of moves stored together (games that end rated
    under `rules`)."""
    results: list[Any] = []
    moves_waiting: list[tuple] = []
    for fn, args, _, _ in batch:
        if fn is _MOVE:
            moves_waiting.append(args)
            results.append(None)
            continue
        _store_moves(conn, moves_waiting, rules)
        moves_waiting = []
        results.append(fn(conn, *args))
    _store_moves(conn, moves_waiting, rules)
    return results


_INSERT_MOVE = moves.insert()
_SET_VERSION = (
    tables.update().where(tables.c.id == sa.bindparam("tid")).values(version=sa.bindparam("v"))
)
_FINISH = (
    tables.update()
    .where(tables.c.id == sa.bindparam("tid"))
    .values(status="finished", result=sa.bindparam("res"), finished_at=sa.bindparam("at"))
)


def _store_moves(conn: Connection, rows: list[tuple], rules: Any = None) -> None:
    """Moves as (table_id, seq, seat, move, by, result): two statements for all of them."""
    if not rows:
        return
    now = time.time()
    conn.execute(
        _INSERT_MOVE,
        [
            {"table_id": t, "seq": q, "seat": s, "move": m, "by": b, "created_at": now}
            for t, q, s, m, b, _ in rows
        ],
    )
    conn.execute(_SET_VERSION, [{"tid": t, "v": q + 1} for t, q, _, _, _, _ in rows])
    finished = [{"tid": t, "res": r, "at": now} for t, _, _, _, _, r in rows if r is not None]
    if finished:
        from .ratings import rate_table  # (ratings reads this module's tables)

        conn.execute(_FINISH, finished)
        for f in finished:  # in the same transaction as the end of the game
            rate_table(conn, f["tid"], f["res"], now, rules)


# --- queries (each runs on the database thread, inside a transaction) -----------------------
class RematchTaken(Exception):
    """The table already has a rematch: `table_id`."""

    def __init__(self, table_id: str) -> None:
        super().__init__(table_id)
        self.table_id = table_id


def insert_table(
    conn: Connection, row: dict, seat_rows: list[dict], rematch_of: str | None = None
) -> None:
    """Store a new table; as the rematch of `rematch_of` only if that one has none yet (else
    RematchTaken, and nothing is stored)."""
    if rematch_of is not None:
        taken = conn.execute(
            tables.update()
            .where(tables.c.id == rematch_of, tables.c.rematch.is_(None))
            .values(rematch=row["id"])
        ).rowcount
        if taken != 1:
            existing = conn.execute(
                sa.select(tables.c.rematch).where(tables.c.id == rematch_of)
            ).scalar_one()
            raise RematchTaken(existing)
    conn.execute(tables.insert().values(**row))
    conn.execute(seats.insert(), seat_rows)


def join_seat(
    conn: Connection,
    table_id: str,
    seat: int,
    name: str,
    token_hash: str,
    player_id: str | None = None,
    address_hash: str | None = None,
) -> bool:
    """Claim a free human seat (one kept for a player only with that player's id); the table
    starts (in the same transaction) when it was the last. `address_hash`: the joining address
    (rating_rules.address_hash)."""
    now = time.time()
    kept_for = seats.c.player_id.is_(None)
    if player_id is not None:
        kept_for = sa.or_(kept_for, seats.c.player_id == player_id)
    done = conn.execute(
        seats.update()
        .where(
            seats.c.table_id == table_id,
            seats.c.seat == seat,
            seats.c.kind == "human",
            seats.c.token_hash.is_(None),
            kept_for,
        )
        .values(
            name=name,
            token_hash=token_hash,
            joined_at=now,
            player_id=player_id,
            address_hash=address_hash,
        )  # fmt: skip
    ).rowcount
    if done != 1:
        return False
    free = conn.execute(
        sa.select(sa.func.count())
        .select_from(seats)
        .where(seats.c.table_id == table_id, seats.c.token_hash.is_(None), seats.c.kind == "human")
    ).scalar_one()
    if free == 0:
        conn.execute(
            tables.update()
            .where(tables.c.id == table_id, tables.c.status == "open")
            .values(status="playing", started_at=now)
        )
    return True


def load_table(conn: Connection, table_id: str) -> dict | None:
    """A table with its seats and moves, or None."""
    row = conn.execute(sa.select(tables).where(tables.c.id == table_id)).mappings().first()
    if row is None:
        return None
    out = dict(row)
    out["seats"] = table_seats(conn, table_id)
    out["moves"] = [
        dict(r)
        for r in conn.execute(
            sa.select(moves.c.seq, moves.c.seat, moves.c.move, moves.c.by)
            .where(moves.c.table_id == table_id)
            .order_by(moves.c.seq)
        ).mappings()
    ]
    return out


def table_seats(conn: Connection, table_id: str) -> list[dict]:
    """A table's seats in order."""
    query = sa.select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
    return [dict(r) for r in conn.execute(query).mappings()]


def finished_rows(conn: Connection, limit: int, game: str | None = None) -> list[dict]:
    """The newest finished tables (of `game`, when given) with their seats (no setups, no
    moves)."""
    cols = [c for c in tables.c if c.name not in ("setup", "secret")]
    query = sa.select(*cols).where(tables.c.status == "finished")
    if game is not None:
        query = query.where(tables.c.game == game)
    rows = [
        dict(r)
        for r in conn.execute(query.order_by(tables.c.finished_at.desc()).limit(limit)).mappings()
    ]
    if rows:
        by_id = {r["id"]: r for r in rows}
        for r in rows:
            r["seats"] = []
        for s in conn.execute(
            sa.select(seats).where(seats.c.table_id.in_(list(by_id))).order_by(seats.c.seat)
        ).mappings():
            by_id[s["table_id"]]["seats"].append(dict(s))
    return rows


def live_table_ids(conn: Connection) -> list[str]:
    """The open and playing tables, oldest first (what a starting server resumes)."""
    query = (
        sa.select(tables.c.id)
        .where(tables.c.status.in_(("open", "playing")))
        .order_by(tables.c.created_at)
    )
    return list(conn.execute(query).scalars())


def expire_tables(conn: Connection, ids: list[str], now: float) -> None:
    """Mark these tables expired, those of them still open."""
    for i in range(0, len(ids), 500):  # within every database's limit on bound parameters
        conn.execute(
            tables.update()
            .where(tables.c.id.in_(ids[i : i + 500]), tables.c.status == "open")
            .values(status="expired", finished_at=now)
        )


def expire_open_tables(conn: Connection, before: float, now: float) -> int:
    """Mark expired every open table created before `before`; how many there were."""
    return conn.execute(
        tables.update()
        .where(tables.c.status == "open", tables.c.created_at <= before)
        .values(status="expired", finished_at=now)
    ).rowcount
