"""Errors a use case raises to answer the user instead of doing the work."""

from __future__ import annotations


class UserError(Exception):
    """A refusal or a usage problem; ``message`` is already in the user's language."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


class AccessDeniedError(UserError):
    """The caller's role in the federation does not allow the action."""
