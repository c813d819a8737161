"""A sampling profiler for asyncio benches: where the process's CPU time goes.

cProfile's cumulative times mean little under asyncio (a coroutine is "called" again at each
resumption, and SQLAlchemy's greenlets cut the stacks). This samples the main
thread's stack instead, on a timer of the process's CPU time (``ITIMER_PROF``): a running
coroutine's frame chain leads back through every coroutine awaiting it to the event loop, so a
function's share of the samples in which it is on the stack is its true cumulative share of the
CPU, and the share in which it is on top is its own. CPU that other threads use (aiosqlite's)
while the loop waits shows up under the loop's ``select``.
"""

from __future__ import annotations

import signal
from collections import Counter
from types import FrameType

import greenlet

WAITING = {"select", "poll"}  # the loop waiting for I/O while another thread works


def _where(frame: FrameType) -> str:
    code = frame.f_code
    path = code.co_filename
    for marker in ("site-packages/", "/fedrank/", "/bench/", "/lib/python3.11/"):
        at = path.find(marker)
        if at >= 0:
            path = path[at + len(marker) :] if marker != "/fedrank/" else path[at + 1 :]
            break
    return f"{path}:{code.co_firstlineno}({code.co_name})"


class StackSampler:
    """``with StackSampler(): ...`` (in the main thread), then :meth:`report`."""

    def __init__(self, interval: float = 0.001) -> None:
        self.interval = interval
        self.samples = 0
        self.inclusive: Counter[str] = Counter()
        self.exclusive: Counter[str] = Counter()

    def __enter__(self) -> StackSampler:
        signal.signal(signal.SIGPROF, self._on_signal)
        signal.setitimer(signal.ITIMER_PROF, self.interval, self.interval)
        return self

    def __exit__(self, *exc: object) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, signal.SIG_DFL)

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        if frame is None:
            return
        self.samples += 1
        self.exclusive[_where(frame)] += 1
        seen: set[str] = set()
        current: FrameType | None = frame
        # SQLAlchemy's asyncio runs the ORM in greenlets: a greenlet's stack ends where it
        # started, and carries on in its parent's (the ``greenlet_spawn`` that awaits it).
        runner = greenlet.getcurrent()
        while current is not None:
            seen.add(_where(current))
            current = current.f_back
            if current is None and runner is not None and runner.parent is not None:
                runner = runner.parent
                current = runner.gr_frame
        self.inclusive.update(seen)

    def report(self, lines: int = 30) -> str:
        total = max(1, self.samples)
        waiting = sum(
            n for name, n in self.exclusive.items() if name.split("(")[-1][:-1] in WAITING
        )
        text = [
            f"CPU samples: {self.samples} (a timer of the CPU time, at the kernel tick at best)"
            f" ({waiting / total:.0%} while the loop waited in select: other threads' CPU)",
            "  cumul.    own  function  -- by cumulative share --",
        ]
        for name, n in self.inclusive.most_common(lines):
            text.append(f"  {n / total:6.1%} {self.exclusive[name] / total:6.1%}  {name}")
        text.append("  cumul.    own  function  -- by own share --")
        for name, n in self.exclusive.most_common(lines):
            text.append(f"  {self.inclusive[name] / total:6.1%} {n / total:6.1%}  {name}")
        return "\n".join(text)
