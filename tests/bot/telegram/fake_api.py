"""A fake Telegram Bot API server on 127.0.0.1 for end-to-end tests and the bench.

It speaks enough of the Bot API for the real aiogram ``Bot`` and ``Dispatcher``: getMe,
getUpdates (long polling), setWebhook/deleteWebhook (then updates are POSTed to the webhook
with the secret header), sendMessage, sendDocument, sendPhoto, editMessageText,
editMessageReplyMarkup, answerCallbackQuery, setMyCommands, deleteMyCommands, setMyDescription,
setMyShortDescription, sendChatAction, getFile and file download.
Like Telegram it parses the HTML of every message (so a tag that was not escaped becomes an
entity, and malformed HTML is refused with 400), refuses texts over 4,096 characters, and
answers 429 (with ``retry_after``) or 403 (blocked by the user) on demand.

Tests drive it as users would: :meth:`FakeTelegram.send` a message or a document,
:meth:`FakeTelegram.press` a button, and wait for what the bot delivered. ``python -m
tests.bot.telegram.fake_api --port N`` runs it alone, with ``/_control/*`` endpoints the bench
uses from another process.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import aiohttp
from aiohttp import web

TOKEN = "123456:TEST-token"
BOT_ID = 123456
BOT_USERNAME = "fedrank_test_bot"
LIMIT = 4096
ENTITY_TAGS = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "s": "strikethrough",
    "code": "code",
    "pre": "pre",
    "a": "text_link",
}


class EntityError(ValueError):
    pass


def utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


class _TelegramHTML(HTMLParser):
    """Telegram's HTML parse mode: a few tags become entities, anything else is an error."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text = ""
        self.entities: list[dict[str, Any]] = []
        self.open: list[tuple[str, int]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ENTITY_TAGS:
            raise EntityError(f'Unsupported start tag "{tag}"')
        self.open.append((tag, utf16(self.text)))

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1][0] != tag:
            raise EntityError(f'Unmatched end tag "{tag}"')
        _, start = self.open.pop()
        length = utf16(self.text) - start
        if length:
            self.entities.append({"type": ENTITY_TAGS[tag], "offset": start, "length": length})

    def handle_data(self, data: str) -> None:
        self.text += data


def parse_html(html: str) -> tuple[str, list[dict[str, Any]]]:
    """(plain text, entities) as Telegram would make them, or EntityError."""
    parser = _TelegramHTML()
    parser.feed(html)
    parser.close()
    if parser.open:
        raise EntityError(f'Can\'t find end tag corresponding to start tag "{parser.open[-1][0]}"')
    return parser.text, sorted(parser.entities, key=lambda e: (e["offset"], -e["length"]))


@dataclass
class Call:
    method: str
    params: dict[str, Any]
    status: int


@dataclass
class Delivered:
    """A message the bot got through to a chat (its latest state after edits)."""

    method: str
    chat_id: int
    message: dict[str, Any]
    html: str
    edits: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return str(self.message.get("text") or self.message.get("caption") or "")

    @property
    def buttons(self) -> list[tuple[str, str]]:
        markup = self.message.get("reply_markup") or {}
        return [
            (b["text"], b["callback_data"])
            for row in markup.get("inline_keyboard", [])
            for b in row
        ]


@dataclass
class Failure:
    method: str
    chat_id: int | None
    status: int
    retry_after: int
    times: int


JSON_FIELDS = {
    "reply_markup",
    "commands",
    "scope",
    "reply_parameters",
    "allowed_updates",
    "link_preview_options",
    "entities",
    "caption_entities",
}


