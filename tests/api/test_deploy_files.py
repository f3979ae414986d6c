"""The deployment files agree with each other and with the server (docs/OPERATIONS.md).

There is no Docker engine in CI, so these read the files: docker-compose.yml's topology (two or
more processes from one image on PostgreSQL and Redis, migrated once, checked on /readyz, behind
nginx) and deploy/nginx.conf's routing (a consistent hash of the room code, over exactly the
compose file's app services; sockets upgraded; a 503 never retried elsewhere).
"""

from __future__ import annotations

import re
import secrets
from pathlib import Path

import pytest
import yaml  # PyYAML, which schemathesis (the test extra) requires

from dorhami.config import Settings
from dorhami.hub.hub import ROOM_CODE

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]
NGINX = (ROOT / "deploy" / "nginx.conf").read_text()


def without_comments(text: str) -> str:
    """nginx's comments run from a # outside quotes to the end of the line."""
    lines = []
    for line in text.splitlines():
        quote, kept = None, []
        for char in line:
            if quote is None and char == "#":
                break
            if char in "\"'":
                quote = None if quote == char else (char if quote is None else quote)
            kept.append(char)
        lines.append("".join(kept))
    return "\n".join(lines)


CONF = without_comments(NGINX)


def environment(service: dict) -> dict:
    env = service.get("environment") or {}
    if isinstance(env, list):
        env = dict(item.split("=", 1) if "=" in item else (item, None) for item in env)
    return env


def build_context(service: dict) -> str | None:
    build = service.get("build")
    if isinstance(build, dict):
        return build.get("context", ".")
    return build


def healthcheck(service: dict) -> str:
    test = (service.get("healthcheck") or {}).get("test") or []
    return " ".join(test) if isinstance(test, list) else test


def depends(service: dict) -> dict:
    depends_on = service.get("depends_on") or {}
    assert isinstance(depends_on, dict), "depends_on needs conditions, not a bare list"
    return {name: spec.get("condition") for name, spec in depends_on.items()}


def seconds(duration: str) -> float:
    units = {"ms": 0.001, "s": 1, "m": 60, "h": 3600}
    return sum(float(n) * units[u] for n, u in re.findall(r"(\d+(?:\.\d+)?)(ms|s|m|h)", duration))


# The server processes: built from the checkout, checked on /readyz (the migrate job is neither).
APPS = sorted(
    name
    for name, service in SERVICES.items()
    if build_context(service) is not None and "/readyz" in healthcheck(service)
)


def upstream_block() -> str:
    [block] = re.findall(r"\bupstream\s+dorhami\s*\{([^{}]*)\}", CONF)
    return block


def room_key_map() -> tuple[str, str, str]:
    """The routing map's regex, its value, and its default, as written in nginx.conf."""
    found = re.search(
        r'\bmap\s+\$uri\s+\$room_key\s*\{\s*"~([^"]+)"\s+([^\s;]+)\s*;\s*default\s+([^\s;]+)\s*;\s*\}', CONF
    )
    assert found, 'nginx.conf needs `map $uri $room_key { "~regex" $1; default $request_id; }`'
    return found.group(1), found.group(2), found.group(3)


def room_key(uri: str) -> str | None:
    """What nginx hashes for `uri`: the code the map's regex captures, or None (the default)."""
    pattern, value, _ = room_key_map()
    match = re.search(pattern, uri)
    if match is None:
        return None
    return re.sub(r"\$(\d)", lambda m: match.group(int(m.group(1))), value)


def test_two_or_more_app_processes_from_one_image_on_postgresql_and_redis():
    assert len(APPS) >= 2, APPS
    assert len({build_context(SERVICES[name]) for name in APPS}) == 1
    for name in APPS:
        env = environment(SERVICES[name])
        assert env.get("DATABASE_URL", "").startswith("postgresql"), name
        assert env.get("REDIS_URL", "").startswith("redis://redis:"), name
        assert "DORHAMI_SECRET" in env, name
        assert not SERVICES[name].get("ports"), f"{name} must be reached through nginx only"
        assert not SERVICES[name].get("command"), f"{name} runs the image's `dorhami serve`"
        assert seconds(SERVICES[name].get("stop_grace_period", "10s")) > 10, "Docker's 10 s may cut the drain short"
    # One secret for all: a sandbox token signed by one process is good on every other.
    assert len({environment(SERVICES[name])["DORHAMI_SECRET"] for name in APPS}) == 1
    assert "redis-cli ping" in healthcheck(SERVICES["redis"]).replace("CMD ", "")
    assert "pg_isready" in healthcheck(SERVICES["db"])


