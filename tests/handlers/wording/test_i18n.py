"""The one gettext catalogue: complete in every language, same placeholders, .mo matching .po,
every key code names present, CLDR plural forms; t() and tn() fall back to English."""

from __future__ import annotations

import gettext
import io
import re
import string
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from fedrank.handlers.wording.i18n import (
    CATALOGUES,
    LANGUAGES,
    LOCALES,
    MESSAGES,
    PLURALS,
    missing_translations,
    t,
    tn,
)
from fedrank.handlers.wording.i18n.plural import counted

FEDRANK = Path(__file__).resolve().parents[3] / "fedrank"
#: The keywords of ``make catalogues``: the key is the 2nd argument (and msgid_plural too).
KEYWORDS = {"t": (2,), "tn": (2, 2), "counted": (2, 2)}


def _po(language: str) -> list[tuple[str | tuple[str, ...], tuple[str, ...]]]:
    path = LOCALES / language / "LC_MESSAGES" / "fedrank.po"
    with path.open("rb") as po:
        catalog = read_po(po, locale=language)
    return [
        (m.id, (m.string,) if isinstance(m.string, str) else tuple(m.string))
        for m in catalog
        if m.id
    ]


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_msgid_has_a_text_in_every_language() -> None:
    ids = {lang: {m for m, _ in _po(lang)} for lang in LANGUAGES}
    assert all(ids[lang] == ids["en"] for lang in LANGUAGES)
    for language in LANGUAGES:
        for msgid, forms in _po(language):
            assert forms and all(forms), (language, msgid)
    assert missing_translations() == []


def test_the_placeholders_agree_across_languages_and_forms() -> None:
    english = {m: forms for m, forms in _po("en")}
    for language in LANGUAGES:
        for msgid, forms in _po(language):
            expected = _fields(english[msgid][0])
            for text in (*english[msgid], *forms):
                assert _fields(text) == expected, (language, msgid, text)


def test_the_committed_mo_files_are_the_po_files_compiled(tmp_path: Path) -> None:
    for language in LANGUAGES:
        folder = LOCALES / language / "LC_MESSAGES"
        with (folder / "fedrank.po").open("rb") as po:
            catalog = read_po(po, locale=language)
        compiled = io.BytesIO()
        write_mo(compiled, catalog)
        (tmp_path / f"{language}.mo").write_bytes(compiled.getvalue())
        with (
            (tmp_path / f"{language}.mo").open("rb") as fresh,
            (folder / "fedrank.mo").open("rb") as committed,
        ):
            ours, theirs = gettext.GNUTranslations(fresh), gettext.GNUTranslations(committed)
        mine: dict[object, str] = dict(ours._catalog)  # type: ignore[attr-defined]
        kept: dict[object, str] = dict(theirs._catalog)  # type: ignore[attr-defined]
        mine.pop("", None), kept.pop("", None)  # headers: Babel stamps its own date
        assert mine == kept, language
        assert theirs.info()["plural-forms"] == ours.info()["plural-forms"]


def test_every_key_code_names_is_in_the_catalogue() -> None:
    found = list(extract_from_dir(str(FEDRANK), [("**.py", "python")], keywords=KEYWORDS))
    assert len(found) > 500
    for filename, lineno, message, _, _ in found:
        if isinstance(message, tuple):
            assert message[0] in PLURALS["en"], (filename, lineno, message)
        else:
            assert message in MESSAGES, (filename, lineno, message)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["1 player", "2 players", "5 players", "11 players", "21 players", "22 players"]),
        ("ru", ["1 игрок", "2 игрока", "5 игроков", "11 игроков", "21 игрок", "22 игрока"]),
        ("uk", ["1 гравець", "2 гравці", "5 гравців", "11 гравців", "21 гравець", "22 гравці"]),
        ("zh", ["1 人", "2 人", "5 人", "11 人", "21 人", "22 人"]),
    ],
)
def test_counted_nouns_in_each_language(language: str, expected: list[str]) -> None:
    numbers = (1, 2, 5, 11, 21, 22)
    assert [tn(language, "figures.players", n) for n in numbers] == expected
    assert [counted(language, "figures.players", n) for n in numbers] == expected


