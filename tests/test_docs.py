"""docs/commands.md documents exactly the chat commands the dispatcher registers.

Each command is a heading ``### /name`` followed by four fields (Who, Syntax, Does, Example); a
command only directors may use is under "For directors" and its Who line names directors or
admins. A command added to ``COMMANDS`` without a page entry, or a page entry for a command that
does not exist (a typo, a removed command), fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

from fedrank.handlers.commands import COMMANDS

PAGE = Path(__file__).resolve().parents[1] / "docs" / "commands.md"
HEADING = re.compile(r"^### /([a-z0-9]+)\s*$", re.MULTILINE)
FIELDS = ("**Who:**", "**Syntax:**", "**Does:**", "**Example:**")


def sections() -> dict[str, tuple[str, str]]:
    """``name -> (part title, text under the heading)`` for every ``### /name`` of the page."""
    text = PAGE.read_text(encoding="utf-8")
    found: dict[str, tuple[str, str]] = {}
    part = ""
    lines = text.splitlines()
    current: str | None = None
    body: list[str] = []
    for line in [*lines, "## end"]:
        heading = HEADING.match(line)
        if heading or line.startswith("## "):
            if current is not None:
                assert current not in found, f"/{current} is documented twice"
                found[current] = (part, "\n".join(body))
            current, body = (heading.group(1), []) if heading else (None, [])
            if line.startswith("## "):
                part = line[3:].strip()
            continue
        body.append(line)
    return found


def test_every_registered_command_is_documented() -> None:
    missing = sorted(set(COMMANDS) - set(sections()))
    assert not missing, f"registered but not in docs/commands.md: {missing}"


def test_every_documented_command_is_registered() -> None:
    unknown = sorted(set(sections()) - set(COMMANDS))
    assert not unknown, f"in docs/commands.md but not registered: {unknown}"


def test_each_entry_has_its_fields_and_the_right_audience() -> None:
    for name, (part, body) in sections().items():
        for field in FIELDS:
            assert field in body, f"/{name}: no {field} line"
        example = body.split("**Example:**", 1)[1]
        assert f"`/{name}" in example, f"/{name}: the example does not use the command"
        who = body.split("**Who:**", 1)[1].split("\n- ", 1)[0].lower()
        if COMMANDS[name].audience == "director":
            assert part == "For directors", f"/{name} is a director command under {part!r}"
            assert "director" in who or "admin" in who, f"/{name}: Who does not name directors"
        else:
            assert part == "For everyone", f"/{name} is for everyone but is under {part!r}"
