"""No function in the browser client runs over 120 lines: a screen is parts with small interfaces."""

from __future__ import annotations

from pathlib import Path

import pytest

from .jsfunctions import functions

STATIC_JS = Path(__file__).resolve().parents[2] / "static" / "js"
LIMIT = 120


def test_no_function_in_static_js_is_over_120_lines():
    long = [
        f"{path.relative_to(STATIC_JS)}:{f.first} {f.name} ({f.lines} lines)"
        for path in sorted(STATIC_JS.rglob("*.js"))
        for f in functions(path.read_text(encoding="utf-8"))
        if f.lines > LIMIT
    ]
    assert not long, "split these functions:\n" + "\n".join(long)


def test_the_scanner_sees_every_kind_of_function_and_skips_blocks():
    source = "\n".join(
        [
            "function a(x) {",  # 1
            "  if (x) { return 1; }",  # 2
            "  const re = /[}{]/g;",  # 3
            "  const s = `${x + `}`}`;",  # 4 a template inside a template's ${}
            "  return x / 2 / 3;",  # 5 division, not a regex
            "}",  # 6
            "const b = (y) => {",  # 7
            "  // } not the end",  # 8
            "  return '}';",  # 9
            "};",  # 10
            "class C { m() {",
            "  /* { */",
            "} }",  # 11-13
            "const d = () =>",
            "  h(1,",
            "    2);",  # 14-16
        ]
    )
    found = {(f.name, f.first, f.last) for f in functions(source)}
    assert found == {("a", 1, 6), ("=>", 7, 10), ("m", 11, 13), ("=>", 14, 16)}


@pytest.mark.parametrize("source", ["const s = 'a;", "const t = `a${b"])
def test_the_scanner_refuses_what_it_cannot_read(source):
    with pytest.raises((ValueError, IndexError)):
        functions(source)
