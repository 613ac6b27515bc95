"""What ratings count (rating_rules.py): practice tables, each seat's joining address (hashed),
absent seats' results, and the distinct opponents each competitor has met.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMNs (as in 0003): SQLite's batch mode would copy `tables` and `seats`
    op.add_column(
        "tables", sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("seats", sa.Column("address_hash", sa.String(64), nullable=True))
    op.add_column(
        "results", sa.Column("absent", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("ratings", sa.Column("opponents", sa.Integer, nullable=False, server_default="0"))
    op.create_table(
        "rating_opponents",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("competitor", sa.String(220), primary_key=True),
        sa.Column("opponent", sa.String(220), primary_key=True),
    )
    # the pairs already met in rated games, and their count per competitor
    op.execute(
        "INSERT INTO rating_opponents (game, competitor, opponent) "
        "SELECT DISTINCT a.game, a.competitor, b.competitor FROM results a "
        "JOIN results b ON b.table_id = a.table_id AND b.competitor <> a.competitor"
    )
    op.execute(
        "UPDATE ratings SET opponents = (SELECT count(*) FROM rating_opponents o "
        "WHERE o.game = ratings.game AND o.competitor = ratings.competitor)"
    )


def downgrade() -> None:
    op.drop_table("rating_opponents")
    op.drop_column("ratings", "opponents")  # plain DROP COLUMNs (SQLite 3.35+), as in 0003
    op.drop_column("results", "absent")
    op.drop_column("seats", "address_hash")
    op.drop_column("tables", "practice")
