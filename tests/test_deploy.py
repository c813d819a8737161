"""The deployment files (Dockerfile, compose.yaml, deploy/) against the code they start.

No container engine runs here, so what can be checked is checked: the entry point script is run
for real, every FEDRANK_* variable the files set is one fedrank reads, the image installs from
the lock as `make setup` does, and every stop timeout leaves the scheduler its grace.
"""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from fedrank.config import DiscordSettings, Settings
from fedrank.scheduler.runner import SHUTDOWN_GRACE_SECONDS

ROOT = Path(__file__).resolve().parents[1]
ENTRYPOINT = ROOT / "deploy" / "entrypoint.sh"
FILES = [
    ROOT / "Dockerfile",
    ROOT / "compose.yaml",
    ROOT / "compose.replicas.yaml",
    ROOT / "deploy" / "fedrank.service",
    ENTRYPOINT,
]
#: What stopping may take beyond the tick's grace: closing transports, sessions, the lock.
STOP_MARGIN = 10


def _fake_fedrank(tmp_path: Path, code: int = 0) -> Path:
    """A stand-in ``fedrank`` that appends its arguments to calls.txt."""
    fake = tmp_path / "fedrank"
    fake.write_text(f'#!/bin/sh\necho "$@" >> "{tmp_path}/calls.txt"\nexit {code}\n')
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    return fake


