"""Player identities, their seats, ratings per game and each rated seat's result; rematches.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    # plain ADD COLUMNs (so no foreign key on seats.player_id): SQLite's batch mode copies a
    # table, and dropping the old `tables` there cascades to every seat and move
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("tables", sa.Column("rematch", sa.String(32), nullable=True))
    op.add_column("seats", sa.Column("player_id", sa.String(16), nullable=True))
    op.create_index("ix_seats_player_id", "seats", ["player_id"])
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("competitor", sa.String(220), primary_key=True),
        sa.Column("player_id", sa.String(16), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("bot", sa.String(200), nullable=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_game_ordinal", "ratings", ["game", "ordinal"])
    op.create_table(
        "results",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE")),
        sa.Column("seat", sa.Integer, autoincrement=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("competitor", sa.String(220), nullable=False),
        sa.Column("player_id", sa.String(16), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("score", sa.JSON, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )
    op.create_index("ix_results_player", "results", ["player_id", "finished_at"])


def downgrade() -> None:
    op.drop_index("ix_results_player", "results")
    op.drop_table("results")
    op.drop_index("ix_ratings_game_ordinal", "ratings")
    op.drop_table("ratings")
    op.drop_index("ix_seats_player_id", "seats")
    op.drop_column("seats", "player_id")  # plain DROP COLUMNs (SQLite 3.35+), as in upgrade
    op.drop_column("tables", "rematch")
    op.drop_column("tables", "rated")
    op.drop_table("players")
