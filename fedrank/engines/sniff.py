"""Which system's file a text is, from the signature lines of each format.

A director who sends an RMF sheet to a Go discipline should hear "this looks like an RMF
sheet, not a Go file", not the Go parser's complaint about its first line. Each system has a
few signatures no other format has (the h-file's ``; DT[...]`` tags, the RMF sheet's ``chut:``,
CCBA's ``[event]`` section, FSBR's ``form = `` key, Othello's ``player: ID | name`` lines);
:func:`guess` counts them, and :func:`refined` swaps a parse error for the clearer one when the
text is another system's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, TypeVar

from fedrank.engines.kernel import InputError

T = TypeVar("T")

#: What each system's file is called in a refusal.
NOUNS: Final = {
    "go_ufgo": "a Go file (EGF h-file, OpenGotha XML, CSV or JSON of games)",
    "mahjong_rmf": "an RMF sheet",
    "bridge_ccba": "a CCBA event file",
    "bridge_fsbr": "an FSBR tournament report",
    "othello_woc": "an Othello tournament file",
}
_SHORT: Final = {
    "go_ufgo": "a Go file",
    "mahjong_rmf": "an RMF sheet",
    "bridge_ccba": "a CCBA event file",
    "bridge_fsbr": "an FSBR report",
    "othello_woc": "an Othello file",
}

_SIGNATURES: Final[dict[str, tuple[re.Pattern[str], ...]]] = {
    "go_ufgo": (
        re.compile(r"^\s*;\s*(EV|DT|TM|KM|HA|CL|PC)\[", re.MULTILINE),
        re.compile(r"^\s*\d+\s+\S.*\s\d{1,2}[kdKD]\s.*\s\d+[+=\-]/[wb]", re.MULTILINE),
        re.compile(r"<Tournament[\s>]"),
        re.compile(r"^time_minutes\s*[,;]", re.MULTILINE),
        re.compile(r'"time_minutes"\s*:'),
    ),
    "mahjong_rmf": (
        re.compile(r"^\s*(chut|chs)\s*:", re.MULTILINE | re.IGNORECASE),
        re.compile(r"^\s*discipline\s*:\s*(mcr|sichuan)\b", re.MULTILINE | re.IGNORECASE),
        re.compile(r"^\s*place\s*;\s*player\s*;\s*level", re.MULTILINE | re.IGNORECASE),
    ),
    "bridge_ccba": (
        re.compile(r"^\s*\[event\]\s*$", re.MULTILINE),
        re.compile(r"^\s*kind\s*=\s*(pair|team|individual)", re.MULTILINE),
        re.compile(r"^\s*colour\s*=", re.MULTILINE),
    ),
    "bridge_fsbr": (
        re.compile(r"^\s*form\s*=\s*(match|teams|pairs|individual)", re.MULTILINE),
        re.compile(r"^\s*scope\s*=", re.MULTILINE),
        re.compile(r"^\s*tournament\s*=", re.MULTILINE),
    ),
    "othello_woc": (
        re.compile(r"^\s*player\s*:\s*\S+\s*\|[^|]*\|", re.MULTILINE),
        re.compile(r"^\s*round\s+\d+(\s+seed=\S+)?\s*$", re.MULTILINE),
        re.compile(r"^\s*bye_points\s*:", re.MULTILINE),
    ),
}
#: Only the head of a file is looked at: the signatures are in its first lines.
_HEAD: Final = 20_000
#: The longest line looked at: a signature line is short.
_LINE: Final = 200


def scores(text: str) -> dict[str, int]:
    """How many of each system's signatures the text's head shows (each line cut to
    :data:`_LINE`, so no pattern backtracks over a long line)."""
    head = "\n".join(line[:_LINE] for line in text[:_HEAD].splitlines())
    return {
        system: sum(1 for pattern in patterns if pattern.search(head))
        for system, patterns in _SIGNATURES.items()
    }


def guess(text: str) -> str | None:
    """The one system whose signatures the text shows most (None when none, or a tie)."""
    found = scores(text)
    best = max(found.values())
    winners = [system for system, score in found.items() if score == best]
    return winners[0] if best and len(winners) == 1 else None


def wrong_system(text: str, system: str) -> InputError | None:
    """The refusal for a text of another system than ``system`` (None when it may be its)."""
    other = guess(text)
    if other is None or other == system or scores(text).get(system, 0):
        return None
    return InputError(
        f"this looks like {NOUNS[other]}, not {_SHORT.get(system, system)}",
        line=1,
        field="format",
    )


def refined(system: str, parse: Callable[..., T], text: str, *args: object, **kwargs: object) -> T:
    """``parse(text, ...)``, its input error replaced by :func:`wrong_system`'s when the text is
    another system's file."""
    try:
        return parse(text, *args, **kwargs)
    except InputError as exc:
        better = wrong_system(text, system)
        if better is not None:
            raise better from exc
        raise
