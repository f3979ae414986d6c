"""The wheel is the whole server: built from the checkout and installed without it (not as an
editable install), it serves the browser client and migrates its database itself."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import dorhami

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

SERVE_FROM_THE_WHEEL = """
import sys
from fastapi.testclient import TestClient
import dorhami.app
from dorhami.config import Settings
assert "site" not in dorhami.app.__file__ and sys.argv[1] in dorhami.app.__file__, dorhami.app.__file__
with TestClient(dorhami.app.create_app(Settings(database_url=sys.argv[2]))) as client:
    page = client.get("/")
    assert page.status_code == 200 and "<html" in page.text, page.status_code
    script = page.text.split('src="')[1].split('"')[0]
    assert client.get(script).status_code == 200, script
    assert client.get("/readyz").json()["status"] == "ready"
print("served")
"""


def checkout_copy(where: Path) -> Path:
    """The checkout's files, without what a build left in it: setuptools builds in the source tree
    (`build/`), and a file deleted since the last build would ride along in the next wheel."""
    shutil.copytree(
        ROOT,
        where,
        symlinks=True,
        ignore=shutil.ignore_patterns("build", "*.egg-info", ".venv", ".git", "__pycache__", "node_modules"),
    )
    return where


def test_the_installed_wheel_serves_the_client_and_migrates_itself(tmp_path):
    source = checkout_copy(tmp_path / "checkout")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    [wheel] = tmp_path.glob("dorhami-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {name.removeprefix("dorhami/static/") for name in names if name.startswith("dorhami/static/")}
    assert shipped == {str(p.relative_to(ROOT / "static")) for p in (ROOT / "static").rglob("*") if p.is_file()}
    assert "dorhami/migrations/script.py.mako" in names  # alembic revision works from an install too
    # The licences travel with the code: MIT for ours, the OFL for the font the client ships.
    [dist_info] = {name.split("/")[0] for name in names if name.split("/")[0].endswith(".dist-info")}
    assert dist_info == f"dorhami-{dorhami.__version__}.dist-info"
    licences = {name.removeprefix(f"{dist_info}/licenses/") for name in names if "/licenses/" in name}
    assert licences == {"LICENSE", "static/fonts/Vazirmatn-OFL.txt"}, licences
    metadata = zipfile.ZipFile(wheel).read(f"{dist_info}/METADATA").decode()
    assert f"Version: {dorhami.__version__}\n" in metadata
    assert "License-Expression: MIT AND OFL-1.1" in metadata

    target = tmp_path / "installed"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert installed.returncode == 0, installed.stderr
    # Only the installed copy on the path (the dependencies come from this environment's site-packages).
    env = {"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin", "PYTHONNOUSERSITE": "1"}
    served = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            f"import sys; sys.path.insert(0, sys.argv[1]); exec({SERVE_FROM_THE_WHEEL!r})",
            str(target),
            f"sqlite:///{tmp_path / 'w.db'}",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tmp_path,
    )
    assert served.returncode == 0 and "served" in served.stdout, served.stdout + served.stderr


def test_python_m_dorhami_is_the_dorhami_command():
    helped = subprocess.run([sys.executable, "-m", "dorhami", "--help"], capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0, helped.stderr
    assert helped.stdout.startswith("usage: dorhami ") and "serve" in helped.stdout and "migrate" in helped.stdout
    wrong = subprocess.run(
        [sys.executable, "-m", "dorhami", "no-such-command"], capture_output=True, text=True, timeout=60
    )
    assert wrong.returncode == 2 and "invalid choice" in wrong.stderr


def test_one_version_everywhere():
    from importlib.metadata import version

    from dorhami.app import create_app
    from dorhami.config import Settings

    assert version("dorhami") == dorhami.__version__
    assert create_app(Settings(database_url="sqlite://")).version == dorhami.__version__
    assert 'version = "' not in (ROOT / "pyproject.toml").read_text().split("[project]")[1].split("\n[")[0]
