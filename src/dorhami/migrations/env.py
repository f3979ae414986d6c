"""Alembic environment: runs migrations on the URL the server configured.

From the server (`storage.db.migrate`) the URL is set on the config; from a checkout's
`alembic` command it is `-x url=...`, else DATABASE_URL, else the server's default.
"""

import logging.config
import os

from alembic import context
from sqlalchemy import create_engine, pool

from dorhami.config import DEFAULT_DATABASE_URL
from dorhami.storage.db import normalise_url
from dorhami.storage.records import Base

config = context.config
url = config.get_main_option("sqlalchemy.url")
if not url:
    # The checkout's alembic.ini: its own logging, and the server's database.
    if config.config_file_name:
        logging.config.fileConfig(config.config_file_name, disable_existing_loggers=False)
    url = normalise_url(
        context.get_x_argument(as_dictionary=True).get("url") or os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL)
    )
connectable = create_engine(url, poolclass=pool.NullPool)
with connectable.connect() as connection:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=url.startswith("sqlite"))
    with context.begin_transaction():
        context.run_migrations()
connectable.dispose()
