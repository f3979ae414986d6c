"""Named errors of the rules layer."""

from __future__ import annotations

from typing import Any


class IllegalAction(ValueError):
    """An action or config the rules refuse; carries a stable `code` and a readable sentence."""

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(message or code)
        self.code = code
        self.message = message or code

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message}

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"
