"""Qualification of players for international events, as pure logic (seed 000_b2439bb06382b403,
section 3; RULES.md mahjong_rmf "Qualification for international events").

- 3.3: the qualification date is the first Tuesday of the month six months before the month in
  which the event starts, unless the Presidium sets another date.
- 3.1, 3.2: the list is the discipline's rating list on that date, members only.
- 3.7: places the Presidium gives to named players are taken first and reduce the places given
  by rating.
- 3.4: the players inside the quota are informed no later than 7 days after the qualification
  date; 3.5: a player informed consents within 15 days of being informed, or he is moved to the
  reserve list; 3.6: a refusal passes the place to the next player by rating, who is informed
  and has his own 15 days.

Nothing here sends or stores anything: :func:`advance` takes ``today`` and returns the new state,
the transitions that happened and the notifications that are due; the scheduler stores the
slots and sends. Engine decisions where the seed and RULES.md are silent (each tested):

- A place passed down (3.6) is to be informed within 7 days of the day it passed (3.4 applied
  to that day). An expiry takes effect on the day after the consent deadline, whatever day the
  scheduler runs, so a late run gives the same result.
- An expired place passes down like a refused one; the expired player joins the end of the
  reserve list (after the players not yet asked), so he is asked again only if they all refuse,
  and never for the very place he let expire.
- A confirmed player who later refuses passes his place down too (3.6). Presidium places are
  informed and consent like the others; one refused passes to the next player by rating.
- A player named by the Presidium who is not a member on the qualification date is refused
  (3.2), as are more Presidium places than the quota.
- Players of equal rating are separated only by the Presidium's ``tie_order``; when a choice
  between them is needed without it, the engine raises a RuleError (seed 3.1 does not settle
  ties). A tied group that fits whole in the places left needs no order.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import date, timedelta
from decimal import Decimal
from enum import StrEnum

from fedrank.engines.kernel import RuleError
from fedrank.engines.mahjong_rmf.listing import RatingList
from fedrank.engines.mahjong_rmf.tournament import Discipline

RULE_ORDER = "seed 000 section 3.1"
RULE_MEMBER = "seed 000 section 3.2"
RULE_DATE = "seed 000 section 3.3"
RULE_INFORM = "seed 000 section 3.4"
RULE_CONSENT = "seed 000 section 3.5"
RULE_REFUSAL = "seed 000 section 3.6"
RULE_PRESIDIUM = "seed 000 section 3.7"

#: Days after the qualification date (or after a place passed) to inform the player (3.4).
INFORM_DAYS = 7
#: Days after being informed to consent (3.5).
CONSENT_DAYS = 15
#: date.weekday() of Tuesday.
TUESDAY = 1


class PlayersRefusedError(RuleError):
    """A refusal about particular players. The engine knows them only by the ids it was given;
    :meth:`naming` says the same with the names the reader knows them by (issue 33: a director
    was told of ``'24'``, a row number)."""

    def __init__(self, template: str, players: tuple[str, ...], *, rule: str) -> None:
        self.template = template
        self.players = players
        super().__init__(self._fill({}), rule=rule)

    def _fill(self, names: Mapping[str, str]) -> str:
        return self.template.format(players=", ".join(names.get(p, f"'{p}'") for p in self.players))

    def naming(self, names: Mapping[str, str]) -> str:
        """The refusal with each player named by ``names`` (his id, quoted, when missing)."""
        return str(RuleError(self._fill(names), rule=self.rule))


def first_tuesday(year: int, month: int) -> date:
    first = date(year, month, 1)
    return first + timedelta(days=(TUESDAY - first.weekday()) % 7)


def qualification_date(event_start: date, override: date | None = None) -> date:
    """Seed 3.3: the first Tuesday of the month six months before the event's month; an event
    in March 2027 -> the first Tuesday of September 2026. ``override`` is the Presidium's date."""
    if override is not None:
        if override > event_start:
            raise RuleError(
                f"the qualification date {override} is after the event ({event_start})",
                rule=RULE_DATE,
            )
        return override
    year, month = event_start.year, event_start.month - 6
    if month < 1:
        year, month = year - 1, month + 12
    return first_tuesday(year, month)


@dataclass(frozen=True, slots=True)
class Membership:
    """A period of federation membership, ``end`` inclusive (``None``: still a member)."""

    player: str
    start: date
    end: date | None = None

    def covers(self, on: date) -> bool:
        return self.start <= on and (self.end is None or on <= self.end)


