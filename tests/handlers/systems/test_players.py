"""The one resolver of a results file's players: by ID, EGD PIN or name, never by a guess."""

from __future__ import annotations

import pytest

from fedrank.engines.kernel import InputError
from fedrank.handlers.systems.players import (
    AMBIGUOUS,
    BAD_CHOICE,
    ID_ELSEWHERE,
    NAME_ELSEWHERE,
    UNKNOWN,
    Names,
    UnresolvedNamesError,
    Wanted,
    _Registry,
    find_players,
    looks_like_id,
    name_key,
    same_person,
)
from fedrank.storage.database import Database
from fedrank.storage.models import Federation, Player

REGISTRY = [
    # (ID, name, Latin name, EGD PIN)
    ("RMF-0001", "Алёшин Пётр", "Alyoshin Petr", None),
    ("RMF-0002", "Ivanov Ivan", None, None),
    ("RMF-0003", "Ivanov  Ivan", None, None),  # a namesake (registered with two spaces)
    ("RMF-0004", "Smirnova Alexandra", None, "12345678"),
    ("RMF-0005", "Kuznetsova Olga", None, None),
]


async def _seed(db: Database) -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.add("RMF", "Russian Mahjong Federation")
        for fpid, name, latin, pin in REGISTRY:
            player = await repos.players.add(fed.id, fpid, name)
            player.latin_name = latin
            player.egd_pin = pin


async def _find(db: Database, wanted: list[Wanted], names: Names | None = None) -> list[Player]:
    """The players found, copied while the unit of work is open."""
    async with db.read() as repos:
        federation = await repos.federations.by_code("RMF")
        assert isinstance(federation, Federation)
        found = await find_players(repos, federation, wanted, names)
        return [
            Player(
                id=p.id, federation_player_id=p.federation_player_id, name=p.name, country=p.country
            )
            for p in found
        ]


async def _refusal(db: Database, wanted: list[Wanted], names: Names | None = None) -> list[str]:
    with pytest.raises(UnresolvedNamesError) as caught:
        await _find(db, wanted, names)
    return [u.kind for u in caught.value.unresolved]


def test_a_name_key_ignores_case_spacing_and_yo() -> None:
    assert name_key("  АЛЁШИН   пётр ") == name_key("алешин петр") == "алешин петр"
    assert looks_like_id("rmf-0042", "RMF") and looks_like_id("RMF42", "RMF")
    assert not looks_like_id("Ivanov Ivan", "RMF")


def test_same_person_wants_a_word_in_common() -> None:
    olga = Player(federation_player_id="X", name="Kuznetsova Olga", latin_name=None)
    assert same_person("Kuznetsova O.", olga) and same_person("OLGA kuznetsova", olga)
    assert not same_person("Takumi Endo", olga)


async def test_players_are_found_by_id_pin_name_latin_name_in_any_form(db: Database) -> None:
    await _seed(db)
    cases = [
        (Wanted(line=1, field="player", id="rmf-0005"), "RMF-0005"),
        (Wanted(line=2, field="player", name="алешин   ПЕТР"), "RMF-0001"),  # ё/е, case, spaces
        (Wanted(line=3, field="player", name="Petr Alyoshin"), "RMF-0001"),  # Latin, word order
        (Wanted(line=4, field="player", name="Unknown Person", pin="12345678"), "RMF-0004"),
        (Wanted(line=5, field="player", name="RMF-0002"), "RMF-0002"),  # a name cell with an ID
    ]
    for wanted, expected in cases:
        found = await _find(db, [wanted])
        assert [p.federation_player_id for p in found] == [expected], wanted


