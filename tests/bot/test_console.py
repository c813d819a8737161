"""The console chat answers through the same handlers as the bots."""

import io
import os
import pty
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from fedrank.bot.console import render_console, run_console, save_file, split_attachment
from fedrank.bot.render import render_plain
from fedrank.handlers.context import Services
from fedrank.handlers.results.submission import MAX_UPLOAD
from fedrank.handlers.wording.reply import Attachment, Reply, Span
from tests.cli.test_app import FEDRANK
from tests.factories import seed_federation


async def test_console_session(services: Services) -> None:
    await seed_federation(services.db)
    stdin = io.StringIO("/rating RMF-001\n\n/fly\n/quit\n/help\n")
    stdout = io.StringIO()
    await run_console(
        services,
        user_id="operator",
        display_name="Operator",
        language="en",
        stdin=stdin,
        stdout=stdout,
        interactive=False,
    )
    out = stdout.getvalue()
    assert "Anna Ivanova (RMF-001)" in out
    assert "Rating: 750.5" in out
    assert "Unknown command /fly" in out
    assert "Commands:" not in out  # /quit stopped before /help


def test_plain_rendering_aligns_tables_and_shows_buttons() -> None:
    reply = (
        Reply().line(Span("Top", bold=True)).table(("#", "Player"), [("1", "张伟"), ("10", "Bo")])
    )
    reply.button("Confirm", "/confirm ab12")
    assert render_plain(reply).splitlines() == [
        "Top",
        "#   Player",
        "--  ------",
        "1   张伟",
        "10  Bo",
        "[Confirm] -> /confirm ab12",
    ]


# --- pasted tables, local files, the bot's files --------------------------------------------

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
KHARKIV = EXAMPLES / "go_ufgo" / "kharkiv_autumn_cup_2026.h9"
LVIV = EXAMPLES / "go_ufgo" / "lviv_club_league_13x13.csv"
#: The processes run this tree's fedrank, with logs at WARNING (no INFO lines on stderr).
ENV = {
    "PATH": "/usr/bin:/bin",
    "PYTHONPATH": str(EXAMPLES.parent),
    "FEDRANK_LOG_LEVEL": "WARNING",
}


async def _session(services: Services, text: str, files: Path) -> str:
    stdout = io.StringIO()
    await run_console(
        services,
        user_id="operator",
        display_name="Operator",
        language="en",
        stdin=io.StringIO(text),
        stdout=stdout,
        interactive=False,
        files=files,
        history=None,
    )
    return stdout.getvalue()


@pytest.mark.parametrize("end", ["\n.\n/help\n", "\n\n\n.\n/help\n", "\n", "\n\n"])
async def test_pasted_table_after_submit_is_the_message(
    demo_services: Services, tmp_path: Path, end: str
) -> None:
    """A lone dot or the end of input closes the pasted table, whose empty lines (a Go CSV has
    one between its header and its table) are its own; the line after the dot is a command."""
    table = LVIV.read_text("utf-8").rstrip("\n")
    assert "\n\n" in table  # the empty line that used to end the paste early
    out = await _session(demo_services, f"/submit ufgo --register-new\n{table}{end}", tmp_path)
    assert "Preview: Lviv Club Autumn League (13x13) — UFGO rating, 2026-11-07" in out
    assert "I answer commands" not in out  # no pasted line was taken for a message
    assert "[Confirm] -> /confirm " in out
    assert ("Commands:" in out) == ("/help" in end)


async def test_pasted_round_after_round_command(demo_services: Services, tmp_path: Path) -> None:
    out = await _session(
        demo_services, "/round woc-2026-demo\nround 5\nWOF-9999 X 33-31\n\n", tmp_path
    )
    assert "Round 5 not accepted" in out
    assert "line 2, field 'black': unknown player 'WOF-9999'" in out


async def test_submit_attaches_a_local_file(demo_services: Services, tmp_path: Path) -> None:
    (tmp_path / "my cup.h9").write_bytes(KHARKIV.read_bytes())
    out = await _session(
        demo_services,
        f"/submit ufgo --register-new @{tmp_path / 'my cup.h9'}\n"
        f"/submit ufgo @{tmp_path / 'missing.h9'}\n"
        f"/submit ufgo @{tmp_path}\n",
        tmp_path / "files",
    )
    assert "Preview: Kharkiv Autumn Cup 2026" in out
    assert f"No such file: {tmp_path / 'missing.h9'}" in out
    assert f"{tmp_path} is a folder, not a file." in out


async def test_attached_file_has_the_chats_size_limit(
    demo_services: Services, tmp_path: Path
) -> None:
    big = tmp_path / "big.h9"
    big.write_bytes(b";" + b" " * (MAX_UPLOAD + 10))
    out = await _session(demo_services, f"/submit ufgo @{big}\n", tmp_path)
    assert "The file is larger than 2 MB." in out


