"""The transport's own lines come from the one catalogue, shared with Discord where they agree."""

from fedrank.handlers.wording.i18n import MESSAGES, t


def test_unknown_language_falls_back_to_english() -> None:
    assert t("fr", "bot.throttled", seconds=3) == "Too many commands at once; please wait 3 s."
    assert t("ru", "bot.throttled", seconds=3) == "Слишком много команд подряд; подождите 3 с."


def test_the_transports_share_the_lines_they_both_say() -> None:
    for suffix in ("throttled", "table_file", "file_too_large", "file_failed", "type_to_press"):
        assert f"bot.{suffix}" in MESSAGES
        assert f"tg.{suffix}" not in MESSAGES and f"dc.{suffix}" not in MESSAGES
    # Said differently on each platform, so two keys.
    assert t("en", "tg.sent_privately") != t("en", "dc.sent_privately")
