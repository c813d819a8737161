"""Who a results file names: the one resolver every system's ``prepare`` uses.

A file names a player by the federation's ID, by an EGD PIN, or by name. A name matches the
registered name or Latin spelling whatever its case, spacing, ё/е (:func:`name_key`) and the
order of its words (:func:`word_set`: "Bondarenko Olena" is "Olena Bondarenko"). What
no rule settles is not guessed: the file's unknown names (no such player) and ambiguous ones
(two registered players of that name) are refused together in one :class:`UnresolvedNamesError`
that lists every one of them with the closest registered names, and the director answers with
:class:`Names`: per name a registered player (``key -> federation ID``) or :data:`NEW`, or
``register_new`` for every unknown one (an ambiguous name always needs his choice).

A new player is registered only when the tournament is confirmed. Until then he is a transient
:class:`~fedrank.storage.models.Player` with a negative id (never a stored player's), so every
system computes his figures as for anyone without a history, from the file's own starting
values (``Wanted.start``); the preview shows the federation ID he will get, and
:meth:`Names.new_players` what the confirmation registers (:mod:`fedrank.handlers.results.names`).
"""

from __future__ import annotations

import asyncio
import difflib
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from dataclasses import field as default
from typing import Any, Final

from fedrank.engines.kernel import InputError
from fedrank.handlers.federation.registry.plan import next_numbers
from fedrank.storage.models import Federation, Player
from fedrank.storage.records import NewPlayer
from fedrank.storage.repos import Repos

#: The choice that registers a file's name as a new player.
NEW: Final = "new"
#: Closest registered names shown for an unknown name.
SUGGESTIONS: Final = 3
#: Above this many registered names, suggestions come from names sharing a word only…
_FULL_SCAN: Final = 5000
#: … the rarest words first, at most this many names.
_POOL: Final = 2000


def name_key(text: str) -> str:
    """A name as it is compared: case, runs of spaces and ё/е do not matter."""
    return " ".join(text.casefold().replace("ё", "е").split())


def word_set(text: str) -> str:
    """A name's words in any order ("Bondarenko Olena" is "Olena Bondarenko"): how names
    are matched, since files write the surname first or last."""
    return " ".join(sorted(name_key(text).split()))


def looks_like_id(text: str, federation_code: str) -> bool:
    """Whether a cell that holds an ID or a name is in the federation's ID pattern."""
    return (
        re.fullmatch(rf"{re.escape(federation_code)}-?\d+", text.strip(), re.IGNORECASE) is not None
    )


def same_person(name: str, player: Player) -> bool:
    """Whether a file's name may be the registered player's: a word of three letters or more
    in common with his name or Latin spelling ("Белова Е." is "Белова Елена"; "Olena
    Bondarenko" is "Bondarenko Olena"; "Takumi Endo" is not "Kenta Aoyama")."""
    words = {w.strip(".,") for w in name_key(name).split()}
    for spelling in (player.name, player.latin_name or ""):
        if name_key(spelling) == name_key(name):
            return True
        theirs = {w.strip(".,") for w in name_key(spelling).split()}
        if any(len(w) >= 3 for w in words & theirs):
            return True
    return False


@dataclass(frozen=True, slots=True)
class Wanted:
    """One player line of a file as written: what names him, and where."""

    line: int
    field: str
    id: str | None = None
    name: str | None = None
    pin: str | None = None
    #: The registry facts of a new player from the file (``country``, ``gender``, ``club``,
    #: ``data``: the system's starting values, e.g. ``{"bridge_fsbr": {"initial_rk": -2}}``,
    #: ``member_from``: a date from which he is a member).
    start: Mapping[str, Any] = default(default_factory=dict)

    @property
    def written(self) -> str:
        return (self.id or self.name or "").strip()

    @property
    def key(self) -> str:
        """How the director's choice names this line: the file's ID, else its name."""
        return name_key(self.written)


@dataclass(frozen=True, slots=True)
class Candidate:
    federation_player_id: str
    name: str

    def label(self) -> str:
        return f"{self.name} ({self.federation_player_id})"


#: Why a line is not settled (:class:`Unresolved`).
UNKNOWN: Final = "unknown"  # no player of that name or ID; ``candidates`` are the closest
AMBIGUOUS: Final = "ambiguous"  # several registered players have that name
NAME_ELSEWHERE: Final = "name_elsewhere"  # the line's ID is not registered, its name is
ID_ELSEWHERE: Final = "id_elsewhere"  # the line's ID is registered to another name
BAD_CHOICE: Final = "bad_choice"  # the director's choice names no registered player


