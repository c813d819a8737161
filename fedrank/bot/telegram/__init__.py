"""The Telegram face of fedrank (aiogram 3), a thin layer over the transport-neutral handlers.

``run_transport(settings, services, *, webhook)`` is what ``fedrank run`` starts. Inside:
feature routers (:mod:`.routers`) that hand every command, file and button press to
:func:`fedrank.handlers.dispatch.dispatch`; middlewares that build the request context and
throttle users (:mod:`.middlewares`); the HTML renderer (:mod:`.render`); the sender and the
outgoing pacer that keeps to Telegram's limits (:mod:`.sender`, :mod:`fedrank.bot.limits`).
"""

from fedrank.bot.telegram.app import (
    make_bot,
    make_dispatcher,
    make_storage,
    run_transport,
)
from fedrank.bot.telegram.menus import register_commands
from fedrank.bot.telegram.render import Rendered, render_html

__all__ = [
    "Rendered",
    "make_bot",
    "make_dispatcher",
    "make_storage",
    "register_commands",
    "render_html",
    "run_transport",
]
