"""Text that cannot play tricks: invisible controls out of names, spreadsheet formulas out of CSV.

Bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C) and the other invisible
format and control characters (Unicode categories Cc, Cf and lone surrogates Cs) can reverse
the rest of a line in a chat (``/top``, ``/links``), make two names look alike, or hide text.
They are:

- stripped on the way in: :func:`clean_name` for account display names (Telegram, Discord),
  player names (registry imports, ``/playeradd``), and :func:`visible` for a submission's text
  (names in results files);
- neutralised on the way out: every transport's renderer passes user text through
  :func:`visible` (so names stored before this was done are shown harmless too).

Tabs, line feeds and carriage returns are kept by :func:`visible` (a file's structure); a name
has none: :func:`clean_name` turns every run of white space into one space.

A CSV cell that starts with ``=``, ``+``, ``-``, ``@`` or a tab is a formula to a spreadsheet;
:func:`inert` writes it after an apostrophe (``'=HYPERLINK(…)`` is shown as text) and
:func:`uncell` takes the apostrophe off when the file is read back. Every CSV fedrank writes uses
:func:`csv_bytes` (or :func:`inert` on each cell).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from typing import Final

#: What a spreadsheet runs as a formula when a cell begins with it.
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t")
#: The invisible categories: controls, format characters (bidi marks among them), surrogates.
INVISIBLE: Final = frozenset(("Cc", "Cf", "Cs"))
#: White space a text (not a name) keeps.
KEPT: Final = "\t\n\r"

# Every character of the INVISIBLE categories (Unicode 14, Python 3.11's) but KEPT, as ranges:
# a regular expression is some 30 times faster than asking unicodedata of each character, and
# a test compares the ranges with unicodedata, so a newer Unicode cannot slip by unnoticed.
_INVISIBLE_RANGES: Final = (
    "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f"
    "\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f"
    "\ud800-\udfff\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U00013438"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
)
_INVISIBLE = re.compile(f"[{_INVISIBLE_RANGES}]")


def visible(text: str) -> str:
    """``text`` without invisible control and format characters (but tabs and line ends)."""
    if text.isprintable():
        return text
    return _INVISIBLE.sub("", text)


def clean_name(text: str) -> str:
    """A name as stored: no invisible character, white space runs as one space, trimmed."""
    return " ".join(visible(text).split())


def inert(text: str) -> str:
    """A cell a spreadsheet shows as text: an apostrophe before a formula start (or before an
    apostrophe that :func:`uncell` would take off)."""
    if text.startswith(FORMULA_STARTS) or (
        len(text) > 1 and text[0] == "'" and (text[1] in FORMULA_STARTS or text[1] == "'")
    ):
        return "'" + text
    return text


def uncell(text: str) -> str:
    """A cell's value: the apostrophe :func:`inert` put before a formula start taken off."""
    if len(text) > 1 and text[0] == "'" and (text[1] in FORMULA_STARTS or text[1] == "'"):
        return text[1:]
    return text


def csv_bytes(header: Sequence[str], rows: Iterable[Sequence[str]]) -> bytes:
    """A CSV file as fedrank writes them: UTF-8 with a BOM (so spreadsheets read it as UTF-8),
    CRLF line ends, every cell :func:`visible` and :func:`inert`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([inert(visible(cell)) for cell in header])
    writer.writerows([inert(visible(cell)) for cell in row] for row in rows)
    return out.getvalue().encode("utf-8-sig")
