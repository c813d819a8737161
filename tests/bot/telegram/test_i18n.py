"""The transport's own catalogue is complete in every language."""

import string

from fedrank.bot.telegram.i18n import MESSAGES, missing_translations, t


def test_every_message_is_translated_with_the_same_placeholders() -> None:
    assert missing_translations() == []
    for key, entry in MESSAGES.items():
        fields = {
            lang: frozenset(f for _, f, _, _ in string.Formatter().parse(text) if f)
            for lang, text in entry.items()
        }
        assert len(set(fields.values())) == 1, key


def test_unknown_language_falls_back_to_english() -> None:
    assert t("fr", "tg.throttled", seconds=3) == "Too many commands at once; please wait 3 s."
    assert t("ru", "tg.throttled", seconds=3) == "Слишком много команд подряд; подождите 3 с."
