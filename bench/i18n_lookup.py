"""Message lookup bench: t() and tn() over the gettext catalogue, against the former dict lookup.

    .venv/bin/python bench/i18n_lookup.py [--calls 200000]

t() is on every update's path. The anchor, measured in the same run, is what t() did before the
catalogue became gettext files: ``MESSAGES[key]`` (``key -> {language: text}``), the language's
text or English, ``str.format``. Printed: nanoseconds per call and the ratio to the anchor, and
the time the first import of the catalogue takes (the four .mo files read once).
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import fedrank.handlers.wording.i18n as i18n  # noqa: E402
from fedrank.handlers.wording.i18n import MESSAGES, t, tn  # noqa: E402

CALLS = [
    ("ru", "player.not_found", {"query": "Иванов"}),
    ("zh", "help.title", {}),
    ("fr", "start.linked", {"player": "Anna (RMF-1)"}),
    ("uk", "error.usage", {"usage": "/rating [ID]"}),
]


def anchor(language: str, key: str, /, **values: object) -> str:
    entry = MESSAGES[key]
    template = entry.get(language) or entry["en"]
    return template.format(**values)


def _per_call(calls: int, one: object) -> float:
    start = time.perf_counter()
    for i in range(calls):
        language, key, values = CALLS[i & 3]
        one(language, key, **values)  # type: ignore[operator]
    return (time.perf_counter() - start) / calls * 1e9


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=200_000)
    calls = parser.parse_args().calls
    # Interleaved rounds, the best of each: the machine's other load hits both alike.
    rounds = [(_per_call(calls, anchor), _per_call(calls, t)) for _ in range(5)]
    base, ours = min(r[0] for r in rounds), min(r[1] for r in rounds)
    start = time.perf_counter()
    for i in range(calls):
        tn(CALLS[i & 3][0], "figures.players", i)
    plural = (time.perf_counter() - start) / calls * 1e9
    start = time.perf_counter()
    importlib.reload(i18n)  # the four .mo files read and the lookup tables built again
    load = (time.perf_counter() - start) * 1000
    print(f"anchor (former dict t): {base:8.0f} ns/call")
    print(f"t()                   : {ours:8.0f} ns/call  ratio {ours / base:.2f}")
    print(f"tn()                  : {plural:8.0f} ns/call  ratio {plural / base:.2f}")
    print(f"loading the catalogue : {load:8.1f} ms (once, at import)")


if __name__ == "__main__":
    main()
