"""The command registry: one entry per chat command, its flags, /help, and no import cycle."""

from __future__ import annotations

import ast
from pathlib import Path

from fedrank.handlers.commands import COMMANDS, Command, help_, register
from fedrank.handlers.context import Services
from tests.conftest import user
from tests.factories import make_director, seed_federation

HANDLERS = Path(__file__).resolve().parents[2] / "fedrank" / "handlers"


def flagged(flag: str) -> set[str]:
    return {name for name, command in COMMANDS.items() if getattr(command, flag)}


def test_each_command_carries_the_flags_transports_read() -> None:
    assert flagged("slow") == {
        "submit",
        "confirm",
        "names",
        "facts",
        "cancel",
        "publish",
        "history",
        "why",
        "round",
        "whatif",
        "withdraw",
        "closeround",
        "propose",
        "proposals",
        "proposalaccept",
    }
    assert flagged("private") == {"links", "linkcode", "mygames", "proposals"}
    assert flagged("takes_file") == {"submit", "round", "propose"}
    assert flagged("embedded") == {"rating", "top", "history"}
    assert all(c.audience in ("all", "director") for c in COMMANDS.values())
    assert all(name == c.name for name, c in COMMANDS.items())


def test_register_keeps_the_flags() -> None:
    try:
        register("probe", help_, "director", slow=True, takes_file=True)
        assert COMMANDS["probe"] == Command(
            "probe", help_, "director", slow=True, private=False, takes_file=True
        )
    finally:
        del COMMANDS["probe"]


async def test_help_lists_the_registry_in_order(services: Services) -> None:
    await seed_federation(services.db)
    everyone = (await help_(services, user("u"), "")).plain
    shown = [line.split(" — ")[0].split()[0] for line in everyone.splitlines()[2:-1]]
    assert shown == [f"/{c.name}" for c in COMMANDS.values() if c.audience == "all"]
    await make_director(services.db, "boss")
    directors = (await help_(services, user("boss"), "")).plain
    assert "/approve <request> — " in directors and "/approve" not in everyone


def test_use_cases_do_not_import_the_registry_or_the_dispatcher() -> None:
    """The registry imports the use cases, never the other way round (no cycle)."""
    above = {"fedrank.handlers.commands", "fedrank.handlers.dispatch"}
    for path in sorted(HANDLERS.rglob("*.py")):
        if path.name in ("commands.py", "dispatch.py") and path.parent == HANDLERS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
            elif isinstance(node, ast.Import):
                names = {a.name for a in node.names}
            else:
                continue
            assert not names & above, f"{path.relative_to(HANDLERS)} imports {names & above}"
