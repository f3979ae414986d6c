"""The load generator's own patch applier (bench/loadlib/load.py): a socket's state body brought
to the next version in place.

The server sends a socket one full `state`, then `{"type":"patch","version":V,"ops":[...],
"events":[...]}` against the version it holds (V - 1, or the patch's `base` when it names one).
An op is `[path, value]` (set) or `[path]` (remove); a path is the body's keys and list indices
joined with "/" (no leading "/"), each escaped as in a JSON Pointer ("~1" for "/", "~0" for "~").
Into a list a set at index == its length appends, below it replaces, and a remove splices the
index out; into an object a set adds or replaces the key and a remove deletes it. Ops apply in
order.

Written apart from the server's (src/dorhami/hub/patches.py) on purpose: a bench that applied
patches with the server's own code could not notice the two disagreeing. In place, because the
generator keeps one body per socket and nothing else holds it: copying containers would cost the
generator's core what the patches save the server's.
"""

from __future__ import annotations

from typing import Any


class PatchError(ValueError):
    """An op that does not fit the body (a missing key, an index past the end, a bad path)."""


def apply_patch(body: dict, ops: list) -> None:
    """Apply `ops` to `body`, changing it (and the containers in it) in place."""
    for op in ops:
        if not isinstance(op, list) or len(op) not in (1, 2) or not isinstance(op[0], str):
            raise PatchError(f"not an op: {op!r}")
        *parents, last = [_unescape(part) for part in op[0].split("/")]
        node: Any = body
        try:
            for key in parents:
                node = node[_index(node, key, inside=True)]
            _change(node, last, op)
        except (KeyError, IndexError, TypeError) as exc:
            raise PatchError(f"{op[0]!r} does not fit the body: {exc!r}") from None


def _unescape(part: str) -> str:
    # "~1" first: "~01" is the key "~1", not "/".
    return part.replace("~1", "/").replace("~0", "~") if "~" in part else part


def _index(node: Any, key: str, inside: bool) -> Any:
    if isinstance(node, list):
        if not key.isdigit():
            raise PatchError(f"list index {key!r}")
        at = int(key)
        if inside and at >= len(node):
            raise IndexError(at)
        return at
    if not isinstance(node, dict):
        raise TypeError(f"{type(node).__name__} has no {key!r}")
    return key


def _change(node: Any, last: str, op: list) -> None:
    at = _index(node, last, inside=False)
    if isinstance(node, list):
        if len(op) == 1:
            del node[at]  # IndexError past the end
        elif at == len(node):
            node.append(op[1])
        elif at < len(node):
            node[at] = op[1]
        else:
            raise IndexError(at)
    elif len(op) == 1:
        del node[at]  # KeyError when missing
    else:
        node[at] = op[1]
