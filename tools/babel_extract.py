"""A Babel extraction method that reads the English catalogue (``make catalogues``).

``pybabel extract`` finds the keys that code names literally (``t(lang, "start.greeting")``);
many more are built at run time (``f"cmd.{name}"``, ``counted(lang, base, n)`` with a variable,
an error's key carried in an exception). So the template also takes every entry of
``fedrank/locales/en/LC_MESSAGES/fedrank.po``: a key leaves the catalogue only when it is deleted
from ``en.po``, never because no line of code spells it out. Each entry carries its English text
as a note for translators, as ``tools/catalogues.py`` writes it.

Referenced from ``tools/babel.cfg`` as ``tools.babel_extract.extract_english``; plural entries are
reported as calls of ``tn`` (hence ``-k tn:2,2``: msgid and msgid_plural are both the key).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from babel.messages.pofile import read_po

from tools.catalogues import english_note

Extracted = tuple[int, str | None, str | tuple[str | None, ...], list[str]]


def extract_english(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any] | Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Extracted]:
    for message in read_po(fileobj):
        if not message.id:
            continue
        lineno = message.lineno or 0
        if isinstance(message.id, str):
            note = english_note(message.string if isinstance(message.string, str) else None)
            yield lineno, None, message.id, note
        else:
            note = english_note(tuple(message.string))
            yield lineno, "tn", (None, message.id[0]), note
