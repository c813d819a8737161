"""Chart bench: what one /history chart costs, and what it would cost with a library.

    .venv/bin/python bench/chart.py [--lists 120] [--runs 20]

Draws a history of ``--lists`` monthly lists with UFGO's rank thresholds ``--runs`` times:
the layout alone (``chart_layout``), the whole PNG (``rating_chart``), and, as the anchor
measured in the same run, ``zlib.compress`` of an RGB frame of the same size (what any
pure-Python PNG writer pays at least). Printed: milliseconds per chart (median), the PNG's size,
the ratio to the anchor, the import time of ``fedrank.charts.png`` (with its font) in a
fresh interpreter, and whether Pillow or matplotlib is importable here (they are not
dependencies: the chart needs neither).
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import time
import zlib
from datetime import date
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fedrank.charts.png import HEIGHT, WIDTH, chart_layout, rating_chart  # noqa: E402
from fedrank.handlers.systems.go_ufgo.adapter import ADAPTER  # noqa: E402


def history(lists: int) -> list[tuple[date, Decimal]]:
    out, value = [], Decimal(1500)
    for i in range(lists):
        value += Decimal((i * 37) % 61 - 27) / 2
        out.append((date(2010 + i // 12, i % 12 + 1, 1), value))
    return out


def median_ms(action: object, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def import_ms() -> float:
    code = (
        "import time; s = time.perf_counter(); import fedrank.charts.png; "
        "print((time.perf_counter() - s) * 1000)"
    )
    run = subprocess.run(  # noqa: S603 (our own interpreter, a fixed snippet)
        [sys.executable, "-X", "importtime", "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        env={"PYTHONPATH": str(ROOT)},
    )
    total = float(run.stdout.strip())
    own = [
        line
        for line in run.stderr.splitlines()
        if "fedrank.charts.font" in line or line.rstrip().endswith("fedrank.charts.png")
    ]
    for line in own:
        print(f"  importtime: {line.strip()}")
    return total


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lists", type=int, default=120)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    points = history(args.lists)
    levels = ADAPTER.rating_levels("ru")
    frame = bytes(3 * WIDTH * HEIGHT)
    anchor = median_ms(lambda: zlib.compress(frame, 6), args.runs)
    layout = median_ms(lambda: chart_layout(points, levels, "Бенч"), args.runs)
    whole = median_ms(lambda: rating_chart(points, levels, "Бенч"), args.runs)
    size = len(rating_chart(points, levels, "Бенч").png)
    print(f"{args.lists} lists, {WIDTH}x{HEIGHT} px, median of {args.runs} runs")
    print(f"anchor zlib.compress of an RGB frame: {anchor:.2f} ms")
    print(f"layout: {layout:.2f} ms ({layout / anchor:.2f}x anchor)")
    print(f"PNG:    {whole:.2f} ms ({whole / anchor:.2f}x anchor), {size} bytes")
    print(f"import fedrank.charts.png in a fresh interpreter: {import_ms():.1f} ms")
    for name in ("PIL", "matplotlib"):
        print(f"{name} importable here: {importlib.util.find_spec(name) is not None}")


if __name__ == "__main__":
    main()
