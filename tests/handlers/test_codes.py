"""Tournament codes: short, ASCII, typable, unique in the discipline; a correction keeps its
tournament's code, and codes stored before short codes keep working."""

from __future__ import annotations

import re
from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from fedrank.handlers.codes import MAX_CODE, assign_code, short_code, slug
from fedrank.storage.database import Database
from tests.factories import NOW

CODE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def test_cyrillic_is_transliterated_with_the_table() -> None:
    assert slug("Кубок клуба «Аврора», пары") == "kubok-kluba-avrora-pary"
    assert slug("Чемпіонат Києва: ґанок, їжак, єнот") == "chempionat-kiyeva-ganok-yizhak-yenot"
    assert slug("Щёлково-Юность") == "shchelkovo-yunost"


def test_accents_lose_their_marks_and_other_scripts_are_dropped() -> None:
    assert slug("Coupe d'Été à Zürich") == "coupe-d-ete-a-zurich"
    assert slug("成都桥牌俱乐部") == ""


def test_a_chinese_name_falls_back_to_the_discipline_code() -> None:
    # The example: once 2026-03-14-成都桥牌俱乐部-2026-年-3-月网络双人赛.
    held = date(2026, 3, 14)
    assert (
        short_code(held, "成都桥牌俱乐部 2026 年 3 月网络双人赛", "ccba")
        == "2026-03-14-ccba-2026-3"
    )
    assert short_code(held, "成都混合双人赛", "ccba") == "2026-03-14-ccba"
    assert short_code(held, "", "") == "2026-03-14-event"


def test_a_long_name_is_cut_at_a_word_and_the_suffix_fits() -> None:
    held = date(2026, 11, 7)
    name = "Lviv Club Autumn League 13x13"
    assert short_code(held, name, "ufgo") == "2026-11-07-lviv-club-autumn"
    assert short_code(held, name, "ufgo", 12) == "2026-11-07-lviv-club-autumn-12"
    one_word = "Supercalifragilisticexpialidocious"
    assert short_code(held, one_word, "x") == "2026-11-07-supercalifragilistice"
    assert len(short_code(held, one_word, "x", 3)) == MAX_CODE


@given(
    name=st.text(max_size=200),
    fallback=st.text(max_size=40),
    held=st.dates(min_value=date(1900, 1, 1), max_value=date(2999, 12, 31)),
    suffix=st.integers(min_value=1, max_value=100_000),
)
def test_every_code_is_short_lower_case_ascii_dashed_words(
    name: str, fallback: str, held: date, suffix: int
) -> None:
    code = short_code(held, name, fallback, suffix)
    assert len(code) <= MAX_CODE
    assert code.isascii() and code == code.lower()
    assert CODE.fullmatch(code), code
    assert code.startswith(held.isoformat())
    if suffix > 1:
        assert code.endswith(f"-{suffix}")


async def _discipline(db: Database) -> int:
    async with db.transaction() as repos:
        fed = await repos.federations.add("FSBR", "Russian Bridge Federation")
        disc = await repos.federations.add_discipline(fed, "fsbr", "FSBR", "bridge_fsbr", "monthly")
        return disc.id


async def _store(db: Database, discipline_id: int, code: str, name: str, held: date) -> None:
    async with db.transaction() as repos:
        await repos.ledger.record_tournament(
            discipline_id=discipline_id,
            code=code,
            name=name,
            held_on=held,
            params={},
            entries=[],
            games=[],
            awards=[],
            now=NOW,
        )


