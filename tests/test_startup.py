"""The CLI starts light: ``import fedrank.cli`` and ``fedrank --help`` load none of the heavy
libraries (the bots', the database's, the scheduler's); the command that needs one imports it.

(How fast that makes them is measured by bench/startup.py, not here.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# (Not pydantic: newer typer versions import it themselves to parse a command's options.)
HEAVY = ("aiogram", "discord", "sqlalchemy", "alembic", "aiohttp", "apscheduler")

PROBE = """
import json, sys
{body}
print(json.dumps(sorted({{m.split(".")[0] for m in sys.modules}})))
"""


def _loaded(body: str) -> set[str]:
    done = subprocess.run(  # noqa: S603 (our interpreter)
        [sys.executable, "-c", PROBE.format(body=body)],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=True,
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


@pytest.mark.parametrize(
    "body",
    [
        "import fedrank.cli",
        "from fedrank.cli import main\nsys.argv = ['fedrank', '--help']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass",
        "from fedrank.cli import main\nsys.argv = ['fedrank', 'run', '--help']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass",
    ],
    ids=["import", "--help", "run --help"],
)
def test_the_cli_loads_no_heavy_library_before_a_command_needs_it(body: str) -> None:
    assert _loaded(body) & set(HEAVY) == set()


def test_a_console_run_without_tokens_never_imports_the_bots() -> None:
    """The outbox's senders for a run without tokens: the console's alone, no aiogram."""
    loaded = _loaded(
        "from fedrank.bootstrap import bootstrap\n"
        "from fedrank.config import Settings\n"
        "root = bootstrap(Settings(_env_file=None, database_url='sqlite:///:memory:'))\n"
        "assert list(root.senders()) == ['console'], root.senders()\n"
        "root.scheduler()"
    )
    assert {"aiogram", "discord"} & loaded == set()
