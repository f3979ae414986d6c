"""The import graph of src/dorhami has no circle (../ARCHITECTURE.md: data flows down, never up).

Every import counts, those under `if TYPE_CHECKING:` and those inside functions too: a circle a type
checker or a lazy import hides is still two modules that cannot be read, changed or tested apart.
`import_module` calls with a literal name count as imports as well (the catalogue's were one).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "dorhami"


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        if "migrations" in path.relative_to(PACKAGE).parts:
            continue  # Alembic loads these by path, not by import
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of the package `name` imports, directly or by a literal import_module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            targets += [f"{base}.{alias.name}" for alias in node.names] + [base]
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            targets.append(node.args[0].value)
    edges = set()
    for target in targets:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            edges.add(target)
    return edges


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def graph_of_package() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, set(known)) for name, path in known.items()}


def test_the_package_imports_in_no_circle():
    found = circles(graph_of_package())
    assert found == [], "import circles (each a set of modules that import one another):\n" + "\n".join(
        " ⇄ ".join(component) for component in found
    )


def test_the_circle_finder_finds_circles_typing_imports_included(tmp_path):
    """The check itself: a circle closed only by a TYPE_CHECKING import, or by a literal
    import_module, is found; a chain is not."""
    (tmp_path / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n")
    (tmp_path / "b.py").write_text("from . import c\n")
    (tmp_path / "c.py").write_text("from importlib import import_module\nimport_module('p.a')\n")
    (tmp_path / "d.py").write_text("from . import a\n")
    known = {"p.a", "p.b", "p.c", "p.d"}
    graph = {f"p.{n}": imports_of(f"p.{n}", tmp_path / f"{n}.py", known) for n in "abcd"}
    assert circles(graph) == [["p.a", "p.b", "p.c"]]
    graph["p.c"] = set()
    assert circles(graph) == []
