"""Progress: a rich bar on standard error when it is a terminal; on a pipe or with --quiet,
nothing but the summary line."""

from __future__ import annotations

import io
import os
import pty
import shutil
import subprocess
from pathlib import Path

import pytest

from fedrank.cli.progress import progress
from tests.cli.test_app import FEDRANK, Cli
from tests.conftest import Templates


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_on_a_terminal_and_nothing_elsewhere() -> None:
    terminal, pipe, quiet = Terminal(), io.StringIO(), Terminal()
    for stream, silent in ((terminal, False), (pipe, False), (quiet, True)):
        with progress("pages", quiet=silent, stream=stream) as step:
            for done in range(1, 4):
                step(done, 3)
    assert "pages" in terminal.getvalue() and "3/3" in terminal.getvalue()
    assert pipe.getvalue() == "" and quiet.getvalue() == ""


def test_on_a_pipe_only_the_summary_line(demo: Cli) -> None:
    built = demo(["site", "build", "--out", "site"])
    assert (built.returncode, built.stderr) == (0, "")
    assert built.stdout.startswith("site in site: ") and built.stdout.count("\n") == 1
    due = demo(["publish", "--due", "--today", "2026-12-01"])
    assert (due.returncode, due.stderr) == (0, ""), due.stderr
    assert due.stdout.startswith("tick at 2026-12-01")

    rows = "\n".join(f"{place}; RMF-{place:04d}" for place in range(1, 13))
    (demo.cwd / "cup.rmf").write_text(
        "name: Quiet Cup\nid: quiet-cup\ndate: 2026-11-15\ndiscipline: sichuan\nchs: 6\n\n"
        f"place; player\n{rows}\n"
    )
    quiet = demo(["import", "mahjong_rmf", "cup.rmf", "--yes", "--quiet"])
    assert (quiet.returncode, quiet.stderr) == (0, ""), quiet.stderr
    assert quiet.stdout == "saved Quiet Cup (quiet-cup), version 1\n"

    (demo.cwd / "reg.csv").write_text("id,name\nRMF-9001,Тихий Игрок\n", encoding="utf-8")
    players = demo(["players", "import", "RMF", "reg.csv", "--yes", "-q"])
    assert (players.returncode, players.stderr) == (0, ""), players.stderr
    assert players.stdout == "RMF: 1 added, 0 updated, 0 unchanged\n"


def _with_terminal_stderr(args: list[str], cwd: Path, env: dict[str, str]) -> tuple[str, str]:
    """Run the console script with standard error on a pseudo-terminal, standard output on a
    pipe: (stdout, what the terminal received)."""
    main, side = pty.openpty()
    proc = subprocess.Popen(  # noqa: S603 (our own interpreter and module)
        FEDRANK + args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=side
    )
    os.close(side)
    seen = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        seen += chunk
    out, _ = proc.communicate(timeout=300)
    os.close(main)
    assert proc.returncode == 0, seen.decode()
    return out.decode(), seen.decode(errors="replace")


@pytest.mark.slow
def test_a_bar_on_a_terminal(tmp_path: Path, templates: Templates) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "FEDRANK_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'fresh.db'}",
    }
    out, seen = _with_terminal_stderr(["demo"], tmp_path, env)
    assert out.startswith("demo loaded: 5 federations")
    assert "loading the demo" in seen and "11/11" in seen

    shutil.copyfile(templates.sqlite_demo(), tmp_path / "demo.db")
    env["FEDRANK_DATABASE_URL"] = f"sqlite+aiosqlite:///{tmp_path / 'demo.db'}"
    out, seen = _with_terminal_stderr(["site", "build", "--out", "site"], tmp_path, env)
    assert out.startswith("site in site: ") and out.count("\n") == 1
    assert "building the site: pages" in seen
    out, seen = _with_terminal_stderr(["site", "build", "--out", "site2", "-q"], tmp_path, env)
    assert out.startswith("site in site2: ") and seen == ""
    out, seen = _with_terminal_stderr(["publish", "--due", "--today", "2026-12-01"], tmp_path, env)
    assert out.startswith("tick at 2026-12-01") and "3/3" in seen
