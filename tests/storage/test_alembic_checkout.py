"""Alembic from a checkout: the repository's alembic.ini migrates a database, and autogenerate
finds nothing the models have that the migrations lack (`alembic check`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from dorhami.storage.db import make_engine, schema_is_current

ROOT = Path(__file__).resolve().parents[2]
ALEMBIC = [sys.executable, "-m", "alembic", "-c", str(ROOT / "alembic.ini")]


def alembic(*args: str, url: str) -> subprocess.CompletedProcess:
    return subprocess.run([*ALEMBIC, "-x", f"url={url}", *args], capture_output=True, text=True, timeout=120)


def test_alembic_upgrade_head_from_the_checkout_and_the_models_match_the_migrations(empty_database_url):
    done = alembic("upgrade", "head", url=empty_database_url)
    assert done.returncode == 0, done.stderr
    engine = make_engine(empty_database_url)
    try:
        assert schema_is_current(engine)
    finally:
        engine.dispose()
    checked = alembic("check", url=empty_database_url)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "No new upgrade operations detected" in checked.stdout + checked.stderr
