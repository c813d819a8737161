"""``fedrank run`` as a service: started as a real process, watched on ``/healthz`` and
``/metrics``, stopped by SIGTERM or SIGINT.

Each mode that can run here without a real platform is covered: the console chat with the
scheduler (and ``--http``), and Telegram by webhook and by long polling against the fake Bot API.
A stop must end the process within the scheduler's grace, with exit code 0, the scheduler's
lock released, and no traceback.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import signal
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from fedrank.scheduler.runner import SHUTDOWN_GRACE_SECONDS
from tests.bot.telegram.fake_api import TOKEN, FakeTelegram

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
#: Starting imports aiogram (seconds on a busy machine); a stop must fit in the grace.
START_WITHIN = 180.0
STOP_WITHIN = SHUTDOWN_GRACE_SECONDS + 10


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def workdir(tmp_path: Path, templates: object) -> Path:
    """A working directory holding a copy of the demo database (SQLite)."""
    source = templates.sqlite_demo()  # type: ignore[attr-defined]
    shutil.copyfile(source, tmp_path / "fedrank.db")
    return tmp_path


def _env(workdir: Path, **extra: str) -> dict[str, str]:
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": str(workdir),
        "PYTHONPATH": str(ROOT),
        "FEDRANK_DATABASE_URL": f"sqlite+aiosqlite:///{workdir / 'fedrank.db'}",
        **extra,
    }


async def _start(
    workdir: Path, args: list[str], env: dict[str, str], stdin: int = asyncio.subprocess.PIPE
) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        "from fedrank.cli import main; main()",
        "run",
        *args,
        cwd=workdir,
        env=env,
        stdin=stdin,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def _get(port: int, path: str) -> tuple[int, str]:
    """GET ``path`` once the server answers (it starts after the imports and the migration)."""
    deadline = asyncio.get_running_loop().time() + START_WITHIN
    async with aiohttp.ClientSession() as client:
        while True:
            try:
                async with client.get(f"http://127.0.0.1:{port}{path}") as resp:
                    return resp.status, await resp.text()
            except aiohttp.ClientConnectionError:
                if asyncio.get_running_loop().time() > deadline:
                    raise
                await asyncio.sleep(0.2)


async def _stop(proc: asyncio.subprocess.Process, sig: signal.Signals) -> tuple[str, str]:
    """Send ``sig``; the process must end cleanly within the grace. Returns (stdout, stderr)."""
    proc.send_signal(sig)
    out, err = await asyncio.wait_for(proc.communicate(), STOP_WITHIN)
    stderr = err.decode()
    assert proc.returncode == 0, stderr
    assert f"{sig.name} received: stopping" in stderr
    assert "the scheduler stopped; its lock is released" in stderr
    assert "Traceback" not in stderr
    assert " ERROR " not in stderr  # e.g. a poll cut off by a closed session
    return out.decode(), stderr


def _metric(text: str, name: str) -> dict[str, float]:
    """Every sample of ``name`` in Prometheus text: its label text -> value."""
    found = {}
    for line in text.splitlines():
        if line.startswith(name + "{") or line.startswith(name + " "):
            labels, _, value = line.rpartition(" ")
            found[labels[len(name) :]] = float(value)
    return found


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_the_console_with_the_scheduler_is_watched_and_stopped(
    workdir: Path, sig: signal.Signals
) -> None:
    port = _free_port()
    proc = await _start(workdir, ["--http", f"127.0.0.1:{port}"], _env(workdir))
    try:
        status, body = await _get(port, "/healthz")
        assert status == 200
        health = json.loads(body)
        assert health["status"] == "ok" and health["database"] == "reachable"
        assert health["last_publication"]["ufgo"]["list_date"] == "2026-11-01"
        assert health["outbox_backlog"] == {}
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(b"/rating UFGO-0001\n")
        await proc.stdin.drain()
        answer = await asyncio.wait_for(proc.stdout.readline(), START_WITHIN)
        assert "UFGO-0001" in answer.decode()
        # The scheduler's first tick runs at start: it leads (SQLite has one process).
        for _ in range(100):
            status, metrics = await _get(port, "/metrics")
            if _metric(metrics, "fedrank_scheduler_leader") == {"": 1.0}:
                break
            await asyncio.sleep(0.2)
        assert _metric(metrics, "fedrank_scheduler_leader") == {"": 1.0}
        updates = _metric(metrics, "fedrank_updates_total")
        assert updates['{command="rating",outcome="ok",platform="console"}'] == 1.0
        assert _metric(metrics, "fedrank_handler_seconds_count") == {'{command="rating"}': 1.0}
        assert _metric(metrics, "fedrank_outbox_backlog")['{platform="telegram"}'] == 0.0
        assert (await _get(port, "/healthz"))[1].count('"scheduler": "leader"') == 1
    finally:
        if proc.returncode is None:
            await _stop(proc, sig)


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    server = FakeTelegram()
    await server.start()
    try:
        yield server
    finally:
        await server.close()


async def test_telegram_by_webhook_serves_health_beside_the_webhook_and_stops(
    workdir: Path, fake: FakeTelegram
) -> None:
    port = _free_port()
    env = _env(
        workdir,
        FEDRANK_TELEGRAM_TOKEN=TOKEN,
        FEDRANK_TELEGRAM_API_URL=fake.url,
        FEDRANK_WEBHOOK_URL=f"http://127.0.0.1:{port}/telegram",
        FEDRANK_WEBHOOK_PORT=str(port),
        FEDRANK_WEBHOOK_SECRET="s3cret-webhook",
    )
    # --http on the webhook's own port (compose sets FEDRANK_HTTP): served by the webhook's server.
    proc = await _start(workdir, ["--webhook", "--http", f"0.0.0.0:{port}"], env)
    try:
        await fake.wait_for(lambda: fake.webhook, within=START_WITHIN)
        status, body = await _get(port, "/healthz")
        assert status == 200 and json.loads(body)["database"] == "reachable"
        user = fake.user(501, "Olena")
        await fake.send(user, "/rating UFGO-0001")
        (reply,) = await fake.replies(501, within=START_WITHIN)
        assert "UFGO-0001" in reply.text
        _, metrics = await _get(port, "/metrics")
        updates = _metric(metrics, "fedrank_updates_total")
        assert updates['{command="rating",outcome="ok",platform="telegram"}'] == 1.0
    finally:
        if proc.returncode is None:
            await _stop(proc, signal.SIGTERM)


async def test_telegram_by_long_polling_stops_on_sigint(workdir: Path, fake: FakeTelegram) -> None:
    env = _env(workdir, FEDRANK_TELEGRAM_TOKEN=TOKEN, FEDRANK_TELEGRAM_API_URL=fake.url)
    proc = await _start(workdir, [], env)
    try:
        # getMe comes when polling starts (a getUpdates is recorded only once it returns).
        await fake.wait_for(lambda: fake.calls_of("getMe"), within=START_WITHIN)
        user = fake.user(502, "Taras")
        await fake.send(user, "/rating UFGO-0001")
        # the first reply pays the handlers' imports: as long as starting may take
        (reply,) = await fake.replies(502, within=START_WITHIN)
        assert "UFGO-0001" in reply.text
    finally:
        if proc.returncode is None:
            await _stop(proc, signal.SIGINT)


async def test_a_bad_http_address_is_one_clear_line(workdir: Path) -> None:
    proc = await _start(workdir, ["--http", "localhost"], _env(workdir))
    _, err = await asyncio.wait_for(proc.communicate(), START_WITHIN)
    assert proc.returncode == 2
    assert err.decode().strip() == (
        "fedrank: error: --http takes HOST:PORT (e.g. 127.0.0.1:8080), not 'localhost'"
    )


async def test_a_server_without_a_bot_outlives_an_empty_console(workdir: Path) -> None:
    """No token, ``--http``, standard input ``/dev/null`` (as systemd starts a service): the
    website and the scheduler go on after the console's input ends, until SIGTERM."""
    port = _free_port()
    proc = await _start(
        workdir, ["--http", f"127.0.0.1:{port}"], _env(workdir), stdin=asyncio.subprocess.DEVNULL
    )
    try:
        assert proc.stderr is not None
        while True:
            line = await asyncio.wait_for(proc.stderr.readline(), START_WITHIN)
            assert line, "the process ended with its console's input"
            if b"the console's input ended; serving on 127.0.0.1:" in line:
                break
        status, body = await _get(port, "/healthz")
        assert status == 200 and json.loads(body)["database"] == "reachable"
        assert proc.returncode is None
    finally:
        if proc.returncode is None:
            await _stop(proc, signal.SIGTERM)


async def test_a_piped_console_with_http_still_ends_with_its_input(workdir: Path) -> None:
    """``echo /rating … | fedrank run`` with FEDRANK_HTTP set answers and exits, as without."""
    port = _free_port()
    proc = await _start(workdir, ["--http", f"127.0.0.1:{port}"], _env(workdir))
    out, err = await asyncio.wait_for(proc.communicate(b"/rating UFGO-0001\n"), START_WITHIN)
    assert proc.returncode == 0, err.decode()
    assert "UFGO-0001" in out.decode()
    assert "the console's input ended" not in err.decode()