def test_the_apps_start_after_one_migration_and_nginx_after_the_apps():
    migrate = SERVICES["migrate"]
    assert migrate["command"] == ["dorhami", "migrate"]
    assert build_context(migrate) == build_context(SERVICES[APPS[0]])
    assert depends(migrate) == {"db": "service_healthy"}
    for name in APPS:
        assert depends(SERVICES[name]).get("migrate") == "service_completed_successfully", name
        assert depends(SERVICES[name]).get("redis") == "service_healthy", name
    nginx = SERVICES["nginx"]
    assert nginx["image"].startswith("nginx:")
    assert {app: "service_healthy" for app in APPS}.items() <= depends(nginx).items()
    assert "./deploy/nginx.conf:/etc/nginx/nginx.conf:ro" in nginx["volumes"]
    assert nginx["ports"] == ["127.0.0.1:8000:80"]


def test_nginx_hashes_over_exactly_the_compose_files_app_services():
    block = upstream_block()
    servers = re.findall(r"^\s*server\s+([^\s;]+)", block, re.MULTILINE)
    assert sorted(servers) == [f"{name}:8000" for name in APPS]
    # The port the image's `dorhami serve` listens on.
    assert '"--port", "8000"' in (ROOT / "Dockerfile").read_text()
    assert re.search(r"^\s*hash\s+\$room_key\s+consistent\s*;", block, re.MULTILINE)
    # A balancing method must come before keepalive, or nginx balances round-robin.
    assert block.index("hash") < block.index("keepalive")
    assert re.search(r"^\s*zone\s+\S+", block, re.MULTILINE), "workers must share which process is down"
    assert re.findall(r"proxy_pass\s+([^;]+);", CONF) and set(re.findall(r"proxy_pass\s+([^;]+);", CONF)) == {
        "http://dorhami"
    }


def test_nginx_upgrades_sockets_and_keeps_its_upstream_connections():
    assert re.search(r"\bmap\s+\$http_upgrade\s+\$connection_upgrade\s*\{", CONF)
    assert re.search(r"proxy_http_version\s+1\.1\s*;", CONF)
    assert re.search(r"proxy_set_header\s+Upgrade\s+\$http_upgrade\s*;", CONF)
    assert re.search(r"proxy_set_header\s+Connection\s+\$connection_upgrade\s*;", CONF)
    # The socket's Origin check compares the page's origin with Host, port included.
    assert re.search(r"proxy_set_header\s+Host\s+\$http_host\s*;", CONF)
    for header in ("X-Forwarded-For", "X-Real-IP", "X-Forwarded-Proto"):
        assert re.search(rf"proxy_set_header\s+{header}\s+\$\w+\s*;", CONF), header


def test_a_503_is_never_retried_on_another_process():
    retries = re.findall(r"\bproxy_next_upstream\s+([^;]*);", CONF)
    assert retries, "proxy_next_upstream must be set (error timeout)"
    for retry in retries:
        assert set(retry.split()) <= {"error", "timeout"}, retry  # not http_503, not non_idempotent


def test_nginx_refuses_large_bodies_like_the_server_and_hides_metrics():
    [size] = re.findall(r"client_max_body_size\s+(\d+)k\s*;", CONF)
    assert int(size) * 1024 == Settings().max_body_bytes
    assert re.search(r"location\s*=\s*/metrics\s*\{\s*deny\s+all\s*;\s*\}", CONF)
    assert not re.search(r"^\s*gzip\s+on\s*;", CONF, re.MULTILINE), "the app compresses"


def test_the_access_log_holds_no_token_and_no_query_string():
    [log_format] = re.findall(r"\blog_format\s+(\S+)\s+escape=json\s+(.*?);\s*$", CONF, re.MULTILINE | re.DOTALL)
    name, fields = log_format
    assert re.search(rf"access_log\s+\S+\s+{re.escape(name)}\s*;", CONF)
    for variable in (
        "$http_authorization",
        "$request_uri",
        "$args",
        "$query_string",
        "$arg_",
        "$http_cookie",
        "$http_referer",
    ):
        assert variable not in fields, variable
    assert not re.search(r"\$request\b(?!_)", fields), "$request holds the query string"
    assert "$uri" in fields


