"""Kept only so the branches being merged still import: the role queries now live in
:mod:`fedrank.storage.repos.roles` (reached as ``repos.roles``). The importers are to be
rewritten and this shim deleted."""

from fedrank.storage.repos.roles import RoleRepo

__all__ = ["RoleRepo"]