async def test_collisions_get_numeric_suffixes_and_corrections_keep_their_code(
    db: Database,
) -> None:
    disc = await _discipline(db)
    held = date(2026, 9, 14)

    async def code_of(name: str, legacy: str = "") -> str:
        async with db.read() as repos:
            return await assign_code(repos, disc, "fsbr", held, name, legacy)

    first = await code_of("Кубок Москвы, пары")
    assert first == "2026-09-14-kubok-moskvy-pary"
    await _store(db, disc, first, "Кубок Москвы, пары", held)
    # The same date and name (in another case, spacing or punctuation): a correction of it.
    assert await code_of("кубок  МОСКВЫ, пары") == first
    assert await code_of("Кубок Москвы (пары)") == first
    # Another tournament whose name makes the same slug: the next free suffix.
    second = await code_of("Kubok Moskvy, pary")
    assert second == "2026-09-14-kubok-moskvy-pary-2"
    await _store(db, disc, second, "Kubok Moskvy, pary", held)
    assert await code_of("Kubok Moskvy pary") == second
    assert await code_of("KUBOK-MOSKVY-PARY") == second
    # Chinese names of one day both fall back to the discipline's code.
    chinese = await code_of("成都混合双人赛")
    assert chinese == "2026-09-14-fsbr"
    await _store(db, disc, chinese, "成都混合双人赛", held)
    assert await code_of("成都双人赛") == "2026-09-14-fsbr-2"
    assert await code_of("成都混合双人赛") == chinese
    # Another date: no collision.
    async with db.read() as repos:
        later = await assign_code(repos, disc, "fsbr", date(2026, 9, 15), "Кубок Москвы, пары")
    assert later == "2026-09-15-kubok-moskvy-pary"


async def test_suffixes_count_up_past_taken_codes(db: Database) -> None:
    disc = await _discipline(db)
    held = date(2026, 9, 14)
    for taken in ("2026-09-14-open", "2026-09-14-open-2"):
        await _store(db, disc, taken, f"stored as {taken}", date(2026, 1, 1))
    async with db.read() as repos:
        assert await assign_code(repos, disc, "fsbr", held, "Open", "") == "2026-09-14-open-3"


async def test_a_code_stored_before_short_codes_keeps_working(db: Database) -> None:
    disc = await _discipline(db)
    held = date(2026, 3, 14)
    old = "2026-03-14-成都桥牌俱乐部-2026-年-3-月网络双人赛"
    await _store(db, disc, old, "成都桥牌俱乐部 2026 年 3 月网络双人赛", held)
    async with db.read() as repos:
        # The system's old code names a stored tournament: the file corrects it.
        assert await assign_code(repos, disc, "ccba", held, "whatever", old) == old
        # Found by date and name too, whatever the system derived.
        assert (
            await assign_code(repos, disc, "ccba", held, "成都桥牌俱乐部 2026 年 3 月网络双人赛")
            == old
        )
        # A new tournament of that date gets a short code.
        assert await assign_code(repos, disc, "ccba", held, "成都混合双人赛") == "2026-03-14-ccba"


async def test_codes_are_unique_in_the_federation_not_only_the_discipline(db: Database) -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.add("RMF", "Russian Mahjong Federation")
        mcr = await repos.federations.add_discipline(
            fed, "rmf-mcr", "MCR", "mahjong_rmf", "monthly"
        )
        sichuan = await repos.federations.add_discipline(
            fed, "rmf-sichuan", "Sichuan", "mahjong_rmf", "monthly"
        )
        other = await repos.federations.add("UFGO", "Ukrainian Go Federation")
        go = await repos.federations.add_discipline(other, "ufgo", "UFGO", "go_ufgo", "monthly")
        mcr_id, sichuan_id, go_id = mcr.id, sichuan.id, go.id
    held = date(2026, 4, 4)
    await _store(db, mcr_id, "2026-04-04-kazan-open", "Kazan Open", held)
    async with db.read() as repos:
        assert await assign_code(repos, sichuan_id, "rmf-sichuan", held, "Kazan Open") == (
            "2026-04-04-kazan-open-2"
        )
        # Another federation's codes are its own.
        assert await assign_code(repos, go_id, "ufgo", held, "Kazan Open") == (
            "2026-04-04-kazan-open"
        )
