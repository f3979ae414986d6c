"""Settings (config.py): every field comes from a variable of the environment, is listed in
docs/CONFIGURATION.md, and a bad value stops the start naming its variable."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from dorhami.config import Settings, SettingsError

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "CONFIGURATION.md").read_text()
FIELDS = sorted(Settings.model_fields)


@pytest.fixture
def clean_env(monkeypatch):
    """No variable of any setting in the environment: each test sets its own."""
    for name in FIELDS:
        for variable in Settings.variables(name):
            monkeypatch.delenv(variable, raising=False)
    return monkeypatch


@pytest.mark.parametrize("name", FIELDS)
def test_every_setting_is_documented_with_its_variables(name):
    rows = [line for line in DOC.splitlines() if line.startswith("|") and f"| `{name}` |" in line]
    assert len(rows) == 1, f"docs/CONFIGURATION.md needs one table row for the setting `{name}`"
    for variable in Settings.variables(name):
        assert f"`{variable}`" in rows[0], f"the row of `{name}` must name its variable {variable}"


def test_the_documented_table_holds_no_setting_that_is_gone():
    documented = set(re.findall(r"^\|[^|]*\| `(\w+)` \|", DOC, re.MULTILINE))
    assert documented == set(FIELDS)


def test_defaults_without_the_environment_are_the_models(clean_env):
    assert Settings.from_env() == Settings()


def test_every_setting_is_read_from_the_environment(clean_env):
    values = {
        "DATABASE_URL": "sqlite:////tmp/x.db",
        "REDIS_URL": "redis://r:6379/1",
        "DORHAMI_BOT_DELAY_MS": "10, 20",
        "DORHAMI_SEND_QUEUE_LIMIT": "64",
        "DORHAMI_MAX_MESSAGE_BYTES": "8192",
        "DORHAMI_MAX_BODY_BYTES": "1024",
        "DORHAMI_BODY_TIMEOUT_S": "2.5",
        "DORHAMI_ALLOWED_ORIGINS": "https://a.example/, https://b.example",
        "DORHAMI_MESSAGES_PER_SECOND": "5.5",
        "DORHAMI_ANONYMOUS_SOCKETS_PER_ADDRESS": "3",
        "DORHAMI_ANONYMOUS_SOCKETS_PER_ROOM": "4",
        "DORHAMI_MESSAGE_BURST": "9",
        "DORHAMI_RATE_LIMITS": "off",
        "DORHAMI_IDLE_TABLE_S": "7",
        "DORHAMI_WAITING_ROOM_TTL_S": "8",
        "DORHAMI_LAG_CAP_MS": "100",
        "DORHAMI_SECRET": "s3",
        "DORHAMI_LEASE_TTL_S": "1.5",
        "DORHAMI_INSTANCE_ID": "app1:8000",
        "DORHAMI_METRICS_ALLOW": "10.0.0.0/8, ::1",
        "DORHAMI_METRICS_VIA_PROXY": "on",
        "DORHAMI_TRUSTED_PROXIES": "127.0.0.1",
        "DORHAMI_SESSION_IDLE_DAYS": "0",
        "DORHAMI_LOG_FORMAT": "text",
        "DORHAMI_STATIC": "/srv/client",
        "DORHAMI_VAPID_PRIVATE_KEY": "3kZ9x2Mv0fRk4b2cXg1qJmXKq1o3sS2S5dJ1eYF6Vhc",
        "DORHAMI_VAPID_SUBJECT": "mailto:ops@dorhami.example",
        "DORHAMI_PUSH_TEST_ORIGINS": "http://127.0.0.1:8123/",
    }
    assert {Settings.variables(name)[0] for name in FIELDS} == set(values), "a setting without a variable here"
    for variable, value in values.items():
        clean_env.setenv(variable, value)
    assert Settings.from_env() == Settings(
        database_url="sqlite:////tmp/x.db",
        redis_url="redis://r:6379/1",
        bot_delay_ms=(10, 20),
        send_queue_limit=64,
        max_message_bytes=8192,
        max_body_bytes=1024,
        body_timeout_s=2.5,
        allowed_origins=("https://a.example", "https://b.example"),
        messages_per_second=5.5,
        anonymous_sockets_per_address=3,
        anonymous_sockets_per_room=4,
        message_burst=9,
        rate_limits=False,
        idle_table_s=7,
        waiting_room_ttl_s=8,
        lag_cap_ms=100,
        secret="s3",
        lease_ttl_s=1.5,
        instance_id="app1:8000",
        metrics_allowed=("10.0.0.0/8", "::1/128"),
        metrics_via_proxy=True,
        trusted_proxies=("127.0.0.1",),
        session_idle_days=0,
        log_format="text",
        static_dir=Path("/srv/client"),
        vapid_private_key="3kZ9x2Mv0fRk4b2cXg1qJmXKq1o3sS2S5dJ1eYF6Vhc",
        vapid_subject="mailto:ops@dorhami.example",
        push_test_origins=("http://127.0.0.1:8123",),
    )


def test_forwarded_allow_ips_is_read_only_when_trusted_proxies_is_unset(clean_env):
    clean_env.setenv("FORWARDED_ALLOW_IPS", "10.0.0.1, 10.0.0.2")
    assert Settings.from_env().trusted_proxies == ("10.0.0.1", "10.0.0.2")
    clean_env.setenv("DORHAMI_TRUSTED_PROXIES", "")
    assert Settings.from_env().trusted_proxies == ()


def test_building_settings_in_code_ignores_the_environment(clean_env):
    clean_env.setenv("DORHAMI_RATE_LIMITS", "off")
    clean_env.setenv("DATABASE_URL", "sqlite:////tmp/elsewhere.db")
    settings = Settings(database_url="sqlite://", bot_delay_ms=(5, 20))
    assert settings.rate_limits is True and settings.database_url == "sqlite://"
    # Frozen, and copied with changes as tests do.
    with pytest.raises(ValidationError):
        settings.rate_limits = False  # type: ignore[misc]
    assert settings.model_copy(update={"rate_limits": False}).rate_limits is False
    with pytest.raises(ValidationError):
        Settings(no_such_setting=1)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("variable", "value", "says"),
    [
        ("DORHAMI_SEND_QUEUE_LIMIT", "lots", "valid integer"),
        ("DORHAMI_MESSAGE_BURST", "0", "greater than 0"),
        ("DORHAMI_MAX_MESSAGE_BYTES", "100000", "less than or equal to 65536"),
        ("DORHAMI_MESSAGES_PER_SECOND", "fast", "valid number"),
        ("DORHAMI_BOT_DELAY_MS", "700", "700,1600"),
        ("DORHAMI_BOT_DELAY_MS", "1600,700", "shortest delay comes first"),
        ("DORHAMI_RATE_LIMITS", "maybe", "on or off"),
        ("DORHAMI_METRICS_ALLOW", "10.0.0.300", "does not appear to be an IPv4 or IPv6 network"),
        ("DORHAMI_LOG_FORMAT", "xml", "'json' or 'text'"),
        ("DORHAMI_LEASE_TTL_S", "-1", "greater than 0"),
        ("FORWARDED_ALLOW_IPS", "1,2", None),  # any text: uvicorn's own variable, addresses or *
    ],
)
def test_a_bad_value_names_its_variable(clean_env, variable, value, says):
    clean_env.setenv(variable, value)
    if says is None:
        Settings.from_env()
        return
    with pytest.raises(SettingsError) as refused:
        Settings.from_env()
    assert f"{variable}={value!r}: " in str(refused.value) and says in str(refused.value), str(refused.value)


def test_every_bad_variable_is_named_at_once(clean_env):
    clean_env.setenv("DORHAMI_SEND_QUEUE_LIMIT", "x")
    clean_env.setenv("DORHAMI_IDLE_TABLE_S", "y")
    message = str(pytest.raises(SettingsError, Settings.from_env).value)
    assert "DORHAMI_SEND_QUEUE_LIMIT='x'" in message and "DORHAMI_IDLE_TABLE_S='y'" in message


@pytest.mark.parametrize("command", [["serve"], ["migrate"]])
def test_the_command_stops_at_start_with_the_message_not_a_traceback(tmp_path, command):
    env = {
        "PATH": "/usr/bin:/bin",
        "DORHAMI_MESSAGE_BURST": "lots",
        "DATABASE_URL": f"sqlite:///{tmp_path}/x.db",
        **{name: os.environ[name] for name in ("PYTHONPATH",) if name in os.environ},
    }
    ran = subprocess.run(
        [sys.executable, "-m", "dorhami", *command], capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path
    )
    assert ran.returncode == 1
    assert ran.stderr.startswith("dorhami: bad settings in the environment"), ran.stderr
    assert "DORHAMI_MESSAGE_BURST='lots'" in ran.stderr and "Traceback" not in ran.stderr
    assert not (tmp_path / "x.db").exists()
