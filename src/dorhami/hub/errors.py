"""Typed refusals of the live side (room and seat rules), sent with their code's HTTP status."""

from __future__ import annotations

from ..errors import ErrorCode

__all__ = ["ErrorCode", "HubError"]


class HubError(Exception):
    """A refusal with a stable code (dorhami/errors.py), a readable sentence and an HTTP status: the
    code's own, unless `status` says otherwise (a rules refusal passed on, or one documented case)."""

    def __init__(
        self, code: ErrorCode | str, message: str, status: int | None = None, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        if status is None:
            if not isinstance(code, ErrorCode):
                raise TypeError(f"{code!r} is no ErrorCode: give its status")
            status = code.status
        self.code, self.message, self.status = code, message, status
        self.headers = headers or {}

    def as_dict(self) -> dict:
        return {"code": str(self.code), "message": self.message}
