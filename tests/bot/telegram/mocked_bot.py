"""A Bot whose session records every request and answers it without a network, and builders of
the updates Telegram would send, for tests that feed the dispatcher directly
(``await dp.feed_update(bot, update)``), as aiogram's own test suite does.

A request is answered with the next prepared response (:meth:`MockedBot.add_result_for`), or
else as Telegram answers a successful call (a sent message comes back as a ``Message`` with a
new id); a method with no such answer must be prepared, so a test never passes on a guess.
"""

from __future__ import annotations

import itertools
import json
from collections import deque
from collections.abc import AsyncGenerator
from datetime import UTC, datetime
from typing import Any, TypeVar

from aiogram import Bot
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.base import BaseSession
from aiogram.enums import ParseMode
from aiogram.methods import (
    AnswerCallbackQuery,
    DeleteMyCommands,
    EditMessageReplyMarkup,
    EditMessageText,
    GetMe,
    SendChatAction,
    SendDocument,
    SendMessage,
    SendPhoto,
    SetMyCommands,
    SetMyDescription,
    SetMyShortDescription,
    TelegramMethod,
)
from aiogram.methods.base import Response
from aiogram.types import (
    CallbackQuery,
    Chat,
    InlineKeyboardMarkup,
    Message,
    MessageEntity,
    ResponseParameters,
    Update,
    User,
)

from tests.bot.telegram.fake_api import EntityError, parse_html

T = TypeVar("T")
M = TypeVar("M", bound=TelegramMethod[Any])

BOT_ID = 42
TOKEN = f"{BOT_ID}:TEST"
NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


class MockedSession(BaseSession):
    """Records each request; answers with a prepared response or Telegram's usual success."""

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[TelegramMethod[Any]] = []
        self.sent: list[Message] = []
        self.responses: deque[tuple[type[TelegramMethod[Any]], Response[Any]]] = deque()
        self._message_ids = itertools.count(5000)

    async def make_request(
        self,
        bot: Bot,
        method: TelegramMethod[T],
        timeout: int | None = None,  # noqa: ASYNC109 (BaseSession's signature)
    ) -> T:
        self.requests.append(method)
        if self.responses and isinstance(method, self.responses[0][0]):
            content = self.responses.popleft()[1].model_dump_json()
            status = json.loads(content).get("error_code") or 200
        else:
            try:
                content = json.dumps({"ok": True, "result": self._success(method)})
                status = 200
            except EntityError as exc:  # what Telegram says of HTML it cannot parse
                description = f"Bad Request: can't parse entities: {exc}"
                content = json.dumps({"ok": False, "error_code": 400, "description": description})
                status = 400
        result = self.check_response(bot=bot, method=method, status_code=status, content=content)
        if isinstance(result.result, Message) and not isinstance(method, EditMessageText):
            self.sent.append(result.result)
        return result.result  # type: ignore[no-any-return]

    def _success(self, method: TelegramMethod[Any]) -> Any:
        if isinstance(method, SendMessage):
            return self._message(method.chat_id, method.reply_markup, **_text(method.text))
        if isinstance(method, SendDocument | SendPhoto):
            content: dict[str, Any] = (
                {"document": {"file_id": "document", "file_unique_id": "document"}}
                if isinstance(method, SendDocument)
                else {"photo": [{"file_id": "p", "file_unique_id": "p", "width": 1, "height": 1}]}
            )
            if method.caption:
                content.update(_text(method.caption, "caption"))
            return self._message(method.chat_id, method.reply_markup, **content)
        if isinstance(method, EditMessageText):
            assert method.chat_id is not None and method.message_id is not None
            return self._message(
                method.chat_id, method.reply_markup, method.message_id, **_text(method.text)
            )
        if isinstance(
            method,
            EditMessageReplyMarkup
            | AnswerCallbackQuery
            | SendChatAction
            | SetMyCommands
            | DeleteMyCommands
            | SetMyDescription
            | SetMyShortDescription,
        ):
            return True
        if isinstance(method, GetMe):
            return bot_user().model_dump(exclude_none=True)
        raise AssertionError(f"prepare a response for {type(method).__name__}")

    def _message(
        self, chat_id: int | str, markup: Any, message_id: int | None = None, **content: Any
    ) -> dict[str, Any]:
        message: dict[str, Any] = {
            "message_id": message_id or next(self._message_ids),
            "date": int(NOW.timestamp()),
            "chat": _chat(chat_id).model_dump(exclude_none=True),
            "from": bot_user().model_dump(exclude_none=True),
            **content,
        }
        if isinstance(markup, InlineKeyboardMarkup):
            message["reply_markup"] = markup.model_dump(exclude_none=True)
        return message

    async def close(self) -> None:
        return None

    async def stream_content(
        self,
        url: str,
        headers: dict[str, Any] | None = None,
        timeout: int = 30,  # noqa: ASYNC109 (BaseSession's signature)
        chunk_size: int = 65536,
        raise_for_status: bool = True,
    ) -> AsyncGenerator[bytes, None]:
        raise AssertionError("no file downloads in dispatcher tests")
        yield b""  # an async generator, as the base class declares


