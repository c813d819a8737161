"""Tournament facts a file may lack, given where the director is.

A rulebook needs facts about a tournament that some files cannot state: UFGO's "official"
(seed 002 §4.3; OpenGotha and EGF files have no field for it), its board and main time. Each
system declares them (``SystemAdapter.facts``); a value comes, in this order, from

1. the submission's ``KEY=VALUE`` (``/submit <discipline> KEY=VALUE …``, ``fedrank import …
   --set KEY=VALUE``): the director's word for this tournament, which wins even over the file
   (with a warning in the preview naming both: docs/guide/directors.md says why);
2. the file itself;
3. the discipline's default (``/discipline facts …``, ``fedrank discipline edit … --set``); a
   new discipline starts with its system's (``SystemAdapter.default_facts``: "official" is "no"
   in Go, RULES.md go_ufgo "Decision (official)").

A fact nobody gives is asked in a chat with buttons. The preview says each value and its source.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Final

from fedrank.handlers.errors import UserError
from fedrank.handlers.wording.i18n import t
from fedrank.storage.models import Discipline

ASSIGNMENT: Final = re.compile(r"^([A-Za-z][A-Za-z0-9_]*)=(.*)$")
"""A ``KEY=VALUE`` token (an empty value clears a discipline's default)."""

_YES: Final = frozenset({"yes", "y", "true", "1"})
_NO: Final = frozenset({"no", "n", "false", "0"})
_LARGEST: Final = Decimal(10) ** 6


@dataclass(frozen=True, slots=True)
class Fact:
    """A tournament fact a system needs: its key (as files and ``KEY=VALUE`` write it), the
    rulebook's section that needs it, and the values it takes: ``choices`` only (a closed
    set, "yes"/"no" read from their usual spellings), or a whole number from ``low`` to
    ``high`` with ``choices`` as the buttons' suggestions."""

    key: str
    rule: str
    choices: tuple[str, ...]
    low: int | None = None
    high: int | None = None
    positive: bool = False
    """A positive decimal number (FSBR's kq); ``choices`` are then empty."""
    per_tournament: bool = False
    """A figure of one tournament (kq): given with a submission, never a discipline's default;
    the engine computes it where nobody gives it, so it is never asked."""

    @property
    def whole_number(self) -> bool:
        return self.low is not None and self.high is not None

    def read(self, text: str) -> str | None:
        """The value in its one spelling, or None when the fact cannot take ``text``."""
        value = text.strip()
        if self.positive:
            try:
                number = Decimal(value)
            except InvalidOperation:
                return None
            if not number.is_finite() or not 0 < number <= _LARGEST:
                return None
            return format(number.normalize(), "f")
        value = value.lower()
        if self.whole_number:
            assert self.low is not None and self.high is not None
            if not value.isascii() or not value.isdigit():
                return None
            whole = int(value)
            return str(whole) if self.low <= whole <= self.high else None
        if set(self.choices) == {"yes", "no"}:
            return "yes" if value in _YES else "no" if value in _NO else None
        return value if value in self.choices else None

    def expected(self) -> str:
        """What the fact takes, for a refusal: ``yes | no``, or ``a whole number 1-600``."""
        if self.positive:
            return "> 0"
        if self.whole_number:
            return f"{self.low}-{self.high}"
        return " | ".join(self.choices)


def declared(facts: Iterable[Fact]) -> dict[str, Fact]:
    return {f.key: f for f in facts}


def split_assignments(words: list[str]) -> tuple[list[str], list[str]]:
    """The leading ``KEY=VALUE`` tokens of ``words``, and the words after them."""
    for i, word in enumerate(words):
        if not ASSIGNMENT.match(word):
            return words[:i], words[i:]
    return words, []


def read_assignments(
    facts: Iterable[Fact], words: Iterable[str], language: str, *, clearing: bool = False
) -> dict[str, str]:
    """``KEY=VALUE`` tokens as the system's facts, each in its one spelling. Every bad token
    is refused at once, naming its key (an unknown one with the keys there are). With
    ``clearing`` (a discipline's defaults), ``KEY=`` means "no default" (an empty value), and
    a fact of one tournament is refused."""
    known = {k.lower(): f for k, f in declared(facts).items()}
    out: dict[str, str] = {}
    problems: list[str] = []
    for word in words:
        match = ASSIGNMENT.match(word)
        if match is None:
            problems.append(t(language, "facts.not_assignment", word=word))
            continue
        key, text = match.group(1).lower(), match.group(2)
        fact = known.get(key)
        if fact is None:
            shown = ", ".join(f.key for f in known.values()) or "—"
            problems.append(t(language, "facts.unknown_key", key=key, known=shown))
            continue
        key = fact.key
        if clearing and fact.per_tournament:
            problems.append(t(language, "facts.per_tournament", key=key))
            continue
        if clearing and not text.strip():
            out[key] = ""
            continue
        value = fact.read(text)
        if value is None:
            problems.append(
                t(language, "facts.bad_value", key=key, value=text, expected=fact.expected())
            )
            continue
        out[key] = value
    if problems:
        raise UserError("\n".join(problems))
    return out


def defaults_of(facts: Iterable[Fact], discipline: Discipline) -> dict[str, str]:
    """The discipline's defaults of the facts its system declares (a new discipline starts
    with the system's ``default_facts``; an admin may change or clear each)."""
    known = declared(facts)
    stored = {str(k): str(v) for k, v in (discipline.facts or {}).items()}
    return {k: v for k, v in stored.items() if k in known and v}


def source_text(language: str, source: str) -> str:
    """Where a fact's value came from, in words: the file, the submission, the discipline."""
    if source == "submission":
        return t(language, "facts.from_submission")
    if source == "file":
        return t(language, "facts.from_file")
    return t(language, "facts.from_discipline")


def fact_lines(language: str, facts: Mapping[str, object]) -> list[str]:
    """The preview's line per fact: ``official: no (discipline default)``."""
    lines = []
    for key, given in facts.items():
        if isinstance(given, list | tuple) and len(given) == 2:
            value, source = str(given[0]), source_text(language, str(given[1]))
            lines.append(t(language, "facts.line", key=key, value=value, source=source))
    return lines
