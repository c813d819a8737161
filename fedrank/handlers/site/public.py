"""The words public pages use where a trace or a title cites the rules: the rulebook by its
name and section in the page's language ("FSBR Sports Classification, §7.6"), never the
project's own notes on its reading of them ("RULES.md … Decision …") nor the number its
copy of a rulebook is stored under ("seed 000"). The chat's /why keeps the fuller trace
(:func:`fedrank.handlers.wording.words.rule_text`).
"""

from __future__ import annotations

import re
from functools import lru_cache, partial

from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.words import cell, note_text, reason_text, rule_text

#: The rulebook each system applies, by the number its copy is stored under.
SYSTEM_OF_SEED = {
    "000": "mahjong_rmf",
    "001": "bridge_ccba",
    "002": "go_ufgo",
    "003": "bridge_fsbr",
    "004": "othello_woc",
}
SYSTEMS = frozenset(SYSTEM_OF_SEED.values())

_SEED = re.compile(r"seed (\d{3})(?: (.*))?", re.DOTALL)
_IN_TEXT = re.compile(r"seed (\d{3})((?: [^();]*[^();\s])?)")
#: The project's notes on how it reads a rule: left out of public pages.
_PRIVATE = re.compile(r"RULES\.md|\bDecision\b|engine decision", re.IGNORECASE)
#: Such a note in parentheses inside a stored text: "(Decision)", "(RULES.md Decision 'x')".
_PRIVATE_ASIDE = re.compile(
    r"\s*\((?:[^()]*\bRULES\.md\b|[^()]*\bDecision\b|engine decision)[^()]*\)"
)
#: A trace value with a word in it (a yes/no, a form, a source): numbers and IDs have none.
WORDY = re.compile(r"(?<![A-Z-])[a-z]{2,}|^(?:True|False)$")
_BARE = re.compile(r"(\d+(?:\.\d+)*)\b(.*)", re.DOTALL)
_WORDS = (
    (re.compile(r"\btable (\d+)"), "trace.rule.table"),
    (re.compile(r"\bformula \((\d+)\)"), "trace.rule.formula"),
    (re.compile(r"\bnote (\d+)"), "trace.rule.note"),
    (re.compile(r"\b[Aa]ppendix (\w+)"), "sys.rule.appendix"),
    (re.compile(r"\btable\b(?! \d)()"), "sys.rule.table"),
)
_QUOTE = re.compile(r"'([^']*)'")


def rulebook(language: str, system: str) -> str:
    """The rulebook ``system`` applies, by its name in ``language``."""
    return t(language, f"site.rulebook.{system if system in SYSTEMS else 'other'}")


def _word(language: str, key: str, found: re.Match[str]) -> str:
    return t(language, key, n=found.group(1))


def _where(language: str, where: str) -> str:
    where = where.strip().strip(",").strip()
    for pattern, key in _WORDS:
        where = pattern.sub(partial(_word, language, key), where)
    return _QUOTE.sub(lambda m: t(language, "sys.rule.quote", text=m.group(1)), where)


def _at(language: str, book: str, where: str | None) -> str:
    where = _where(language, where or "")
    return t(language, "site.rule.at", book=book, where=where) if where else book


def _piece(language: str, system: str, piece: str) -> str | None:
    """One reference of a trace step's rule in public words; None for a private note."""
    if found := _SEED.fullmatch(piece):
        return _at(language, rulebook(language, SYSTEM_OF_SEED.get(found[1], system)), found[2])
    if _PRIVATE.search(piece):
        return None
    if found := _BARE.fullmatch(piece):  # a section of the system's own rulebook: "2.2 note 3"
        section = t(language, "site.rule.section", n=found[1])
        rest = _where(language, found[2])
        return _at(language, rulebook(language, system), f"{section} {rest}".strip())
    return rule_text(language, piece)


@lru_cache(maxsize=8192)
def citation(language: str, system: str, rule: str) -> str:
    """A trace step's rule reference as a public page shows it: each rulebook it cites by
    name and section; a step that cites only the project's reading of the rules names the
    rulebook it reads."""
    cited: list[str] = []
    for chunk in rule.split("; "):
        for piece in chunk.split(" / "):
            text = _piece(language, system, piece.strip())
            if text is not None and text not in cited:
                cited.append(text)
    if not cited:
        cited.append(t(language, "site.rule.applied", book=rulebook(language, system)))
    return "; ".join(cited)


def without_private(text: str) -> str:
    """``text`` without the project's asides on its reading of the rules."""
    return _PRIVATE_ASIDE.sub("", text) if "RULES.md" in text or "ecision" in text else text


@lru_cache(maxsize=8192)
def public_text(language: str, system: str, text: str) -> str:
    """A stored text (a title's reason) with any stored rulebook number in it named as the
    rulebook and section (``"(seed 004 III)"`` -> ``"(WOC Rules, III)"``) and without the
    project's asides on its reading of the rules; the phrases fedrank writes itself ("norm 1k
    met in …") in ``language``."""
    cited = _IN_TEXT.sub(
        lambda m: _at(language, rulebook(language, SYSTEM_OF_SEED.get(m[1], system)), m[2]),
        without_private(text),
    )
    return reason_text(language, cited)


@lru_cache(maxsize=8192)
def public_note(language: str, note: str) -> str:
    """A trace step's note in ``language`` as a public page shows it."""
    return note_text(language, without_private(note))


@lru_cache(maxsize=4096)
def public_value(language: str, value: str) -> str:
    """A trace step's value as stored (a string) in ``language``: yes/no and the rulebooks'
    named values (pairs, express, stage 1) in words, figures and IDs as they are."""
    if value in ("True", "False"):
        return cell(language, value == "True")
    return cell(language, value)