@dataclass(frozen=True, slots=True)
class Unresolved:
    """A line no rule settles, why (``kind``), and the registered players to choose from."""

    wanted: Wanted
    kind: str
    candidates: tuple[Candidate, ...] = ()
    bad_choice: str | None = None

    @property
    def needs_choice(self) -> bool:
        """Whether ``register_new`` cannot settle it (anything but an unknown name)."""
        return self.kind != UNKNOWN


class UnresolvedNamesError(InputError):
    """Every name of a file that is unknown or ambiguous (in file order)."""

    def __init__(
        self, federation_code: str, unresolved: Sequence[Unresolved], hint: str = ""
    ) -> None:
        self.federation_code = federation_code
        self.unresolved = list(unresolved)
        #: The system's word on lines that need no player (a guest), if it has one.
        self.hint = hint
        first = self.unresolved[0].wanted
        super().__init__(self.report(), line=first.line, field=first.field)

    def report(self) -> str:
        """The plain listing (the CLI's; chats render :attr:`unresolved` in their language)."""
        lines = [f"{len(self.unresolved)} name(s) not settled in {self.federation_code}:"]
        for number, u in enumerate(self.unresolved, start=1):
            lines.append(f"  {number}. {describe(u)}")
        if self.hint:
            lines.append(f"  ({self.hint})")
        return "\n".join(lines)


def describe(u: Unresolved) -> str:
    w = u.wanted
    shown = f"{w.written} ({w.name})" if w.id and w.name and w.name != w.id else w.written
    where = f"line {w.line}: {shown}"
    names = ", ".join(c.label() for c in u.candidates)
    if u.kind == BAD_CHOICE:
        return f"{where}: no player {u.bad_choice} is registered"
    if u.kind == ID_ELSEWHERE:
        return f"{where}: the ID is registered as {names}"
    if u.kind == NAME_ELSEWHERE:
        return f"{where}: the ID is not registered; the name is: {names}"
    if u.kind == AMBIGUOUS:
        return f"{where}: ambiguous, registered as {names}"
    return f"{where}: not registered" + (f"; closest: {names}" if names else "")


