"""Alembic environment: runs migrations on the URL the server configured."""

from alembic import context
from sqlalchemy import create_engine, pool

from dorhami.storage.records import Base

url = context.config.get_main_option("sqlalchemy.url")
connectable = create_engine(url, poolclass=pool.NullPool)
with connectable.connect() as connection:
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=url.startswith("sqlite"))
    with context.begin_transaction():
        context.run_migrations()
connectable.dispose()
