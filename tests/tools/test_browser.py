"""tools/browser.sh: nothing when the browser, its driver and the font are there; otherwise an
install from Debian's packages (sudo when not root), or one line naming the command to run.

The script runs for real, on a PATH of stand-ins that record what they were asked to do.
"""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "browser.sh"
COMMAND = "sudo apt-get install -y chromium chromium-driver fonts-wqy-zenhei"
FONT = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc: WenQuanYi Zen Hei:style=Regular"


def _tool(bin_dir: Path, name: str, body: str) -> None:
    path = bin_dir / name
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)


def _machine(
    tmp_path: Path,
    *,
    have: tuple[str, ...] = (),
    uid: int = 1000,
    apt: bool = True,
    sudo: bool = True,
    apt_fails: bool = False,
) -> Path:
    """A bin folder: the given programs, ``id``, and (optionally) apt-get and sudo, each
    appending its command line to calls.txt."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "calls.txt"
    for name in ("grep", "env"):
        found = next(p for p in (Path("/usr/bin") / name, Path("/bin") / name) if p.exists())
        os.symlink(found, bin_dir / name)
    _tool(bin_dir, "id", f"echo {uid}")
    for name in have:
        if name == "fc-list":
            _tool(bin_dir, name, f"echo '{FONT}'")
        else:
            _tool(bin_dir, name, "exit 0")
    if "fc-list" not in have:
        _tool(bin_dir, "fc-list", "echo '/usr/share/fonts/x.ttf: DejaVu Sans:style=Book'")
    if apt:
        _tool(bin_dir, "apt-get", f'echo "apt-get $*" >> "{calls}"\nexit {int(apt_fails)}')
    if sudo:
        _tool(bin_dir, "sudo", f'echo "sudo $1" >> "{calls}"\n"$@"')
    return bin_dir


def _run(bin_dir: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: S603 (our own script)
        ["/bin/sh", str(SCRIPT)],
        env={"PATH": str(bin_dir)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def _calls(tmp_path: Path) -> list[str]:
    calls = tmp_path / "calls.txt"
    return calls.read_text().splitlines() if calls.exists() else []


def test_nothing_is_done_when_all_three_are_there(tmp_path: Path) -> None:
    done = _run(_machine(tmp_path, have=("chromium", "chromedriver", "fc-list")))
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert _calls(tmp_path) == []


def test_a_plain_user_installs_the_three_packages_through_sudo(tmp_path: Path) -> None:
    done = _run(_machine(tmp_path, have=("chromium", "fc-list")))
    assert done.returncode == 0, done.stderr
    assert "chromium-driver" in done.stderr
    assert _calls(tmp_path) == [
        "sudo apt-get",
        "apt-get update -qq",
        "sudo env",
        "apt-get install -y -qq chromium chromium-driver fonts-wqy-zenhei",
    ]


def test_root_installs_without_sudo(tmp_path: Path) -> None:
    done = _run(_machine(tmp_path, have=("chromium", "chromedriver"), uid=0, sudo=False))
    assert done.returncode == 0, done.stderr
    assert _calls(tmp_path) == [
        "apt-get update -qq",
        "apt-get install -y -qq chromium chromium-driver fonts-wqy-zenhei",
    ]


@pytest.mark.parametrize(
    ("machine", "why"),
    [
        ({"apt": False}, "no apt-get here"),
        ({"sudo": False}, "not root and no sudo"),
        ({"apt_fails": True}, "installing them failed"),
    ],
)
def test_what_cannot_be_installed_is_one_line_naming_the_command(
    tmp_path: Path, machine: dict[str, bool], why: str
) -> None:
    done = _run(_machine(tmp_path, **machine))
    assert done.returncode == 1
    last = done.stderr.splitlines()[-1]
    assert why in last
    assert "need chromium chromium-driver fonts-wqy-zenhei" in last
    assert last.endswith(f"run `{COMMAND}`")
