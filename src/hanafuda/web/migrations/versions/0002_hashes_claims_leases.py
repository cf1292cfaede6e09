"""Token hashes, seat claims, seeded flag, table leases.

Seat and creator tokens are stored as SHA-256 hashes only (existing ones are hashed here); a
seat gets ``claim_hash``, the hash of the per-browser secret of the first browser that opened
its link; ``tables.seeded`` says the creator chose the seed; ``owner``/``lease_until`` say which
server process runs a live table (multi-process serving).

Revision ID: 0002
Revises: 0001
"""

import hashlib

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _sha(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def upgrade() -> None:
    bind = op.get_bind()
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("token_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("claim_hash", sa.String(64), nullable=True))
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("creator_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("seeded", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("owner", sa.String(64), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))
    seats = sa.table("seats", sa.column("id", sa.Integer), sa.column("token", sa.String),
                     sa.column("token_hash", sa.String))
    for sid, token in bind.execute(sa.select(seats.c.id, seats.c.token)).all():
        bind.execute(seats.update().where(seats.c.id == sid).values(token_hash=_sha(token)))
    tables = sa.table("tables", sa.column("id", sa.String), sa.column("creator_token", sa.String),
                      sa.column("creator_hash", sa.String))
    for tid, token in bind.execute(sa.select(tables.c.id, tables.c.creator_token)).all():
        bind.execute(tables.update().where(tables.c.id == tid).values(creator_hash=_sha(token)))
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("token")
        batch.alter_column("token_hash", existing_type=sa.String(64), nullable=False)
        batch.create_index("ix_seats_token_hash", ["token_hash"], unique=True)
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("creator_token")
        batch.alter_column("creator_hash", existing_type=sa.String(64), nullable=False)
        batch.create_index("ix_tables_status", ["status"])


def downgrade() -> None:
    raise NotImplementedError("0002 cannot be undone: plain tokens are not kept (only their hashes)")
