"""Discord markdown rendering: escaping, limits, embeds, files, buttons."""

from __future__ import annotations

import pytest

from fedrank.bot.discord.render import (
    MESSAGE_LIMIT,
    dc_len,
    escape,
    parse_custom_id,
    render,
)
from fedrank.handlers.wording.reply import Attachment, Reply, bold, code


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("@everyone", "@\u200beveryone"),
        ("@here now", "@\u200bhere now"),
        ("<@&123456789012345678>", "\\<@\u200b&123456789012345678>"),
        ("**x** _y_ ~~z~~ ||s||", "\\*\\*x\\*\\* \\_y\\_ \\~\\~z\\~\\~ \\|\\|s\\|\\|"),
        ("# head", "\\# head"),
        ("> quote", "\\> quote"),
        ("[site](https://example.com)", "\\[site](https://example.com)"),
        ("<#123> <t:1:R> <:e:1>", "\\<#123> \\<t:1:R> \\<:e:1>"),
        ("a\\b", "a\\\\b"),
    ],
)
def test_user_text_is_inert(text: str, shown: str) -> None:
    assert escape(text) == shown


def test_spans_bold_and_code() -> None:
    reply = Reply().line(bold("Anna *A*"), " — ", code("PTS = `9`"))
    (message,) = render(reply, language="en").messages
    # A backtick inside code cannot close it: it becomes a look-alike.
    assert message.content == "**Anna \\*A\\*** — `PTS = ˋ9ˋ`"


def test_indentation_survives() -> None:
    reply = Reply().line("  ", code("x = 1"))
    assert render(reply, language="en").messages[0].content == "\u2003`x = 1`"


def test_long_text_is_cut_between_lines_under_the_limit() -> None:
    reply = Reply.text(*[f"line {i} " + "x" * 90 for i in range(60)])
    rendered = render(reply, language="en")
    assert len(rendered.messages) == 3
    assert all(dc_len(m.content) <= MESSAGE_LIMIT for m in rendered.messages)
    joined = "\n".join(m.content for m in rendered.messages)
    assert joined == "\n".join(f"line {i} " + "x" * 90 for i in range(60))


def test_one_huge_line_is_cut_at_spaces() -> None:
    words = " ".join(["word"] * 900)  # 4,499 characters
    rendered = render(Reply.text(words), language="en")
    assert [dc_len(m.content) <= MESSAGE_LIMIT for m in rendered.messages] == [True] * 3
    assert " ".join(m.content for m in rendered.messages) == words


def test_a_very_long_answer_is_one_file() -> None:
    reply = Reply.text(*["y" * 1500 for _ in range(10)])
    (message,) = render(reply, language="ru").messages
    assert message.content == "Ответ длинный, он в приложенном файле answer.txt."
    assert message.files[0].filename == "answer.txt"
    assert message.files[0].content.decode().count("y" * 1500) == 10


def test_a_long_table_goes_as_a_file() -> None:
    rows = [(str(i), f"Player @everyone {i}", "1500") for i in range(1, 61)]
    reply = Reply().line(bold("Top")).table(("#", "Player", "Rating"), rows)
    (message,) = render(reply, language="en").messages
    assert (
        message.content == "**Top**\nThe table is long, so it is in the attached file table-1.txt."
    )
    text = message.files[0].content.decode()
    assert "Player @everyone 60" in text and "#   Player" in text


def test_a_short_table_is_a_code_block_that_cannot_be_closed() -> None:
    reply = Reply().table(("a", "b"), [("```x", "y")])
    content = render(reply, language="en").messages[0].content
    assert content.startswith("```\n") and content.endswith("\n```")
    assert content.count("```") == 2


