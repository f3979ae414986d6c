"""Rules code stays pure: no I/O, clock, framework or global randomness under engine/ and games/."""

from __future__ import annotations

import ast
from pathlib import Path

import dorhami

ROOT = Path(dorhami.__file__).parent
FORBIDDEN_MODULES = {
    "asyncio",
    "time",
    "datetime",
    "logging",
    "fastapi",
    "starlette",
    "sqlalchemy",
    "socket",
    "threading",
    "os",
    "subprocess",
    "uvicorn",
    "httpx",
    "secrets",
}
GLOBAL_RANDOM = {
    "random",
    "randint",
    "randrange",
    "choice",
    "choices",
    "shuffle",
    "sample",
    "uniform",
    "seed",
    "getrandbits",
    "gauss",
}


def rules_files():
    for folder in ("engine", "games"):
        yield from sorted((ROOT / folder).rglob("*.py"))


def test_rules_layers_import_no_io_clock_or_framework():
    for path in rules_files():
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN_MODULES, f"{path} imports {name}"


def test_rules_layers_never_use_the_global_random_generator():
    for path in rules_files():
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                assert {a.name for a in node.names} <= {"Random"}, f"{path} imports global random functions"
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
                and node.attr in GLOBAL_RANDOM
            ):
                raise AssertionError(f"{path}:{node.lineno} calls random.{node.attr}")


def test_purity_check_catches_a_forbidden_import(tmp_path):
    # The check above must be able to fail: feed it a file that breaks the rule.
    bad = tmp_path / "bad.py"
    bad.write_text("import time\nimport random\nrandom.shuffle([])\n")
    tree = ast.parse(bad.read_text())
    imports = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    calls = [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)]
    assert "time" in set(imports) & FORBIDDEN_MODULES and "shuffle" in GLOBAL_RANDOM & set(calls)
