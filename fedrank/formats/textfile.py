"""A director's text file: its encoding recognised, and a CSV's separator.

Russian and Ukrainian Excel save "CSV" in Windows-1251 with ``;`` between cells; Chinese
Windows saves GBK/GB18030. :func:`decode` reads, in this order and deterministically:

1. a byte order mark: UTF-8 (``EF BB BF``), UTF-16 LE/BE (Excel's "Unicode text"). A UTF-16
   mark counts only when the text it gives has a line break, a tab, ``,`` or ``;`` (code
   points with a zero byte, which no Windows-1251 or GB18030 file has): in Windows-1251 the
   mark's bytes ``FF FE`` / ``FE FF`` are "яю" / "юя", and such a file starting with a small
   "я" or "ю" goes on to the steps below;
2. strict UTF-8 (plain ASCII is UTF-8);
3. an XML file's own declaration (``<?xml ... encoding="ISO-8859-1"?>``, as OpenGotha 3.3x
   wrote its tournament files) when the bytes decode in it;
4. Windows-1251 or GB18030, whichever gives plausible text: Cyrillic words (a capital then
   small letters, or all capitals, of one alphabet) for Windows-1251; common Chinese
   characters (GB2312's first level, the 3,755 most used) and CJK punctuation for GB18030. A
   Russian text read as GB18030 gives rare characters or fails; a Chinese text read as
   Windows-1251 gives symbols and capitals inside words. Windows-1252 (ISO-8859-1, as
   OpenGotha writes h9 files) is the third candidate: accented Latin letters inside words of
   plain ones ("Müller"), which Cyrillic or Chinese bytes never give. When more than one or
   none looks plausible the file is refused (:class:`DecodeError`) and the director is told
   to save it as UTF-8. Plausibility is judged on the lines that hold non-ASCII bytes (up to
   64 KB of them), wherever they are in the file: a 500 KB tournament file with one "ç" on
   line 433 is judged on that line, not on its ASCII first 64 KB.

:func:`detect_separator` tells ``;``, ``,`` or a tab from the whole table, not its first line
(a title such as ``Cup, Moscow;;;`` must not decide it): for each separator, the count of
cells most lines split into (two or more; ``#`` comments, empty and one-cell ``key: value``
lines do not vote); the separator whose such lines are the most wins, the wider split breaking
a tie (quotes respected).
"""

from __future__ import annotations

import codecs
import csv
import io
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Final

#: The names shown in the preview ("read as ...").
UTF8: Final = "UTF-8"
UTF8_BOM: Final = "UTF-8 (BOM)"
UTF16: Final = "UTF-16"
CP1251: Final = "Windows-1251"
GB18030: Final = "GB18030"
CP1252: Final = "Windows-1252"

#: What a UTF-16 text file has and a Windows-1251 one read as UTF-16 cannot (each a zero byte).
_UTF16_SIGNS: Final = re.compile("[\n\t,;]")
#: The share of a file's non-ASCII characters that must look right for its encoding.
PLAUSIBLE: Final = 0.6
#: Characters looked at to decide (a decision on 64 KB is as good as on the whole file).
_SAMPLE: Final = 65_536
_CYRILLIC_WORD: Final = re.compile(r"^(?:[А-ЯЁЄІЇҐЎ]?[а-яёєіїґў']+|[А-ЯЁЄІЇҐЎ']+)$")
_WORD: Final = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")
#: Windows-1251 punctuation a Russian or Ukrainian text has.
_CYRILLIC_PUNCTUATION: Final = frozenset("«»—–№’‘“”„…•·\u00a0")
#: Windows-1252 punctuation a Western text has (no-break space, quotes, dashes, degree, ...).
_LATIN_PUNCTUATION: Final = frozenset("\u00a0«»—–’‘“”„…°ºª·€£§")
#: The bytes Windows-1252 leaves unused; ISO-8859-1 reads them as C1 controls.
_CP1252_UNUSED: Final = frozenset(b"\x81\x8d\x8f\x90\x9d")
_SEPARATORS: Final = (";", ",", "\t")
#: An XML declaration's encoding (the prolog is ASCII in every encoding this module reads).
_XML_ENCODING: Final = re.compile(rb'^<\?xml[^>]*?encoding=["\']([A-Za-z0-9_.:-]{1,40})["\']')
#: Declared encodings taken at their word, under the names the preview shows.
_DECLARED: Final = {
    "iso-8859-1": CP1252,
    "latin-1": CP1252,
    "latin1": CP1252,
    "windows-1252": CP1252,
    "cp1252": CP1252,
    "windows-1251": CP1251,
    "cp1251": CP1251,
    "gb18030": GB18030,
    "gbk": GB18030,
    "gb2312": GB18030,
}
#: Lines looked at to tell the separator (a table's first thousands tell it as well as all).
_LINES: Final = 5_000


