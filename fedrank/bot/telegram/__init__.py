"""The Telegram face of fedrank (aiogram 3), a thin layer over the transport-neutral handlers.

``run_transport(settings, services, *, webhook)`` is what ``fedrank run`` starts. Inside:
feature routers (:mod:`.routers`) that hand every command, file and button press to
:func:`fedrank.handlers.dispatch.dispatch`; middlewares that build the request context and
throttle users (:mod:`.middlewares`); the HTML renderer (:mod:`.render`); the sender and the
outgoing pacer that keeps to Telegram's limits (:mod:`.sender`, :mod:`.pacer`).
"""

from fedrank.bot.telegram.app import (
    make_bot,
    make_dispatcher,
    make_storage,
    register_commands,
    run_transport,
)
from fedrank.bot.telegram.pacer import Limits, Pacer
from fedrank.bot.telegram.render import Rendered, render_html

__all__ = [
    "Limits",
    "Pacer",
    "Rendered",
    "make_bot",
    "make_dispatcher",
    "make_storage",
    "register_commands",
    "render_html",
    "run_transport",
]