@dataclass(frozen=True, slots=True)
class QualificationEvent:
    """An international event with a quota for one discipline."""

    id: str
    discipline: Discipline
    starts: date
    quota: int
    presidium_places: tuple[str, ...] = ()
    qualification_date: date | None = None
    tie_order: tuple[str, ...] = ()
    name: str = ""


class SlotStatus(StrEnum):
    INVITED = "invited"
    CONFIRMED = "confirmed"
    DECLINED = "declined"
    RESERVE = "reserve"  # silent past the consent deadline (3.5)


@dataclass(frozen=True, slots=True)
class Candidate:
    """An eligible player in rating order (``position`` from the list, shared when equal)."""

    player: str
    position: int
    rating: Decimal


@dataclass(frozen=True, slots=True)
class Skipped:
    player: str
    position: int
    reason: str
    rule: str


@dataclass(frozen=True, slots=True)
class Slot:
    """A quota place offered to a player. ``basis`` is ``presidium`` or ``rating``;
    ``replaces`` is the player whose refusal or silence passed the place on."""

    player: str
    basis: str
    status: SlotStatus
    offered_on: date
    inform_by: date
    informed_on: date | None = None
    consent_by: date | None = None
    closed_on: date | None = None
    replaces: str | None = None


@dataclass(frozen=True, slots=True)
class Transition:
    player: str
    before: SlotStatus | None
    after: SlotStatus
    on: date
    rule: str


@dataclass(frozen=True, slots=True)
class Notification:
    """Something to tell: ``inform`` a player of his place (by ``deadline``), tell a player he
    was ``moved_to_reserve``, or tell the federation a place is ``quota_unfilled``."""

    kind: str
    player: str | None
    event: str
    deadline: date | None
    overdue: bool
    rule: str


@dataclass(frozen=True, slots=True)
class Qualification:
    """The state of one event's qualification: the candidates, the slots (a log, newest last)."""

    event: QualificationEvent
    on: date
    candidates: tuple[Candidate, ...]
    skipped: tuple[Skipped, ...]
    slots: tuple[Slot, ...]
    unfilled: int = 0

    def slot(self, player: str) -> Slot | None:
        """The player's latest slot."""
        for s in reversed(self.slots):
            if s.player == player:
                return s
        return None

    @property
    def holders(self) -> tuple[Slot, ...]:
        """The places currently held: invited or confirmed."""
        return tuple(
            s for s in self.slots if s.status in (SlotStatus.INVITED, SlotStatus.CONFIRMED)
        )

    @property
    def reserve(self) -> tuple[str, ...]:
        """The reserve list in order: candidates never asked, then players moved to the
        reserve by silence (3.5), in the order they were moved."""
        asked = {s.player for s in self.slots}
        fresh = [c.player for c in self.candidates if c.player not in asked]
        latest = {s.player: s for s in self.slots}
        silent = sorted(
            (s for s in latest.values() if s.status is SlotStatus.RESERVE),
            key=lambda s: (s.closed_on or self.on, self._order(s.player)),
        )
        return (*fresh, *(s.player for s in silent))

    def _order(self, player: str) -> int:
        for i, c in enumerate(self.candidates):
            if c.player == player:
                return i
        return -1


@dataclass(frozen=True, slots=True)
class Step:
    """The result of one operation: the new state, what changed and what is due."""

    qualification: Qualification
    transitions: tuple[Transition, ...]
    notifications: tuple[Notification, ...]


def _tie_index(event: QualificationEvent, player: str) -> int:
    return event.tie_order.index(player) if player in event.tie_order else len(event.tie_order)


def _separate(event: QualificationEvent, group: list[Candidate]) -> list[Candidate]:
    """A tied group in the Presidium's order; RuleError when it does not order all of them."""
    missing = [c.player for c in group if c.player not in event.tie_order]
    if missing:
        raise PlayersRefusedError(
            f"players {{players}} share position {group[0].position} with rating "
            f"{group[0].rating} and only some of them can have the place; the Presidium must "
            "order them (tie=)",
            tuple(c.player for c in group),
            rule=RULE_ORDER,
        )
    return sorted(group, key=lambda c: _tie_index(event, c.player))


def _offer(player: str, basis: str, on: date, replaces: str | None = None) -> Slot:
    return Slot(
        player, basis, SlotStatus.INVITED, on, on + timedelta(days=INFORM_DAYS), replaces=replaces
    )


