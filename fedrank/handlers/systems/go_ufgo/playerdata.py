"""A starting IK set under seed 002 §3.2 (``Player.data["go_ufgo"]["start_ik"]``).

RULES.md go_ufgo, "Decision (starting IK, section 3.2)": an IK other than 0 at the start is set
on the recommendation of two members, so it is kept with them (their federation IDs), who sent
it and when: ``{"ik": 1500, "recommended_by": ["UFGO-0002", "UFGO-0003"], "sent_by": "Oleh
Koval", "on": "2026-01-10"}``. The same JSON is a registry file's ``go_ufgo.start_ik`` cell and
``/playerdata``'s value (each change audited there, each imported player in the import's audit).
It becomes the player's first IK line at his first tournament, with all of it in the trace;
an ``ik=`` in that tournament's file which disagrees is a warning, and the registry holds. A
rank printed in a file ("1d", "7k") is never an IK.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, Final

from fedrank.engines.kernel import InputError
from fedrank.handlers.systems.go_ufgo.events import SEED, SYSTEM
from fedrank.storage.models import Player

#: The key of a §3.2 starting IK in ``Player.data["go_ufgo"]``.
START_KEY: Final = "start_ik"
PLAYER_DATA_KEYS: Final = (START_KEY,)
_TENTH: Final = Decimal("0.1")


@dataclass(frozen=True, slots=True)
class StartingIk:
    """A §3.2 starting IK and its record: the two recommending members, who sent it, when."""

    ik: Decimal
    recommended_by: tuple[str, str]
    sent_by: str
    on: date

    def note(self) -> str:
        """The trace's and the preview's words for it."""
        first, second = self.recommended_by
        return (
            f"starting IK on the recommendation of {first} and {second} ({SEED} §3.2), "
            f"sent by {self.sent_by} on {self.on.isoformat()}"
        )


def _bad(player: Player, why: str) -> InputError:
    return InputError(
        f"player {player.federation_player_id}: {SYSTEM}.{START_KEY} {why}",
        field=f"{SYSTEM}.{START_KEY}",
    )


def _ik(player: Player, raw: Any) -> Decimal:
    if isinstance(raw, bool) or not isinstance(raw, int | float | str):
        raise _bad(player, f"needs 'ik', a number, not {raw!r}")
    try:
        ik = Decimal(str(raw))
    except InvalidOperation:
        raise _bad(player, f"needs 'ik', a number, not {raw!r}") from None
    if not ik.is_finite() or ik <= 0:
        raise _bad(player, f"'ik' {raw!r}: a starting IK above 0 (0 is §3.1's, no record needed)")
    if ik != ik.quantize(_TENTH):
        raise _bad(player, f"'ik' {raw!r}: IK is carried to 0.1")
    return ik


def starting_ik(player: Player) -> StartingIk | None:
    """The player's §3.2 starting IK, checked (InputError naming the key); None if none."""
    section = (player.data or {}).get(SYSTEM)
    if section is None:
        return None
    if not isinstance(section, dict):
        raise InputError(
            f"player {player.federation_player_id}: {SYSTEM} must be an object", field=SYSTEM
        )
    raw = section.get(START_KEY)
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise _bad(
            player,
            'must be an object: {"ik": 1500, "recommended_by": ["ID1", "ID2"], '
            '"sent_by": "who", "on": "YYYY-MM-DD"}',
        )
    unknown = sorted(set(raw) - {"ik", "recommended_by", "sent_by", "on"})
    if unknown:
        raise _bad(player, f"has unknown field(s) {', '.join(unknown)}")
    ik = _ik(player, raw.get("ik"))
    members = raw.get("recommended_by")
    if (
        not isinstance(members, list)
        or len(members) != 2
        or not all(isinstance(m, str) and m.strip() for m in members)
    ):
        raise _bad(player, "needs 'recommended_by': the federation IDs of two members (§3.2)")
    first, second = (m.strip() for m in members)
    if first.upper() == second.upper():
        raise _bad(player, f"needs two different members, not {first} twice")
    if player.federation_player_id.upper() in (first.upper(), second.upper()):
        raise _bad(player, "a player cannot recommend himself")
    sent_by = raw.get("sent_by")
    if not isinstance(sent_by, str) or not sent_by.strip():
        raise _bad(player, "needs 'sent_by': who sent the recommendation")
    try:
        on = date.fromisoformat(str(raw.get("on")))
    except ValueError:
        sent = raw.get("on")
        raise _bad(player, f"needs 'on', the date it was sent (YYYY-MM-DD), not {sent!r}") from None
    return StartingIk(ik, (first, second), " ".join(sent_by.split()), on)


def check_player_data(player: Player) -> None:
    """Refuse a ``go_ufgo`` section the rating could not read (raises InputError)."""
    starting_ik(player)
