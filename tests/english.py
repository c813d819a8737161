"""English left in a text meant for another language: the check of issue 20's "Done when".

A word is a run of ASCII letters of length 2 or more; what a test allows (IDs, names,
tournament codes, the rulebooks' symbols) it passes in ``allowed``.
"""

from __future__ import annotations

import re
from collections.abc import Collection

_WORD = re.compile(r"[A-Za-z]{2,}")


def english_words(text: str, allowed: Collection[str]) -> list[str]:
    """The English words of ``text`` that are not in ``allowed``, in order of appearance."""
    return [word for word in _WORD.findall(text) if word not in allowed]