def test_rating_as_an_embed_with_a_field_per_discipline() -> None:
    reply = (
        Reply()
        .line(bold("Anna (RMF-001)"), " — Russian Mahjong Federation")
        .line(bold("Sports mahjong"))
        .line("  Position 1 of 3")
        .line("  Rating: 750.5")
        .line(bold("Riichi"))
        .line("  Rating: 10")
    )
    (message,) = render(reply, language="en", embed=True).messages
    embed = message.embed
    assert embed is not None and not message.content
    assert embed.title == "Anna (RMF-001) — Russian Mahjong Federation"
    assert [(f.name, f.value) for f in embed.fields] == [
        ("Sports mahjong", "\u2003Position 1 of 3\n\u2003Rating: 750.5"),
        ("Riichi", "\u2003Rating: 10"),
    ]


def test_history_embed_shows_its_chart() -> None:
    chart = Attachment("RMF-001-rmf.png", b"\x89PNG...", "image/png", "rating over time")
    reply = Reply().line(bold("Anna")).line(bold("Sports mahjong"))
    reply.table(("List", "#"), [("2026-11-01", "1")]).attach(chart)
    (message,) = render(reply, language="en", embed=True).messages
    assert message.embed is not None
    assert message.embed.image.url == "attachment://RMF-001-rmf.png"
    assert message.files == [chart]


def test_an_answer_without_a_bold_title_is_text_even_when_embeds_are_asked() -> None:
    reply = Reply.text("No player matches 'zz'.")
    (message,) = render(reply, language="en", embed=True).messages
    assert message.embed is None and message.content == "No player matches 'zz'."


def test_an_embed_too_big_falls_back_to_text() -> None:
    reply = Reply().line(bold("Title"))
    for i in range(30):
        reply.line(bold(f"Section {i}")).line("text")
    rendered = render(reply, language="en", embed=True)
    assert rendered.messages[0].embed is None
    assert rendered.messages[0].content.startswith("**Title**\n**Section 0**")


def test_buttons_carry_owner_and_action() -> None:
    reply = (
        Reply.text("Preview").button("Confirm", "/confirm ab12").button("Cancel", "/cancel ab12")
    )
    rendered = render(reply, language="en", owner=77)
    assert [b.action for b in rendered.buttons] == ["/confirm ab12", "/cancel ab12"]
    assert parse_custom_id("fr:77:/confirm ab12") == ("77", "/confirm ab12")
    assert parse_custom_id("fr:77:confirm") is None
    assert parse_custom_id("other:1:/x") is None


def test_a_button_too_long_for_a_custom_id_becomes_a_hint() -> None:
    action = "/approve " + "9" * 120
    rendered = render(Reply.text("x").button("✓ *", action), language="en", owner=1)
    assert rendered.buttons == []
    assert rendered.messages[0].content.endswith(f"✓ \\*: send {action}")


def test_empty_reply_still_sends_something() -> None:
    (message,) = render(Reply(), language="en").messages
    assert message.content == "\u200b"


async def test_the_outbox_buttons_are_pressable_here() -> None:
    """The outbox sends the bot's own view (make_view): its components' custom_ids are the ones
    this bot's persistent ActionButton recognises."""
    from fedrank.bot.discord.buttons import ActionButton
    from fedrank.bot.discord.delivery import make_view
    from fedrank.handlers.wording.reply import Button

    view = make_view([Button("Confirm", "/qconfirm 7"), Button("Decline", "/decline 7")], 55)
    assert view is not None
    (row,) = view.to_components()
    assert row["type"] == 1
    assert [(c["label"], c["style"], c["custom_id"]) for c in row["components"]] == [
        ("Confirm", 3, "fr:55:/qconfirm 7"),
        ("Decline", 4, "fr:55:/decline 7"),
    ]
    template = ActionButton.__discord_ui_compiled_template__
    assert all(template.fullmatch(c["custom_id"]) for c in row["components"])
    many = Reply.text("x")
    for i in range(30):
        many.button(str(i), f"/x {i}")
    rendered = render(many, language="en", owner=1)
    crowded = make_view(rendered.buttons, 1)
    assert crowded is not None
    assert [len(r["components"]) for r in crowded.to_components()] == [5, 5, 5, 5, 5]
