"""One table aggregate (issue 28): the lobby's table settings and seat claims fold into the table's
own rows.  ``social_tables`` (clock, spectator chat, rated, quick match, rematch link, settled)
becomes columns of ``tables``, with ``lobby`` saying the lobby made the table (it had seat rows
there); ``social_seats`` (the seat's player, open, the link not yet handed out) becomes columns of
``seats``.  Every row is copied before the old tables go; the downgrade copies them back.

Revision ID: 0005
Revises: 0004
"""

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None



def _settings() -> list[sa.Column[Any]]:
    def off(name: str) -> sa.Column[Any]:
        return sa.Column(name, sa.Boolean, nullable=False, server_default=sa.false())

    return [sa.Column("clock", sa.Integer, nullable=True), off("spectator_chat"), off("rated"), off("quick"),
            sa.Column("fill_at", sa.DateTime(timezone=True), nullable=True),
            sa.Column("rematch_of", sa.String(32), nullable=True),
            sa.Column("rematch", sa.String(32), nullable=True), off("settled")]


def _claims(fk: str | None) -> list[sa.Column[Any]]:
    return [sa.Column("player_id", sa.Integer, sa.ForeignKey("social_players.id", name=fk), nullable=True),
            sa.Column("open", sa.Boolean, nullable=False, server_default=sa.false()),
            sa.Column("pending_token", sa.String(64), nullable=True)]


SETTINGS = tuple(c.name for c in _settings())
CLAIMS = tuple(c.name for c in _claims(None))


def _reflect(*names: str) -> list[sa.Table]:
    meta = sa.MetaData()
    return [sa.Table(name, meta, autoload_with=op.get_bind()) for name in names]


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("lobby", sa.Boolean, nullable=False, server_default=sa.false()))
        for column in _settings():
            batch.add_column(column)
    with op.batch_alter_table("seats") as batch:
        for column in _claims("fk_seats_player_id"):
            batch.add_column(column)
    bind = op.get_bind()
    old_tables, old_seats, tables, seats = _reflect("social_tables", "social_seats", "tables", "seats")
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
    op.create_table("social_tables", sa.Column("table_id", sa.String(32), sa.ForeignKey(
        "tables.id", ondelete="CASCADE"), primary_key=True), *_settings(),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False))
    op.create_table("social_seats", sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
                    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                              nullable=False, index=True),
                    sa.Column("seat", sa.Integer, nullable=False), *_claims(None),
                    sa.UniqueConstraint("table_id", "seat"))
    bind = op.get_bind()
    tables, seats, old_tables, old_seats = _reflect("tables", "seats", "social_tables", "social_seats")
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