class DecodeError(ValueError):
    """A file in none of the encodings read; ``line`` is where UTF-8 broke."""

    def __init__(self, line: int, cp1251: float, gb18030: float, cp1252: float = 0.0) -> None:
        self.line = line
        self.cp1251 = cp1251
        self.gb18030 = gb18030
        self.cp1252 = cp1252
        super().__init__(f"line {line}: not UTF-8, Windows-1251, GB18030 or Windows-1252 text")


@dataclass(frozen=True, slots=True)
class Decoded:
    """A file's text and the encoding it was read in."""

    text: str
    encoding: str


def decode(content: bytes) -> Decoded:
    """The file's text and its encoding (module docstring); raises :class:`DecodeError`."""
    if content.startswith(codecs.BOM_UTF8):
        try:
            return Decoded(content[3:].decode("utf-8"), UTF8_BOM)
        except UnicodeDecodeError as exc:
            raise DecodeError(content[: exc.start + 3].count(b"\n") + 1, 0, 0) from None
    if content.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            text = content.decode("utf-16")
        except UnicodeDecodeError:
            text = ""
        if _UTF16_SIGNS.search(text):
            return Decoded(text, UTF16)
    try:
        return Decoded(content.decode("utf-8"), UTF8)
    except UnicodeDecodeError as exc:
        line = content[: exc.start].count(b"\n") + 1
    declared = _declared(content)
    if declared is not None:
        return declared
    sample = _non_ascii_lines(content)
    cyrillic = _score(sample, "cp1251", cyrillic_share)
    chinese = _score(sample, "gb18030", chinese_share)
    latin = latin_share(_western(sample))
    plausible = [
        (name, codec)
        for name, codec, score in (
            (CP1251, "cp1251", cyrillic),
            (GB18030, "gb18030", chinese),
            (CP1252, "", latin),
        )
        if score >= PLAUSIBLE
    ]
    if len(plausible) == 1:
        name, codec = plausible[0]
        return Decoded(content.decode(codec) if codec else _western(content), name)
    raise DecodeError(line, cyrillic, chinese, latin)


def _declared(content: bytes) -> Decoded | None:
    """An XML file in the encoding its declaration names, when it is one of ours and the
    bytes decode in it (a declaration the bytes contradict is not believed)."""
    m = _XML_ENCODING.match(content.lstrip()[:200])
    if m is None:
        return None
    name = _DECLARED.get(m.group(1).decode("ascii").lower())
    if name is None:
        return None
    if name == CP1252:
        return Decoded(_western(content), name)
    try:
        return Decoded(content.decode("cp1251" if name == CP1251 else "gb18030"), name)
    except UnicodeDecodeError:
        return None


def _non_ascii_lines(content: bytes) -> bytes:
    """The lines holding bytes above 127, up to :data:`_SAMPLE` bytes of them: what an
    encoding's plausibility is judged on (ASCII lines read alike in all of them)."""
    if len(content) <= _SAMPLE:
        return content
    picked: list[bytes] = []
    size = 0
    for line in content.split(b"\n"):
        if line.isascii():
            continue
        picked.append(line)
        size += len(line) + 1
        if size >= _SAMPLE:
            break
    return b"\n".join(picked)


