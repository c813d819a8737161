"""Moving one participant to another place of a stored ranking, for ``/whatif``.

Used by the place-based bridge adapters (:mod:`.bridge_ccba`, :mod:`.bridge_fsbr`); it follows
the rule of mahjong_rmf's ``whatif_entries``: the participant finishes ``place`` alone; the
others keep their order and their ties. Without him, those placed after his old place move up
one (a tie he shared keeps its first place and loses one member); then those at ``place`` or
lower move down one. Gaps in the stored places are kept. A place inside a tie of others
(``3`` when two others share 2-3) is refused: the tie could not stay a tie.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from fedrank.engines.kernel import InputError


def moved_places(places: Mapping[str, int], unit: str, place: int, *, where: str) -> dict[str, int]:
    """Each unit's first place after ``unit`` finishes ``place`` alone (module docstring).

    ``places`` maps every ranked unit of one ranking (tied units share their first place) to
    its first place; ``where`` names the ranking in errors. Raises InputError (field
    ``place``) for a place outside 1..number of units or inside a tie of others.
    """
    old = places[unit]
    others = {u: p - 1 if p > old else p for u, p in places.items() if u != unit}
    if not 1 <= place <= len(others) + 1:
        raise InputError(f"place must be between 1 and {len(others) + 1} in {where}", field="place")
    sizes = Counter(others.values())
    for first, size in sorted(sizes.items()):
        if size > 1 and first < place <= first + size - 1:
            raise InputError(
                f"place {place} is inside places {first}-{first + size - 1} shared by {size} "
                f"participants in {where}",
                field="place",
            )
    moved = {u: p + 1 if p >= place else p for u, p in others.items()}
    moved[unit] = place
    return moved


def shared_last(places: Mapping[str, int]) -> dict[str, int]:
    """The last place of each unit's tie (its first place when it is alone)."""
    sizes = Counter(places.values())
    return {u: p + sizes[p] - 1 for u, p in places.items()}
