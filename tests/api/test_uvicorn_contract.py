"""api/socket_protocol.py subclasses uvicorn's sans-I/O WebSocket protocol and re-implements parts of
it (shutdown with a reason, the UTF-8 check before the text reaches the app), reading the parent's
attributes directly. None of that is uvicorn's public API, so a new uvicorn may break it quietly:
pyproject.toml bounds uvicorn to the versions checked, and this test fails as soon as the parent's
side of the contract differs from what the subclass was written against.

When it fails after a uvicorn upgrade: read the parent's new source of each method named in the
failure against the override in api/socket_protocol.py, fix the override if needed, run
tests/api/test_socket.py, tests/api/test_shutdown.py and tests/api/test_slow_socket.py, then record the
new fingerprints here (`python tests/api/test_uvicorn_contract.py` prints them) and widen the bound.
"""

from __future__ import annotations

import ast
import hashlib
import inspect
import sys
import tomllib
from pathlib import Path

import uvicorn
from packaging.requirements import Requirement
from packaging.version import Version
from uvicorn.protocols.websockets import websockets_sansio_impl

from dorhami.api import socket_protocol

ROOT = Path(__file__).resolve().parents[2]
PARENT_NAME = "WebSocketsSansIOProtocol"
OURS = socket_protocol.FrameWritingProtocol

# sha256 (first 16 hex digits) of the parent's source of every method the subclass overrides or calls
# on itself, in uvicorn 0.55.0. Each release from 0.45 to 0.54 differs in some of them (0.35 to 0.44 have
# no stop_keepalive, which the shutdown override calls), hence the bound >=0.55,<0.56.
FINGERPRINTS = {
    "connection_lost": "34bad428f5ec3cc4",
    "handle_connect": "8ffe029adb181f14",
    "handle_parser_exception": "bf289c6cd75bb7f2",
    "send_receive_event_to_app": "ddf96eeff6cb59e5",
    "shutdown": "013368a720f1c8a9",
    "stop_keepalive": "975172979350b3f3",
}


def class_node(source: str, name: str) -> ast.ClassDef:
    [node] = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ClassDef) and n.name == name]
    return node


def methods(node: ast.ClassDef) -> dict[str, ast.FunctionDef]:
    return {n.name: n for n in node.body if isinstance(n, ast.FunctionDef)}


def is_getattr_of_self(node: ast.AST) -> bool:
    """`getattr(self, "name", ...)`."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id == "self"
        and isinstance(node.args[1], ast.Constant)
    )


def self_attributes(node: ast.ClassDef, *, assigned: bool) -> set[str]:
    """The `self.x` a class assigns (assigned=True) or reads (False, `getattr(self, "x", ...)` too)."""
    found = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id == "self":
            if isinstance(sub.ctx, ast.Store) == assigned:
                found.add(sub.attr)
        elif not assigned and is_getattr_of_self(sub):
            found.add(sub.args[1].value)
    return found


def fingerprints(parent_source: str, names: set[str]) -> dict[str, str]:
    parent = methods(class_node(parent_source, PARENT_NAME))
    return {
        name: hashlib.sha256(ast.get_source_segment(parent_source, parent[name]).encode()).hexdigest()[:16]
        if name in parent
        else "missing"
        for name in sorted(names)
    }


def relied_on(parent_source: str) -> set[str]:
    """The parent's methods the subclass overrides, or calls on itself."""
    ours = class_node(inspect.getsource(socket_protocol), OURS.__name__)
    parent = methods(class_node(parent_source, PARENT_NAME))
    return (set(methods(ours)) | self_attributes(ours, assigned=False)) & set(parent)


PARENT_SOURCE = Path(websockets_sansio_impl.__file__).read_text()


def test_uvicorn_is_within_the_bound_that_pyproject_declares():
    [requirement] = [
        Requirement(r)
        for r in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
        if Requirement(r).name == "uvicorn"
    ]
    assert Version(uvicorn.__version__) in requirement.specifier, (uvicorn.__version__, str(requirement))
    # The bound is no wider than the releases checked here.
    assert requirement.specifier.contains("0.55.0") and requirement.specifier.contains("0.55.99")
    assert not requirement.specifier.contains("0.54.0") and not requirement.specifier.contains("0.56.0")


def test_the_subclass_extends_uvicorns_sans_io_protocol():
    assert OURS.__mro__[1] is websockets_sansio_impl.WebSocketsSansIOProtocol


def test_the_parent_methods_the_subclass_relies_on_are_the_ones_it_was_written_against():
    names = relied_on(PARENT_SOURCE)
    assert names == set(FINGERPRINTS), "the subclass relies on other methods now: record them in FINGERPRINTS"
    changed = {
        name: digest for name, digest in fingerprints(PARENT_SOURCE, names).items() if digest != FINGERPRINTS[name]
    }
    assert not changed, (
        f"uvicorn {uvicorn.__version__} changed {PARENT_NAME}.{', .'.join(sorted(changed))}, which "
        f"api/socket_protocol.py overrides or calls: see this file's docstring ({changed})"
    )


def test_the_overrides_keep_the_parents_signatures():
    parent = websockets_sansio_impl.WebSocketsSansIOProtocol
    for name in set(vars(OURS)) & set(dir(parent)):
        if callable(getattr(parent, name)) and not name.startswith("__"):
            assert (
                inspect.signature(getattr(OURS, name)).parameters.keys()
                == inspect.signature(getattr(parent, name)).parameters.keys()
            ), name


def test_every_attribute_the_subclass_reads_is_the_parents():
    ours = class_node(inspect.getsource(socket_protocol), OURS.__name__)
    parent = class_node(PARENT_SOURCE, PARENT_NAME)
    reads = self_attributes(ours, assigned=False) - set(methods(ours))
    provided = self_attributes(parent, assigned=True) | set(methods(parent))
    assert reads <= provided, f"{PARENT_NAME} no longer sets {sorted(reads - provided)}"
    # What the frame writer and the shutdown use of them.
    assert {
        "close_sent",
        "disconnected",
        "handshake_complete",
        "writable",
        "conn",
        "transport",
        "queue",
        "frames",
        "curr_msg_data_type",
        "logger",
        "scope",
    } <= reads


if __name__ == "__main__":
    # python tests/api/test_uvicorn_contract.py [path/to/websockets_sansio_impl.py ...]: the fingerprints.
    for path in sys.argv[1:] or [websockets_sansio_impl.__file__]:
        source = Path(path).read_text()
        print(path, fingerprints(source, relied_on(source)))
