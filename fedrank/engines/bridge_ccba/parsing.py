"""The CCBA event file: one event, its stages/divisions/consolation, and its entries.

Seed 001_e2a11ae4c0f84bab gives no file format; this is fedrank's own, line based so every
error can name its line and field. The format is described field by field in
docs/engines/bridge_ccba.md. Sections::

    [event]            key = value lines (name, level, kind, colour, boards, ...)
    [stage N]          a stage that awards stage masterpoints (§2.2): boards = B
    [division N]       a ladder division (§2.6): fixed = yes|no, boards = B
    [consolation]      the consolation event (§2.5): boards = B, groups = A, B
    [entries]          "entry ID key=value ..." lines, each followed by its
                       "player ID key=value ..." lines

``#`` starts a comment (a whole line, or after whitespace).

A reader that adds its own ``[event]`` keys (the import's ``code``) names them in
``extra_keys`` and finds their values in :attr:`ParsedEvent.extra`; :attr:`ParsedEvent.players`
says which fields each ``player`` line gave, so nobody parses the format a second time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, TypeVar, cast

from fedrank.engines.bridge_ccba.model import (
    ENTRY_STATUSES,
    FORMATS,
    MEMBER_STATUSES,
    ConsolationSpec,
    DivisionSpec,
    Entry,
    EventSpec,
    Member,
    StageSpec,
)
from fedrank.engines.bridge_ccba.tables import COLOURS, KINDS, LEVELS, RESTRICTIONS
from fedrank.engines.kernel import InputError, MissingFactError, Problems, within_bounds

T = TypeVar("T")

_SECTION = re.compile(r"^\[\s*([a-z]+)(?:\s+(\d+))?\s*\]$")
_COMMENT = re.compile(r"(^|\s)#.*$")


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """Where one member came from: his ``player`` line and the fields it gave (None where the
    line left a field out, so a reader can tell a default from a given value)."""

    line: int
    player: str
    member: str | None
    mp: Decimal | None
    ymp: Decimal | None


@dataclass(frozen=True, slots=True)
class ParsedEvent:
    """An event file, parsed: the event and its entries, ready for ``compute_event``.

    ``players`` has one line per member, in file order (the k-th line is the k-th member of
    the entries); ``extra`` the value and line of each ``extra_keys`` field given in
    ``[event]``; ``event_line`` the line of the ``[event]`` header."""

    event: EventSpec
    entries: tuple[Entry, ...]
    players: tuple[PlayerLine, ...] = ()
    extra: Mapping[str, tuple[str, int]] = field(default_factory=dict)
    event_line: int = 1
    facts: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    """Each of :data:`FACTS` -> (its value, where it came from: file, submission, default)."""
    warnings: tuple[str, ...] = ()


@dataclass
class _Section:
    name: str
    number: int | None
    line: int
    values: dict[str, tuple[str, int]] = field(default_factory=dict)


def _int(text: str, line: int, name: str, minimum: int = 0) -> int:
    if not re.fullmatch(r"\d+", text):
        raise InputError(f"expected a whole number, got {text!r}", line=line, field=name)
    value = int(text)
    within_bounds(value, line=line, field=name)
    if value < minimum:
        raise InputError(f"must be at least {minimum}", line=line, field=name)
    return value


def _decimal(text: str, line: int, name: str) -> Decimal:
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise InputError(f"expected a number, got {text!r}", line=line, field=name) from None
    if not value.is_finite() or value < 0:
        raise InputError(f"expected a non-negative number, got {text!r}", line=line, field=name)
    within_bounds(value, line=line, field=name)
    return value


def _bool(text: str, line: int, name: str) -> bool:
    lowered = text.lower()
    if lowered in ("yes", "true", "1"):
        return True
    if lowered in ("no", "false", "0"):
        return False
    raise InputError(f"expected yes or no, got {text!r}", line=line, field=name)


def _choice(options: tuple[str, ...]) -> Callable[[str, int, str], str]:
    def parse(text: str, line: int, name: str) -> str:
        if text not in options:
            raise InputError(f"{text!r} is not one of {', '.join(options)}", line=line, field=name)
        return text

    return parse


def _share(text: str, line: int, name: str) -> Decimal:
    if text.endswith("%"):
        return _decimal(text[:-1].strip(), line, name) / 100
    return _decimal(text, line, name)


def _date(text: str, line: int, name: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise InputError(
            f"expected a date YYYY-MM-DD, got {text!r}", line=line, field=name
        ) from None


def _restrictions(text: str, line: int, name: str) -> tuple[str, ...]:
    if text.strip().lower() == "none":
        return ()
    items = tuple(item.strip() for item in text.split(","))
    for item in items:
        if item not in RESTRICTIONS:
            raise InputError(
                f"{item!r} is not one of {', '.join(RESTRICTIONS)} (or none)", line=line, field=name
            )
    return items


def _table(text: str, line: int, name: str) -> tuple[Decimal, ...]:
    items = [item.strip() for item in text.split(",") if item.strip()]
    if not items:
        raise InputError("the table lists no places", line=line, field=name)
    return tuple(_decimal(item, line, name) for item in items)


def _positive(text: str, line: int, name: str) -> int:
    return _int(text, line, name, minimum=1)


def _natural(text: str, line: int, name: str) -> int:
    return _int(text, line, name)


def _text(text: str, line: int, name: str) -> str:
    return text


_EVENT_KEYS: dict[str, tuple[str, Callable[[str, int, str], Any]]] = {
    "name": ("name", _text),
    "date": ("event_date", _date),
    "level": ("level", _choice(LEVELS)),
    "kind": ("kind", _choice(KINDS)),
    "colour": ("colour", _choice(COLOURS)),
    "boards": ("boards", _positive),
    "unit_size": ("unit_size", _positive),
    "youth": ("youth", _bool),
    "annual_top": ("annual_top", _bool),
    "restrictions": ("restrictions", _restrictions),
    "mixed": ("mixed", _bool),
    "age_bands_below_top": ("age_bands_below_top", _natural),
    "online": ("online", _bool),
    "share": ("share", _share),
    "format": ("format", _choice(FORMATS)),
    "knockout": ("knockout", _bool),
    "grading": ("grading", _bool),
    "win_boards": ("win_boards", _positive),
    "annual_base": ("annual_base", _decimal),
    "table": ("table", _table),
    "table_win": ("table_win", _decimal),
    "stages": ("stages", _positive),
    "final_awarded": ("final_awarded", _positive),
}
_REQUIRED = ("name", "level", "kind", "colour", "boards")
#: The event's grade (§1.3.3 L, §2.5 colour): facts a submission or a discipline may give.
FACTS = ("level", "colour")

_ENTRY_KEYS: dict[str, Callable[[str, int, str], Any]] = {
    "place": _positive,
    "status": _choice(ENTRY_STATUSES),
    "group": _text,
    "division": _positive,
    "reached": _positive,
    "s1": _positive,
    "s2": _positive,
    "wins": _natural,
    "draws": _natural,
    "cons": _positive,
    "cgroup": _text,
}
_PLAYER_KEYS: dict[str, Callable[[str, int, str], Any]] = {
    "mp": _decimal,
    "ymp": _decimal,
    "member": _text,
}
_MEMBER_WORDS = {"yes": "member", "no": "non-member", "foreign": "foreign"}


def _pairs(
    tokens: list[str], line: int, keys: dict[str, Callable[[str, int, str], Any]]
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if not sep or not value:
            raise InputError(f"expected key=value, got {token!r}", line=line, field=key or token)
        if key not in keys:
            raise InputError(
                f"unknown field {key!r}; known: {', '.join(keys)}", line=line, field=key
            )
        if key in out:
            raise InputError("field given twice", line=line, field=key)
        out[key] = keys[key](value, line, key)
    return out


def _section_value(section: _Section, key: str, parse: Callable[[str, int, str], T]) -> T:
    if key not in section.values:
        raise InputError(
            f"[{section.name}{' ' + str(section.number) if section.number else ''}] needs {key}",
            line=section.line,
            field=key,
        )
    text, line = section.values[key]
    return parse(text, line, key)


def _check_keys(section: _Section, allowed: tuple[str, ...]) -> None:
    for key, (_, line) in section.values.items():
        if key not in allowed:
            raise InputError(
                f"unknown field {key!r} in [{section.name}]; known: {', '.join(allowed)}",
                line=line,
                field=key,
            )


def parse_event(
    text: str,
    *,
    extra_keys: Collection[str] = (),
    over: Mapping[str, str] | None = None,
    under: Mapping[str, str] | None = None,
) -> ParsedEvent:
    """Parse an event file; every error names its 1-based line and its field.

    ``extra_keys`` are ``[event]`` fields the caller reads itself: accepted, left out of the
    :class:`EventSpec`, returned in :attr:`ParsedEvent.extra`. ``over`` (the submission's) and
    ``under`` (the discipline's defaults) give :data:`FACTS` from outside the file: ``over``
    wins over ``[event]`` (a difference is warned), ``under`` stands where it is silent."""
    sections: list[_Section] = []
    entry_lines: list[tuple[int, list[str]]] = []
    current: _Section | None = None
    problems = Problems()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _COMMENT.sub("", raw).strip()
        if not line:
            continue
        with problems.catch():
            current = _line(line, number, current, sections, entry_lines)
    event_sections = [s for s in sections if s.name == "event"]
    if not event_sections:
        problems.add(InputError("no [event] section", line=1, field="event"))
        problems.check()
    head = event_sections[0]
    facts, warnings = _given(head, over or {}, under or {})
    extra = {key: head.values[key] for key in extra_keys if key in head.values}
    event = None
    with problems.catch():
        event = _event(head, sections, tuple(extra_keys))
    entries, players = _entries(entry_lines, problems)
    if not entries and not problems:
        problems.add(InputError("no entries", line=len(text.splitlines()) or 1, field="entry"))
    problems.check()
    assert event is not None
    return ParsedEvent(event, entries, players, extra, head.line, facts, tuple(warnings))


def _given(
    head: _Section, over: Mapping[str, str], under: Mapping[str, str]
) -> tuple[dict[str, tuple[str, str]], list[str]]:
    """Put the facts given outside the file into ``[event]``; each fact's value and source."""
    facts: dict[str, tuple[str, str]] = {}
    warnings: list[str] = []
    for key in FACTS:
        stated = head.values.get(key)
        if key in over:
            value = over[key]
            if stated is not None and stated[0].strip().lower() != value.strip().lower():
                warnings.append(
                    f"line {stated[1]}: the file's {key} {stated[0]!r} replaced by the "
                    f"submission's {key}={value}"
                )
            head.values[key] = (value, head.line)
            facts[key] = (value, "submission")
        elif stated is not None:
            facts[key] = (stated[0], "file")
        elif key in under:
            head.values[key] = (under[key], head.line)
            facts[key] = (under[key], "default")
    return facts, warnings


def _line(
    line: str,
    number: int,
    current: _Section | None,
    sections: list[_Section],
    entry_lines: list[tuple[int, list[str]]],
) -> _Section | None:
    """One line of the file into its section; the section the next line is in."""
    header = _SECTION.match(line)
    if header:
        name, index = header.group(1), header.group(2)
        if name not in ("event", "stage", "division", "consolation", "entries"):
            raise InputError(f"unknown section [{name}]", line=number, field=name)
        if (name in ("stage", "division")) != (index is not None):
            raise InputError(
                f"[{name}] {'needs' if index is None else 'takes no'} a number",
                line=number,
                field=name,
            )
        current = _Section(name, int(index) if index else None, number)
        if any(s.name == name and s.number == current.number for s in sections):
            raise InputError(f"section [{line[1:-1]}] given twice", line=number, field=name)
        sections.append(current)
        return current
    if current is None:
        raise InputError("expected the [event] section first", line=number, field="event")
    if current.name == "entries":
        entry_lines.append((number, line.split()))
        return current
    key, sep, value = line.partition("=")
    key, value = key.strip(), value.strip()
    if not sep or not key:
        raise InputError(f"expected key = value, got {line!r}", line=number, field=key or line)
    if key in current.values:
        raise InputError("field given twice", line=number, field=key)
    current.values[key] = (value, number)
    return current


def _event(head: _Section, sections: list[_Section], extra_keys: tuple[str, ...]) -> EventSpec:
    problems = Problems()
    with problems.catch():
        _check_keys(head, (*_EVENT_KEYS, *extra_keys))
    for key in _REQUIRED:
        with problems.catch():
            if key in FACTS and key not in head.values:
                raise MissingFactError(
                    f"[event] needs {key}; give {key}=… with the submission, or set the "
                    "discipline's default",
                    fact=key,
                    line=head.line,
                    field=key,
                )
            _section_value(head, key, _text)
    kwargs: dict[str, Any] = {}
    for key, (text, line) in head.values.items():
        if key in extra_keys or key not in _EVENT_KEYS:
            continue
        attr, parse = _EVENT_KEYS[key]
        with problems.catch():
            kwargs[attr] = parse(text, line, key)
    problems.check()
    stages: list[StageSpec] = []
    divisions: list[DivisionSpec] = []
    consolation: ConsolationSpec | None = None
    for section in sections:
        if section.name == "stage":
            _check_keys(section, ("boards",))
            assert section.number is not None
            stages.append(StageSpec(section.number, _section_value(section, "boards", _positive)))
        elif section.name == "division":
            _check_keys(section, ("fixed", "boards"))
            assert section.number is not None
            divisions.append(
                DivisionSpec(
                    section.number,
                    _section_value(section, "fixed", _bool),
                    _section_value(section, "boards", _positive),
                )
            )
        elif section.name == "consolation":
            _check_keys(section, ("boards", "groups"))
            groups: tuple[str, ...] = ("A",)
            if "groups" in section.values:
                raw, _ = section.values["groups"]
                groups = tuple(g.strip() for g in raw.split(",") if g.strip())
            consolation = ConsolationSpec(_section_value(section, "boards", _positive), groups)
    kwargs["stage_awards"] = tuple(sorted(stages, key=lambda s: s.number))
    kwargs["divisions"] = tuple(sorted(divisions, key=lambda d: d.number))
    kwargs["consolation"] = consolation
    try:
        return EventSpec(**kwargs)
    except InputError as exc:
        line = head.values[exc.field][1] if exc.field in head.values else head.line
        raise InputError(exc.message, line=line, field=exc.field) from None


def _entries(
    lines: list[tuple[int, list[str]]], problems: Problems
) -> tuple[tuple[Entry, ...], tuple[PlayerLine, ...]]:
    out: list[Entry] = []
    players: list[PlayerLine] = []
    pending: tuple[int, str, dict[str, Any]] | None = None
    members: list[Member] = []

    def close() -> None:
        if pending is None:
            return
        line, entry_id, values = pending
        stage_places = tuple(
            (n, cast(int, values.pop(f"s{n}"))) for n in (1, 2) if f"s{n}" in values
        )
        rename = {"cons": "consolation_place", "cgroup": "consolation_group"}
        kwargs = {rename.get(k, k): v for k, v in values.items()}
        try:
            out.append(
                Entry(
                    entry_id,
                    tuple(members),
                    stage_places=stage_places,
                    line=line,
                    **kwargs,
                )
            )
        except InputError as exc:
            raise InputError(exc.message, line=line, field=exc.field) from None

    skipping = False  # the lines of an entry whose own line is wrong
    for line, tokens in lines:
        word = tokens[0]
        if word == "entry":
            with problems.catch():
                close()
            pending, members, skipping = None, [], True
            with problems.catch(player=tokens[1] if len(tokens) > 1 else None):
                if len(tokens) < 2:
                    raise InputError("entry needs an id", line=line, field="entry")
                pending = (line, tokens[1], _pairs(tokens[2:], line, _ENTRY_KEYS))
                skipping = False
            continue
        with problems.catch(player=tokens[1] if len(tokens) > 1 else None):
            _member_line(line, tokens, word, pending is None and not skipping, members, players)
    with problems.catch():
        close()
    return tuple(out), tuple(players)


def _member_line(
    line: int,
    tokens: list[str],
    word: str,
    orphan: bool,
    members: list[Member],
    players: list[PlayerLine],
) -> None:
    """A ``player`` line of the entry above it."""
    if word == "player":
        if orphan:
            raise InputError("a player line before any entry", line=line, field="player")
        if len(tokens) < 2:
            raise InputError("player needs an id", line=line, field="player")
        values = _pairs(tokens[2:], line, _PLAYER_KEYS)
        given = values.get("member")
        status_word = values.pop("member", "yes")
        if status_word not in _MEMBER_WORDS:
            raise InputError(
                f"member is yes, no or foreign, got {status_word!r}", line=line, field="member"
            )
        status = _MEMBER_WORDS[status_word]
        if status == "non-member" and ("mp" in values or "ymp" in values):
            raise InputError(
                "a non-member holds no masterpoints (seed 001 §2.9.8)", line=line, field="mp"
            )
        assert status in MEMBER_STATUSES
        members.append(Member(tokens[1], status=cast(Any, status), **values))
        players.append(PlayerLine(line, tokens[1], given, values.get("mp"), values.get("ymp")))
    else:
        raise InputError(
            f"expected an 'entry' or 'player' line, got {word!r}", line=line, field=word
        )
