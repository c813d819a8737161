"""The request context from Telegram's user and chat, and per-user throttling."""

from __future__ import annotations

from aiogram.types import Chat, User

from fedrank.bot.telegram.middlewares import ThrottleLimits, ThrottlingMiddleware, build_context
from fedrank.handlers.context import Services
from tests.bot.telegram.conftest import running
from tests.bot.telegram.fake_api import FakeTelegram


class Monotonic:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_context_from_user_and_chat(services: Services) -> None:
    user = User(id=42, is_bot=False, first_name="Лі", last_name="<b>", language_code="uk-UA")
    private = build_context(services, user, Chat(id=42, type="private"))
    assert (private.platform, private.user_id, private.chat_id) == ("telegram", "42", "42")
    assert (private.display_name, private.language, private.platform_language) == (
        "Лі <b>",
        "uk",
        "uk-UA",
    )
    assert private.is_private and private.attachment is None
    group = build_context(services, user, Chat(id=-1005, type="supergroup", title="Club"))
    assert group.chat_id == "-1005" and not group.is_private


def test_an_unknown_telegram_language_uses_the_default(services: Services) -> None:
    user = User(id=1, is_bot=False, first_name="Jean", language_code="fr")
    assert build_context(services, user, None).language == "en"


def test_token_bucket_per_user() -> None:
    mono = Monotonic()
    throttle = ThrottlingMiddleware(ThrottleLimits(burst=3, interval=2.0), clock=mono)
    assert [throttle.take(1)[0] for _ in range(3)] == [True, True, True]
    assert throttle.take(1) == (False, 2.0, False)  # refused: this one gets the notice
    assert throttle.take(1) == (False, 2.0, True)  # refused quietly
    assert throttle.take(2)[0] is True  # other users are not affected
    mono.now = 2.0
    assert throttle.take(1)[0] is True
    assert throttle.take(1)[0] is False


async def test_language_follows_telegram_until_lang_overrides_it(
    telegram: FakeTelegram, services: Services
) -> None:
    lesya = telegram.user(601, "Леся", language_code="uk")
    await telegram.send(lesya, "/start")
    (hello,) = await telegram.replies(601)
    assert hello.text.startswith("Вітаю, Леся!")
    await telegram.send(lesya, "/lang zh")
    await telegram.replies(601, after=1)
    await telegram.send(lesya, "/start")
    (again,) = await telegram.replies(601, after=2)
    assert again.text.startswith("您好，Леся！")


async def test_a_flood_gets_one_notice_then_silence(fake: FakeTelegram, services: Services) -> None:
    async with running(fake, services, throttle=ThrottleLimits(burst=2, interval=60.0)):
        user = fake.user(602, "Flood", language_code="ru")
        for _ in range(5):
            await fake.send(user, "/help")
        await fake.replies(602, 3)
        await fake.settle()
    got = fake.to_chat(602)
    assert len(got) == 3
    assert sum(d.text.startswith("Команды") for d in got) == 2
    assert [d.text for d in got if not d.text.startswith("Команды")] == [
        "Слишком много команд подряд; подождите 60 с."
    ]


async def test_one_users_commands_are_answered_in_order(
    telegram: FakeTelegram, services: Services
) -> None:
    """Sent back to back, /lang zh is done before /start runs (and the account is made once)."""
    newcomer = telegram.user(603, "Wu", language_code="en")
    await telegram.send(newcomer, "/lang zh")
    await telegram.send(newcomer, "/start")
    (changed, hello) = await telegram.replies(603, 2)
    assert changed.text == "语言已设为中文。"
    assert hello.text.startswith("您好，Wu！")
