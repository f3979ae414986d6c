from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from dorhami.app import create_app
from dorhami.config import Settings


@pytest.fixture
def settings(database_url) -> Settings:
    return Settings(database_url=database_url, bot_delay_ms=(5, 20))


@pytest.fixture
def client(settings):
    with TestClient(create_app(settings)) as client:
        yield client
