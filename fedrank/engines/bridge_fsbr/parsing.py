"""Parsing an FSBR tournament report (the ``.fsbr`` text format) into a :class:`Tournament`.

Seed 003 (003_14fd2cba3c135a99.txt) 1.7 asks organisers for a report of results; this is
our plain-text form of it, carrying what sections 4-8 need: the lengths of 4.3/4.6, each
participant's place, boards, length and critical stage (4.2, 4.5, 4.7), each player's rank
coefficient at the start and boards played (5.2, 6.1-6.3), sessions (7.1). The format is
described field by field in docs/engines/bridge_fsbr.md. Every error names its 1-based line
and the field.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal, InvalidOperation

from fedrank.engines.kernel import InputError, Problems, within_bounds

from .model import Entry, PlayerEntry, Session, Tournament
from .tables import country_category

_HEADER_KEYS = {
    "tournament",
    "id",
    "form",
    "scope",
    "status",
    "event",
    "start",
    "end",
    "length",
    "actual_length",
    "express",
    "face_to_face",
    "rated",
    "country_category",
    "host_country",
    "club_country",
    "kq",
    "N0",
    "playoff",
    "pb_scale",
    "disqualified",
    "part_of_tournament",
    "ew_min_share",
}
#: The largest place a file may give (a national championship has a few hundred entries).
MAX_PLACE = 100_000
_REQUIRED = ("tournament", "form", "scope", "start", "end", "length", "actual_length")
_ENTRY_COLUMNS = ("entry", "place", "boards", "length", "critical", "imps")
_PLAYER_COLUMNS = ("player", "entry", "name", "rk", "boards", "country", "ebl_mp", "wbf_mp")


def _int(text: str, line: int, name: str, *, minimum: int = 0) -> int:
    try:
        value = int(text)
    except ValueError:
        raise InputError(f"not a whole number: '{text}'", line=line, field=name) from None
    within_bounds(value, line=line, field=name)
    if value < minimum:
        raise InputError(f"must be at least {minimum}: {value}", line=line, field=name)
    return value


def _decimal(text: str, line: int, name: str) -> Decimal:
    try:
        value = Decimal(text.replace(",", "."))
    except InvalidOperation:
        raise InputError(f"not a number: '{text}'", line=line, field=name) from None
    if not value.is_finite():
        raise InputError(f"not a finite number: '{text}'", line=line, field=name)
    within_bounds(value, line=line, field=name)
    return value


def _date(text: str, line: int, name: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise InputError(f"not a date (YYYY-MM-DD): '{text}'", line=line, field=name) from None


def _bool(text: str, line: int, name: str) -> bool:
    low = text.lower()
    if low in ("yes", "true", "1", "да"):
        return True
    if low in ("no", "false", "0", "нет"):
        return False
    raise InputError(f"expected yes or no: '{text}'", line=line, field=name)


def _places(text: str, line: int) -> tuple[int, int]:
    """ "3" or a shared "3-4"."""
    first, _, last = text.partition("-")
    a = _int(first.strip(), line, "place", minimum=1)
    b = _int(last.strip(), line, "place", minimum=1) if last else a
    if b < a:
        raise InputError(f"shared places run backwards: '{text}'", line=line, field="place")
    if b > MAX_PLACE:
        # MB(p) divides by R^(p-1) for every shared place: no field is this large.
        raise InputError(f"a place is at most {MAX_PLACE:,}: '{text}'", line=line, field="place")
    return a, b


def _cells(raw: str, columns: tuple[str, ...], line: int) -> dict[str, str]:
    parts = [c.strip() for c in raw.split("|")]
    if len(parts) > len(columns):
        raise InputError(
            f"{len(parts)} columns, at most {len(columns)} expected: {' | '.join(columns)}",
            line=line,
            field=columns[-1],
        )
    return dict(zip(columns, parts + [""] * (len(columns) - len(parts)), strict=True))


def parse_tournament(text: str) -> Tournament:
    """Parse a ``.fsbr`` report; raises InputError naming the line and the field."""
    header: dict[str, tuple[str, int]] = {}
    entries: list[tuple[dict[str, str], int]] = []
    players: list[tuple[dict[str, str], int]] = []
    sessions: list[tuple[str, int, list[tuple[str, int]], dict[str, tuple[str, int]]]] = []
    section = "header"
    problems = Problems()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("#") else ""
        if not line:
            continue
        with problems.catch():
            if line.startswith("[") and line.endswith("]"):
                name = line[1:-1].strip()
                if name in ("entries", "players"):
                    section = name
                elif name.startswith("session"):
                    label = name[len("session") :].strip()
                    if not label:
                        raise InputError(
                            "a session needs a name: [session NAME]", line=number, field="session"
                        )
                    section = "session"
                    sessions.append((label, number, [], {}))
                else:
                    raise InputError(f"unknown section [{name}]", line=number, field="section")
                continue
            if section == "header" or (section == "session" and "=" in line and "|" not in line):
                key, sep, value = line.partition("=")
                key = key.strip()
                if not sep:
                    raise InputError("expected 'key = value'", line=number, field="header")
                if section == "session":
                    if key != "boards":
                        raise InputError(f"unknown session key '{key}'", line=number, field=key)
                    sessions[-1][3][key] = (value.strip(), number)
                    continue
                if key not in _HEADER_KEYS:
                    raise InputError(f"unknown key '{key}'", line=number, field=key)
                if key in header:
                    raise InputError(f"'{key}' given twice", line=number, field=key)
                header[key] = (value.strip(), number)
            elif section == "entries":
                entries.append((_cells(line, _ENTRY_COLUMNS, number), number))
            elif section == "players":
                players.append((_cells(line, _PLAYER_COLUMNS, number), number))
            else:
                sessions[-1][2].append((line, number))

    for key in _REQUIRED:
        if key not in header or not header[key][0]:
            at = header.get(key, ("", None))[1]
            problems.add(InputError(f"'{key}' is required", line=at, field=key))

    def h(key: str, default: str = "") -> str:
        return header[key][0] if key in header else default

    def ln(key: str) -> int | None:
        return header[key][1] if key in header else None

    start = end = date.min
    if h("start"):
        with problems.catch():
            start = _date(h("start"), header["start"][1], "start")
    if h("end"):
        with problems.catch():
            end = _date(h("end"), header["end"][1], "end")
            if end < start:
                raise InputError("the end is before the start", line=ln("end"), field="end")

    by_entry: dict[str, list[PlayerEntry]] = {}
    for cells, number in players:
        with problems.catch(player=cells["name"] or cells["player"] or None):
            if not cells["player"] and not cells["name"]:
                raise InputError("player id and name missing", line=number, field="player")
            if not cells["entry"]:
                raise InputError("entry missing", line=number, field="entry")
            rk = _decimal(cells["rk"], number, "rk") if cells["rk"] else None
            if rk is not None and not Decimal(-5) <= rk <= Decimal(5):
                raise InputError(f"rk out of -5..5: {rk}", line=number, field="rk")
            # Built before it is filed: a refused field must not leave its entry an empty list.
            player = PlayerEntry(
                player=cells["player"] or " ".join(cells["name"].split()),
                name=cells["name"],
                rk=rk,
                boards=_int(cells["boards"], number, "boards") if cells["boards"] else None,
                country=cells["country"],
                ebl_mp=_decimal(cells["ebl_mp"], number, "ebl_mp") if cells["ebl_mp"] else None,
                wbf_mp=_decimal(cells["wbf_mp"], number, "wbf_mp") if cells["wbf_mp"] else None,
                line=number,
                named_only=not cells["player"],
            )
            by_entry.setdefault(cells["entry"], []).append(player)
    known: set[str] = set()
    parsed_entries: list[Entry] = []
    for cells, number in entries:
        with problems.catch():
            name = cells["entry"]
            if not name:
                raise InputError("entry id missing", line=number, field="entry")
            if name in known:
                raise InputError(f"entry '{name}' twice", line=number, field="entry")
            known.add(name)
            if not cells["place"]:
                raise InputError("place missing", line=number, field="place")
            first, last = _places(cells["place"], number)
            critical_text = cells["critical"].lower()
            critical_mp = critical_text in ("mp", "ebl", "wbf")
            critical = (
                _int(critical_text, number, "critical")
                if critical_text and not critical_mp
                else None
            )
            if name not in by_entry:
                raise InputError(
                    f"entry '{name}' has no players in [players]", line=number, field="entry"
                )
            parsed_entries.append(
                Entry(
                    entry=name,
                    place=first,
                    place_last=last,
                    players=tuple(by_entry[name]),
                    boards=_int(cells["boards"], number, "boards") if cells["boards"] else None,
                    length=_int(cells["length"], number, "length") if cells["length"] else None,
                    critical=critical,
                    critical_mp=critical_mp,
                    imps=_int(cells["imps"], number, "imps") if cells["imps"] else None,
                    line=number,
                )
            )
    for entry_name, plist in by_entry.items():
        if entry_name not in known:
            problems.add(
                InputError(
                    f"unknown entry '{entry_name}' (not in [entries])",
                    line=plist[0].line,
                    field="entry",
                    player=plist[0].name or plist[0].player,
                )
            )

    parsed_sessions: list[Session] = []
    bad_lines = {p.line for p in problems.items if p.line is not None}
    bounds = [number for _, number, _, _ in sessions[1:]] + [len(text.splitlines()) + 1]
    for (label, number, rows, keys), bound in zip(sessions, bounds, strict=False):
        boards = 1
        with problems.catch():
            if "boards" not in keys and not bad_lines & set(range(number, bound)):
                raise InputError(
                    f"session {label}: 'boards' is required", line=number, field="boards"
                )
            if "boards" in keys:
                boards = _int(keys["boards"][0], keys["boards"][1], "boards", minimum=1)
        places = []
        for raw, row in rows:
            with problems.catch():
                cells = _cells(raw, ("entry", "place"), row)
                if cells["entry"] not in known:
                    raise InputError(f"unknown entry '{cells['entry']}'", line=row, field="entry")
                a, b = _places(cells["place"], row)
                places.append((cells["entry"], a, b))
        parsed_sessions.append(Session(label, boards, tuple(places), number))
    problems.check()

    category: int | None = None
    if h("country_category"):
        category = _int(h("country_category"), ln("country_category") or 0, "country_category")
        if category > 4:
            raise InputError("RKS is 0..4", line=ln("country_category"), field="country_category")
    elif h("host_country"):
        category = country_category(h("host_country"))
    express_text = h("express", "auto").lower()
    express = None if express_text == "auto" else _bool(express_text, ln("express") or 0, "express")
    pb_scale = None
    if h("pb_scale"):
        pb_scale = tuple(
            _int(v.strip(), ln("pb_scale") or 0, "pb_scale") for v in h("pb_scale").split("-")
        )
    return Tournament(
        id=h("id") or h("tournament"),
        name=h("tournament"),
        form=h("form"),
        scope=h("scope"),
        start=start,
        end=end,
        length=_int(h("length"), ln("length") or 0, "length", minimum=1),
        actual_length=_int(
            h("actual_length"), ln("actual_length") or 0, "actual_length", minimum=1
        ),
        entries=tuple(parsed_entries),
        status=h("status", "none"),
        event=h("event"),
        express=express,
        face_to_face=_bool(h("face_to_face", "yes"), ln("face_to_face") or 0, "face_to_face"),
        rated=_bool(h("rated", "yes"), ln("rated") or 0, "rated"),
        country_category=category,
        club_country=h("club_country"),
        kq=_decimal(h("kq"), ln("kq") or 0, "kq") if h("kq") else None,
        N0=_decimal(h("N0"), ln("N0") or 0, "N0") if h("N0") else None,
        playoff=_bool(h("playoff", "no"), ln("playoff") or 0, "playoff"),
        pb_scale=pb_scale,
        disqualified=_int(h("disqualified", "0"), ln("disqualified") or 0, "disqualified"),
        part_of_tournament=_bool(
            h("part_of_tournament", "no"), ln("part_of_tournament") or 0, "part_of_tournament"
        ),
        ew_min_share=(
            _decimal(h("ew_min_share"), ln("ew_min_share") or 0, "ew_min_share")
            if h("ew_min_share")
            else None
        ),
        sessions=tuple(parsed_sessions),
        line_of={k: v[1] for k, v in header.items()},
    )
