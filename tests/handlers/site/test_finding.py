"""The player index and its search: sorted in the federation's script and in Latin, searched
case- and ё/е-insensitively by name, Latin name or ID."""

from __future__ import annotations

import json

from fedrank.handlers.site.finding import folded, matches, players_body, search_json
from fedrank.storage.models import Federation, Player


def _players() -> list[Player]:
    rows = [
        ("R-3", "Фёдоров Иван", "Fedorov Ivan"),
        ("R-1", "Андреев Пётр", None),
        ("R-2", "ёлкин олег", "Yolkin Oleg"),
        ("R-10", "Борисов Иван", "Borisov Ivan"),
        ("R-4", "王磊", "Wang Lei"),
    ]
    return [Player(federation_player_id=i, name=n, latin_name=lat) for i, n, lat in rows]


def _index() -> dict[str, object]:
    return players_body(Federation(code="RMF", name="RMF", language="ru"), _players())


def test_the_index_is_alphabetical_in_its_script_and_in_latin() -> None:
    page = _index()
    assert [p["name"] for p in page["players"]] == [  # type: ignore[index]
        "Андреев Пётр",
        "Борисов Иван",
        "ёлкин олег",  # ё sorts as е, small letters with capitals
        "Фёдоров Иван",
        "王磊",
    ]
    assert [p["initial"] for p in page["players"]] == ["А", "Б", "Е", "Ф", "王"]  # type: ignore[index]
    assert [p["latin_name"] for p in page["latin"]] == [  # type: ignore[index]
        "Borisov Ivan",
        "Fedorov Ivan",
        "Wang Lei",
        "Yolkin Oleg",
    ]


def test_the_search_index_and_the_server_side_search() -> None:
    page = _index()
    data = json.loads(search_json(page))
    assert data["federation"] == "RMF"
    assert data["players"][0] == ["R-1", "Андреев Пётр", "", "players/R-1.html"]
    assert [p["id"] for p in matches(page, "ФЕДОРОВ")] == ["R-3"]
    assert [p["id"] for p in matches(page, "иван")] == ["R-10", "R-3"]
    assert [p["id"] for p in matches(page, "王")] == ["R-4"]
    assert [p["id"] for p in matches(page, "yolkin")] == ["R-2"]
    # an exact ID first, then those that start with the text, then the rest
    assert [p["id"] for p in matches(page, "r-1")] == ["R-1", "R-10"]
    assert matches(page, "  ") == []
    assert folded("Ёлка") == "елка"
