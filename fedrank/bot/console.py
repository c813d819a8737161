"""The console chat: the default transport when no bot token is configured.

It reads one command per line from standard input and answers on standard output, acting as
a configurable local user (``FEDRANK_CONSOLE_USER``), through the same handlers as the bots.
A button is pressed by typing the command shown next to it.
"""

from __future__ import annotations

import asyncio
from typing import TextIO

from fedrank.bot.render import render_plain
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.dispatch import dispatch

PROMPT = "fedrank> "
QUIT = {"/quit", "/exit", "quit", "exit"}


async def run_console(
    services: Services,
    *,
    user_id: str,
    display_name: str,
    language: str,
    stdin: TextIO,
    stdout: TextIO,
    interactive: bool = True,
) -> None:
    """Serve commands until end of input or /quit."""
    ctx = RequestContext(
        platform="console",
        user_id=user_id,
        chat_id=user_id,
        display_name=display_name,
        language=language,
        is_private=True,
    )
    if interactive:
        stdout.write("fedrank console chat. /help lists the commands, /quit leaves.\n")
    while True:
        if interactive:
            stdout.write(PROMPT)
            stdout.flush()
        line = await asyncio.to_thread(stdin.readline)
        if not line:
            break
        text = line.strip()
        if not text:
            continue
        if text.lower() in QUIT:
            break
        reply = await dispatch(services, ctx, text)
        stdout.write(render_plain(reply) + "\n")
        stdout.flush()