def _entrypoint(
    args: list[str], env: dict[str, str], cwd: Path
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: S603 (our own script)
        ["/bin/sh", str(ENTRYPOINT), *args],
        cwd=cwd,
        env=env,
        input="",
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize(
    ("args", "calls"),
    [
        ([], ["db upgrade", "run"]),
        (
            ["--webhook", "--http", "0.0.0.0:8080"],
            ["db upgrade", "run --webhook --http 0.0.0.0:8080"],
        ),
        (["db", "current"], ["db current"]),
    ],
)
def test_the_entrypoint_migrates_then_runs_or_runs_the_command_given(
    tmp_path: Path, args: list[str], calls: list[str]
) -> None:
    fake = _fake_fedrank(tmp_path)
    done = _entrypoint(args, {"PATH": "/usr/bin:/bin", "FEDRANK_BIN": str(fake)}, tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "calls.txt").read_text().splitlines() == calls


def test_a_failed_migration_starts_nothing(tmp_path: Path) -> None:
    fake = _fake_fedrank(tmp_path, code=3)
    done = _entrypoint([], {"PATH": "/usr/bin:/bin", "FEDRANK_BIN": str(fake)}, tmp_path)
    assert done.returncode == 3
    assert (tmp_path / "calls.txt").read_text().splitlines() == ["db upgrade"]


@pytest.mark.slow
def test_the_entrypoint_with_the_real_fedrank_migrates_and_serves_the_console(
    tmp_path: Path,
) -> None:
    """With no token and stdin at its end, the console chat ends at once: the schema is there."""
    wrapper = tmp_path / "fedrank"
    wrapper.write_text(
        f'#!/bin/sh\nexec "{sys.executable}" -c "from fedrank.cli import main; main()" "$@"\n'
    )
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IEXEC)
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "PYTHONPATH": str(ROOT),
        "FEDRANK_BIN": str(wrapper),
        "FEDRANK_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/data.db",
    }
    done = _entrypoint([], env, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "upgraded to" in done.stdout or "head" in done.stdout
    current = subprocess.run(  # noqa: S603
        [str(wrapper), "db", "current"], env=env, capture_output=True, text=True, check=True
    )
    assert "(head)" in current.stdout


def _variables(text: str) -> set[str]:
    return set(re.findall(r"\bFEDRANK_[A-Z_]+[A-Z]\b", text))


def _known() -> set[str]:
    names = {f"FEDRANK_{field.upper()}" for field in Settings.model_fields}
    names |= {f"FEDRANK_DISCORD_{field.upper()}" for field in DiscordSettings.model_fields}
    return names | {"FEDRANK_BIN"}  # the entrypoint's own: which fedrank to call


def test_every_variable_the_deployment_sets_is_one_fedrank_reads() -> None:
    used = set().union(*(_variables(path.read_text()) for path in FILES))
    assert {"FEDRANK_DATABASE_URL", "FEDRANK_REDIS_URL", "FEDRANK_HTTP"} <= used
    assert used - _known() == set()


def test_the_image_installs_the_lock_with_hashes_then_fedrank_without_dependencies() -> None:
    lines = [
        line.strip()
        for line in (ROOT / "Dockerfile").read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    base = next(line for line in lines if line.startswith("FROM "))
    assert re.fullmatch(r"FROM python:3\.11-slim", base)  # the lock is compiled for 3.11
    lock = next(
        i for i, line in enumerate(lines) if "--require-hashes -r requirements.lock" in line
    )
    own = next(i for i, line in enumerate(lines) if "pip install --no-deps ." in line)
    assert lock < own
    assert "pip check" in lines[own]
    user = next(line for line in lines if line.startswith("USER "))
    assert user.split()[1] not in ("root", "0")
    assert lines.index(user) > own  # installed as root, run as the plain user
    assert lines[-1] == "CMD []" and 'ENTRYPOINT ["fedrank-entrypoint"]' in lines
    for line in lines:  # what the image copies exists and is not ignored
        if line.startswith("COPY "):
            for source in line.split()[1:-1]:
                assert (ROOT / source).exists(), source
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert not {"fedrank", "requirements.lock", "pyproject.toml", "deploy"} & set(ignored)


#: Lines of a lock: ``name==version \`` then its ``--hash=sha256:…`` lines.
_PIN = re.compile(r"^([a-z0-9][a-z0-9._-]*)==(\S+) \\$", re.M)
_DEV_ONLY = {"pytest", "pytest-asyncio", "pytest-xdist", "pytest-cov", "selenium", "mypy", "ruff"}


def _pins(name: str) -> dict[str, str]:
    text = (ROOT / name).read_text()
    pins = dict(_PIN.findall(text))
    # every requirement is pinned and hash-checked: as many pins as entries, each with a hash
    entries = [block for block in re.split(r"\n(?=\S)", text) if not block.startswith("#")]
    assert len(entries) == len(pins), name
    assert all("--hash=sha256:" in block for block in entries), name
    return pins


def test_the_image_installs_the_runtime_lock_alone_which_has_no_test_or_lint_tool() -> None:
    docker = (ROOT / "Dockerfile").read_text()
    code = "\n".join(line for line in docker.splitlines() if not line.lstrip().startswith("#"))
    assert re.findall(r"\S*requirements\S*", code) == ["requirements.lock"] * 2  # COPY, install
    assert "requirements-dev.lock" in (ROOT / ".dockerignore").read_text().split()
    runtime, dev = _pins("requirements.lock"), _pins("requirements-dev.lock")
    assert not _DEV_ONLY & set(runtime)
    assert set(dev) >= _DEV_ONLY  # `make setup` installs the dev lock: the tests need it
    # the runtime lock is the dev lock less the dev extra, at the very same versions
    assert {name: dev[name] for name in runtime} == runtime
    for needed in ("aiogram", "aiohttp", "markupsafe", "jinja2", "sqlalchemy", "prometheus-client"):
        assert needed in runtime, needed


def test_make_setup_installs_the_dev_lock_and_make_lock_writes_both() -> None:
    makefile = (ROOT / "Makefile").read_text()
    setup = makefile[makefile.index("$(BIN)/.installed:") :].split("\n\n", 1)[0]
    assert "--require-hashes -r requirements-dev.lock" in setup
    assert "-r requirements.lock" not in setup
    lock = makefile[makefile.index("\nlock:") :].split("\n\n", 1)[0]
    compiles = [line for line in lock.splitlines() if "uv pip compile" in line]
    assert len(compiles) == 2 and all("--generate-hashes" in line for line in compiles)
    assert "-o requirements-dev.lock" in lock and "-o requirements.lock" in lock


def _seconds(value: str) -> int:
    match = re.fullmatch(r"(\d+)(s?)", value.strip())
    assert match, value
    return int(match[1])


def test_every_stop_timeout_leaves_the_scheduler_its_grace() -> None:
    unit = (ROOT / "deploy" / "fedrank.service").read_text()
    settings = dict(
        line.split("=", 1) for line in unit.splitlines() if "=" in line and not line.startswith("#")
    )
    assert settings["Restart"] == "on-failure"
    assert settings["EnvironmentFile"].startswith("/")
    assert settings["KillSignal"] == "SIGTERM"
    assert _seconds(settings["TimeoutStopSec"]) >= SHUTDOWN_GRACE_SECONDS + STOP_MARGIN
    compose = (ROOT / "compose.yaml").read_text()
    grace = re.search(r"stop_grace_period:\s*(\S+)", compose)
    assert grace is not None and _seconds(grace[1]) >= SHUTDOWN_GRACE_SECONDS + STOP_MARGIN
    assert re.search(r"stop_signal:\s*SIGTERM", compose)
    docker = (ROOT / "Dockerfile").read_text()
    assert re.search(r"^STOPSIGNAL SIGTERM$", docker, re.M)


def test_compose_runs_fedrank_on_postgresql_and_redis_with_a_volume_for_sqlite() -> None:
    compose = (ROOT / "compose.yaml").read_text()
    assert re.search(r"^  postgres:\n    image: postgres:", compose, re.M)
    assert re.search(r"^  redis:\n    image: redis:", compose, re.M)
    url = re.search(r"FEDRANK_DATABASE_URL: (\S+)", compose)
    assert url is not None
    assert Settings(_env_file=None, database_url=url[1]).database_url.startswith(  # type: ignore[call-arg]
        "postgresql+asyncpg://"
    )
    assert "fedrank-data:/data" in compose  # where the image's default SQLite file lives
    assert "sqlite+aiosqlite:////data/fedrank.db" in (ROOT / "Dockerfile").read_text()


def _service(compose: str, name: str) -> str:
    """A service's block of a compose file (PyYAML is no dependency: read as text)."""
    found = re.search(rf"^  {re.escape(name)}:\n((?:    .*\n|\n)+)", compose, re.M)
    assert found is not None, name
    return found[1]


def test_the_replicas_compose_runs_two_webhooks_one_leader_postgresql_and_redis() -> None:
    compose = (ROOT / "compose.replicas.yaml").read_text()
    services = re.findall(r"^  ([a-z0-9-]+):\n", compose.split("\nservices:\n", 1)[1], re.M)
    assert set(services) >= {"leader", "webhook-1", "webhook-2", "postgres", "redis"}
    leader = _service(compose, "leader")
    assert 'command: ["--webhook"]' in leader  # the scheduler runs here, and Discord's gateway
    replicas = [_service(compose, f"webhook-{n}") for n in (1, 2)]
    for replica in replicas:
        assert 'command: ["--webhook", "--no-scheduler"]' in replica
        assert 'FEDRANK_DISCORD_TOKEN: ""' in replica  # one Discord gateway: the leader's
        assert re.search(r"leader:\n\s+condition: service_healthy", replica)  # migrated
    ports = re.findall(r'"127\.0\.0\.1:(\d+):8080"', compose)
    assert sorted(ports) == ["8080", "8081", "8082"]
    assert re.search(r"^  postgres:\n    image: postgres:", compose, re.M)
    assert re.search(r"^  redis:\n    image: redis:", compose, re.M)
    # Every fedrank process: PostgreSQL, one Redis (shared state and send budgets), a webhook
    # reachable from outside its container, a grace for the scheduler's tick.
    url = re.search(r"FEDRANK_DATABASE_URL: (\S+)", compose)
    assert url is not None and "@postgres:5432/" in url[1]
    assert "FEDRANK_REDIS_URL: redis://redis:6379/0" in compose
    assert "FEDRANK_WEBHOOK_HOST: 0.0.0.0" in compose
    assert compose.count("<<: *environment") == 3 and compose.count("<<: *fedrank") == 3
    grace = re.search(r"stop_grace_period:\s*(\S+)", compose)
    assert grace is not None and _seconds(grace[1]) >= SHUTDOWN_GRACE_SECONDS + STOP_MARGIN


def test_the_unit_starts_commands_fedrank_has() -> None:
    unit = (ROOT / "deploy" / "fedrank.service").read_text()
    starts = re.findall(r"^ExecStart(?:Pre)?=\S+/fedrank (.+)$", unit, re.M)
    assert starts == ["db upgrade", "run --http 127.0.0.1:8080"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    helped = subprocess.run(
        [sys.executable, "-c", "from fedrank.cli import main; main()", "run", "--help"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "--http" in helped.stdout


def _exported() -> set[str]:
    """The sample names fedrank's metrics write (a counter's ``_total``, an info's ``_info``)."""
    from prometheus_client import REGISTRY

    import fedrank.metrics  # noqa: F401 (registers fedrank's metrics)

    suffixes = {
        "counter": ["_total"],
        "info": ["_info"],
        "histogram": ["_bucket", "_sum", "_count"],
    }
    return {
        family.name + suffix
        for family in REGISTRY.collect()
        if family.name.startswith("fedrank_")
        for suffix in suffixes.get(family.type, [""])
    }


def test_the_example_alerts_watch_metrics_fedrank_exports() -> None:
    text = (ROOT / "deploy" / "alerts.yml").read_text()
    rules = re.findall(r"^      - alert: (\w+)\n        expr: (.+)$", text, re.M)
    alerts = {name for name, _ in rules}
    # a stalled calendar, messages that wait, a transport down
    assert {"FedrankMonthlyListOverdue", "FedrankOutboxStuck", "FedrankTransportDown"} <= alerts
    used = set(re.findall(r"\bfedrank_[a-z_]+", "\n".join(expr for _, expr in rules)))
    assert used, "no rule reads fedrank's metrics"
    assert used - _exported() == set()
    calendars = set(re.findall(r'calendar="(\w+)"', text))
    assert calendars == {"monthly", "quarterly", "yearly"}  # on-demand lists never stall