def open_qualification(
    event: QualificationEvent, ratings: RatingList, memberships: Iterable[Membership]
) -> Qualification:
    """The qualification list on its date: Presidium places first (3.7), then the members (3.2)
    in rating order (3.1) up to the quota; everyone inside the quota is invited (3.4)."""
    on = qualification_date(event.starts, event.qualification_date)
    if ratings.on != on or ratings.discipline != event.discipline:
        raise RuleError(
            f"the qualification needs the {event.discipline.value} list of {on}, got the "
            f"{ratings.discipline.value} list of {ratings.on}",
            rule=f"{RULE_ORDER}, {RULE_DATE}",
        )
    if event.quota < 1:
        raise RuleError("the quota must be at least 1", rule=RULE_PRESIDIUM)
    if len(set(event.presidium_places)) != len(event.presidium_places):
        twice = tuple(
            sorted({p for p in event.presidium_places if event.presidium_places.count(p) > 1})
        )
        raise PlayersRefusedError(
            "{players} named twice by the Presidium", twice, rule=RULE_PRESIDIUM
        )
    if len(event.presidium_places) > event.quota:
        raise RuleError(
            f"{len(event.presidium_places)} Presidium places exceed the quota {event.quota}",
            rule=RULE_PRESIDIUM,
        )
    periods: dict[str, list[Membership]] = defaultdict(list)
    for m in memberships:
        periods[m.player].append(m)

    def member(player: str) -> bool:
        return any(m.covers(on) for m in periods.get(player, ()))

    outside = tuple(p for p in event.presidium_places if not member(p))
    if outside:
        raise PlayersRefusedError(
            f"{{players}}, named by the Presidium, not a member on {on}", outside, rule=RULE_MEMBER
        )
    candidates, skipped = [], []
    for row in ratings.rows:
        if row.player in event.presidium_places:
            continue
        if member(row.player):
            candidates.append(Candidate(row.player, row.position, row.rating))
        else:
            skipped.append(Skipped(row.player, row.position, f"not a member on {on}", RULE_MEMBER))
    slots = [_offer(p, "presidium", on) for p in event.presidium_places]
    places = event.quota - len(slots)
    i = 0
    while places > 0 and i < len(candidates):
        j = i
        while j < len(candidates) and candidates[j].position == candidates[i].position:
            j += 1
        group = candidates[i:j]
        if len(group) > places:
            group = _separate(event, group)[:places]
        slots.extend(_offer(c.player, "rating", on) for c in group)
        places -= len(group)
        i = j
    ordered = _ordered_candidates(event, candidates)
    return Qualification(event, on, tuple(ordered), tuple(skipped), tuple(slots), places)


def _ordered_candidates(event: QualificationEvent, candidates: list[Candidate]) -> list[Candidate]:
    return sorted(candidates, key=lambda c: (c.position, _tie_index(event, c.player), c.player))


def _next_player(q: Qualification, leaving: str) -> str | None:
    """The player who gets a place passed down (3.6): the head of the reserve list, never the
    player who is leaving that place."""
    reserve = tuple(p for p in q.reserve if p != leaving)
    if not reserve:
        return None
    head = next((c for c in q.candidates if c.player == reserve[0]), None)
    if head is not None:
        asked = {s.player for s in q.slots}
        tied = [c for c in q.candidates if c.position == head.position and c.player not in asked]
        if len(tied) > 1:
            return _separate(q.event, tied)[0].player
    return reserve[0]


def _replace_slot(q: Qualification, old: Slot, new: Slot) -> tuple[Slot, ...]:
    out = list(q.slots)
    out[len(out) - 1 - out[::-1].index(old)] = new
    return tuple(out)


def _pass_down(
    q: Qualification, leaving: str, on: date, transitions: list[Transition]
) -> tuple[Qualification, list[Notification]]:
    nxt = _next_player(q, leaving)
    if nxt is None:
        note = Notification("quota_unfilled", None, q.event.id, None, False, RULE_REFUSAL)
        return replace(q, unfilled=q.unfilled + 1), [note]
    transitions.append(Transition(nxt, None, SlotStatus.INVITED, on, RULE_REFUSAL))
    slot = _offer(nxt, "rating", on, replaces=leaving)
    return replace(q, slots=(*q.slots, slot)), []


