"""The tree's layout rules (issue 28): the suite never imports bench/ (what the two share lives in
tests/support/), and no bench edits sys.path (they run as modules from the repository root)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append(node.module)
            found += [f"{node.module}.{alias.name}" for alias in node.names]
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", "")) in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.append(str(node.args[0].value))
    return found


def test_no_test_imports_bench():
    offenders = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in sorted((ROOT / "tests").rglob("*.py"))
        for name in imported_modules(path)
        if name == "bench" or name.startswith("bench.")
    ]
    assert not offenders, "tests must not import bench (move what both need to tests/support/): " + str(offenders)


def test_no_bench_edits_sys_path():
    offenders = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "bench").rglob("*.py"))
        if "sys.path" in path.read_text("utf-8")
    ]
    assert not offenders, "benches run as modules (python -m bench.<group>.<name>) and leave sys.path alone: " + str(
        offenders
    )


def test_every_bench_folder_is_a_package():
    folders = {path.parent for path in (ROOT / "bench").rglob("*.py")}
    assert all((folder / "__init__.py").exists() for folder in folders), sorted(map(str, folders))
