"""The systems' own words in the reader's language: titles, point kinds, "Next", traces.

Engines are pure and know no language; what they and the adapters store (list rows, award
traces) is data: figures, the rulebook's symbols, and a few English words that name things
(``"6 dan"``, ``"achievement 1"``, a trace step's note ``"round 3"``). Everything a player reads
of it passes here and is rendered with :func:`~fedrank.handlers.wording.i18n.t`:

- a :class:`~fedrank.storage.records.Phrase` (or its JSON, ``{"key": …, "values": …}``),
  which adapters store where the text is theirs to decide (``next_phrase`` in a list row's data,
  the rows of ``/whatif``), is rendered by :func:`say`;
- titles (``"6 dan"`` -> ``"6 дан"``), point kinds (``MB`` -> ``МБ``), column names and
  values of stored tables are looked up in the catalogue, unchanged when it has no entry
  (a rulebook symbol such as ``IK`` or ``kq``, a name, a code);
- a stored trace step's note and rule are matched against the English texts of the catalogue's
  ``trace.note.*`` and ``trace.rule.*`` messages (their placeholders captured), so traces stored
  before a translation existed read in the player's language too;
- what none of these knows goes to :func:`~fedrank.handlers.wording.phrases.localize`, where each
  system's package registered the templates of its own stored English (RMF, CCBA, Othello).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import cache, lru_cache, partial
from typing import Any, Final

from fedrank.handlers.wording.common import fmt
from fedrank.handlers.wording.i18n import MESSAGES, t
from fedrank.handlers.wording.phrases import localize
from fedrank.handlers.wording.phrases import rule_text as phrase_rule
from fedrank.handlers.wording.systems.bridge_fsbr import norm_text
from fedrank.storage.records import Phrase, PointTotal

_RANK: Final = re.compile(r"(\d+) (kyu|dan)")
_ACHIEVEMENT: Final = re.compile(r"achievement (\d+)")
_FIELD: Final = re.compile(r"\{(\w+)\}")
_NAME: Final = re.compile(r"([A-Za-z][A-Za-z0-9_]*?)(\[\d+\])?")
_SESSION: Final = re.compile(r"session\[(\d+)\]\.(.+)")
#: Words of a rule reference: "seed 002 §4.2 table 2", "2.2 note 3", "appendix 1".
_RULE_WORDS: Final = (
    (re.compile(r"\bseed (\d+)"), "trace.rule.seed"),
    (re.compile(r"\btable (\d+)"), "trace.rule.table"),
    (re.compile(r"\bformula \((\d+)\)"), "trace.rule.formula"),
    (re.compile(r"\bnote (\d+)"), "trace.rule.note"),
    (re.compile(r"\bappendix (\d+)"), "trace.rule.appendix"),
)
_DECISION: Final = re.compile(r"\bDecision\b")


def _has(key: str) -> bool:
    return key in MESSAGES


def say(language: str, text: object) -> str:
    """A phrase (or its JSON) in ``language``; any other text as it is."""
    if isinstance(text, Phrase):
        return _render(language, text.key, text.values)
    if isinstance(text, Mapping):
        if "join" in text:
            items = text.get("items") or []
            key = str(text["join"])
            # Phrases said back to back have no separator: gettext has no empty message (an
            # empty msgstr means "untranslated"), so that case is the key "" and no lookup.
            separator = t(language, key) if key else ""
            return separator.join(say(language, i) for i in items)
        if "title" in text and "key" not in text:
            return title_text(language, str(text["title"]))
        if "rule" in text and "key" not in text:
            return rule_text(language, str(text["rule"]))
        if "key" in text:
            values = text.get("values")
            return _render(
                language, str(text["key"]), values if isinstance(values, Mapping) else {}
            )
    if isinstance(text, list):
        return ", ".join(say(language, i) for i in text)
    if text is None:
        return ""
    # FSBR's norms are stored as the rulebook's Russian text, in stored phrases too
    return norm_text(language, str(text)) or localize(language, str(text))


def _render(language: str, key: str, values: Mapping[str, Any]) -> str:
    if key not in MESSAGES:  # a phrase of a newer version, a name it has no words for
        said = " ".join(say(language, v) for v in values.values())
        return said or key.rsplit(".", 1)[-1]
    return t(language, key, **{k: say(language, v) for k, v in values.items()})


def joined(separator: str, items: list[Phrase | str]) -> dict[str, Any]:
    """A list of phrases said one after another with the catalogue's ``separator`` (a key; ""
    for none)."""
    return {
        "join": separator,
        "items": [i.to_json() if isinstance(i, Phrase) else i for i in items],
    }


def title(label: str) -> dict[str, str]:
    """A title (``"7 dan"``) to render in the reader's language."""
    return {"title": label}


