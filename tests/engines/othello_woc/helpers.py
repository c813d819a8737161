"""Small builders shared by the othello_woc tests (not a test module)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from fedrank.engines.othello_woc import BYE, Game, Player, Round, System, Tournament


def field(spec: str) -> tuple[Player, ...]:
    """``"A1:X:M B1:Y:F ..."`` -> players id:country:gender (flags after a second colon)."""
    out = []
    for item in spec.split():
        pid, country, gender, *flags = item.split(":")
        out.append(
            Player(
                pid,
                pid,
                country,
                gender,
                group_a="A" in flags,
                youth="youth" in flags,
                extra="extra" in flags,
                youth_extra="youth-extra" in flags,
            )
        )
    return tuple(out)


def rnd(number: int, *entries: str, withdrawn: Sequence[str] = ()) -> Round:
    """Entries ``"X Y 40-24"`` (official score), ``"X BYE"`` or ``"X absent"``."""
    games, byes, unplayed = [], [], []
    for e in entries:
        parts = e.split()
        if parts[1] == BYE:
            byes.append(parts[0])
        elif parts[1] == "absent":
            unplayed.append(parts[0])
        else:
            b, w = (int(x) for x in parts[2].split("-"))
            games.append(Game(parts[0], parts[1], b, w))
    return Round(number, tuple(games), tuple(byes), tuple(unplayed), tuple(withdrawn))


def tournament(
    players: tuple[Player, ...],
    rounds: Sequence[Round] = (),
    *,
    system: System | None = None,
    bye_points: str | None = None,
    seed: int = 1,
) -> Tournament:
    return Tournament(
        "test",
        players,
        tuple(rounds),
        seed,
        system,
        None if bye_points is None else Decimal(bye_points),
    )
