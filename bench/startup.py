"""How fast fedrank starts and stops: ``fedrank --help``, and a piped console run's exit.

    python bench/startup.py [--runs 7]

Prints, as medians of several subprocess runs (each a fresh interpreter, like an operator's):

- ``--help``: wall time of ``fedrank --help``, and its ratio to a bare ``python -c pass``
  measured in the same run (the anchor: what any Python command costs on this machine);
- the piped run: ``echo '/rating UFGO-0001' | fedrank run`` with no token, on the demo
  database: when the answer's last byte arrived, and how long after it the process exited.

Goals (issue 18): ``--help`` under 0.3 s, exit within 0.5 s of the last answer.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FEDRANK = [sys.executable, "-c", "from fedrank.cli import main; main()"]


def _env(home: Path) -> dict[str, str]:
    """No token, no FEDRANK_* of the caller; this tree's fedrank first on the path."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("FEDRANK_")}
    env.update(HOME=str(home), PYTHONPATH=str(ROOT))
    return env


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def wall(args: list[str], cwd: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run: on a loaded machine the CPU time is the steadier
    figure, the wall time is what the operator waits."""
    began, cpu = time.perf_counter(), _cpu()
    subprocess.run(args, cwd=cwd, env=_env(cwd), capture_output=True, check=True)  # noqa: S603
    return time.perf_counter() - began, _cpu() - cpu


def piped_run(cwd: Path, line: str) -> tuple[float, float]:
    """(seconds until the answer's last byte, seconds from it to the process's exit)."""
    began = time.perf_counter()
    proc = subprocess.Popen(  # noqa: S603 (our interpreter, our module)
        [*FEDRANK, "run"],
        cwd=cwd,
        env=_env(cwd),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert proc.stdin is not None and proc.stdout is not None
    last = [began]
    received = bytearray()

    def drain() -> None:
        assert proc.stdout is not None
        while chunk := proc.stdout.read1(65536):
            received.extend(chunk)
            last[0] = time.perf_counter()

    reader = threading.Thread(target=drain)
    reader.start()
    proc.stdin.write(line.encode() + b"\n")
    proc.stdin.close()
    proc.wait(timeout=300)
    ended = time.perf_counter()
    reader.join()
    if proc.returncode != 0 or not received:
        raise SystemExit(f"fedrank run failed (exit {proc.returncode}): {received[-300:]!r}")
    return last[0] - began, ended - last[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--line", default="/rating UFGO-0001")
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fedrank-startup-") as tmp:
        cwd = Path(tmp)
        print("loading the demo database ...", flush=True)
        subprocess.run([*FEDRANK, "demo"], cwd=cwd, env=_env(cwd), capture_output=True, check=True)  # noqa: S603
        anchor = [wall([sys.executable, "-c", "pass"], cwd) for _ in range(opts.runs)]
        helps = [wall([*FEDRANK, "--help"], cwd) for _ in range(opts.runs)]
        runs = [piped_run(cwd, opts.line) for _ in range(opts.runs)]
    bare = statistics.median(w for w, _ in anchor)
    help_s = statistics.median(w for w, _ in helps)
    bare_cpu = statistics.median(c for _, c in anchor)
    help_cpu = statistics.median(c for _, c in helps)
    answer = statistics.median(r[0] for r in runs)
    delay = statistics.median(r[1] for r in runs)
    print(f"runs: {opts.runs} each, medians")
    print(f"python -c pass (anchor):         {bare:.3f} s")
    print(f"fedrank --help:                  {help_s:.3f} s  ({help_s / bare:.1f}x the anchor)")
    print(f"CPU time, anchor / --help:       {bare_cpu:.3f} s / {help_cpu:.3f} s")
    print(f"piped run, answer complete at:   {answer:.3f} s")
    print(f"piped run, exit after answer:    {delay:.3f} s  (goal < 0.5 s)")


if __name__ == "__main__":
    main()