class FakeTelegram:
    def __init__(self, *, token: str = TOKEN) -> None:
        self.token = token
        self.bot_user = {
            "id": BOT_ID,
            "is_bot": True,
            "first_name": "fedrank",
            "username": BOT_USERNAME,
        }
        self.calls: list[Call] = []
        self.delivered: list[Delivered] = []
        self.callback_answers: list[dict[str, Any]] = []
        self.commands: dict[str, list[dict[str, Any]]] = {}
        # Menus of one chat (BotCommandScopeChat), by chat id and language ("" for none).
        self.chat_commands: dict[tuple[int, str], list[dict[str, Any]]] = {}
        self.descriptions: dict[str, str] = {}
        self.short_descriptions: dict[str, str] = {}
        self.webhook: dict[str, Any] | None = None
        self.blocked: set[int] = set()
        self.failures: list[Failure] = []
        self.chats: dict[int, dict[str, Any]] = {}
        self._updates: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._message_ids = itertools.count(1000)
        self._file_ids = itertools.count(1)
        self._files: dict[str, tuple[str, bytes]] = {}
        # Set to an HTTP status to make the file host fail every download with it.
        self.file_status: int | None = None
        self._by_id: dict[tuple[int, int], Delivered] = {}
        self._changed = asyncio.Condition()
        self._client: aiohttp.ClientSession | None = None
        self._closing = False
        self._runner: web.AppRunner | None = None
        self.port = 0
        app = web.Application(client_max_size=50_000_000)
        app.router.add_post("/bot{token}/{method}", self._api)
        app.router.add_get("/file/bot{token}/{path:.*}", self._file)
        app.router.add_post("/_control/push", self._control_push)
        app.router.add_get("/_control/stats", self._control_stats)
        self.app = app

    # -- running ------------------------------------------------------------------------------

    async def start(self, port: int = 0) -> None:
        self._runner = web.AppRunner(self.app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        addresses = self._runner.addresses
        self.port = int(addresses[0][1])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def close(self) -> None:
        async with self._changed:
            self._closing = True
            self._changed.notify_all()
        if self._client is not None:
            await self._client.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # -- failures on demand ------------------------------------------------------------------

    def fail(
        self,
        method: str,
        *,
        chat_id: int | None = None,
        status: int = 429,
        retry_after: int = 1,
        times: int = 1,
    ) -> None:
        """The next ``times`` calls of ``method`` (to ``chat_id``) fail with ``status``."""
        self.failures.append(Failure(method, chat_id, status, retry_after, times))

    def block(self, user_id: int) -> None:
        """The user blocked the bot: every send to him answers 403."""
        self.blocked.add(user_id)

    # -- users' side -------------------------------------------------------------------------

    @staticmethod
    def user(
        user_id: int, first_name: str, *, last_name: str = "", language_code: str = "en"
    ) -> dict[str, Any]:
        user: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": first_name}
        if last_name:
            user["last_name"] = last_name
        if language_code:
            user["language_code"] = language_code
        return user

    def group(self, chat_id: int, title: str) -> dict[str, Any]:
        chat = {"id": chat_id, "type": "supergroup", "title": title}
        self.chats[chat_id] = chat
        return chat

    def _private(self, user: dict[str, Any]) -> dict[str, Any]:
        chat = {"id": user["id"], "type": "private", "first_name": user["first_name"]}
        self.chats.setdefault(user["id"], chat)
        return chat

    def _chat(self, chat_id: int) -> dict[str, Any]:
        return self.chats.get(chat_id) or {
            "id": chat_id,
            "type": "private" if chat_id > 0 else "supergroup",
            **({"first_name": "user"} if chat_id > 0 else {"title": "group"}),
        }

    def add_file(self, filename: str, content: bytes) -> dict[str, Any]:
        number = next(self._file_ids)
        file_id = f"FILE{number}"
        self._files[file_id] = (f"documents/file_{number}_{filename}", content)
        return {
            "file_id": file_id,
            "file_unique_id": f"U{number}",
            "file_name": filename,
            "file_size": len(content),
        }

    def message_update(
        self,
        user: dict[str, Any],
        text: str | None = None,
        *,
        chat: dict[str, Any] | None = None,
        document: tuple[str, bytes] | None = None,
        caption: str | None = None,
        thread: int | None = None,
    ) -> dict[str, Any]:
        message: dict[str, Any] = {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": chat or self._private(user),
            "from": user,
        }
        if thread is not None:  # a message in a forum topic
            message["message_thread_id"] = thread
            message["is_topic_message"] = True
        if text is not None:
            message["text"] = text
            if text.startswith("/"):
                length = utf16(text.split(maxsplit=1)[0])
                message["entities"] = [{"type": "bot_command", "offset": 0, "length": length}]
        if document is not None:
            message["document"] = self.add_file(*document)
            if caption is not None:
                message["caption"] = caption
        return {"update_id": next(self._update_ids), "message": message}

    async def send(
        self,
        user: dict[str, Any],
        text: str | None = None,
        *,
        chat: dict[str, Any] | None = None,
        document: tuple[str, bytes] | None = None,
        caption: str | None = None,
        thread: int | None = None,
    ) -> int:
        """A user writes to the bot (in forum topic ``thread``); returns the new update's id."""
        update = self.message_update(
            user, text, chat=chat, document=document, caption=caption, thread=thread
        )
        await self.push(update)
        return int(update["update_id"])

    async def press(self, user: dict[str, Any], delivered: Delivered, data: str) -> str:
        """A user presses the button with callback ``data`` under a message the bot sent."""
        assert data in [d for _, d in delivered.buttons], (data, delivered.buttons)
        query_id = f"CQ{next(self._update_ids)}"
        update = {
            "update_id": next(self._update_ids),
            "callback_query": {
                "id": query_id,
                "from": user,
                "chat_instance": "ci1",
                "message": delivered.message,
                "data": data,
            },
        }
        await self.push(update)
        return query_id

    async def push(self, update: dict[str, Any]) -> None:
        if self.webhook is not None:
            if self._client is None:
                self._client = aiohttp.ClientSession()
            headers = {"X-Telegram-Bot-Api-Secret-Token": self.webhook.get("secret_token", "")}
            async with self._client.post(self.webhook["url"], json=update, headers=headers) as resp:
                resp.raise_for_status()
            return
        async with self._changed:
            self._updates.append(update)
            self._changed.notify_all()

    # -- waiting for the bot -----------------------------------------------------------------

    async def wait_for(self, predicate: Callable[[], Any], within: float = 15.0) -> Any:
        async def until() -> Any:
            async with self._changed:
                while not (result := predicate()):
                    await self._changed.wait()
                return result

        return await asyncio.wait_for(until(), within)

    def to_chat(self, chat_id: int) -> list[Delivered]:
        return [d for d in self.delivered if d.chat_id == chat_id]

    async def replies(
        self, chat_id: int, count: int = 1, *, after: int = 0, within: float = 15.0
    ) -> list[Delivered]:
        """Wait until the chat has ``count`` new messages beyond the first ``after``."""

        def ready() -> list[Delivered] | None:
            found = self.to_chat(chat_id)[after:]
            return found if len(found) >= count else None

        found: list[Delivered] = await self.wait_for(ready, within)
        return found

    async def settle(self, quiet: float = 0.3) -> None:
        """Wait until nothing new was called for ``quiet`` seconds."""
        while True:
            before = len(self.calls)
            await asyncio.sleep(quiet)
            if len(self.calls) == before:
                return

    def file_content(self, file_id: str) -> bytes:
        return self._files[file_id][1]

    def calls_of(self, method: str) -> list[Call]:
        return [c for c in self.calls if c.method == method]

    # -- the API -----------------------------------------------------------------------------

    @staticmethod
    def _error(status: int, description: str, **parameters: Any) -> web.Response:
        body: dict[str, Any] = {"ok": False, "error_code": status, "description": description}
        if parameters:
            body["parameters"] = parameters
        return web.json_response(body, status=status)

    @staticmethod
    def _ok(result: Any) -> web.Response:
        return web.json_response({"ok": True, "result": result})

    async def _params(
        self, request: web.Request
    ) -> tuple[dict[str, Any], dict[str, tuple[str, bytes]]]:
        params: dict[str, Any] = {}
        files: dict[str, tuple[str, bytes]] = {}
        if request.content_type == "application/json":
            params = dict(await request.json())
            return params, files
        form = await request.post()
        for key, value in form.items():
            if isinstance(value, web.FileField):
                files[key] = (value.filename, value.file.read())
            elif key in JSON_FIELDS:
                params[key] = json.loads(str(value))
            else:
                params[key] = str(value)
        return params, files

    def _failure(self, method: str, chat_id: int | None) -> Failure | None:
        for failure in self.failures:
            if (
                failure.method == method
                and failure.chat_id in (None, chat_id)
                and failure.times > 0
            ):
                failure.times -= 1
                return failure
        return None

    async def _api(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        if request.match_info["token"] != self.token:
            return self._error(401, "Unauthorized")
        params, files = await self._params(request)
        if method == "getUpdates":
            return await self._get_updates(params)
        chat_id = int(params["chat_id"]) if "chat_id" in params else None
        response = self._answer(method, params, files, chat_id)
        async with self._changed:
            self.calls.append(Call(method, params, response.status))
            self._changed.notify_all()
        return response

    def _answer(
        self,
        method: str,
        params: dict[str, Any],
        files: dict[str, tuple[str, bytes]],
        chat_id: int | None,
    ) -> web.Response:
        failure = self._failure(method, chat_id)
        if failure is not None:
            if failure.status == 429:
                return self._error(
                    429,
                    f"Too Many Requests: retry after {failure.retry_after}",
                    retry_after=failure.retry_after,
                )
            return self._error(failure.status, "Forced failure")
        if chat_id is not None and chat_id in self.blocked:
            return self._error(403, "Forbidden: bot was blocked by the user")
        handler = getattr(self, f"_m_{method}", None)
        if handler is None:
            return self._error(404, "Not Found: method not found")
        try:
            result = handler(params, files)
        except EntityError as exc:
            return self._error(400, f"Bad Request: can't parse entities: {exc}")
        except ValueError as exc:
            return self._error(400, f"Bad Request: {exc}")
        return self._ok(result)

    async def _get_updates(self, params: dict[str, Any]) -> web.Response:
        if self.webhook is not None:
            return self._error(409, "Conflict: can't use getUpdates method while webhook is active")
        offset = int(params.get("offset", 0))
        timeout = float(params.get("timeout", 0))
        limit = int(params.get("limit", 100))

        def pending() -> list[dict[str, Any]]:
            return [u for u in self._updates if u["update_id"] >= offset]

        async with self._changed:
            self._updates = pending()
            if not self._updates and timeout > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(
                        self._changed.wait_for(lambda: pending() or self._closing), timeout
                    )
            return self._ok(pending()[:limit])

    def _message(self, chat_id: int, **content: Any) -> dict[str, Any]:
        return {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": self._chat(chat_id),
            "from": self.bot_user,
            **content,
        }

    def _text_content(self, html: str, key: str = "text") -> dict[str, Any]:
        text, entities = parse_html(html)
        if key == "text" and not text.strip():
            raise ValueError("message text is empty")
        if utf16(text) > (LIMIT if key == "text" else 1024):
            raise ValueError(f"message {'caption' if key != 'text' else 'text'} is too long")
        out: dict[str, Any] = {key: text}
        if entities:
            out[f"{key}_entities" if key != "text" else "entities"] = entities
        return out

    def _deliver(
        self, method: str, chat_id: int, message: dict[str, Any], html: str
    ) -> dict[str, Any]:
        record = Delivered(method, chat_id, message, html)
        self.delivered.append(record)
        self._by_id[(chat_id, message["message_id"])] = record
        return message

    def _m_getMe(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        return self.bot_user

    def _m_setMyCommands(self, params: dict[str, Any], files: Any) -> bool:
        scope = params.get("scope") or {"type": "default"}
        if scope["type"] == "chat":
            key = (int(scope["chat_id"]), params.get("language_code", ""))
            self.chat_commands[key] = params["commands"]
        else:
            self.commands[params.get("language_code", "")] = params["commands"]
        return True

    def _m_deleteMyCommands(self, params: dict[str, Any], files: Any) -> bool:
        scope = params.get("scope") or {"type": "default"}
        if scope["type"] == "chat":
            self.chat_commands.pop((int(scope["chat_id"]), params.get("language_code", "")), None)
        else:
            self.commands.pop(params.get("language_code", ""), None)
        return True

    def _m_setMyDescription(self, params: dict[str, Any], files: Any) -> bool:
        self.descriptions[params.get("language_code", "")] = params["description"]
        return True

    def _m_setMyShortDescription(self, params: dict[str, Any], files: Any) -> bool:
        self.short_descriptions[params.get("language_code", "")] = params["short_description"]
        return True

    def _m_sendChatAction(self, params: dict[str, Any], files: Any) -> bool:
        return True

    def _m_deleteWebhook(self, params: dict[str, Any], files: Any) -> bool:
        self.webhook = None
        return True

    def _m_setWebhook(self, params: dict[str, Any], files: Any) -> bool:
        self.webhook = params
        return True

    def _markup(self, params: dict[str, Any]) -> dict[str, Any]:
        markup = params.get("reply_markup")
        if markup is None:
            return {}
        for row in markup.get("inline_keyboard", []):
            for button in row:
                if len(button.get("callback_data", "").encode()) > 64:
                    raise ValueError("BUTTON_DATA_INVALID")
        return {"reply_markup": markup}

    def _m_sendMessage(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        chat_id = int(params["chat_id"])
        html = params["text"] if params.get("parse_mode") == "HTML" else None
        content = self._text_content(html) if html is not None else {"text": params["text"]}
        message = self._message(chat_id, **content, **self._markup(params))
        return self._deliver("sendMessage", chat_id, message, html or params["text"])

    def _file_message(
        self, method: str, key: str, params: dict[str, Any], files: dict[str, tuple[str, bytes]]
    ) -> dict[str, Any]:
        chat_id = int(params["chat_id"])
        reference = str(params.get(key, ""))
        upload = reference.removeprefix("attach://") if reference.startswith("attach://") else key
        if upload not in files:
            raise ValueError(f"there is no file in the request for {key}")
        filename, content = files[upload]
        meta = self.add_file(filename, content)
        caption = params.get("caption", "")
        extra = self._text_content(caption, "caption") if caption else {}
        if key == "photo":
            media: Any = [
                {
                    **{k: meta[k] for k in ("file_id", "file_unique_id", "file_size")},
                    "width": 1,
                    "height": 1,
                }
            ]
        else:
            media = meta
        message = self._message(chat_id, **{key: media}, **extra, **self._markup(params))
        return self._deliver(method, chat_id, message, caption)

    def _m_sendDocument(
        self, params: dict[str, Any], files: dict[str, tuple[str, bytes]]
    ) -> dict[str, Any]:
        return self._file_message("sendDocument", "document", params, files)

    def _m_sendPhoto(
        self, params: dict[str, Any], files: dict[str, tuple[str, bytes]]
    ) -> dict[str, Any]:
        return self._file_message("sendPhoto", "photo", params, files)

    def _edited(self, params: dict[str, Any]) -> Delivered:
        key = (int(params["chat_id"]), int(params["message_id"]))
        if key not in self._by_id:
            raise ValueError("message to edit not found")
        return self._by_id[key]

    def _m_editMessageText(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        record = self._edited(params)
        content = self._text_content(params["text"])
        markup = self._markup(params)
        if content["text"] == record.message.get("text") and markup.get(
            "reply_markup"
        ) == record.message.get("reply_markup"):
            raise ValueError("message is not modified")
        record.message = {
            k: v for k, v in record.message.items() if k not in ("entities", "reply_markup")
        }
        record.message.update(content, **markup)
        record.edits.append(params["text"])
        record.html = params["text"]
        return record.message

    def _m_editMessageReplyMarkup(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        record = self._edited(params)
        record.message = {k: v for k, v in record.message.items() if k != "reply_markup"}
        record.message.update(self._markup(params))
        return record.message

    def _m_answerCallbackQuery(self, params: dict[str, Any], files: Any) -> bool:
        self.callback_answers.append(params)
        return True

    def _m_getFile(self, params: dict[str, Any], files: Any) -> dict[str, Any]:
        file_id = params["file_id"]
        if file_id not in self._files:
            raise ValueError("invalid file_id")
        path, content = self._files[file_id]
        return {
            "file_id": file_id,
            "file_unique_id": f"U{file_id}",
            "file_size": len(content),
            "file_path": path,
        }

    async def _file(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.Response(status=401)
        if self.file_status is not None:
            return web.Response(status=self.file_status)
        for path, content in self._files.values():
            if path == request.match_info["path"]:
                return web.Response(body=content)
        return web.Response(status=404)

    # -- control, for the bench in another process --------------------------------------------

    async def _control_push(self, request: web.Request) -> web.Response:
        """Body: a JSON list of [user_id, text]; each becomes a private message update."""
        items = await request.json()
        async with self._changed:
            for user_id, text in items:
                user = self.user(int(user_id), f"User {user_id}")
                self._updates.append(self.message_update(user, str(text)))
            self._changed.notify_all()
        return self._ok(len(items))

    async def _control_stats(self, request: web.Request) -> web.Response:
        return self._ok({"delivered": len(self.delivered), "calls": len(self.calls)})


async def _serve(port: int) -> None:
    fake = FakeTelegram()
    await fake.start(port)
    print(f"fake Telegram Bot API on {fake.url}", flush=True)
    await asyncio.Event().wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--port", type=int, default=8081)
    args = parser.parse_args()
    asyncio.run(_serve(args.port))


if __name__ == "__main__":
    main()
