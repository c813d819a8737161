"""The website's page data: what each page shows, read through the repositories."""

from __future__ import annotations

import json
from datetime import date

from fedrank.handlers.context import Services
from fedrank.handlers.site import live, paths
from fedrank.handlers.site.pages import page_json
from tests.web.sitedata import CODE, LONG, LONG_NAME, MONTHS, SCRIPT, SCRIPT_NAME, seed_site


async def test_index_lists_each_discipline_with_its_latest_list(services: Services) -> None:
    seed = await seed_site(services.db)
    page = await live.page_at(services, "index.html")
    assert page is not None
    [federation] = page["federations"]
    assert (federation["code"], federation["language"]) == ("ZGO", "zh")
    [discipline] = federation["disciplines"]
    assert discipline["lists"] == MONTHS
    assert discipline["latest"]["date"] == seed.dates[-1].isoformat()
    assert discipline["latest"]["size"] == 8
    assert discipline["latest"]["page"] == f"ZGO/zgo/{seed.dates[-1].isoformat()}.html"


async def test_list_page_has_rows_and_the_change_since_the_previous_list(
    services: Services,
) -> None:
    seed = await seed_site(services.db)
    second = await live.page_at(services, f"ZGO/zgo/{seed.dates[1].isoformat()}.html")
    assert second is not None
    assert second["previous"]["date"] == seed.dates[0].isoformat()
    rows = {row["id"]: row for row in second["rows"]}
    assert [r["position"] for r in second["rows"]] == list(range(1, 9))
    assert rows[SCRIPT]["new"] is True and rows[SCRIPT]["moved"] is None
    # the long-history player gained 7 points; the newcomer above him pushed nobody
    assert rows[LONG]["rating_change"] == "7"
    assert rows[LONG]["page"] == "ZGO/players/P-001.html"
    first = await live.page_at(services, f"ZGO/zgo/{seed.dates[0].isoformat()}.html")
    assert first is not None and first["previous"] is None
    assert not any(r["new"] for r in first["rows"])
    assert await live.page_at(services, "ZGO/zgo/2019-01-01.html") is None


async def test_archive_lists_every_list_newest_first_and_the_tournaments(
    services: Services,
) -> None:
    seed = await seed_site(services.db)
    page = await live.page_at(services, "ZGO/zgo/index.html")
    assert page is not None
    assert [x["date"] for x in page["lists"]] == [d.isoformat() for d in reversed(seed.dates)]
    [tournament] = page["tournaments"]
    assert tournament["code"] == CODE
    assert tournament["page"] == "ZGO/zgo/t/2026-03-14%20%E6%88%90%E9%83%BD_%E5%86%B3%E8%B5%9B.html"


async def test_profile_shows_public_fields_history_titles_and_tournaments(
    services: Services,
) -> None:
    seed = await seed_site(services.db)
    page = await live.page_at(services, "ZGO/players/P-001.html")
    assert page is not None
    assert page["player"] == {
        "id": LONG,
        "name": LONG_NAME,
        "latin_name": None,
        "club": "成都棋院",
        "country": None,
    }
    text = page_json(page).decode()
    # the registry's private fields never reach a public page
    assert "1990-05-17" not in text and "birth" not in text and "gender" not in text
    [section] = page["disciplines"]
    assert len(section["history"]) == MONTHS
    assert section["history"][0] == {
        "date": seed.dates[0].isoformat(),
        "until": seed.dates[0].isoformat(),
        "position": 7,
        "size": 7,
        "rating": "1900",
        "title": "2k",
    }
    # his rating changed at every list: the current figures hold since the latest one
    assert section["current"]["date"] == seed.dates[-1].isoformat()
    assert section["history"][-1]["until"] is None and section["left"] is None
    assert [t["title"] for t in section["titles"]] == ["1k", "1d"]
    # thresholds of the titles he held, as the list of his last change shows them
    assert section["thresholds_of"] == seed.dates[-1].isoformat()
    assert {t["title"] for t in section["thresholds"]} == {"2k", "1k", "1d"}
    [played] = section["tournaments"]
    assert (played["code"], played["place"]) == (CODE, "1")
    assert played["awards"] == [{"kind": "rating", "colour": None, "amount": "20"}]
    assert await live.page_at(services, "ZGO/players/P-999.html") is None


async def test_a_profile_keeps_figures_as_runs_of_unchanged_lists(services: Services) -> None:
    seed = await seed_site(services.db)
    page = await live.page_at(services, "ZGO/players/P-003.html")
    assert page is not None
    [section] = page["disciplines"]
    # the same rating and title in all the lists: one run, open, since the first list
    assert section["history"] == [
        {
            "date": seed.dates[0].isoformat(),
            "until": None,
            "position": 6,
            "size": 7,
            "rating": "1940",
            "title": "2k",
        }
    ]
    assert section["current"] == section["history"][0]
    assert section["thresholds_of"] == seed.dates[0].isoformat()


async def test_tournament_page_has_results_and_each_award_traced(services: Services) -> None:
    await seed_site(services.db)
    page = await live.page_at(services, paths.tournament("ZGO", "zgo", CODE))
    assert page is not None
    assert [r["name"] for r in page["results"]] == [LONG_NAME, SCRIPT_NAME, "Player 3"]
    award = page["results"][1]["awards"][0]
    assert award["amount"] == "10"
    assert award["trace"] == [
        {"name": "K", "value": "20", "rule": "3.1", "note": None},
        {"name": "delta", "value": "10", "rule": None, "note": "<i>note</i>"},
    ]
    assert await live.page_at(services, paths.tournament("ZGO", "zgo", "nope")) is None


async def test_the_json_is_the_page_data(services: Services) -> None:
    await seed_site(services.db)
    page = await live.page_at(services, "ZGO/players/P-002.html")
    assert page is not None
    assert json.loads(page_json(page))["player"]["name"] == SCRIPT_NAME


async def test_whole_site_has_every_page_once(services: Services) -> None:
    seed = await seed_site(services.db)
    pages = [page async for page in live.all_pages(services)]
    kinds = [p["kind"] for p in pages]
    assert kinds.count("list") == MONTHS
    assert kinds.count("player") == len(seed.players)
    assert kinds.count("tournament") == 1
    assert len({p["page"] for p in pages}) == len(pages)
    # a whole build assembles the same page as the live server
    for page in pages:
        if (page["kind"] in ("player", "list") and "P-001" in page["page"]) or page[
            "page"
        ].endswith(f"{seed.dates[5].isoformat()}.html"):
            assert page == await live.page_at(services, page["page"], whole=True)


def test_paths_quote_every_segment_and_parse_back() -> None:
    assert paths.seg("a/b c%") == "a_b%20c%25"
    assert paths.seg("..") == "_."
    page = paths.tournament("ZGO", "zgo", CODE)
    assert paths.parse(page) == ("tournament", "ZGO", "zgo", "2026-03-14 成都_决赛")
    assert paths.parse(paths.player("ZGO", "../x")) == ("player", "ZGO", "_._x")
    assert paths.parse(paths.list_page("A", "b", date(2026, 1, 1))) == (
        "list",
        "A",
        "b",
        "2026-01-01",
    )
    assert paths.split_language("ru/ZGO/zgo/index.html") == ("ru", "ZGO/zgo/index.html")
    assert (
        paths.relative("ZGO/players/P-1.html", "ZGO/zgo/2026-01-01.html") == "../players/P-1.html"
    )
