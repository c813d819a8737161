"""Stored English phrases shown in the reader's language: trace notes, "Next", /whatif rows.

Engines are pure and know no language: what they explain is English text built from a fixed
template and values (``"places 5-6 tied: 1.07 / 2"``), and it is *stored* so (awards' traces,
list rows' data), so the figures of years ago read as they were computed. Each system
lists its templates in a table (``fedrank/handlers/wording/systems/<system>.py``), each with the
catalogue key that says it in every language (the English text of the key is the template
itself, a test keeps them equal). :func:`localize` recognises a stored text by its template,
takes the values back out and renders the key with them in the asked language; values are
localized in turn ("silver 0.54" inside a note). Text that no template matches is returned as
it is (names, codes, figures).

A template's placeholders are ``{name}`` (``{n}`` only ever a number); a phrase whose
wording depends on a number (plural forms) registers a function ``(language, values) -> str``
instead of a key. Texts no template matches whole are split at their joints (clauses "; ", a
closing parenthesis, a list ", ", a sum " + ") and each part is localized; strict regular
expressions (:func:`register_pattern`, the RMF level labels "7k", "D2+") are tried last.

:func:`rule_text` renders the rulebook references of a trace ("seed 000 Appendix 1 'КТ_ЭУ';
RULES.md mahjong_rmf Decision 'KT_EU scale'"): the rulebook's own section names and quotes stay
as they are, the words around them are translated.
"""

from __future__ import annotations

import re
from functools import lru_cache

from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.systems import (
    Renderer,
    Table,
    bridge_ccba,
    mahjong_rmf,
    othello_woc,
)

_FIELD = re.compile(r"\{(\w+)\}")
_NUMBER = r"-?\d+(?:\.\d+)?"
_PHRASES: dict[str, tuple[re.Pattern[str], str | Renderer]] = {}
#: Strict expressions tried last (see :func:`register_pattern`).
_PATTERNS: list[tuple[re.Pattern[str], Renderer]] = []
#: A rulebook's number ("000") -> the catalogue key of its name (a system registers its own).
_SEEDS: dict[str, str] = {}
#: (system, generic name) -> the system's own catalogue key (see :func:`register_wording`).
_WORDING: dict[tuple[str, str], str] = {}


def _compile(template: str) -> re.Pattern[str]:
    # A value never spans "; " (the joint of clauses); ``{n}`` is always a number.
    out: list[str] = []
    at = 0
    for match in _FIELD.finditer(template):
        out.append(re.escape(template[at : match.start()]))
        name = match.group(1)
        value = _NUMBER if name == "n" else "(?:(?!; ).)+?"
        out.append(f"(?P<{name}>{value})")
        at = match.end()
    out.append(re.escape(template[at:]))
    return re.compile("".join(out), re.DOTALL)


def register(*phrases: tuple[str, str | Renderer]) -> None:
    """Register ``(template, key or renderer)`` pairs; the first registration of a template
    wins. Templates are tried longest first, so a specific one beats a general one."""
    for template, how in phrases:
        _PHRASES.setdefault(template, (_compile(template), how))
    _ordered.cache_clear()
    _localized.cache_clear()


def register_pattern(pattern: str, render: Renderer) -> None:
    """Register a regular expression (a strict one: it is tried on every text no template
    matched) with the function that renders its named groups: a title label ("7k", "D2+")."""
    _PATTERNS.append((re.compile(pattern), render))
    _localized.cache_clear()


def register_seed(seed: str, key: str) -> None:
    """Name rulebook ``seed`` (the "seed 000" of traces) by the catalogue key ``key``."""
    _SEEDS.setdefault(seed, key)


def templates() -> dict[str, str]:
    """Every registered template rendered by a catalogue key: ``template -> key``."""
    return {template: how for template, (_, how) in _PHRASES.items() if isinstance(how, str)}


def register_wording(system: str, **keys: str) -> None:
    """A system's own wording of a generic message: ``figure="sys.bridge_ccba.figure"`` says
    the figure of its lists is masterpoints where the generic "rating.rating" says rating."""
    for generic, key in keys.items():
        _WORDING[(system, generic)] = key


def wording(language: str, system: str, generic: str, key: str, /, **values: object) -> str:
    """The message ``key`` in the words of ``system`` where it registered its own as
    ``generic`` (see :func:`register_wording`), else the generic message."""
    return t(language, _WORDING.get((system, generic), key), **values)


def _needle(template: str) -> str:
    """The template's longest literal part: a text without it cannot match (a cheap test)."""
    return max(_FIELD.split(template)[::2], key=len)


@lru_cache(maxsize=1)
def _ordered() -> tuple[tuple[str, re.Pattern[str], str | Renderer], ...]:
    return tuple((_needle(k), *_PHRASES[k]) for k in sorted(_PHRASES, key=len, reverse=True))


#: The joints of texts no template matches whole, tried in this order after every template:
#: clauses, a parenthesis at the end, a list, a sum ("1.33 gold + 2.02 silver").
_JOINTS = (
    (re.compile(r"(.+?); (.+)", re.DOTALL), "sys.joint.clauses"),
    (re.compile(r"(.+?) \(([^()]+)\)", re.DOTALL), "{a} ({b})"),
    (re.compile(r"(.+?), (.+)", re.DOTALL), "sys.joint.list"),
    (re.compile(r"(.+?) \+ (.+)", re.DOTALL), "{a} + {b}"),
)