def rule(reference: str) -> dict[str, str]:
    """A rulebook reference (``"seed 002 §2.7"``) to render in the reader's language."""
    return {"rule": reference}


def title_text(language: str, label: str) -> str:
    """A stored title in ``language``: kyu/dan ranks translated, others as they are."""
    found = _RANK.fullmatch(label.strip())
    if found is None:
        return localize(language, label)
    return t(language, f"frame.rank.{found.group(2)}", n=found.group(1))


def kind_text(language: str, kind: str, colour: str | None = None) -> str:
    """A point kind of the ledger (``MB``, ``achievement 1``, ``IK``) in ``language``."""
    found = _ACHIEVEMENT.fullmatch(kind)
    if found is not None:
        text = t(language, "frame.kind.achievement", n=found.group(1))
    elif _has(f"frame.kind.{kind}"):
        text = t(language, f"frame.kind.{kind}")
    elif colour:
        return localize(language, f"{kind} {colour}")
    else:
        text = localize(language, kind)
    return f"{text} {colour_text(language, colour)}" if colour else text


def colour_text(language: str, colour: str) -> str:
    """A colour of points (CCBA's) in ``language`` where the catalogue has it."""
    key = f"frame.colour.{colour}"
    return t(language, key) if _has(key) else localize(language, colour)


def points_text(language: str, totals: list[PointTotal]) -> str:
    """Ledger totals as /rating prints them: "ИК 44", "МБ 240, достижение уровня 1 1"."""
    return ", ".join(f"{kind_text(language, x.kind, x.colour)} {fmt(x.amount)}" for x in totals)


def next_text(language: str, data: Mapping[str, Any]) -> str:
    """A list row's "Next" in ``language``: its phrase when the adapter stored one."""
    phrase = data.get("next_phrase")
    if phrase:
        return say(language, phrase)
    return localize(language, str(data.get("next") or ""))


def column(language: str, name: str) -> str:
    """A column of a stored table (``/history``'s counted tournaments) in ``language``."""
    return (
        t(language, f"frame.col.{name}") if _has(f"frame.col.{name}") else localize(language, name)
    )


def cell(language: str, value: object) -> str:
    """A value of a stored table or trace: yes/no and the rulebooks' named values translated."""
    if isinstance(value, bool):
        key = "frame.yes" if value else "frame.no"  # a name apart, for pybabel extract
        return t(language, key)
    text = "" if value is None else str(value)
    if text in ("yes", "no"):
        return t(language, f"frame.{text}")
    if _has(f"frame.value.{text}"):
        return t(language, f"frame.value.{text}")
    return title_text(language, text)


@lru_cache(maxsize=1024)
def step_name(language: str, name: str) -> str:
    """A trace step's name: the rulebook's symbols stay; named quantities are translated."""
    if _has(f"trace.name.{name}"):
        return t(language, f"trace.name.{name}")
    session = _SESSION.fullmatch(name)
    if session is not None:
        inner = step_name(language, session.group(2))
        return t(language, "trace.name.session", n=session.group(1), name=inner)
    found = _NAME.fullmatch(name)
    if found is None or not _has(f"trace.name.{found.group(1)}"):
        return localize(language, name)
    return t(language, f"trace.name.{found.group(1)}") + (found.group(2) or "")


