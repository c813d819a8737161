"""Errors a use case raises to answer the user instead of doing the work."""

from __future__ import annotations


class UserError(Exception):
    """A refusal or a usage problem; ``message`` is already in the user's language."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


class AccessDeniedError(UserError):
    """The caller's role in the federation does not allow the action.

    ``federation_id`` says where: the dispatcher records the refusal as ``access.denied`` in a
    transaction of its own (:mod:`fedrank.handlers.denials`), since the use case's transaction
    rolls back.
    """

    def __init__(self, message: str, *, federation_id: int | None = None) -> None:
        super().__init__(message)
        self.federation_id = federation_id


class NotFoundError(UserError):
    """A row the request leads to is not stored (removed meanwhile, or a broken reference).

    Raised by the typed lookups of :mod:`fedrank.handlers.access` instead of an
    ``AssertionError``: the user is told what is missing and that nothing was done, and the
    transaction rolls back. ``what`` names the record (its model) and ``key`` the value looked up.
    """

    def __init__(self, message: str, *, what: str, key: object) -> None:
        super().__init__(message)
        self.what = what
        self.key = key