@dataclass(slots=True)
class Names:
    """The director's answer for a file's names; :func:`find_players` records the new players."""

    register_new: bool = False
    #: name key (:func:`name_key` of the file's text) -> a federation ID, or :data:`NEW`
    chosen: dict[str, str] = default(default_factory=dict)
    #: name key -> the federation ID a new player gets (kept from the preview on)
    assigned: dict[str, str] = default(default_factory=dict)
    new_players: list[NewPlayer] = default(default_factory=list)

    def choose(self, key: str, choice: str) -> None:
        self.chosen[name_key(key)] = NEW if choice.strip().lower() == NEW else choice.strip()

    def to_json(self) -> dict[str, Any]:
        return {
            "register_new": self.register_new,
            "chosen": dict(self.chosen),
            "assigned": dict(self.assigned),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Names:
        return cls(
            bool(data.get("register_new", False)),
            {str(k): str(v) for k, v in dict(data.get("chosen", {})).items()},
            {str(k): str(v) for k, v in dict(data.get("assigned", {})).items()},
        )


class _Registry:
    """The federation's names, read once per file when a line is named by name. Built and
    searched in a worker thread: a registry of 100,000 players takes a second or so."""

    def __init__(self, rows: Iterable[tuple[int, str, str, str | None]]) -> None:
        self.by_key: dict[str, list[tuple[int, Candidate]]] = defaultdict(list)
        self.labels: dict[str, Candidate] = {}
        for pid, fpid, name, latin in rows:
            candidate = Candidate(fpid, name)
            for spelling in {word_set(name), word_set(latin or "")} - {""}:
                self.by_key[spelling].append((pid, candidate))
                self.labels.setdefault(spelling, candidate)

    def matches(self, name: str) -> list[tuple[int, Candidate]]:
        seen: dict[int, tuple[int, Candidate]] = {}
        for pid, candidate in self.by_key.get(word_set(name), []):
            seen.setdefault(pid, (pid, candidate))
        return list(seen.values())

    def closest(self, names: Sequence[str]) -> list[tuple[Candidate, ...]]:
        """The closest registered names of each of ``names``: among all of them in a small
        registry, else among those sharing its rarest words (at most :data:`_POOL`)."""
        keys = [word_set(n) for n in names]
        if len(self.labels) <= _FULL_SCAN:
            return [self._best(key, list(self.labels)) for key in keys]
        needed = {w for key in keys for w in key.split()}
        by_word: dict[str, list[str]] = defaultdict(list)
        for spelling in self.labels:
            for word in spelling.split():
                if word in needed:
                    by_word[word].append(spelling)
        out = []
        for key in keys:
            pool: set[str] = set()
            for word in sorted(key.split(), key=lambda w: len(by_word.get(w, ()))):
                bucket = by_word.get(word, [])
                if pool and len(pool) + len(bucket) > _POOL:
                    break
                pool.update(bucket[: _POOL - len(pool)])
            out.append(self._best(key, list(pool)))
        return out

    def _best(self, key: str, pool: list[str]) -> tuple[Candidate, ...]:
        found = difflib.get_close_matches(key, pool, n=SUGGESTIONS * 2, cutoff=0.6)
        out: list[Candidate] = []
        for spelling in found:
            candidate = self.labels[spelling]
            if candidate not in out:
                out.append(candidate)
        return tuple(out[:SUGGESTIONS])


async def find_players(
    repos: Repos,
    federation: Federation,
    wanted: Sequence[Wanted],
    names: Names | None,
    *,
    hint: str = "",
) -> list[Player]:
    """The player of each line of ``wanted``, in order; new ones transient (negative ids).

    Raises :class:`UnresolvedNamesError` listing every unknown or ambiguous name (with the
    system's ``hint``), and an InputError when two lines name one player."""
    return await _find_players(repos, federation, wanted, names, hint)


async def _pin_allows(
    repos: Repos, matches: list[tuple[int, Candidate]], pin: str
) -> list[tuple[int, Candidate]]:
    """The name matches a line with an EGD PIN may be: not a player who holds another PIN (two
    same-named players are told apart by their PINs)."""
    stored = await repos.players.by_ids([pid for pid, _ in matches])
    return [
        (pid, c)
        for pid, c in matches
        if not (held := stored[pid].egd_pin) or held.strip() == pin.strip()
    ]


async def _find_players(
    repos: Repos,
    federation: Federation,
    wanted: Sequence[Wanted],
    names: Names | None,
    hint: str,
) -> list[Player]:
    names = names if names is not None else Names()
    names.new_players.clear()
    ids = {w.id.strip().upper() for w in wanted if w.id}
    ids |= {w.name.strip().upper() for w in wanted if w.name and not w.id}
    ids |= {c.upper() for c in names.chosen.values() if c != NEW}
    by_id = await repos.players.by_federation_ids(federation.id, ids)
    by_pin = await repos.players.by_egd_pins(federation.id, [w.pin for w in wanted if w.pin])
    registry: _Registry | None = None
    rows: Sequence[tuple[int, str, str, str | None]] | None = None
    found: list[Player | None] = []
    unresolved: list[Unresolved] = []
    new_lines: list[int] = []
    by_name: dict[int, int] = {}
    for index, w in enumerate(wanted):
        choice = names.chosen.get(w.key)
        player: Player | None = None
        if w.pin and w.pin.strip() in by_pin and not w.id:
            # An EGD PIN names one player; a choice is keyed by a name two lines may share.
            player = by_pin[w.pin.strip()]
        elif choice is not None and choice != NEW:
            player = by_id.get(choice.upper())
            if player is None:
                unresolved.append(Unresolved(w, BAD_CHOICE, (), bad_choice=choice))
        elif choice == NEW:
            new_lines.append(index)
        elif w.id and w.id.strip().upper() in by_id:
            player = by_id[w.id.strip().upper()]
            if w.name and not same_person(w.name, player):
                holder = Candidate(player.federation_player_id, player.name)
                unresolved.append(Unresolved(w, ID_ELSEWHERE, (holder,)))
        elif w.pin and w.pin.strip() in by_pin:
            player = by_pin[w.pin.strip()]
        elif w.name and not w.id and w.name.strip().upper() in by_id:
            player = by_id[w.name.strip().upper()]
        else:
            if registry is None:
                rows = await repos.players.names(federation.id)
                registry = await asyncio.to_thread(_Registry, rows)
            matches = registry.matches(w.name) if w.name else []
            if w.pin and matches:
                matches = await _pin_allows(repos, matches, w.pin)
            if len(matches) == 1 and not w.id:
                by_name[index] = matches[0][0]
            elif matches:
                kind = NAME_ELSEWHERE if w.id else AMBIGUOUS
                unresolved.append(Unresolved(w, kind, tuple(c for _, c in matches)))
            elif names.register_new:
                new_lines.append(index)
            else:
                unresolved.append(Unresolved(w, UNKNOWN))
        found.append(player)
    if unresolved:
        if registry is not None:
            unknown = [u for u in unresolved if u.kind == UNKNOWN and u.wanted.name]
            closest = await asyncio.to_thread(
                registry.closest, [str(u.wanted.name) for u in unknown]
            )
            suggested = {id(u): c for u, c in zip(unknown, closest, strict=True)}
            unresolved = [
                replace(u, candidates=suggested[id(u)]) if id(u) in suggested else u
                for u in unresolved
            ]
        raise UnresolvedNamesError(federation.code, unresolved, hint)
    if by_name:
        stored = await repos.players.by_ids(by_name.values())
        for index, pid in by_name.items():
            found[index] = stored[pid]
    if new_lines:
        if rows is None:
            rows = await repos.players.names(federation.id)
        registered, assign = await asyncio.to_thread(
            _numbering, rows, federation.code, list(names.assigned.values())
        )
        for ref, index in enumerate(new_lines, start=1):
            player = _new_player(federation, wanted[index], names, -ref, registered, assign)
            found[index] = player
    players = [p for p in found if p is not None]
    _once_each(wanted, players)
    return players


def _numbering(
    rows: Sequence[tuple[int, str, str, str | None]], code: str, assigned: list[str]
) -> tuple[set[str], Callable[[], str]]:
    """The registered IDs (upper case) and the next ID of the federation's pattern."""
    registered = {row[1].upper() for row in rows}
    return registered, next_numbers(code, [*registered, *assigned])


def _new_player(
    federation: Federation,
    w: Wanted,
    names: Names,
    ref: int,
    registered: set[str],
    assign: Callable[[], str],
) -> Player:
    """A transient player for a new name, with the federation ID he will be registered with:
    the file's own ID when it has one that is free, else the next of the federation's pattern."""
    # Two new players of one name are told apart by their EGD PINs: each gets his own ID.
    slot = f"{w.key}|pin={w.pin.strip()}" if w.pin and w.pin.strip() else w.key
    fpid = names.assigned.get(slot)
    if fpid is None:
        taken = registered | {f.upper() for f in names.assigned.values()}
        fpid = w.id.strip() if w.id and w.id.strip().upper() not in taken else assign()
        while fpid.upper() in taken:  # a file's own ID that the pattern reached first
            fpid = assign()
        names.assigned[slot] = fpid
    start = dict(w.start)
    new = NewPlayer(
        ref=ref,
        key=w.key,
        federation_player_id=fpid,
        name=(w.name or w.written).strip(),
        line=w.line,
        country=start.get("country") or None,
        gender=start.get("gender") or None,
        club=start.get("club") or None,
        egd_pin=w.pin or None,
        data=dict(start.get("data") or {}),
        member_from=start.get("member_from"),
    )
    names.new_players.append(new)
    return transient(federation, new)


def transient(federation: Federation, new: NewPlayer) -> Player:
    """The player ``new`` will be, not in the session: what a preview computes with."""
    return Player(
        id=new.ref,
        federation_id=federation.id,
        federation_player_id=new.federation_player_id,
        name=new.name,
        country=new.country,
        gender=new.gender,
        club=new.club,
        egd_pin=new.egd_pin,
        data=dict(new.data),
    )


def _once_each(wanted: Sequence[Wanted], players: Sequence[Player]) -> None:
    first: dict[int, Wanted] = {}
    for w, player in zip(wanted, players, strict=True):
        if player.id in first:
            raise InputError(
                f"{w.written} is {player.name} ({player.federation_player_id}), already on "
                f"line {first[player.id].line}",
                line=w.line,
                field=w.field,
            )
        first[player.id] = w


def by_key(wanted: Sequence[Wanted], players: Sequence[Player]) -> dict[str, Player]:
    """Each line's file text (upper case, as the systems key it) -> its player."""
    return {w.written.upper(): p for w, p in zip(wanted, players, strict=True)}
