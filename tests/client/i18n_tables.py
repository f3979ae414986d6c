"""The client's string tables, read without a JavaScript engine: `static/js/i18n/<lang>/<namespace>.js`
is `export default ` followed by strict JSON and a `;` (docs/client.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

I18N = Path(__file__).resolve().parents[2] / "static" / "js" / "i18n"
LANGUAGES = ("en", "fa")
# `key.one` (`.zero`, `.two`, `.few`, `.many`) is a plural form of `key` that only some languages need.
PLURAL_FORM = re.compile(r"\.(zero|one|two|few|many)$")


def table(lang: str, namespace: str) -> dict[str, str]:
    text = (I18N / lang / f"{namespace}.js").read_text(encoding="utf-8")
    body = text.strip()
    if not (body.startswith("export default ") and body.endswith(";")):
        raise ValueError(f"{lang}/{namespace}.js is not `export default <JSON>;`")
    return json.loads(body[len("export default ") : -1])


def namespaces(lang: str) -> list[str]:
    return sorted(path.stem for path in (I18N / lang).glob("*.js"))


def error_texts(lang: str) -> dict[str, str]:
    """Every error code's own sentence: `err.<code>` in the `err` namespace (without the game-specific
    `err.<code>@<slug>` wordings, which only override it in that game's room)."""
    return {key[4:]: text for key, text in table(lang, "err").items() if "@" not in key}
