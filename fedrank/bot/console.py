"""The console chat: the default transport when no bot token is configured.

It reads commands from standard input and answers on standard output, acting as a
configurable local user (``FEDRANK_CONSOLE_USER``), through the same handlers as the bots.
A button is pressed by typing the command shown next to it.

What a chat does with a message of several lines or an attached file, the console does with
pasted lines and local paths: after ``/submit <discipline>`` or ``/round <tournament>`` alone
on a line, the lines that follow up to a lone ``.`` or the end of input are the message's body
(the pasted table, empty lines included: a Go CSV has them between its header and its table);
``@path`` at the end of such a line attaches that file (the handler applies the chats' size
limit). Files the bot sends are saved under a folder (``FEDRANK_CONSOLE_FILES``)
and their paths printed. At a terminal, lines are edited with readline and kept in a history
file; lines are read in a daemon thread so Ctrl-C stops at once instead of after the next Enter.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sys
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from fedrank.bot.render import render_plain
from fedrank.handlers.commands import COMMANDS
from fedrank.handlers.context import IncomingFile, RequestContext, Services
from fedrank.handlers.dispatch import dispatch, parse_command
from fedrank.handlers.results.submission import MAX_UPLOAD, REGISTER_NEW
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Attachment, Reply

PROMPT = "fedrank> "
MORE = "... "
QUIT = {"/quit", "/exit", "quit", "exit"}
#: Where the bot's files go when the operator names no folder.
DEFAULT_FILES = Path("fedrank-files")
#: The readline history, under the user's home.
HISTORY = Path("~/.fedrank_history")
HISTORY_LENGTH = 1000
_UNSAFE = re.compile(r"[^\w.\-]+")


class LineReader:
    """One line at a time from ``stdin``, read in a daemon thread.

    A daemon thread is not waited for when the process ends: Ctrl-C cancels the chat at once,
    even while a line is being typed (the default executor's threads would be joined first).
    At a terminal, ``input()`` gives readline's editing and history."""

    def __init__(self, stdin: TextIO, stdout: TextIO, *, use_readline: bool) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.use_readline = use_readline

    def _blocking(self, prompt: str) -> str | None:
        if self.use_readline:
            try:
                return input(prompt) + "\n"
            except EOFError:
                return None
        if prompt:
            self.stdout.write(prompt)
            self.stdout.flush()
        return self.stdin.readline() or None

    async def read(self, prompt: str = "") -> str | None:
        """The next line with its newline, or None at end of input."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[str | None] = loop.create_future()

        def deliver(line: str | None, error: BaseException | None) -> None:
            if future.done():
                return
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(line)

        def work() -> None:
            line: str | None = None
            error: BaseException | None = None
            try:
                line = self._blocking(prompt)
            except Exception as exc:  # handed to the awaiting coroutine
                error = exc
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                loop.call_soon_threadsafe(deliver, line, error)

        threading.Thread(target=work, name="console-input", daemon=True).start()
        return await future


def _wants_body(text: str) -> bool:
    """Whether ``text`` is a file-taking command whose body (table) is still to come."""
    parsed = parse_command(text)
    if parsed is None:
        return False
    name, args = parsed
    command = COMMANDS.get(name)
    if command is None or not command.takes_file or not args:
        return False
    if name == "submit":  # /submit <discipline> [--register-new]: nothing more on the line
        words = [w for w in args.split() if w != REGISTER_NEW]
        return len(words) == 1
    return True  # /round <tournament>: the whole line names the tournament


def split_attachment(text: str) -> tuple[str, str | None]:
    """``"/submit ufgo @results/cup.h9"`` -> ``("/submit ufgo", "results/cup.h9")``.

    Only a file-taking command attaches; the path is everything after the `` @`` (it may hold
    spaces)."""
    parsed = parse_command(text)
    if parsed is None:
        return text, None
    command = COMMANDS.get(parsed[0])
    if command is None or not command.takes_file:
        return text, None
    head, sep, path = text.rpartition(" @")
    if not sep or not path.strip() or not head.strip():
        return text, None
    return head.rstrip(), path.strip()


def read_attachment(path: str, language: str) -> IncomingFile | str:
    """The local file as the chats' uploaded document, or the answer that says why not.

    At most one byte more than the chats take is read: the handler refuses it as too large
    without the console holding a huge file in memory."""
    file = Path(path).expanduser()
    try:
        with file.open("rb") as stream:
            content = stream.read(MAX_UPLOAD + 1)
    except FileNotFoundError:
        return t(language, "console.no_file", path=path)
    except IsADirectoryError:
        return t(language, "console.not_a_file", path=path)
    except OSError as exc:
        return t(language, "console.unreadable", path=path, reason=exc.strerror or str(exc))
    return IncomingFile(file.name, content)


def safe_name(filename: str) -> str:
    """The bot's file name as a plain name inside the folder (no path, no odd characters)."""
    base = filename.replace("\\", "/").rsplit("/", 1)[-1]
    cleaned = _UNSAFE.sub("_", base).strip("._") or "file"
    return cleaned[:120]


def save_file(folder: Path, attachment: Attachment) -> Path:
    """Write a file the bot sent under ``folder`` without overwriting an earlier one."""
    folder.mkdir(parents=True, exist_ok=True)
    name = safe_name(attachment.filename)
    stem, dot, suffix = name.rpartition(".")
    if not dot:
        stem, suffix = name, ""
    target = folder / name
    number = 1
    while True:
        try:
            with target.open("xb") as stream:
                stream.write(attachment.content)
            return target
        except FileExistsError:
            target = folder / (f"{stem}-{number}.{suffix}" if suffix else f"{stem}-{number}")
            number += 1


def render_console(reply: Reply, files: Path, language: str) -> str:
    """The reply as text, each file saved under ``files`` and shown by its path."""
    out: list[str] = []
    for block in reply.blocks:
        if isinstance(block, Attachment):
            try:
                path = save_file(files, block)
                line = t(language, "console.saved", path=str(path), size=len(block.content))
            except OSError as exc:  # a folder that cannot be written: say so, go on
                line = t(
                    language,
                    "console.not_saved",
                    file=safe_name(block.filename),
                    folder=str(files),
                    reason=exc.strerror or str(exc),
                )
            out.append(render_plain(Reply.text(f"{line} {block.caption}".rstrip())))
        else:
            out.append(render_plain(Reply([block])))
    if reply.buttons:
        out.append(render_plain(Reply(buttons=reply.buttons)))
    return "\n".join(out)


@contextlib.contextmanager
def terminal(history: Path | None) -> Iterator[bool]:
    """Readline with a history file while the chat runs at a terminal; yields whether
    readline is there. The terminal's modes are restored at the end, even after Ctrl-C."""
    try:
        import readline
        import termios
    except ImportError:  # no readline on this platform: plain lines
        yield False
        return
    saved = None
    with contextlib.suppress(termios.error, OSError, ValueError):
        saved = termios.tcgetattr(0)
    readline.set_history_length(HISTORY_LENGTH)
    if history is not None:
        history = history.expanduser()
        with contextlib.suppress(OSError):
            readline.read_history_file(history)
    try:
        yield True
    finally:
        if history is not None:
            with contextlib.suppress(OSError):
                readline.write_history_file(history)
        if saved is not None:
            with contextlib.suppress(termios.error, OSError):
                termios.tcsetattr(0, termios.TCSADRAIN, saved)


async def _body(reader: LineReader, interactive: bool) -> list[str]:
    """The pasted lines after a command, up to a lone ``.`` or the end of input; empty lines
    inside are the table's own (its trailing ones are dropped)."""
    lines: list[str] = []
    while True:
        line = await reader.read(MORE if interactive else "")
        if line is None or line.strip() == ".":
            while lines and not lines[-1].strip():
                lines.pop()
            return lines
        lines.append(line.rstrip("\r\n"))


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
    files: Path = DEFAULT_FILES,
    history: Path | None = HISTORY,
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
    with contextlib.ExitStack() as stack:
        use_readline = False
        if interactive:
            stdout.write(t(language, "console.welcome") + "\n")
            if stdin is sys.stdin and _is_tty(stdin):
                use_readline = stack.enter_context(terminal(history))
        reader = LineReader(stdin, stdout, use_readline=use_readline)
        try:
            await _serve(services, ctx, reader, stdout, interactive, files)
        except asyncio.CancelledError:  # Ctrl-C: leave the prompt's line cleanly
            if interactive:
                stdout.write("\n")
                stdout.flush()
            raise


async def _serve(
    services: Services,
    ctx: RequestContext,
    reader: LineReader,
    stdout: TextIO,
    interactive: bool,
    files: Path,
) -> None:
    while True:
        line = await reader.read(PROMPT if interactive else "")
        if line is None:
            break
        text = line.strip()
        if not text:
            continue
        if text.lower() in QUIT:
            break
        message, path = split_attachment(text)
        asker = ctx
        if path is not None:
            found = read_attachment(path, ctx.language)
            if isinstance(found, str):
                stdout.write(found + "\n")
                stdout.flush()
                continue
            asker = replace(ctx, attachment=found)
        elif _wants_body(text):
            if interactive:
                stdout.write(t(ctx.language, "console.paste") + "\n")
            body = await _body(reader, interactive)
            if body:
                message = text + "\n" + "\n".join(body)
        reply = await dispatch(services, asker, message)
        stdout.write(render_console(reply, files, ctx.language) + "\n")
        stdout.flush()


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def files_folder(setting: str | None) -> Path:
    """The folder for the bot's files: the setting, or ./fedrank-files/."""
    return Path(setting).expanduser() if setting else DEFAULT_FILES