async def test_every_unsettled_name_is_listed_at_once_with_the_closest(db: Database) -> None:
    await _seed(db)
    with pytest.raises(UnresolvedNamesError) as caught:
        await _find(
            db,
            [
                Wanted(line=7, field="player", name="Smirnova Alexandr"),
                Wanted(line=8, field="player", name="Kuznetsova Olga"),
                Wanted(line=9, field="player", name="ivanov ivan"),
                Wanted(line=10, field="id", id="RMF-0099", name="Kuznetsova Olga"),
                Wanted(line=11, field="id", id="RMF-0001", name="Takumi Endo"),
            ],
        )
    error = caught.value
    assert [(u.wanted.line, u.kind) for u in error.unresolved] == [
        (7, UNKNOWN),
        (9, AMBIGUOUS),
        (10, NAME_ELSEWHERE),
        (11, ID_ELSEWHERE),
    ]
    assert error.unresolved[0].candidates[0].label() == "Smirnova Alexandra (RMF-0004)"
    assert [c.federation_player_id for c in error.unresolved[1].candidates] == [
        "RMF-0002",
        "RMF-0003",
    ]
    assert (error.line, error.field) == (7, "player")
    assert error.report().splitlines() == [
        "4 name(s) not settled in RMF:",
        "  1. line 7: Smirnova Alexandr: not registered; closest: Smirnova Alexandra (RMF-0004)",
        "  2. line 9: ivanov ivan: ambiguous, registered as Ivanov Ivan (RMF-0002), "
        "Ivanov  Ivan (RMF-0003)",
        "  3. line 10: RMF-0099 (Kuznetsova Olga): the ID is not registered; the name is: "
        "Kuznetsova Olga (RMF-0005)",
        "  4. line 11: RMF-0001 (Takumi Endo): the ID is registered as Алёшин Пётр (RMF-0001)",
    ]


async def test_register_new_settles_unknown_names_only(db: Database) -> None:
    await _seed(db)
    wanted = [
        Wanted(line=1, field="player", name="New Comer", start={"country": "RU"}),
        Wanted(line=2, field="player", name="Ivanov Ivan"),
    ]
    # An ambiguous name is a choice, never a guess, even when new players may be registered.
    assert await _refusal(db, wanted, Names(register_new=True)) == [AMBIGUOUS]
    names = Names(register_new=True)
    names.choose("IVANOV ivan", "rmf-0003")
    found = await _find(db, wanted, names)
    assert found[0].id < 0 and found[0].federation_player_id == "RMF-0006"
    assert found[0].country == "RU"
    assert found[1].federation_player_id == "RMF-0003"
    assert [(n.key, n.federation_player_id, n.line) for n in names.new_players] == [
        ("new comer", "RMF-0006", 1)
    ]
    # The ID given at the preview is kept until the confirmation.
    assert names.assigned == {"new comer": "RMF-0006"}


async def test_a_new_player_keeps_the_files_own_id_when_it_is_free(db: Database) -> None:
    await _seed(db)
    names = Names(register_new=True)
    found = await _find(
        db,
        [
            Wanted(line=1, field="id", id="JPN1", name="Kenta Aoyama"),
            Wanted(line=2, field="id", id="RMF-0001", name="Алешин П."),
        ],
        names,
    )
    assert [p.federation_player_id for p in found] == ["JPN1", "RMF-0001"]
    # A registered ID with another person's name, chosen as new: the federation's pattern.
    names = Names()
    names.choose("RMF-0001", "new")
    found = await _find(db, [Wanted(line=3, field="id", id="RMF-0001", name="Takumi Endo")], names)
    assert found[0].federation_player_id == "RMF-0006" and found[0].name == "Takumi Endo"


async def test_a_choice_of_an_unknown_id_and_a_player_twice_are_refused(db: Database) -> None:
    await _seed(db)
    names = Names()
    names.choose("Someone Else", "RMF-0999")
    assert await _refusal(db, [Wanted(line=4, field="player", name="Someone Else")], names) == [
        BAD_CHOICE
    ]
    with pytest.raises(InputError) as caught:
        await _find(
            db,
            [
                Wanted(line=4, field="player", name="Kuznetsova Olga"),
                Wanted(line=6, field="player", id="RMF-0005"),
            ],
        )
    assert (caught.value.line, caught.value.field) == (6, "player")
    assert caught.value.message == ("RMF-0005 is Kuznetsova Olga (RMF-0005), already on line 4")


def test_a_large_registry_suggests_among_the_names_sharing_a_rare_word() -> None:
    rows = [(i, f"X-{i}", f"Common{i} Olga", None) for i in range(6000)]
    registry = _Registry([*rows, (9999, "X-9999", "Kuznetsova Olga", None)])
    (closest,) = registry.closest(["Kuznetsova Olha"])
    assert [c.federation_player_id for c in closest] == ["X-9999"]
