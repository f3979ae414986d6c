"""The lock files agree with pyproject.toml (docs/DEVELOPMENT.md): every declared dependency is pinned
there, within its declared range, with hashes, and the scripts and the image install from them."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
LOCKS = {
    "requirements.lock": PROJECT["dependencies"],
    "requirements-test.lock": [
        *PROJECT["dependencies"],
        *PROJECT["optional-dependencies"]["test"],
        *PROJECT["optional-dependencies"]["dev"],
    ],
}


def pins(lock: str) -> dict[str, tuple[Version, int]]:
    """Each locked package: its version and how many hashes it is checked against."""
    text = (ROOT / lock).read_text()
    found = {}
    for block in re.split(r"\n(?=\S)", text):
        head = re.match(r"([A-Za-z0-9_.\-]+)==([^\s;\\]+)", block)
        if head:
            found[canonicalize_name(head.group(1))] = (Version(head.group(2)), block.count("--hash=sha256:"))
    return found


@pytest.mark.parametrize("lock", sorted(LOCKS))
def test_every_declared_dependency_is_pinned_within_its_range_with_hashes(lock):
    locked = pins(lock)
    assert locked, lock
    for text in LOCKS[lock]:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{name} is declared in pyproject.toml but not in {lock}: update the lock"
        assert locked[name][0] in requirement.specifier, f"{lock} pins {name} {locked[name][0]}, outside {text}"
    assert all(hashes for _, hashes in locked.values()), "pip's --require-hashes needs a hash for every package"


def test_the_test_lock_holds_the_runtime_lock_at_the_same_versions():
    runtime, test = pins("requirements.lock"), pins("requirements-test.lock")
    assert {name: pinned[0] for name, pinned in runtime.items()} == {name: test[name][0] for name in runtime}


def test_the_scripts_install_from_the_locks():
    venv = (ROOT / "scripts" / "venv.sh").read_text()
    assert "LOCK=requirements.lock" in venv and "LOCK=requirements-test.lock" in venv
    assert re.search(r'pip install .*--require-hashes -r "\$LOCK"', venv)
    assert re.search(r"pip install .*--no-deps -e \.", venv)
    for script in ("serve.sh", "test.sh"):
        assert ". scripts/venv.sh" in (ROOT / "scripts" / script).read_text(), script
