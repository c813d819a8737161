"""The records that cross layers: what a submission, a list or a message is before it is stored.

Plain dataclasses with no database behaviour, so engines' adapters, handlers, the ledger write
and the outbox share one definition (storage must not import handlers, and handlers must not
reach into repository internals).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Final


@dataclass(frozen=True, slots=True)
class PointTotal:
    kind: str
    colour: str | None
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Standing:
    """One discipline of a player's /rating (see :meth:`ListRepo.rating_cards`).

    The list fields are None when the discipline has no published list or the player is not
    in it; the title fields when the player has no title there.
    """

    discipline_id: int
    discipline_name: str
    snapshot_id: int | None
    list_date: date | None
    list_size: int | None
    position: int | None
    rating: Decimal | None
    row_data: dict[str, Any] | None
    title: str | None
    title_since: date | None
    totals: list[PointTotal]
    #: What the published list says (its row's title, the title history's since for it on
    #: the list date, the ledger lines dated before the list date) and whether anything of the
    #: player's was stored since the list was published (or dated on or after it): then the
    #: live ``title``/``totals`` may differ from the list's, and /rating shows both apart.
    listed_title: str | None = None
    listed_title_since: date | None = None
    listed_totals: list[PointTotal] = field(default_factory=list)
    stored_since: bool = False
    snapshot_created_at: datetime | None = None
    #: The discipline's system id (its own words for the list's figure: masterpoints, points).
    system: str = ""
    #: The discipline's publication calendar (when its next list comes: "since the list").
    calendar: str = "monthly"
    #: Its name in each language where one is set (``discipline_name`` where not).
    discipline_names: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RatingCard:
    """What /rating shows of one player: see :meth:`ListRepo.rating_cards`."""

    player_id: int
    player_name: str
    federation_player_id: str
    federation_id: int
    federation_name: str
    standings: list[Standing]
    #: The federation's time zone (its "today", for the next list's date).
    timezone: str = "UTC"
    #: Its code and language (the player's page on the site), its names per language.
    federation_code: str = ""
    federation_language: str = "en"
    federation_names: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TopRow:
    position: int
    rating: Decimal
    title: str | None
    player_name: str
    federation_player_id: str


@dataclass(frozen=True, slots=True)
class TopList:
    """The head of a discipline's latest list: see :meth:`ListRepo.latest_top`."""

    snapshot_id: int
    list_date: date
    size: int
    rows: list[TopRow]
    #: When the list was published (what was stored after it is said under it).
    created_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class NewAward:
    player_id: int
    kind: str
    amount: Decimal
    trace: list[Any]
    colour: str | None = None


@dataclass(frozen=True, slots=True)
class NewEntry:
    player_id: int
    place: Decimal | None
    team: str | None = None
    data: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class NewGame:
    round_no: int
    player1_id: int
    player2_id: int | None
    result: str
    score1: int | None = None
    score2: int | None = None


@dataclass(frozen=True, slots=True)
class NewListRow:
    player_id: int
    position: int
    rating: Decimal
    title: str | None = None
    data: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class NewMessage:
    """One outbox row to enqueue: a message for one recipient, unique by ``dedup_key``."""

    dedup_key: str
    platform: str
    chat_id: str
    payload: dict[str, Any]
    due_at: datetime | None = None
    #: Parts (texts, then files) already delivered another way: the sender starts after them.
    parts_done: int = 0


