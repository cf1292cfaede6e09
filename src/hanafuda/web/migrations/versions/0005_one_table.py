"""One table aggregate (issue 28): the lobby's table settings and seat claims fold into the table's
own rows.  ``social_tables`` (clock, spectator chat, rated, quick match, rematch link, settled)
becomes columns of ``tables``, with ``lobby`` saying the lobby made the table (it had seat rows
there); ``social_seats`` (the seat's player, open, the link not yet handed out) becomes columns of
``seats``.  Every row is copied before the old tables go; the downgrade copies them back.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

SETTINGS = ("clock", "spectator_chat", "rated", "quick", "fill_at", "rematch_of", "rematch", "settled")
CLAIMS = ("player_id", "open", "pending_token")


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("lobby", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("clock", sa.Integer, nullable=True))
        batch.add_column(sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("quick", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("fill_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("rematch_of", sa.String(32), nullable=True))
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
        batch.add_column(sa.Column("settled", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_id", sa.Integer, sa.ForeignKey(
            "social_players.id", name="fk_seats_player_id"), nullable=True))
        batch.add_column(sa.Column("open", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("pending_token", sa.String(64), nullable=True))
    bind = op.get_bind()
    meta = sa.MetaData()
    old_tables = sa.Table("social_tables", meta, autoload_with=bind)
    old_seats = sa.Table("social_seats", meta, autoload_with=bind)
    tables = sa.Table("tables", meta, autoload_with=bind)
    seats = sa.Table("seats", meta, autoload_with=bind)
    lobby = set(bind.execute(sa.select(old_seats.c.table_id).distinct()).scalars())
    for row in bind.execute(sa.select(old_tables)).mappings().all():
        bind.execute(tables.update().where(tables.c.id == row["table_id"]).values(
            lobby=row["table_id"] in lobby, **{c: row[c] for c in SETTINGS}))
    for row in bind.execute(sa.select(old_seats)).mappings().all():
        bind.execute(seats.update().where(seats.c.table_id == row["table_id"], seats.c.seat == row["seat"])
                     .values(**{c: row[c] for c in CLAIMS}))
    op.drop_table("social_seats")
    op.drop_table("social_tables")


def downgrade() -> None:
    op.create_table(
        "social_tables",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("clock", sa.Integer, nullable=True),
        sa.Column("spectator_chat", sa.Boolean, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("quick", sa.Boolean, nullable=False),
        sa.Column("fill_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
        sa.Column("settled", sa.Boolean, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "social_seats",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("social_players.id"), nullable=True),
        sa.Column("open", sa.Boolean, nullable=False),
        sa.Column("pending_token", sa.String(64), nullable=True),
        sa.UniqueConstraint("table_id", "seat"),
    )
    bind = op.get_bind()
    meta = sa.MetaData()
    tables = sa.Table("tables", meta, autoload_with=bind)
    seats = sa.Table("seats", meta, autoload_with=bind)
    old_tables = sa.Table("social_tables", meta, autoload_with=bind)
    old_seats = sa.Table("social_seats", meta, autoload_with=bind)
    kept = sa.or_(tables.c.lobby, tables.c.rematch.is_not(None))
    for row in bind.execute(sa.select(tables).where(kept)).mappings().all():
        bind.execute(old_tables.insert().values(table_id=row["id"], created=row["created"],
                                                **{c: row[c] for c in SETTINGS}))
    for row in bind.execute(sa.select(seats).join(tables, tables.c.id == seats.c.table_id)
                            .where(tables.c.lobby)).mappings().all():
        bind.execute(old_seats.insert().values(table_id=row["table_id"], seat=row["seat"],
                                               **{c: row[c] for c in CLAIMS}))
    with op.batch_alter_table("seats") as batch:
        batch.drop_constraint("fk_seats_player_id", type_="foreignkey")
        for c in reversed(CLAIMS):
            batch.drop_column(c)
    with op.batch_alter_table("tables") as batch:
        for c in (*reversed(SETTINGS), "lobby"):
            batch.drop_column(c)