def _western(content: bytes) -> str:
    """Windows-1252, its five unused bytes read as ISO-8859-1 (OpenGotha writes ISO-8859-1,
    whose C1 controls those bytes are): every byte string decodes."""
    return (
        "".join(
            bytes((byte,)).decode("latin-1")
            if byte in _CP1252_UNUSED
            else bytes((byte,)).decode("cp1252")
            for byte in content
        )
        if any(byte in _CP1252_UNUSED for byte in content)
        else content.decode("cp1252")
    )


def _score(content: bytes, encoding: str, share: object) -> float:
    """How plausible ``content`` is in ``encoding`` (0 when it does not decode)."""
    sample = content[:_SAMPLE]
    try:
        text = sample.decode(encoding)
    except UnicodeDecodeError as exc:
        if len(content) > _SAMPLE and exc.start >= len(sample) - 4:
            text = sample[: exc.start].decode(encoding)  # a character cut by the sample's end
        else:
            return 0.0
    assert callable(share)
    value: float = share(text)
    return value


def _non_ascii(text: str) -> int:
    return sum(1 for ch in text if ord(ch) > 127)


def cyrillic_share(text: str) -> float:
    """The share of non-ASCII characters in well-formed Cyrillic words or usual punctuation."""
    total = _non_ascii(text)
    if not total:
        return 0.0
    good = sum(1 for ch in text if ch in _CYRILLIC_PUNCTUATION)
    for word in _WORD.findall(text):
        if any(ord(ch) > 127 for ch in word) and _CYRILLIC_WORD.match(word):
            good += sum(1 for ch in word if ord(ch) > 127)
    return good / total


def latin_share(text: str) -> float:
    """The share of non-ASCII characters that are accented Latin letters inside words also
    holding plain Latin letters, at most half of the word ("Müller", "Hélène", "Núñez"). A
    Windows-1251 or GB18030 file read as Windows-1252 gives words of accented letters only
    ("Èâàíîâ") or symbols, and fails."""
    total = _non_ascii(text)
    if not total:
        return 0.0
    good = sum(1 for ch in text if ch in _LATIN_PUNCTUATION)
    for word in _WORD.findall(text):
        accented = sum(1 for ch in word if ord(ch) > 127)
        if (
            accented
            and 2 * accented <= len(word)
            and all(ord(ch) <= 127 or unicodedata.name(ch, "").startswith("LATIN") for ch in word)
        ):
            good += accented
    return good / total


def chinese_share(text: str) -> float:
    """The share of non-ASCII characters that are common Chinese characters (GB2312 level 1)
    or CJK and full-width punctuation."""
    total = _non_ascii(text)
    if not total:
        return 0.0
    good = 0
    for ch in text:
        if ord(ch) <= 127:
            continue
        try:
            code = ch.encode("gb2312")
        except UnicodeEncodeError:
            continue
        if 0xB0 <= code[0] <= 0xD7 or (
            code[0] in (0xA1, 0xA3) and unicodedata.category(ch).startswith(("P", "Z", "S"))
        ):
            good += 1
    return good / total


def detect_separator(text: str) -> str:
    """``;``, ``,`` or a tab (module docstring); ``,`` when the text does not tell."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    best, best_key = ",", (0, 1)
    for separator in _SEPARATORS:
        widths = Counter(n for n in (len(_cells(ln, separator)) for ln in lines[:_LINES]) if n >= 2)
        if not widths:
            continue
        key = max((support, width) for width, support in widths.items())
        if key > best_key:
            best, best_key = separator, key
    return best


def _cells(line: str, separator: str) -> list[str]:
    try:
        return next(csv.reader(io.StringIO(line), delimiter=separator), [])
    except csv.Error:
        return line.split(separator)


def csv_rows(text: str, separator: str) -> dict[int, list[str]]:
    """Each line's cells, 1-based (each line read on its own: a line is a row, so line N of an
    engine error is still line N of the file)."""
    rows: dict[int, list[str]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        cells = _cells(line, separator)
        if any(cell.strip() for cell in cells):
            rows[number] = [cell.strip() for cell in cells]
    return rows
