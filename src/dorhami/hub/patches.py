"""State patches: a version of a seat's state as the few changes from the version before it.

A state message's body (everything but `type`, `version` and `events`) is diffed against the
previous version's body of the same seat class, once per version and class, and a socket that
holds that previous version gets the ops instead of the whole view (hub/fanout.py decides which).

An op is `[path, value]` (set) or `[path]` (remove). A path names a place in the body by its
keys and list indices joined with "/", escaped as in a JSON Pointer (RFC 6901: "~" as "~0", "/"
as "~1"), without the leading "/". Into a list, a set at index == its length appends and a remove
splices the index out; into an object, a set adds or replaces the key and a remove deletes it.
Ops apply in order.

Why not RFC 6902 JSON Patch, which says the same with `{"op":"replace","path":...,"value":...}`?
Its op names and keys cost about 25 bytes an op, and a move changes five to ten small fields: on
a Jekyll vs. Hyde table that was more bytes than the values themselves (docs/PERFORMANCE.md).
The paths and their meaning are RFC 6902's; only the spelling is shorter.
"""

from __future__ import annotations

from typing import Any

import orjson

Op = list[Any]
SMALL = 4  # a changed list or object of at most this many plain values is set whole
_MISSING = object()


def diff(before: dict, after: dict) -> list[Op]:
    """The ops that turn `before` into `after` (both JSON-safe, neither changed)."""
    ops: list[Op] = []
    _dict(before, after, "", ops)
    return ops


def _key(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1") if "~" in key or "/" in key else key


def _same(a: Any, b: Any) -> bool:
    # `==` alone says 1 == True == 1.0; JSON tells them apart, and so must a patch.
    return type(a) is type(b) and a == b


def _value(a: Any, b: Any, path: str, ops: list[Op]) -> None:
    """Ops for one changed value: inside it where that is shorter, else the value whole."""
    kind = type(b)
    # A few plain values go whole (hand sizes, a pair of deadlines): their ops would save a few
    # bytes and cost a diff each.
    if kind is type(a) and (kind is dict or kind is list) and not _few_plain(b):
        inside: list[Op] = []
        if kind is dict:
            _dict(a, b, path + "/", inside)
        else:
            _list(a, b, path, inside)
        # The ops repeat their new values plus a path each; the whole value repeats every unchanged
        # part too. Where few parts changed, the ops are shorter without weighing them (encoding
        # costs what a diff costs); where many did, they are weighed by their length.
        if len(inside) * 2 <= len(b) or len(orjson.dumps(inside)) < len(orjson.dumps(b)) + len(path) + 5:
            ops.extend(inside)
            return
    ops.append([path, b])


def _few_plain(value: list | dict) -> bool:
    if len(value) > SMALL:
        return False
    for part in value if isinstance(value, list) else value.values():
        if type(part) is dict or type(part) is list:
            return False
    return True


def _dict(a: dict, b: dict, prefix: str, ops: list[Op]) -> None:
    # Inlined `_same`: this loop runs for every key of every view, thousands of times a second.
    get = a.get
    for key, new in b.items():
        old = get(key, _MISSING)
        if old is new or (type(old) is type(new) and old == new):
            continue
        if old is _MISSING:
            ops.append([prefix + _key(key), new])
        else:
            _value(old, new, prefix + _key(key), ops)
    if a.keys() != b.keys():
        ops.extend([prefix + _key(key)] for key in a.keys() - b.keys())


def _list(a: list, b: list, path: str, ops: list[Op]) -> None:
    """Element ops for elements changed in place, appended, or one taken out; else the whole list."""
    na, nb = len(a), len(b)
    if na == nb:
        for i in range(na):
            if not _same(a[i], b[i]):
                _value(a[i], b[i], f"{path}/{i}", ops)
    elif nb > na > 0 and _prefix(a, b):
        ops.extend([f"{path}/{i}", b[i]] for i in range(na, nb))
    elif nb == na - 1:
        cut = next((i for i in range(nb) if not _same(a[i], b[i])), nb)
        if _same(a[cut + 1 :], b[cut:]):
            ops.append([f"{path}/{cut}"])
        else:
            ops.append([path, b])
    else:
        ops.append([path, b])


def _prefix(a: list, b: list) -> bool:
    return all(_same(x, y) for x, y in zip(a, b))


def apply(body: dict, ops: list[Op]) -> dict:
    """`body` with `ops` applied, as a client applies them; `body` itself is left as it was (every
    container on an op's path is copied first), so what a renderer kept of it does not change."""
    root = dict(body)
    copied = {id(root)}
    for op in ops:
        keys = [part.replace("~1", "/").replace("~0", "~") for part in op[0].split("/")]
        node: Any = root
        for key in keys[:-1]:
            index: Any = int(key) if type(node) is list else key
            child = node[index]
            if id(child) not in copied:
                child = list(child) if type(child) is list else dict(child)
                copied.add(id(child))
                node[index] = child
            node = child
        last = keys[-1]
        if type(node) is list:
            at = int(last)
            if len(op) == 1:
                del node[at]
            elif at == len(node):
                node.append(op[1])
            else:
                node[at] = op[1]
        elif len(op) == 1:
            del node[last]
        else:
            node[last] = op[1]
    return root