def localize(language: str, text: str) -> str:
    """``text`` in ``language`` when a registered template matches it whole (or each part of
    it, joined as in :data:`_JOINTS`), else as it is."""
    if language == "en" or not text or not any(c.isascii() and c.isalpha() for c in text):
        return text
    return _localized(language, text)


@lru_cache(maxsize=8192)
def _localized(language: str, text: str) -> str:
    for needle, pattern, how in _ordered():
        if needle not in text:
            continue
        match = pattern.fullmatch(text)
        if match is None:
            continue
        values = {k: localize(language, v) for k, v in match.groupdict().items()}
        return how(language, values) if callable(how) else t(language, how, **values)
    for joint, joined in _JOINTS:
        if match := joint.fullmatch(text):
            a, b = (localize(language, part) for part in match.groups())
            return (
                t(language, joined, a=a, b=b)
                if joined.startswith("sys.")
                else joined.format(a=a, b=b)
            )
    for exact, render in _PATTERNS:
        if match := exact.fullmatch(text):
            return render(language, match.groupdict())
    return text


# --- rulebook references ------------------------------------------------------------------

_SEED = re.compile(r"seed (?P<seed>\d{3})(?: (?P<where>.*))?")
_DECISION = re.compile(
    r"(?:RULES\.md (?P<system>\w+) )?Decision "
    r"(?:'(?P<q1>[^']*)'|\"(?P<q2>[^\"]*)\"|\((?P<p>[^)]*)\))"
)
_ENGINE = re.compile(r"engine decision:? ?(?P<what>.*)")
_APPENDIX = re.compile(r"Appendix (?P<n>\S+)")
_SECTION = re.compile(r"section (?P<n>\S+)")
_TABLE = re.compile(r" table\b")


def _where(language: str, where: str) -> str:
    where = _APPENDIX.sub(lambda m: t(language, "sys.rule.appendix", n=m.group("n")), where)
    where = _SECTION.sub(lambda m: t(language, "sys.rule.section", n=m.group("n")), where)
    where = _TABLE.sub(" " + t(language, "sys.rule.table"), where)
    # The rulebook's quotes in its own typography.
    return re.sub(r"'([^']*)'", lambda m: t(language, "sys.rule.quote", text=m.group(1)), where)


def _part(language: str, part: str) -> str:
    part = part.strip()
    if found := _SEED.fullmatch(part):
        seed = found.group("seed")
        name = (
            t(language, _SEEDS[seed])
            if seed in _SEEDS
            else t(language, "sys.rule.seed_n", seed=seed)
        )
        where = found.group("where")
        return (
            t(language, "sys.rule.seed", seed=name, where=_where(language, where))
            if where
            else name
        )
    if found := _DECISION.fullmatch(part):
        name = found.group("q1") or found.group("q2") or found.group("p") or ""
        return t(language, "sys.rule.decision", name=localize(language, name))
    if found := _ENGINE.fullmatch(part):
        what = found.group("what")
        what = what if re.fullmatch(r"D\d+", what) else localize(language, what)
        return t(language, "sys.rule.engine", what=what)
    return localize(language, part)


def rule_text(language: str, rule: str) -> str:
    """A trace's rule reference in ``language`` (English: as stored)."""
    if language == "en" or not rule:
        return rule
    return "; ".join(
        " / ".join(_part(language, piece) for piece in chunk.split(" / "))
        for chunk in rule.split("; ")
    )


# Words every system's texts share: the columns of /history's "what counts".
register(
    ("tournament", "sys.col.tournament"),
    ("name", "sys.col.name"),
    ("date", "sys.col.date"),
    ("code", "sys.col.code"),
    ("event", "sys.col.event"),
    ("round", "sys.col.round"),
    ("colour", "sys.col.colour"),
    ("opponent", "sys.col.opponent"),
    ("score", "sys.col.score"),
    ("points", "sys.col.points"),
)

# The refusals of /whatif that every place-based system shares (systems/places.py).
register(
    ("field 'place': {rest}", "sys.err.field_place"),
    ("field 'player': {rest}", "sys.err.field_player"),
    ("place must be between 1 and {n} in {where}", "sys.err.between"),
    ("place {p} is inside places {a}-{b} shared by {n} participants in {where}", "sys.err.inside"),
    ("the ranking", "sys.err.the_ranking"),
)

#: The systems' tables, registered after the words every system shares (above): the first
#: registration of a template wins.
TABLES: tuple[Table, ...] = (bridge_ccba.TABLE, mahjong_rmf.TABLE, othello_woc.TABLE)


def _register(table: Table) -> None:
    register_wording(table.system, **table.wordings)
    for seed, key in table.seeds:
        register_seed(seed, key)
    register(*table.templates)
    for pattern, render in table.patterns:
        register_pattern(pattern, render)


for _table in TABLES:
    _register(_table)

__all__ = [
    "TABLES",
    "Renderer",
    "localize",
    "register",
    "register_pattern",
    "register_seed",
    "register_wording",
    "rule_text",
    "templates",
    "wording",
]