def test_the_counting_sentences_of_issue_20() -> None:
    def rounds(language: str, n: int) -> str:
        return tn(language, "othello.no_pairing", n, name="C", total=n)

    assert rounds("en", 1) == "C: its 1 round is played; no pairing is due."
    assert rounds("en", 3) == "C: all 3 rounds are played; no pairing is due."
    assert [rounds("ru", n).split(",")[0] for n in (3, 5, 21)] == [
        "C: сыграны все 3 тура",
        "C: сыграны все 5 туров",
        "C: сыгран 21 тур из 21",
    ]
    assert [rounds("uk", n).split(",")[0] for n in (3, 11, 22)] == [
        "C: зіграно всі 3 тури",
        "C: зіграно всі 11 турів",
        "C: зіграно всі 22 тури",
    ]
    assert tn("en", "link.page", 1, page=1, pages=1, total=1) == "Page 1 of 1 (1 request waiting)."
    games = {"round": 2, "tournament": "L", "version": 3}
    assert "обсчитаны 2 партии" in tn("ru", "league.round_closed", 2, games=2, **games)
    assert "обсчитано 11 партий" in tn("ru", "league.round_closed", 11, games=11, **games)


def _gettext_forms(language: str) -> gettext.GNUTranslations:
    with (LOCALES / language / "LC_MESSAGES" / "fedrank.mo").open("rb") as mo:
        return gettext.GNUTranslations(mo)


#: The CLDR categories behind each language's gettext forms, in the order of its msgstr[i].
CATEGORIES = {
    "en": ("one", "other"),
    "ru": ("one", "few", "many"),
    "uk": ("one", "few", "many"),
    "zh": ("other",),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_plural_forms_header_agrees_with_cldr(language: str) -> None:
    translations = _gettext_forms(language)
    header = translations.info()["plural-forms"]
    assert header.startswith(f"nplurals={len(CATEGORIES[language])};")
    locale = Locale(language)
    for n in (*range(0, 130), 1001, 1011, 1021, 1111, 1122):
        index = translations.plural(n)  # type: ignore[attr-defined]
        assert CATEGORIES[language][index] == locale.plural_form(n), (language, n)
    for forms in PLURALS[language].values():
        assert len(forms) == len(CATEGORIES[language])


def test_t_fills_in_and_falls_back_to_english() -> None:
    assert t("en", "player.not_found", query="X-1") == "No player matches “X-1”."
    assert t("fr", "player.not_found", query="X-1") == "No player matches “X-1”."
    assert t("ru", "help.title") == "Команды:"
    assert tn("fr", "figures.players", 2) == "2 players"
    with pytest.raises(KeyError):
        t("en", "no.such.key")
    with pytest.raises(KeyError):
        tn("en", "no.such.key", 1)


def test_one_catalogue_for_handlers_and_transports() -> None:
    assert tuple(CATALOGUES) == LANGUAGES
    assert {"bot.throttled", "tg.file_hint", "dc.guild_only", "name.rating"} <= set(MESSAGES)
    assert t("zh", "name.rating") == "等级分" and t("en", "name.rating") == "rating"


def test_quotes_are_the_language_own() -> None:
    """“…” in English and Chinese, «…» in Russian and Ukrainian; never '…' around a value."""
    own = {"en": "“", "zh": "“", "ru": "«", "uk": "«"}
    for language in LANGUAGES:
        texts = [*CATALOGUES[language].items()]
        texts += [(base, form) for base, forms in PLURALS[language].items() for form in forms]
        for key, text in texts:
            assert not re.search(r"'\{\w+\}'", text), (language, key, text)
            for quote in ("“", "«"):
                if quote != own[language]:
                    assert quote not in text, (language, key, text)