def _text(html: str, key: str = "text") -> dict[str, Any]:
    """Telegram keeps the text without tags, and the tags as entities."""
    text, entities = parse_html(html)
    content: dict[str, Any] = {key: text}
    if entities:
        content["entities" if key == "text" else f"{key}_entities"] = entities
    return content


class MockedBot(Bot):
    """The bot the dispatcher answers through, in HTML parse mode as fedrank's own."""

    session: MockedSession

    def __init__(self) -> None:
        super().__init__(
            TOKEN,
            session=MockedSession(),
            default=DefaultBotProperties(parse_mode=ParseMode.HTML),
        )
        self._me = bot_user()

    def add_result_for(
        self,
        method: type[TelegramMethod[Any]],
        *,
        ok: bool,
        result: Any = None,
        description: str | None = None,
        error_code: int = 200,
        retry_after: int | None = None,
    ) -> None:
        """The answer to the next request of ``method`` (an error when ``ok`` is false)."""
        response = Response[method.__returning__](  # type: ignore[name-defined]
            ok=ok,
            result=result,
            description=description,
            error_code=error_code,
            parameters=ResponseParameters(retry_after=retry_after) if retry_after else None,
        )
        self.session.responses.append((method, response))

    def requests(self, kind: type[M]) -> list[M]:
        """The requests of one method, in the order they were made."""
        return [r for r in self.session.requests if isinstance(r, kind)]

    def sent_to(self, chat_id: int) -> list[Message]:
        """The messages Telegram accepted for ``chat_id`` (plain text and entities)."""
        return [m for m in self.session.sent if m.chat.id == chat_id]

    def forget(self) -> None:
        """Start the next step of a conversation with nothing recorded."""
        self.session.requests.clear()
        self.session.sent.clear()


def bot_user() -> User:
    return User(id=BOT_ID, is_bot=True, first_name="fedrank", username="fedrank_bot")


def _chat(chat_id: int | str) -> Chat:
    chat = int(chat_id)
    return Chat(id=chat, type="private" if chat > 0 else "supergroup")


# --- updates as Telegram sends them ---------------------------------------------------------

_update_ids = itertools.count(1)
_message_ids = itertools.count(1)


def person(user_id: int, first_name: str, *, language_code: str | None = "en") -> User:
    return User(id=user_id, is_bot=False, first_name=first_name, language_code=language_code)


def message(
    sender: User, text: str, *, chat_id: int | None = None, message_id: int | None = None
) -> Update:
    """A text message from ``sender`` in his private chat, or in the group ``chat_id``."""
    head = text.split(maxsplit=1)[0] if text else ""
    entities = (
        [MessageEntity(type="bot_command", offset=0, length=len(head))]
        if head.startswith("/")
        else None
    )
    return Update(
        update_id=next(_update_ids),
        message=Message(
            message_id=message_id or next(_message_ids),
            date=NOW,
            chat=_chat(chat_id if chat_id is not None else sender.id),
            from_user=sender,
            text=text,
            entities=entities,
        ),
    )


def press(sender: User, on: Message, data: str) -> Update:
    """``sender`` presses the button ``data`` under ``on``, a message the bot sent."""
    return Update(
        update_id=next(_update_ids),
        callback_query=CallbackQuery(
            id=f"query-{next(_update_ids)}",
            from_user=sender,
            chat_instance="instance",
            message=on,
            data=data,
        ),
    )