def _due_informs(q: Qualification, today: date) -> list[Notification]:
    return [
        Notification("inform", s.player, q.event.id, s.inform_by, today > s.inform_by, RULE_INFORM)
        for s in q.slots
        if s.status is SlotStatus.INVITED and s.informed_on is None and s.offered_on <= today
    ]


def _held(q: Qualification, player: str, *states: SlotStatus) -> Slot:
    s = q.slot(player)
    if s is None or s.status not in states:
        what = " or ".join(st.value for st in states)
        raise RuleError(
            f"'{player}' holds no {what} place in {q.event.id}",
            rule=f"{RULE_CONSENT}, {RULE_REFUSAL}",
        )
    return s


def record_informed(q: Qualification, player: str, on: date) -> Qualification:
    """The player was informed on ``on``: his 15 days (3.5) start."""
    s = _held(q, player, SlotStatus.INVITED)
    if s.informed_on is not None:
        raise RuleError(f"'{player}' was already informed on {s.informed_on}", rule=RULE_INFORM)
    if on < s.offered_on:
        raise RuleError(f"'{player}' cannot be informed before {s.offered_on}", rule=RULE_INFORM)
    new = replace(s, informed_on=on, consent_by=on + timedelta(days=CONSENT_DAYS))
    return replace(q, slots=_replace_slot(q, s, new))


def record_answer(q: Qualification, player: str, *, consent: bool, on: date) -> Step:
    """The player's answer on ``on``: consent confirms his place within his window (3.5); a
    refusal (also after consenting) passes the place to the next player (3.6)."""
    transitions: list[Transition] = []
    notes: list[Notification] = []
    held = _held(q, player, SlotStatus.INVITED, SlotStatus.CONFIRMED)
    invited = held.informed_on or held.offered_on
    if on < invited:
        raise RuleError(
            f"'{player}' answered on {on}, before he was invited ({invited})", rule=RULE_CONSENT
        )
    if consent:
        s = _held(q, player, SlotStatus.INVITED)
        if s.consent_by is not None and on > s.consent_by:
            raise RuleError(
                f"'{player}' consented on {on}, after his deadline {s.consent_by}",
                rule=RULE_CONSENT,
            )
        informed = s.informed_on or on
        new = replace(
            s,
            status=SlotStatus.CONFIRMED,
            informed_on=informed,
            consent_by=s.consent_by or informed + timedelta(days=CONSENT_DAYS),
            closed_on=on,
        )
        q = replace(q, slots=_replace_slot(q, s, new))
        transitions.append(Transition(player, s.status, SlotStatus.CONFIRMED, on, RULE_CONSENT))
    else:
        s = _held(q, player, SlotStatus.INVITED, SlotStatus.CONFIRMED)
        new = replace(s, status=SlotStatus.DECLINED, closed_on=on)
        q = replace(q, slots=_replace_slot(q, s, new))
        transitions.append(Transition(player, s.status, SlotStatus.DECLINED, on, RULE_REFUSAL))
        q, notes = _pass_down(q, player, on, transitions)
    return Step(q, tuple(transitions), (*notes, *_due_informs(q, on)))


def advance(q: Qualification, today: date) -> Step:
    """API for the scheduler: everything that happens by ``today``. Invited players whose
    consent window closed before ``today`` move to the reserve (3.5) on the day after their
    deadline and their places pass down (3.6); the notifications due today are returned."""
    transitions: list[Transition] = []
    notes: list[Notification] = []
    if today < q.on:
        return Step(q, (), ())
    while True:
        late = [
            s
            for s in q.slots
            if s.status is SlotStatus.INVITED and s.consent_by is not None and s.consent_by < today
        ]
        if not late:
            break
        deadline, _, s = min((s.consent_by or today, q.slots.index(s), s) for s in late)
        effective = deadline + timedelta(days=1)
        q = replace(
            q,
            slots=_replace_slot(q, s, replace(s, status=SlotStatus.RESERVE, closed_on=effective)),
        )
        transitions.append(
            Transition(s.player, s.status, SlotStatus.RESERVE, effective, RULE_CONSENT)
        )
        notes.append(
            Notification("moved_to_reserve", s.player, q.event.id, None, False, RULE_CONSENT)
        )
        q, more = _pass_down(q, s.player, effective, transitions)
        notes.extend(more)
    return Step(q, tuple(transitions), (*notes, *_due_informs(q, today)))