@dataclass(frozen=True, slots=True)
class NewTitle:
    """A title a player holds from ``since`` on (kyu/dan, evolution level, rank coefficient)."""

    player_id: int
    title: str
    since: date
    value: Decimal | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words for the reader's language, decided where the language is known: a message key of
    the i18n catalogue and its values (strings, numbers or phrases). The handlers render it
    (:func:`fedrank.handlers.wording.words.say`); stored in JSON as ``{"key": …, "values":
    {…}}``."""

    key: str
    values: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "values": {
                k: v.to_json() if isinstance(v, Phrase) else v for k, v in self.values.items()
            },
        }


#: A text that is either final (a name, a figure) or a phrase to render in the reader's language.
Text = str | Phrase


@dataclass(frozen=True, slots=True)
class PreviewLine:
    """One participant in a preview: what he had before and will have after."""

    label: Text
    before: Text
    after: Text
    note: Text = ""


@dataclass(frozen=True, slots=True)
class NewPlayer:
    """A player a results file names who is not in the registry, registered when the
    tournament is confirmed (in its transaction). ``ref`` is the placeholder id the preview
    was computed with (negative: never a stored player's); ``key`` the file's text for him."""

    ref: int
    key: str
    federation_player_id: str
    name: str
    line: int
    country: str | None = None
    gender: str | None = None
    club: str | None = None
    egd_pin: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    #: A membership from this date (a file that says its players are members, as CCBA's).
    member_from: date | None = None


@dataclass(slots=True)
class Prepared:
    """A tournament ready to be written as a new version (1 if new)."""

    code: str
    name: str
    held_on: date
    params: dict[str, Any]
    entries: list[NewEntry]
    games: list[NewGame]
    awards: list[NewAward]
    titles: list[NewTitle] = field(default_factory=list)
    preview: list[PreviewLine] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # Later tournaments whose figures change because of this one (a correction replays them).
    replays: list[Prepared] = field(default_factory=list)
    reason: str = ""
    # Players registered with the tournament (a file's unknown names the director chose to add).
    new_players: list[NewPlayer] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The pending row's JSON: every field by name, Decimals as ``{"$d": "…"}`` and dates
        as ``{"$date": "…"}`` (written field by field: ``dataclasses.asdict`` deep-copied
        every trace first, a quarter of a correction's preview)."""
        return {
            "code": self.code,
            "name": self.name,
            "held_on": _enc_date(self.held_on),
            "params": _enc(self.params),
            "entries": [
                {
                    "player_id": e.player_id,
                    "place": _enc_decimal(e.place),
                    "team": e.team,
                    "data": _enc(e.data),
                }
                for e in self.entries
            ],
            "games": [
                {
                    "round_no": g.round_no,
                    "player1_id": g.player1_id,
                    "player2_id": g.player2_id,
                    "result": g.result,
                    "score1": g.score1,
                    "score2": g.score2,
                }
                for g in self.games
            ],
            "awards": [
                {
                    "player_id": a.player_id,
                    "kind": a.kind,
                    "amount": _enc_decimal(a.amount),
                    "trace": _enc(a.trace),
                    "colour": a.colour,
                }
                for a in self.awards
            ],
            "titles": [
                {
                    "player_id": t.player_id,
                    "title": t.title,
                    "since": _enc_date(t.since),
                    "value": _enc_decimal(t.value),
                    "reason": t.reason,
                }
                for t in self.titles
            ],
            "preview": [
                {"label": p.label, "before": p.before, "after": p.after, "note": p.note}
                for p in self.preview
            ],
            "warnings": list(self.warnings),
            "replays": [r.to_json() for r in self.replays],
            "reason": self.reason,
            "new_players": [
                {
                    "ref": p.ref,
                    "key": p.key,
                    "federation_player_id": p.federation_player_id,
                    "name": p.name,
                    "line": p.line,
                    "country": p.country,
                    "gender": p.gender,
                    "club": p.club,
                    "egd_pin": p.egd_pin,
                    "data": _enc(p.data),
                    "member_from": _enc_date(p.member_from),
                }
                for p in self.new_players
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Prepared:
        """The record :meth:`to_json` wrote (fields with a default may be missing)."""
        return cls(
            code=data["code"],
            name=data["name"],
            held_on=date.fromisoformat(data["held_on"]["$date"]),
            params=_dec(data["params"]),
            entries=[
                NewEntry(
                    e["player_id"], _dec_decimal(e["place"]), e.get("team"), _dec(e.get("data"))
                )
                for e in data["entries"]
            ],
            games=[
                NewGame(
                    g["round_no"],
                    g["player1_id"],
                    g["player2_id"],
                    g["result"],
                    g.get("score1"),
                    g.get("score2"),
                )
                for g in data["games"]
            ],
            awards=[
                NewAward(
                    a["player_id"],
                    a["kind"],
                    Decimal(a["amount"]["$d"]),
                    _dec(a["trace"]),
                    a.get("colour"),
                )
                for a in data["awards"]
            ],
            titles=[
                NewTitle(
                    t["player_id"],
                    t["title"],
                    date.fromisoformat(t["since"]["$date"]),
                    _dec_decimal(t.get("value")),
                    t.get("reason", ""),
                )
                for t in data.get("titles", [])
            ],
            preview=[
                PreviewLine(p["label"], p["before"], p["after"], p.get("note", ""))
                for p in data.get("preview", [])
            ],
            warnings=list(data.get("warnings", [])),
            replays=[cls.from_json(r) for r in data.get("replays", [])],
            reason=data.get("reason", ""),
            new_players=[
                NewPlayer(
                    ref=p["ref"],
                    key=p["key"],
                    federation_player_id=p["federation_player_id"],
                    name=p["name"],
                    line=p["line"],
                    country=p.get("country"),
                    gender=p.get("gender"),
                    club=p.get("club"),
                    egd_pin=p.get("egd_pin"),
                    data=_dec(p.get("data", {})),
                    member_from=_dec_date(p.get("member_from")),
                )
                for p in data.get("new_players", [])
            ],
        )


_PLAIN: Final = frozenset({str, int, float, bool, type(None)})
"""Types written as they are (a scalar is not passed to a function of its own)."""


def _enc(value: Any) -> Any:
    """A free-form value (params, data, a trace) as JSON: Decimals and dates tagged, tuples as
    lists, dataclasses as dicts of their fields (what ``asdict`` made of them)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is dict:
        return {k: v if type(v) in _PLAIN else _enc(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [v if type(v) in _PLAIN else _enc(v) for v in value]
    if isinstance(value, Decimal):
        return {"$d": str(value)}
    if isinstance(value, date):
        return {"$date": value.isoformat()}
    if isinstance(value, dict):
        return {k: _enc(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_enc(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _enc(getattr(value, f.name)) for f in fields(value)}
    return value


def _enc_decimal(value: Decimal | None) -> dict[str, str] | None:
    return None if value is None else {"$d": str(value)}


def _enc_date(value: date | None) -> dict[str, str] | None:
    return None if value is None else {"$date": value.isoformat()}


def _dec(value: Any) -> Any:
    """What :func:`_enc` wrote, back: tagged Decimals and dates, lists and dicts rebuilt."""
    kind = type(value)
    if kind is dict:
        if len(value) == 1:
            if "$d" in value:
                return Decimal(value["$d"])
            if "$date" in value:
                return date.fromisoformat(value["$date"])
        return {k: _dec(v) if type(v) in _NESTED else v for k, v in value.items()}
    if kind is list:
        return [_dec(v) if type(v) in _NESTED else v for v in value]
    return value


_NESTED: Final = frozenset({dict, list})


def _dec_decimal(value: dict[str, str] | None) -> Decimal | None:
    return None if value is None else Decimal(value["$d"])


def _dec_date(value: dict[str, str] | None) -> date | None:
    return None if value is None else date.fromisoformat(value["$date"])


@dataclass(slots=True)
class ComputedList:
    """A list on a date, ready to be stored as a snapshot, with the titles it assigns."""

    rows: list[NewListRow]
    titles: list[NewTitle] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
