"""The console chat: the default transport when no bot token is configured.

It reads one command per line from standard input and answers on standard output, acting as
a configurable local user (``FEDRANK_CONSOLE_USER``), through the same handlers as the bots.
A button is pressed by typing the command shown next to it.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import TextIO

from fedrank.bot.render import render_plain
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.dispatch import dispatch

PROMPT = "fedrank> "
QUIT = {"/quit", "/exit", "quit", "exit"}


async def _readline(stdin: TextIO) -> str:
    """One line of ``stdin``, read in a daemon thread: a stop (a signal) need not wait for the
    operator to press Enter, and the process can exit while the read still blocks (the
    executor's threads of ``asyncio.to_thread`` are joined at exit, a daemon thread is not)."""
    loop = asyncio.get_running_loop()
    got: asyncio.Future[str] = loop.create_future()

    def deliver(line: str) -> None:
        if not got.done():
            got.set_result(line)

    def read() -> None:
        try:
            line = stdin.readline()
        except (OSError, ValueError):  # closed under us: the same as end of input
            line = ""
        with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
            loop.call_soon_threadsafe(deliver, line)

    threading.Thread(target=read, name="console-stdin", daemon=True).start()
    return await got


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
        line = await _readline(stdin)
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
