"""``fedrank federation add | edit --name-xx --logo --accent --contact --footer`` and
``fedrank discipline add | edit --name-xx``: checked, written, audited; a refusal writes nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

from fedrank.storage.database import Database
from tests.cli.test_app import Cli
from tests.cli.test_setup import _audit
from tests.cli.test_setup import run as run

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


def _federation(
    cwd: Path,
) -> tuple[dict[str, str], str | None, str | None, str | None, bytes | None]:
    async def read() -> tuple[dict[str, str], str | None, str | None, str | None, bytes | None]:
        db = Database(f"sqlite+aiosqlite:///{cwd / 'fedrank.db'}")
        try:
            async with db.read() as repos:
                fed = await repos.federations.by_code("CCBA")
                assert fed is not None
                logo = await repos.federations.logo(fed.id)
                return fed.names, fed.accent, fed.contact, fed.footer, logo[0] if logo else None
        finally:
            await db.close()

    return asyncio.run(read())


def test_names_and_identity_from_the_cli(run: Cli, tmp_path: Path) -> None:
    assert run(["init"]).returncode == 0
    added = run(
        [
            "federation",
            "add",
            "CCBA",
            "Chinese Contract Bridge Association",
            "--name-zh",
            "中国桥牌协会",
        ]
    )
    assert added.returncode == 0, added.stderr
    discipline = run(
        [
            "discipline",
            "add",
            "CCBA",
            "ccba",
            "bridge_ccba",
            "CCBA masterpoints",
            "--name-zh",
            "大师分",
        ]
    )
    assert discipline.returncode == 0, discipline.stderr
    logo = tmp_path / "logo.png"
    logo.write_bytes(PNG)
    edited = run(
        [
            "federation",
            "edit",
            "CCBA",
            "--name-ru",
            "Китайская ассоциация бриджа",
            "--logo",
            str(logo),
            "--accent",
            "#0A5",
            "--contact",
            "ccba@example.org",
            "--footer",
            "© CCBA",
        ]
    )
    assert edited.returncode == 0, edited.stderr
    assert "name-zh: 中国桥牌协会" in edited.stdout and "logo: png" in edited.stdout
    assert "ccba: zh: 大师分" in edited.stdout
    names, accent, contact, footer, data = _federation(run.cwd)
    assert names == {"zh": "中国桥牌协会", "ru": "Китайская ассоциация бриджа"}
    assert (accent, contact, footer, data) == ("#0a5", "ccba@example.org", "© CCBA", PNG)
    renamed = run(["discipline", "edit", "CCBA", "ccba", "--name-en", "CCBA masterpoints (MP)"])
    assert (
        renamed.returncode == 0
        and "names: en: CCBA masterpoints (MP), zh: 大师分" in renamed.stdout
    )
    actions = [a for a, _, _ in _audit(run.cwd)]
    assert actions.count("federation.names") == 2 and "federation.identity" in actions
    assert actions.count("discipline.names") == 2


def test_a_bad_value_is_refused_and_nothing_written(run: Cli, tmp_path: Path) -> None:
    assert run(["init"]).returncode == 0
    assert run(["federation", "add", "CCBA", "Chinese Contract Bridge Association"]).returncode == 0
    script = tmp_path / "logo.svg"
    script.write_text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    refused = run(["federation", "edit", "CCBA", "--accent", "#0a5", "--logo", str(script)])
    assert refused.returncode == 2 and "refused" in refused.stderr
    colour = run(["federation", "edit", "CCBA", "--accent", "green"])
    assert colour.returncode == 2 and "not a colour" in colour.stderr
    assert _federation(run.cwd) == ({}, None, None, None, None)
    reasons = [(a, r) for a, _, r in _audit(run.cwd) if a == "federation.identity.refused"]
    assert len(reasons) == 2
