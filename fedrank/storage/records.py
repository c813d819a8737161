"""The records that cross layers: what a submission, a list or a message is before it is stored.

Plain dataclasses with no database behaviour, so engines' adapters, handlers, the ledger write
and the outbox share one definition (storage must not import handlers, and handlers must not
reach into repository internals).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any


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


@dataclass(frozen=True, slots=True)
class RatingCard:
    """What /rating shows of one player: see :meth:`ListRepo.rating_cards`."""

    player_id: int
    player_name: str
    federation_player_id: str
    federation_id: int
    federation_name: str
    standings: list[Standing]


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


@dataclass(frozen=True, slots=True)
class NewTitle:
    """A title a player holds from ``since`` on (kyu/dan, evolution level, rank coefficient)."""

    player_id: int
    title: str
    since: date
    value: Decimal | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class PreviewLine:
    """One participant in a preview: what he had before and will have after."""

    label: str
    before: str
    after: str
    note: str = ""


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
        def enc(value: Any) -> Any:
            if isinstance(value, Decimal):
                return {"$d": str(value)}
            if isinstance(value, date):
                return {"$date": value.isoformat()}
            if isinstance(value, dict):
                return {k: enc(v) for k, v in value.items()}
            if isinstance(value, list | tuple):
                return [enc(v) for v in value]
            return value

        out: dict[str, Any] = enc(asdict(self))
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Prepared:
        def dec(value: Any) -> Any:
            if isinstance(value, dict):
                if set(value) == {"$d"}:
                    return Decimal(value["$d"])
                if set(value) == {"$date"}:
                    return date.fromisoformat(value["$date"])
                return {k: dec(v) for k, v in value.items()}
            if isinstance(value, list):
                return [dec(v) for v in value]
            return value

        raw = dec(data)
        return cls(
            code=raw["code"],
            name=raw["name"],
            held_on=raw["held_on"],
            params=raw["params"],
            entries=[NewEntry(**e) for e in raw["entries"]],
            games=[NewGame(**g) for g in raw["games"]],
            awards=[NewAward(**a) for a in raw["awards"]],
            titles=[NewTitle(**t) for t in raw["titles"]],
            preview=[PreviewLine(**p) for p in raw["preview"]],
            warnings=list(raw["warnings"]),
            replays=[cls.from_json(r) for r in data["replays"]],
            reason=raw["reason"],
            new_players=[NewPlayer(**p) for p in raw.get("new_players", [])],
        )


@dataclass(slots=True)
class ComputedList:
    """A list on a date, ready to be stored as a snapshot, with the titles it assigns."""

    rows: list[NewListRow]
    titles: list[NewTitle] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
