"""One aiogram Router per feature; :func:`routers` gives them in the order they must run."""

from __future__ import annotations

from aiogram import Router

from fedrank.bot.telegram.routers import accounts, buttons, fallback, ratings, results


def routers() -> list[Router]:
    """Feature routers first, the catch-all last."""
    return [
        accounts.router(),
        ratings.router(),
        results.router(),
        buttons.router(),
        fallback.router(),
    ]
