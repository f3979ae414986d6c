"""Every error code a player can meet has a text in both languages of the client.

The server's codes are dorhami/errors.py's ErrorCode; the games' refusals are the codes their rules
raise (IllegalAction), found in their source. The client words a code with `err.<code>` from
static/js/i18n/<lang>/err.js; without one, the Persian page showed the bare English code.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from dorhami.errors import ErrorCode

from .i18n_tables import LANGUAGES, error_texts

ROOT = Path(__file__).resolve().parents[2]
RULES = [ROOT / "src" / "dorhami" / "engine", ROOT / "src" / "dorhami" / "games"]
# Refusals the hub makes inside itself and never sends (a dry run's repeat, see hub/race_window.py).
INTERNAL = {"repeat"}


def rules_codes() -> set[str]:
    """The literal codes the rules raise (IllegalAction("code", ...)) or refuse spectators with."""
    codes = set()
    for folder in RULES:
        for path in folder.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if (
                    isinstance(node, ast.Call)
                    and getattr(node.func, "id", None) == "IllegalAction"
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                ):
                    codes.add(node.args[0].value)
                elif (
                    isinstance(node, ast.Assign)
                    and any(getattr(t, "id", None) == "spectator_refusal" for t in node.targets)
                    and isinstance(node.value, ast.Constant)
                    and isinstance(node.value.value, str)
                ):
                    codes.add(node.value.value)
    return codes - INTERNAL


def test_the_rules_raise_codes_the_scan_can_see():
    found = rules_codes()
    assert {"not_your_turn", "unknown_action", "stale_step"} <= found, found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_error_code_has_a_text(lang):
    words = error_texts(lang)
    wanted = {str(code) for code in ErrorCode} | rules_codes()
    missing = sorted(code for code in wanted if not words.get(code, "").strip())
    assert not missing, f"{lang}/err.js has no text for: {', '.join(missing)}"