@cache
def _templates(prefix: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The catalogue's messages under ``prefix`` as patterns of their English text, longest
    first (the most specific wins)."""
    found = []
    for key, entry in MESSAGES.items():
        if not key.startswith(prefix):
            continue
        english = entry["en"]
        pattern = ""
        last = 0
        for field in _FIELD.finditer(english):
            pattern += re.escape(english[last : field.start()]) + f"(?P<{field.group(1)}>.+?)"
            last = field.end()
        pattern += re.escape(english[last:])
        found.append((re.compile(pattern), key))
    found.sort(key=lambda item: -len(item[0].pattern))
    return tuple(found)


def reason_text(language: str, reason: str) -> str:
    """A title's stored reason in ``language`` where it is one of the phrases fedrank writes
    ("norm 1k met in Moscow Open 2025") or one of FSBR's norms (quoted in the rulebook's
    Russian: :func:`.systems.bridge_fsbr.norm_text`); anything else as it is."""
    norm = norm_text(language, reason)
    if norm is not None:
        return norm
    if language == "en":
        return reason
    found = _matched(language, "title.reason.", reason)
    return reason if found is None else found


def _matched(language: str, prefix: str, text: str) -> str | None:
    for pattern, key in _templates(prefix):
        found = pattern.fullmatch(text)
        if found is not None:
            values = {k: note_text(language, v) for k, v in found.groupdict().items()}
            return t(language, key, **values)
    return None


def _rule_word(language: str, key: str, found: re.Match[str]) -> str:
    return t(language, key, n=found.group(1))


@lru_cache(maxsize=4096)
def rule_text(language: str, rule: str) -> str:
    """A trace step's rule reference in ``language`` ("seed 002 §4.2 table 2")."""
    whole = _matched(language, "trace.rule.text.", rule)
    if whole is not None:
        return whole
    text = phrase_rule(language, rule)
    for pattern, key in _RULE_WORDS:
        text = pattern.sub(partial(_rule_word, language, key), text)
    return _DECISION.sub(t(language, "trace.rule.decision"), text)


@lru_cache(maxsize=4096)
def note_text(language: str, note: str) -> str:
    """A trace step's note in ``language``: a known phrase, a named value, or as it is."""
    if language == "en":
        return note
    whole = _matched(language, "trace.note.", note)
    if whole is not None:
        return whole
    localized = localize(language, note)
    if localized != note:
        return localized
    if _has(f"frame.value.{note}"):
        return t(language, f"frame.value.{note}")
    return rule_text(language, note)


#: Decimal places a trace's figure is shown at in ``/why``. No rulebook states a finer
#: precision (awards are whole numbers or hundredths, FSBR's kq is quoted to six places in the
#: preview and docs/engines/bridge_fsbr.md), so a figure that has more is rounded for reading;
#: the stored trace and the ledger keep every digit.
TRACE_PLACES = 6
_SHOWN = Decimal(1).scaleb(-TRACE_PLACES)


def shown_figure(value: object) -> object:
    """A trace value for reading: a number with more than :data:`TRACE_PLACES` decimals
    rounded half up to that many, anything else (fewer places, words, yes/no) as stored."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float, Decimal)):
        return value
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return value
    exponent = number.as_tuple().exponent
    if not number.is_finite() or not isinstance(exponent, int) or exponent >= -TRACE_PLACES:
        return value
    return str(number.quantize(_SHOWN, rounding=ROUND_HALF_UP))


def trace_step(language: str, step: Mapping[str, Any]) -> str:
    """One stored trace step as ``/why`` prints it: ``name = value  [rule]  — note``, the
    value at :data:`TRACE_PLACES` decimals at most."""
    name = str(step.get("name", "?"))
    value = shown_figure(step.get("value"))
    rule = str(step.get("rule") or "")
    note = str(step.get("note") or "")
    if language != "en":  # English: the engine's own words, as stored
        name = step_name(language, name)
        value = cell(language, value) if isinstance(value, (bool, str)) else value
        rule = rule_text(language, rule) if rule else ""
        note = note_text(language, note) if note else ""
    text = f"{name} = {value}"
    if rule:
        text += f"  [{rule}]"
    if note:
        text += f"  — {note}"
    return text


def usage_text(language: str, usage: str) -> str:
    """A command's syntax with its placeholders in ``language``: "/why <турнир> [игрок]"."""

    def word(found: re.Match[str]) -> str:
        inner = found.group(2)
        key = f"frame.arg.{inner}"
        return found.group(1) + (t(language, key) if _has(key) else inner) + found.group(3)

    return re.sub(r"([<\[])([^<>\[\]]+)([>\]])", word, usage)


def calendar_text(language: str, calendar: str) -> str:
    """A discipline's list calendar (``quarterly``) in ``language``."""
    key = f"frame.calendar.{calendar}"
    return t(language, key) if _has(key) else calendar


def month_name(language: str, month: int) -> str:
    """The name of ``month`` (1-12) standing alone, as an axis or a heading shows it."""
    return t(language, f"frame.month.{month}")


def refusal_text(language: str, error: Exception, otherwise: str | None = None) -> str:
    """An engine's refusal in ``language`` where the catalogue knows its sentence (the
    ``frame.refusal.*`` messages, matched like trace notes); else as the engine said it."""
    message = getattr(error, "message", None)
    if language != "en" and isinstance(message, str):
        said = _matched(language, "frame.refusal.", message)
        if said is not None:
            return said
    return str(error) if otherwise is None else otherwise
