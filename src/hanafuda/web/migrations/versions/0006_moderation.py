"""Moderation (issue 29, "Admin"): bans of a name or an address with a reason and an expiry,
players' reports of a chat line or a player, the moderators' actions that running servers apply
(a table closed, a chat line removed), and an account's role (``admin`` opens the admin page).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("social_players") as batch:
        batch.add_column(sa.Column("role", sa.String(16), nullable=True))
    op.create_table(
        "moderation_bans",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(8), nullable=False),  # name | address
        sa.Column("value", sa.String(64), nullable=False, index=True),  # casefolded name, or address/network
        sa.Column("shown", sa.String(64), nullable=False),  # as the moderator typed it
        sa.Column("reason", sa.String(400), nullable=False),
        sa.Column("by", sa.String(40), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=True),  # None: until lifted
        sa.Column("lifted", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "moderation_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("reporter", sa.String(40), nullable=False),
        sa.Column("reporter_seat", sa.Integer, nullable=True),
        sa.Column("reporter_key", sa.String(64), nullable=False),  # hashed address
        sa.Column("target", sa.String(40), nullable=False),
        sa.Column("target_seat", sa.Integer, nullable=True),
        sa.Column("chat_id", sa.Integer, nullable=True),
        sa.Column("line", sa.String(400), nullable=True),  # the reported line, kept as it was
        sa.Column("reason", sa.String(400), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("resolved", sa.DateTime(timezone=True), nullable=True),
        sa.Column("resolved_by", sa.String(40), nullable=True))
    op.create_table(
        "moderation_actions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(16), nullable=False),  # close | chat-remove
        sa.Column("table_id", sa.String(32), nullable=False, index=True),
        sa.Column("chat_id", sa.Integer, nullable=True),
        sa.Column("reason", sa.String(400), nullable=False),
        sa.Column("by", sa.String(40), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False))


def downgrade() -> None:
    op.drop_table("moderation_actions")
    op.drop_table("moderation_reports")
    op.drop_table("moderation_bans")
    with op.batch_alter_table("social_players") as batch:
        batch.drop_column("role")
