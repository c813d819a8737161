"""tools/catalogues.py: dict modules in, the same .po and .mo bytes out, every time."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from tools import catalogues

HANDLERS = {
    "en": {
        "hello": "Hello, {name}!",
        "x.players.one": "{n} player",
        "x.players.few": "{n} players",
        "x.players.many": "{n} players",
    },
    "ru": {
        "hello": "Привет, {name}!",
        "x.players.one": "{n} игрок",
        "x.players.few": "{n} игрока",
        "x.players.many": "{n} игроков",
    },
    "uk": {
        "hello": "Привіт, {name}!",
        "x.players.one": "{n} гравець",
        "x.players.few": "{n} гравці",
        "x.players.many": "{n} гравців",
    },
    "zh": {
        "hello": "你好，{name}！",
        "x.players.one": "{n} 人",
        "x.players.few": "{n} 人",
        "x.players.many": "{n} 人",
    },
}
WAIT = {"en": "Wait {s} s.", "ru": "Ждите {s} с.", "uk": "Чекайте {s} с.", "zh": "请等 {s} 秒。"}


def _project(root: Path) -> Path:
    folder = root / "fedrank/handlers/wording/i18n"
    folder.mkdir(parents=True)
    for language, messages in HANDLERS.items():
        (folder / f"{language}.py").write_text(f"MESSAGES = {messages!r}\n", encoding="utf-8")
    for transport, prefix in (("telegram", "tg"), ("discord", "dc")):
        path = root / "fedrank/bot" / transport / "i18n.py"
        path.parent.mkdir(parents=True)
        own = {f"{prefix}.throttled": WAIT, f"{prefix}.only": {lang: prefix for lang in WAIT}}
        names = {"rating": {"ru": "рейтинг", "uk": "рейтинг", "zh": "等级分"}}
        text = f"MESSAGES = {own!r}\n" + (f"NAMES = {names!r}\n" if prefix == "dc" else "")
        path.write_text(text, encoding="utf-8")
    return root


def _files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted((root / "fedrank/locales").rglob("*"))
        if p.is_file()
    }


def test_same_dicts_same_bytes_and_a_second_run_changes_nothing(tmp_path: Path) -> None:
    first, second = _project(tmp_path / "a"), _project(tmp_path / "b")
    assert catalogues.main(["--root", str(first)]) == 0
    assert catalogues.main(["--root", str(second)]) == 0
    assert _files(first) == _files(second)
    assert len(_files(first)) == 8
    assert catalogues.main(["--root", str(first), "--check"]) == 0
    before = _files(first)
    assert catalogues.main(["--root", str(first)]) == 0
    assert _files(first) == before
    assert b"Date" not in before["fedrank/locales/ru/LC_MESSAGES/fedrank.po"]


def test_triples_become_plural_entries_and_twins_one_key(tmp_path: Path) -> None:
    root = _project(tmp_path)
    catalogues.main(["--root", str(root)])
    po = (root / "fedrank/locales/ru/LC_MESSAGES/fedrank.po").read_text(encoding="utf-8")
    assert 'msgid "x.players"\nmsgid_plural "x.players"\nmsgstr[0] "{n} игрок"\n' in po
    assert '"Plural-Forms: nplurals=3;' in po and '"Language: ru\\n"' in po
    assert "tg.throttled" not in po and 'msgid "bot.throttled"' in po
    with (root / "fedrank/locales/ru/LC_MESSAGES/fedrank.mo").open("rb") as mo:
        ru = gettext.GNUTranslations(mo)
    assert [ru.ngettext("x.players", "x.players", n) for n in (1, 3, 5, 21)] == [
        "{n} игрок",
        "{n} игрока",
        "{n} игроков",
        "{n} игрок",
    ]
    assert ru.gettext("bot.throttled") == "Ждите {s} с."
    assert ru.gettext("name.rating") == "рейтинг"
    with (root / "fedrank/locales/en/LC_MESSAGES/fedrank.mo").open("rb") as mo:
        assert gettext.GNUTranslations(mo).gettext("name.rating") == "rating"


def test_new_keys_are_added_and_check_reports_them(tmp_path: Path) -> None:
    root = _project(tmp_path)
    catalogues.main(["--root", str(root)])
    for language in HANDLERS:  # a merged branch's block of new keys
        path = root / "fedrank/handlers/wording/i18n" / f"{language}.py"
        body = {**HANDLERS[language], "late.key": f"late {language}"}
        path.write_text(f"MESSAGES = {body!r}\n", encoding="utf-8")
    assert catalogues.main(["--root", str(root), "--check"]) == 1
    assert catalogues.main(["--root", str(root)]) == 0
    po = (root / "fedrank/locales/zh/LC_MESSAGES/fedrank.po").read_text(encoding="utf-8")
    assert 'msgid "late.key"\nmsgstr "late zh"' in po


def test_twins_that_differ_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path)
    path = root / "fedrank/bot/discord/i18n.py"
    path.write_text(path.read_text(encoding="utf-8").replace("Wait {s}", "Hold {s}"), "utf-8")
    assert catalogues.main(["--root", str(root)]) == 2
    assert "dc.throttled" in capsys.readouterr().err
