"""Telegram HTML rendering: escaping, splitting under 4,096 characters, tables as files."""

from fedrank.bot.telegram.render import (
    CALLBACK_DATA_LIMIT,
    MESSAGE_LIMIT,
    TABLE_MAX_ROWS,
    needs_own_lines,
    render_html,
    tg_len,
)
from fedrank.handlers.wording.reply import Attachment, Paragraph, Reply, Span, bold, code
from tests.bot.telegram.fake_api import parse_html


def test_user_text_is_escaped_and_only_our_markup_remains() -> None:
    reply = Reply().line(bold("<b>Eve</b> & Co"), " wrote ", code("@channel <i>"))
    rendered = render_html(reply)
    assert rendered.messages == [
        "<b>&lt;b&gt;Eve&lt;/b&gt; &amp; Co</b> wrote <code>@channel &lt;i&gt;</code>"
    ]
    text, entities = parse_html(rendered.messages[0])
    assert text == "<b>Eve</b> & Co wrote @channel <i>"
    assert entities == [
        {"type": "bold", "offset": 0, "length": 15},
        {"type": "code", "offset": 22, "length": 12},
    ]


def test_small_table_is_preformatted_text() -> None:
    reply = Reply().table(("#", "Player"), [("1", "Анна <A>"), ("2", "Bo")])
    (message,) = render_html(reply).messages
    assert message == "<pre>#  Player\n-  --------\n1  Анна &lt;A&gt;\n2  Bo</pre>"


def test_long_table_goes_as_a_file_with_a_line_saying_so() -> None:
    rows = [(str(i), f"Player {i}") for i in range(TABLE_MAX_ROWS + 1)]
    reply = Reply().line("Top").table(("#", "Player"), rows)
    rendered = render_html(reply, language="ru")
    assert needs_own_lines(reply)
    assert rendered.messages == ["Top\nТаблица длинная, она в приложенном файле table-1.txt."]
    (table,) = rendered.files
    assert table.filename == "table-1.txt"
    lines = table.content.decode().splitlines()
    assert lines[0] == "#   Player" and lines[-1] == "40  Player 40"


def test_long_reply_is_split_between_paragraphs_under_the_limit() -> None:
    reply = Reply.text(*[f"line {i} " + "x" * 90 for i in range(100)])
    messages = render_html(reply).messages
    assert len(messages) == 3
    assert all(tg_len(m) <= MESSAGE_LIMIT for m in messages)
    # Nothing is lost or duplicated, and every cut is between two lines.
    assert "\n".join(messages).splitlines() == [
        p.plain for p in reply.blocks if isinstance(p, Paragraph)
    ]


def test_one_huge_paragraph_is_cut_without_breaking_tags_or_entities() -> None:
    word = "&<>" * 2000  # every character escapes to 4 or 5
    reply = Reply().line(Span("A " + word + " B", bold=True))
    messages = render_html(reply).messages
    assert len(messages) > 1
    joined = ""
    for message in messages:
        assert tg_len(message) <= MESSAGE_LIMIT
        text, entities = parse_html(message)  # each message is well-formed on its own
        assert entities[0]["type"] == "bold"
        joined += text
    assert joined == "A " + word + " B"


def test_counting_is_in_utf16_units() -> None:
    assert tg_len("😀") == 2 and tg_len("张") == 1


def test_buttons_carry_their_action_and_long_actions_become_text() -> None:
    long_action = "/confirm " + "a" * CALLBACK_DATA_LIMIT
    reply = Reply.text("Preview").button("Confirm", "/confirm ab12").button("Far", long_action)
    rendered = render_html(reply)
    assert [(b.label, b.action) for b in rendered.buttons] == [("Confirm", "/confirm ab12")]
    assert rendered.messages == [f"Preview\nFar: send <code>{long_action}</code>"]


def test_attachments_are_files() -> None:
    png = Attachment("chart.png", b"\x89PNG", "image/png", "History")
    rendered = render_html(Reply().attach(png))
    assert rendered.messages == [] and rendered.files == [png]
