"""Typed refusals of the live side (room and seat rules), with the HTTP status they map to."""

from __future__ import annotations


class HubError(Exception):
    """A refusal with a stable code, a readable sentence and an HTTP status."""

    def __init__(self, code: str, message: str, status: int = 409, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.status = code, message, status
        self.headers = headers or {}

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message}
