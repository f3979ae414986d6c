"""The functions of an ES module and their lengths in lines, without a JavaScript engine.

A small tokenizer that knows what can hide a brace (strings, template literals with `${}` inside,
comments, regular-expression literals), then a walk over the brackets that names each `{` a
function body or not: after `=>`, or after `)` whose `(` follows neither a control keyword (`if`,
`for`, `while`, `switch`, `catch`, `with`) nor nothing at all. An arrow without braces runs to
the `,` `;` or closing bracket that ends its expression. Good enough for this code base's style
(semicolons, no `with`, no regex after `)`), which the tests of this module pin down.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PUNCT = re.compile(
    r"=>|\.\.\.|\?\?=|\?\.|[!=]==|\*\*=|<<=|>>>=|>>=|&&=|\|\|=|[<>!=+\-*/%&|^]=|&&|\|\||\?\?"
    r"|\+\+|--|<<|>>>|>>|\*\*|[{}()\[\];,<>+\-*/%&|^!~?:=.@#]"
)
IDENT = re.compile(r"[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff]*")
NUMBER = re.compile(r"(?:0[xXoObB][\da-fA-F_]+|\d[\d_]*\.?[\d_]*(?:[eE][+-]?\d+)?|\.\d[\d_]*(?:[eE][+-]?\d+)?)n?")
# After these a `/` starts a regular expression; after anything else (a name, a number, `)`, `]`) it divides.
REGEX_AFTER_WORDS = {
    "return",
    "typeof",
    "instanceof",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "case",
    "do",
    "else",
    "yield",
    "await",
}
CONTROL = {"if", "for", "while", "switch", "catch", "with"}


@dataclass
class Token:
    kind: str  # "punct", "name", "number", "string", "template", "regex"
    text: str
    line: int


def tokens(source: str) -> list[Token]:
    out: list[Token] = []
    i, line, n = 0, 1, len(source)
    # Template literals nest: each open `${` remembers the brace depth where its template resumes.
    resume: list[int] = []
    depth = 0

    def template_from(start: int) -> int:
        """Scan template text from `start` (just after ` or }) to its end or to a `${`; return the index after."""
        nonlocal line
        j = start
        while j < n:
            c = source[j]
            if c == "\\":
                j += 2
                continue
            if c == "\n":
                line += 1
            if c == "`":
                return j + 1
            if c == "$" and j + 1 < n and source[j + 1] == "{":
                resume.append(depth)
                return j + 2
            j += 1
        raise ValueError("unterminated template literal")

    while i < n:
        c = source[i]
        if c == "\n":
            line += 1
            i += 1
        elif c in " \t\r\ufeff":
            i += 1
        elif source.startswith("//", i):
            end = source.find("\n", i)
            i = n if end < 0 else end
        elif source.startswith("/*", i):
            end = source.index("*/", i + 2)
            line += source.count("\n", i, end)
            i = end + 2
        elif c in "'\"":
            j = i + 1
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            out.append(Token("string", source[i : j + 1], line))
            i = j + 1
        elif c == "`":
            out.append(Token("template", "`", line))
            i = template_from(i + 1)
        elif c == "/" and regex_allowed(out):
            j, in_class = i + 1, False
            while True:
                ch = source[j]
                if ch == "\\":
                    j += 2
                    continue
                if ch == "[":
                    in_class = True
                elif ch == "]":
                    in_class = False
                elif ch == "/" and not in_class:
                    break
                elif ch == "\n":
                    raise ValueError(f"line {line}: unterminated regular expression")
                j += 1
            j += 1
            while j < n and (source[j].isalnum() or source[j] == "_"):
                j += 1
            out.append(Token("regex", source[i:j], line))
            i = j
        elif m := IDENT.match(source, i):
            out.append(Token("name", m.group(), line))
            i = m.end()
        elif (m := NUMBER.match(source, i)) and (c.isdigit() or c == "."):
            out.append(Token("number", m.group(), line))
            i = m.end()
        elif m := PUNCT.match(source, i):
            text = m.group()
            if text == "}" and resume and resume[-1] == depth:
                resume.pop()  # the end of a `${...}`: the template's text goes on
                i = template_from(i + 1)
                continue
            depth += {"{": 1, "}": -1}.get(text, 0)
            out.append(Token("punct", text, line))
            i = m.end()
        else:
            raise ValueError(f"line {line}: unexpected {c!r}")
    if resume:
        raise ValueError("unterminated template literal")
    return out


def regex_allowed(previous: list[Token]) -> bool:
    if not previous:
        return True
    last = previous[-1]
    if last.kind in ("number", "string", "template", "regex"):
        return False
    if last.kind == "name":
        return last.text in REGEX_AFTER_WORDS
    return last.text not in (")", "]", "}")


@dataclass
class Function:
    name: str
    first: int
    last: int

    @property
    def lines(self) -> int:
        return self.last - self.first + 1


def functions(source: str) -> list[Function]:
    """Every function (declaration, expression, method, arrow) with its first and last line."""
    toks = tokens(source)
    match: dict[int, int] = {}
    stack: list[int] = []
    for k, tok in enumerate(toks):
        if tok.kind != "punct":
            continue
        if tok.text in "({[":
            stack.append(k)
        elif tok.text in ")}]":
            if not stack:
                raise ValueError(f"line {tok.line}: unmatched {tok.text}")
            match[k] = opener = stack.pop()
            match[opener] = k
    if stack:
        raise ValueError(f"line {toks[stack[-1]].line}: unclosed {toks[stack[-1]].text}")
    found: list[Function] = []
    for k, tok in enumerate(toks):
        if tok.kind == "punct" and tok.text == "{" and k:
            before = toks[k - 1]
            if before.text == "=>":
                found.append(Function(arrow_name(toks, k - 1), arrow_start(toks, match, k - 1), toks[match[k]].line))
            elif before.text == ")":
                opener = match[k - 1]
                head = toks[opener - 1] if opener else None
                if head is not None and head.kind == "name" and head.text not in CONTROL:
                    found.append(Function(head.text, head.line, toks[match[k]].line))
        elif tok.text == "=>" and toks[k + 1].text != "{":
            found.append(Function(arrow_name(toks, k), arrow_start(toks, match, k), expression_end(toks, match, k + 1)))
    return found


def arrow_start(toks: list[Token], match: dict[int, int], arrow: int) -> int:
    before = toks[arrow - 1]
    return toks[match[arrow - 1]].line if before.text == ")" else before.line


def arrow_name(toks: list[Token], arrow: int) -> str:
    return "=>"


def expression_end(toks: list[Token], match: dict[int, int], k: int) -> int:
    """The last line of an arrow's expression body starting at token `k`."""
    last = toks[k].line
    while k < len(toks):
        tok = toks[k]
        if tok.kind == "punct":
            if tok.text in ",;" or tok.text in ")}]":
                return last
            if tok.text in "({[":
                k = match[k]
                last = toks[k].line
                k += 1
                continue
        last = tok.line
        k += 1
    return last
