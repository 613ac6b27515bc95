"""Seats handed to the fallback bot for good: when, and by which seat (null: the server).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMNs (as in 0003): SQLite's batch mode would copy `seats`
    op.add_column("seats", sa.Column("expelled_at", sa.Float, nullable=True))
    op.add_column("seats", sa.Column("expelled_by", sa.Integer, nullable=True))


def downgrade() -> None:
    op.drop_column("seats", "expelled_by")
    op.drop_column("seats", "expelled_at")
