"""A link button (the player's page from /rating): a Telegram Web App in a private chat, a
plain link in a group, a Discord link button; survives the outbox's JSON."""

from __future__ import annotations

import discord

from fedrank.bot.discord.buttons import ActionButton, item_of
from fedrank.bot.discord.render import render as render_discord
from fedrank.bot.render import render_plain
from fedrank.bot.telegram.render import render_html
from fedrank.bot.telegram.sender import keyboard
from fedrank.handlers.wording.reply import Reply

PAGE = "https://ratings.example.org/CCBA/players/CCBA-0001.html"


def _reply() -> Reply:
    return (
        Reply.text("rating")
        .link_button("Open the page", PAGE, web_app=True)
        .button("Confirm", "/confirm ab12")
    )


def test_telegram_opens_the_page_as_a_web_app_in_a_private_chat_only() -> None:
    rendered = render_html(_reply(), language="en")
    private = keyboard(rendered.buttons, private=True)
    group = keyboard(rendered.buttons, private=False)
    assert private is not None and group is not None
    page, confirm = private.inline_keyboard[0]
    assert page.web_app is not None and page.web_app.url == PAGE and page.callback_data is None
    assert confirm.callback_data == "/confirm ab12"
    in_group = group.inline_keyboard[0][0]
    assert in_group.web_app is None and in_group.url == PAGE


def test_discord_shows_a_link_button() -> None:
    rendered = render_discord(_reply(), owner=7, language="en")
    link, ours = (item_of(b, 7) for b in rendered.buttons)
    assert isinstance(link, discord.ui.Button) and link.url == PAGE
    assert link.style is discord.ButtonStyle.link
    assert isinstance(ours, ActionButton) and ours.action == "/confirm ab12"


def test_the_button_survives_json_and_the_console_shows_the_address() -> None:
    again = Reply.from_json(_reply().to_json())
    assert again.buttons == _reply().buttons
    assert f"[Open the page] -> {PAGE}" in render_plain(again)
