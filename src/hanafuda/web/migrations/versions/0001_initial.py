"""Tables, seats and table events.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("theme", sa.String(32), nullable=False),
        sa.Column("spectator_token", sa.String(64), nullable=False),
        sa.Column("creator_token", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("bot", sa.String(16), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.UniqueConstraint("table_id", "seat"),
    )
    op.create_table(
        "table_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("text", sa.String(200), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seq"),
    )


def downgrade() -> None:
    op.drop_table("table_events")
    op.drop_table("seats")
    op.drop_table("tables")
