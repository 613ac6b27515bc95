"""What `auctionhouse serve` checks before it starts the server: the origins it is given, the
address it listens on and the database, each failure one sentence (PreflightError)."""

from __future__ import annotations

import errno
import re
import socket
import threading
from pathlib import Path
from urllib.parse import urlsplit

from ..core import AuctionhouseError

DATABASE_TIMEOUT = 5.0  # seconds to connect to the database before giving up on it
URL_EXAMPLES = "sqlite:///path/to/file.db or postgresql+psycopg://user:password@host/db"


class PreflightError(AuctionhouseError):
    """The server cannot start as asked."""


def check_origin(origin: str) -> str:
    """`origin` as browsers send it (scheme://host[:port], lower case), or PreflightError."""
    problem = (
        f"--allow-origin {origin!r} is not an origin: write scheme://host[:port], "
        "e.g. https://example.org"
    )
    try:
        parts = urlsplit(origin.strip())
        port = parts.port
    except ValueError:
        raise PreflightError(problem) from None
    if (
        parts.scheme.lower() not in ("http", "https")
        or not parts.hostname
        or parts.username is not None
        or parts.path
        or parts.query
        or parts.fragment
        or port == 0
    ):
        raise PreflightError(problem)
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    return f"{parts.scheme.lower()}://{host}" + ("" if port is None else f":{port}")


def check_proxy(proxy: str) -> str:
    """A trusted proxy's address or network as ipaddress writes it, or PreflightError."""
    from .edge import proxy_network

    try:
        return str(proxy_network(proxy))
    except ValueError as e:
        raise PreflightError(str(e)) from None


def check_listen(host: str, port: int) -> None:
    """Bind `host:port` once, as uvicorn will, to name a taken port or an unknown host now."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, port))
    except OSError as e:
        reason = e.strerror or str(e)
        if e.errno == errno.EADDRINUSE:
            reason = "the port is in use (is another server running?)"
        raise PreflightError(f"cannot listen on {host}:{port}: {reason}") from None


def check_database(url: str, timeout: float = DATABASE_TIMEOUT) -> None:
    """Connect to the database at `url` once (within about `timeout` seconds) and read its list
    of tables; PreflightError with the reason, the password hidden, when that fails."""
    import sqlalchemy as sa
    from sqlalchemy.engine import make_url
    from sqlalchemy.pool import NullPool

    try:
        parsed = make_url(url)
    except (sa.exc.ArgumentError, ValueError):
        shown = re.sub(r"//[^/@]*@", "//***@", url)
        raise PreflightError(
            f"--database-url {shown!r} is not a database URL: write e.g. {URL_EXAMPLES}"
        ) from None
    shown = parsed.render_as_string(hide_password=True)
    try:
        dialect = parsed.get_dialect()
    except sa.exc.NoSuchModuleError:
        raise PreflightError(
            f"--database-url {shown}: SQLAlchemy knows no database {parsed.drivername!r}; "
            f"write e.g. {URL_EXAMPLES}"
        ) from None
    connect_args = {}
    if dialect.name == "sqlite":
        _check_sqlite_file(parsed.database, dict(parsed.query))
    elif dialect.driver in ("psycopg", "psycopg2", "pymysql", "mysqldb"):
        connect_args["connect_timeout"] = max(2, round(timeout))
    try:
        engine = sa.create_engine(parsed, poolclass=NullPool, connect_args=connect_args)
    except ImportError as e:
        raise PreflightError(f"--database-url {shown}: its driver is not installed ({e})") from None
    failure: list[BaseException] = []

    def connect() -> None:
        try:
            with engine.connect() as conn:
                sa.inspect(conn).get_table_names()
        except Exception as e:  # any failure is the message; the server would meet it too
            failure.append(e)

    # the driver's own timeout may not cover every step (a name lookup): bound the whole try
    attempt = threading.Thread(target=connect, daemon=True)
    attempt.start()
    attempt.join(timeout + 5)
    if attempt.is_alive():
        raise PreflightError(f"cannot connect to the database {shown}: no answer in {timeout:g} s")
    engine.dispose()
    if failure:
        raise PreflightError(f"cannot connect to the database {shown}: {_reason(failure[0])}")
    _migrate(url, shown)


def _migrate(url: str, shown: str) -> None:
    """Create or upgrade the schema now (the server would at start-up), so that a database that
    refuses it (a user without the right to create tables, a schema from a newer release) is one
    sentence, not a traceback from inside the server."""
    from .storage import make_engine, upgrade

    engine = make_engine(url)
    try:
        upgrade(engine)
    except Exception as e:
        raise PreflightError(
            f"cannot create or upgrade the tables in {shown}: {_reason(e)}"
        ) from None
    finally:
        engine.dispose()


def _check_sqlite_file(database: str | None, query: dict) -> None:
    if not database or database == ":memory:" or query.get("mode") == "memory":
        raise PreflightError(
            "--database-url: an in-memory SQLite database is not one the server can use (its "
            "connections would each see an empty one, and every game would be lost): name a file"
        )
    if database.startswith("file:"):
        return
    folder = Path(database).expanduser().absolute().parent
    if not folder.is_dir():
        raise PreflightError(
            f"--database-url: the folder {folder} of the SQLite database does not exist "
            "(create it, or name a file in a folder that exists)"
        )


def _reason(e: BaseException) -> str:
    """The driver's own first line, without SQLAlchemy's SQL and links."""
    orig = getattr(e, "orig", None) or e
    text = str(orig).strip() or type(orig).__name__
    return text.splitlines()[0]