async def test_files_the_bot_sends_are_saved(demo_services: Services, tmp_path: Path) -> None:
    files = tmp_path / "saved"
    out = await _session(demo_services, "/history UFGO-0001\n/history UFGO-0001\n", files)
    first = files / "UFGO-0001-ufgo.png"
    second = files / "UFGO-0001-ufgo-1.png"
    assert first.read_bytes().startswith(b"\x89PNG")
    assert second.read_bytes() == first.read_bytes()  # the second answer kept the first file
    assert f"[file saved: {first}, {first.stat().st_size} bytes]" in out
    assert f"[file saved: {second}," in out
    assert "[file UFGO-0001-ufgo.png" not in out


def test_split_attachment_only_for_file_commands() -> None:
    assert split_attachment("/submit ufgo @cup.h9") == ("/submit ufgo", "cup.h9")
    assert split_attachment("/round Paris Open @r 5.txt") == ("/round Paris Open", "r 5.txt")
    assert split_attachment("/rating @someone") == ("/rating @someone", None)
    assert split_attachment("/submit ufgo") == ("/submit ufgo", None)
    assert split_attachment("hello @x") == ("hello @x", None)


def test_saved_names_stay_in_the_folder(tmp_path: Path) -> None:
    saved = save_file(tmp_path, Attachment("../../etc/passwd", b"x"))
    assert saved.parent == tmp_path and saved.name == "passwd"
    hidden = save_file(tmp_path, Attachment("..", b"y"))
    assert hidden.parent == tmp_path and hidden.name == "file"


# --- the process: piped input, a terminal, Ctrl-C --------------------------------------------


def _from_zero_with_director(cwd: Path) -> None:
    for args in (
        ["init"],
        ["federation", "add", "UFGO", "Ukrainian Go Federation", "--timezone", "Europe/Kyiv"],
        ["discipline", "add", "UFGO", "ufgo", "go_ufgo", "UFGO rating"],
        ["grant", "console:operator", "UFGO", "director"],
    ):
        done = subprocess.run(  # noqa: S603 (our own interpreter and module)
            [*FEDRANK, *args],
            cwd=cwd,
            env={**ENV, "HOME": str(cwd)},
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_echo_of_submit_and_a_pasted_table_gives_the_preview(tmp_path: Path) -> None:
    """The issue's "Done when": ``echo`` of /submit, the table and an empty line into
    ``fedrank run --console`` (an empty federation, the console user made director)."""
    _from_zero_with_director(tmp_path)
    table = KHARKIV.read_text("utf-8")
    piped = subprocess.run(  # noqa: S603 (our own interpreter and module)
        [*FEDRANK, "run", "--console"],
        cwd=tmp_path,
        env={**ENV, "HOME": str(tmp_path)},
        input=f"/submit ufgo --register-new\n{table}\n.\n/rating Bondarenko Olena\n",
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert piped.returncode == 0, piped.stderr
    out = piped.stdout
    assert out.startswith("Preview: Kharkiv Autumn Cup 2026 — UFGO rating, 2026-10-18")
    assert re.search(
        r"^Bondarenko Olena \(UFGO-0001\)\s+2215 \(2 dan\)\s+2222 \(2 dan\)", out, re.M
    )
    assert "New players, registered when you confirm (10)" in out
    assert "I answer commands" not in out
    assert (
        out.split("[Cancel] -> /cancel ")[1].splitlines()[1]
        == "No player matches “Bondarenko Olena”."
    )


@pytest.mark.slow
def test_ctrl_c_at_a_terminal_stops_without_enter(tmp_path: Path) -> None:
    """At a terminal: readline edits the line (a backspace), the history file is written, and
    Ctrl-C in the middle of a line ends the process without waiting for Enter, as a clean
    stop (exit 0, like SIGTERM: the scheduler's tick finished, its lock released)."""
    _from_zero_with_director(tmp_path)
    pid, fd = pty.fork()
    if pid == 0:  # the child: fedrank at a terminal
        os.chdir(tmp_path)
        env = {**ENV, "HOME": str(tmp_path)}
        os.execve(  # noqa: S606 (our own interpreter and module)
            sys.executable, [sys.executable, *FEDRANK[1:], "run", "--console"], env
        )
    seen = _until(fd, b"fedrank> ")
    os.write(fd, b"/helx\x7fp\r")
    seen += _until(fd, b"fedrank> ")
    os.write(fd, b"/rat")  # half a line, no Enter
    seen += _until(fd, b"/rat")
    os.write(fd, b"\x03")
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    assert b"Traceback" not in seen
    assert b"Commands:" in seen and b"Unknown command" not in seen  # /helx edited into /help
    assert (tmp_path / ".fedrank_history").read_text().splitlines()[-1] == "/help"


def _until(fd: int, wanted: bytes) -> bytes:
    """What the terminal shows up to ``wanted`` (the test's timeout ends a hang)."""
    seen = b""
    while wanted not in seen:
        ready, _, _ = select.select([fd], [], [], 120)
        assert ready, seen
        seen += os.read(fd, 4096)
    return seen


def test_a_file_that_cannot_be_saved_is_named(tmp_path: Path) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("a file where the folder should be")
    reply = Reply().attach(Attachment("chart.png", b"png", caption="Rating over time"))
    shown = render_console(reply, blocker / "sub", "en")
    assert shown.startswith(f"[file chart.png not saved in {blocker / 'sub'}: ")
    assert shown.endswith("] Rating over time")
