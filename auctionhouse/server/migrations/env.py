"""Alembic's environment: migrate the connection `storage.upgrade` hands over, or the URL in
`sqlalchemy.url` when run from the alembic command line."""

from alembic import context
from sqlalchemy import create_engine

from auctionhouse.server.storage import metadata

config = context.config


def run(connection) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    raise SystemExit("auctionhouse migrations run online only (they need a database connection)")
given = config.attributes.get("connection")
if given is not None:
    run(given)
else:
    engine = create_engine(config.get_main_option("sqlalchemy.url"))
    with engine.begin() as conn:
        run(conn)
