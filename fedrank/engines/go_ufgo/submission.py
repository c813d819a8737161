"""A director's file as a federation's import reads it: the engine's formats, plus who is who.

The rating needs only the names of a file; an import into a federation's registry also needs,
from the same text, each player's federation ID (a token ``id=UFGO-0042`` anywhere on his line
before a ``;`` comment, removed before the line is parsed, or a bare column ``UFGO-0042``: the
federation's code, a dash and digits), his EGD PIN (a token ``pin=12345678``, ``egd_pin=``,
``p=`` or ``|p=``, or a bare column of eight digits after the place; removed too; OpenGotha's
``egfPin`` attribute in its XML), the
place an h-file line starts with, and the
tournament's code (a ``CODE`` tag or key naming it for corrections). They are read here so that
every format is parsed in this package only (:mod:`~fedrank.engines.go_ufgo.parsing`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from fedrank.engines.go_ufgo.documents import parse_document
from fedrank.engines.go_ufgo.opengotha import looks_like_opengotha
from fedrank.engines.go_ufgo.parsing import Given, ParsedPlayer, ParsedTournament
from fedrank.engines.kernel import InputError

CODE_LENGTH: Final = 64
"""The longest tournament code (the storage's column)."""

_ID_TOKEN: Final = re.compile(r"(?<!\S)id[=:](\S+)", re.IGNORECASE)
_PIN_TOKEN: Final = re.compile(r"(?<!\S)\|?(?:(?:egd_)?pin|p)[=:](\S+)", re.IGNORECASE)
#: A bare EGD PIN column of an h-file line: eight digits, not the place it starts with.
_BARE_PIN: Final = re.compile(r"(?<=\s)\|?(\d{8})(?=\s|$)")
_PLACE: Final = re.compile(r"^\s*\d+\s")
_SLUG: Final = re.compile(r"[^\w]+")


@dataclass(frozen=True, slots=True)
class SubmittedPlayer:
    """A player line of the file with the federation IDs and the place written on it."""

    parsed: ParsedPlayer
    ids: tuple[str, ...]
    """``id=`` tokens of the line, else its bare ID columns (none, one, or a mistake: several)."""
    place: int | None
    """The place an h-file line starts with (None in the CSV and JSON formats)."""
    pin: str | None = None
    """The EGD PIN of a ``pin=`` token on the line (European Go Database), if any."""


@dataclass(frozen=True, slots=True)
class Submission:
    """A parsed file (``id=`` tokens removed) and its players with their IDs, in file order."""

    parsed: ParsedTournament
    players: tuple[SubmittedPlayer, ...]


def parse_submission(
    text: str, *, filename: str, federation_code: str, given: Given | None = None
) -> Submission:
    """Parse ``text`` in its format (by ``filename`` or content) and find each line's IDs;
    ``given``: the tournament facts from outside the file."""
    cleaned, tokens, pins = _strip_ids(text)
    parsed = parse_document(cleaned, filename=filename, given=given)
    lines = text.splitlines()
    bare = re.compile(rf"^{re.escape(federation_code)}-\d+$", re.IGNORECASE)
    players = []
    for p in parsed.players:
        raw = lines[p.line - 1] if 0 < p.line <= len(lines) else ""
        ids = tokens.get(p.line, []) or _bare_ids(raw, bare)
        place = _place(raw) if parsed.format == "egf-h" else None
        pin = _pin(pins.get(p.line), p.line) or p.pin
        players.append(SubmittedPlayer(p, tuple(ids), place, pin))
    return Submission(parsed, tuple(players))


def tournament_code(parsed: ParsedTournament) -> str:
    """The tournament's code: the CODE tag/key, else its date and a slug of its name."""
    tags = {k.lower(): v for k, v in parsed.tags.items()}
    given = tags.get("code", "").strip()
    if given:
        if len(given) > CODE_LENGTH:
            raise InputError(
                f"the code is longer than {CODE_LENGTH} characters", line=None, field="code"
            )
        return given
    slug = _SLUG.sub("-", parsed.tournament.name.lower()).strip("-")
    return f"{parsed.tournament.on.isoformat()}-{slug}"[:CODE_LENGTH].rstrip("-")


def _strip_ids(text: str) -> tuple[str, dict[int, list[str]], dict[int, list[str]]]:
    """Remove ``id=...`` and ``pin=...`` tokens (before any ``;`` comment) and note them by
    1-based line."""
    out: list[str] = []
    found: dict[int, list[str]] = {}
    pins: dict[int, list[str]] = {}
    if looks_like_opengotha(text):
        return text, found, pins  # its players' PINs are attributes
    for no, raw in enumerate(text.splitlines(), start=1):
        body, sep, comment = raw.partition(";")
        given = _PIN_TOKEN.findall(body)
        if given:
            pins[no] = given
            body = _PIN_TOKEN.sub(" ", body)
        elif _PLACE.match(body) and (bare := _BARE_PIN.findall(body)):
            pins[no] = bare
            body = _BARE_PIN.sub(" ", body)
        ids = _ID_TOKEN.findall(body)
        if ids:
            found[no] = ids
            body = _ID_TOKEN.sub(" ", body)
        out.append(body + sep + comment)
    return "\n".join(out), found, pins


def _pin(given: list[str] | None, line: int) -> str | None:
    if not given:
        return None
    if len(given) > 1 or not given[0].isdigit() or len(given[0]) > 16:
        raise InputError(f"'{' '.join(given)}' is not one EGD PIN (digits)", line=line, field="pin")
    return given[0]


def _bare_ids(line: str, pattern: re.Pattern[str]) -> list[str]:
    body = line.partition(";")[0]
    return [tok for tok in body.split() if pattern.match(tok)]


def _place(line: str) -> int | None:
    first = line.split(maxsplit=1)
    return int(first[0]) if first and first[0].isdigit() else None