@pytest.mark.parametrize(
    ("uri", "code"),
    [
        ("/api/rooms/AbC_9-x/join", "AbC_9-x"),
        ("/ws/rooms/AbC_9-x", "AbC_9-x"),
        ("/api/rooms/AbC_9-x", "AbC_9-x"),
        ("/api/rooms/AbC_9-x/", "AbC_9-x"),
        ("/api/rooms/AbC_9-x/seats/1/rescue/approve", "AbC_9-x"),
        ("/api/rooms/" + "a" * 32 + "/state", "a" * 32),
        ("/api/rooms", None),
        ("/api/rooms/", None),
        ("/api/rooms/" + "a" * 33, None),
        ("/api/rooms/a.b/join", None),
        ("/api/roomsx/AbC", None),
        ("/api/players/me", None),
        ("/api/games/12/replay", None),
        ("/t/AbC_9-x", None),
        ("/static/js/app.js", None),
        ("/x/api/rooms/AbC", None),
    ],
)
def test_the_hash_key_is_the_room_code_of_a_rooms_paths(uri, code):
    assert room_key(uri) == code


def test_requests_outside_a_room_spread_and_the_code_pattern_is_the_servers():
    pattern, value, default = room_key_map()
    assert default == "$request_id"
    assert value == "$1"
    assert ROOM_CODE.pattern in pattern
    for _ in range(50):
        code = secrets.token_urlsafe(12)
        assert room_key(f"/ws/rooms/{code}") == room_key(f"/api/rooms/{code}/actions") == code


def dockerfile_instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions in order, as (KEYWORD, arguments), continuation lines joined."""
    text = re.sub(r"\\\n\s*", " ", (ROOT / "Dockerfile").read_text())
    return [
        (line.split(None, 1)[0].upper(), line.split(None, 1)[1].strip())
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]


def test_the_images_sqlite_database_lives_on_a_volume_the_server_owns():
    steps = dockerfile_instructions()
    keywords = [keyword for keyword, _ in steps]
    assert ("VOLUME", "/data") in steps
    assert ("ENV", "DATABASE_URL=sqlite:////data/dorhami.db") in steps
    volume = steps.index(("VOLUME", "/data"))
    # Made and given to the server's user before VOLUME (what a RUN changes there later is discarded).
    [made] = [i for i, (keyword, args) in enumerate(steps) if keyword == "RUN" and "mkdir /data" in args]
    assert "useradd --create-home dorhami" in steps[made][1] and "chown dorhami:dorhami /data" in steps[made][1]
    assert made < volume < keywords.index("USER") and steps[keywords.index("USER")][1] == "dorhami"
    # The server in the image runs on that database unless told otherwise; compose tells it otherwise.
    assert Settings.variables("database_url") == ("DATABASE_URL",)
    for name in [*APPS, "migrate"]:
        assert environment(SERVICES[name])["DATABASE_URL"].startswith("postgresql"), name


def test_the_image_installs_the_locked_dependencies_then_the_project_alone():
    runs = [args for keyword, args in dockerfile_instructions() if keyword == "RUN"]
    locked = next(i for i, args in enumerate(runs) if "-r requirements.lock" in args)
    assert "--require-hashes" in runs[locked]
    project = next(i for i, args in enumerate(runs) if re.search(r"pip install .*--no-deps \.(\s|$)", args))
    assert locked < project
    assert not [args for args in runs if "pip install" in args and "-e " in args], "the image installs for real"
    # The wheel carries its licences (pyproject's license-files): both must be in the build context.
    copied = " ".join(args for keyword, args in dockerfile_instructions() if keyword == "COPY")
    assert "LICENSE" in copied and "static" in copied and "requirements.lock" in copied
    # The lock is resolved for the image's Python.
    python = re.search(r"^FROM python:(\d+\.\d+)", (ROOT / "Dockerfile").read_text(), re.MULTILINE).group(1)
    assert f"--python-version {python}" in (ROOT / "requirements.lock").read_text().split("\n", 3)[1]
