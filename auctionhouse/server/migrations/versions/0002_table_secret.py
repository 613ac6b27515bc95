"""A secret per table, kept on the server: its bots' randomness is drawn from it.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("secret", sa.String(64), nullable=True))
    conn = op.get_bind()
    tables = sa.table("tables", sa.column("id", sa.String), sa.column("secret", sa.String))
    for (table_id,) in conn.execute(sa.select(tables.c.id)).all():
        conn.execute(
            tables.update().where(tables.c.id == table_id).values(secret=secrets.token_hex(32))
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("secret")
