"""Assembling and running the Telegram transport: bot, dispatcher, commands, polling or webhook.

``fedrank run`` awaits :func:`run_transport` when ``FEDRANK_TELEGRAM_TOKEN`` is set. By default
the bot long-polls (no public address needed). With ``--webhook`` it serves Telegram's webhook
on aiohttp at ``FEDRANK_WEBHOOK_HOST:PORT`` under the path of ``FEDRANK_WEBHOOK_URL``, checks
``FEDRANK_WEBHOOK_SECRET`` on every request, and keeps the FSM state in Redis
(``FEDRANK_REDIS_URL``) so that several processes behind a load balancer share it; with Redis
the token's send budget and the chats' pacing are shared by every process on the token too
(:mod:`fedrank.bot.limits_redis`), polling or webhook.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from urllib.parse import urlsplit

from aiogram import Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.client.telegram import PRODUCTION, TelegramAPIServer
from aiogram.enums import ParseMode
from aiogram.fsm.storage.base import BaseStorage
from aiogram.fsm.storage.memory import MemoryStorage
from aiogram.fsm.storage.redis import RedisStorage
from aiogram.methods import Response, TelegramMethod
from aiogram.methods.base import TelegramType

from fedrank.bot.limits import Sharing, telegram_pacer
from fedrank.bot.limits import TelegramLimits as Limits
from fedrank.bot.limits_redis import redis_limits
from fedrank.bot.telegram.menus import (
    menu_refresher,
    register_commands,
    register_descriptions,
    start_link,
    sync_menus,
)
from fedrank.bot.telegram.middlewares import (
    ContextMiddleware,
    OneAtATimeMiddleware,
    Reachability,
    ThrottleLimits,
    ThrottlingMiddleware,
)
from fedrank.bot.telegram.routers import routers
from fedrank.config import ConfigError, Settings
from fedrank.handlers.context import Services
from fedrank.handlers.site.links import learn_bot_username

log = logging.getLogger(__name__)

DEFAULT_WEBHOOK_PATH = "/telegram"
# Updates handled at once by one polling process: about what the database pool can serve.
POLLING_CONCURRENCY = 16


class KeepResponseTypes(BaseRequestMiddleware):
    """Keeps aiogram's ``Response[T]`` models alive between requests.

    aiogram checks every answer with ``Response[method.__returning__]``; pydantic caches such
    parametrized models only weakly, so once garbage-collected each one is rebuilt, which
    costs milliseconds of CPU per request (measured with bench/tg_bot.py). Holding one strong
    reference per returned type makes every later request a cache hit.
    """

    def __init__(self) -> None:
        self._kept: dict[object, object] = {}

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        returning = method.__returning__
        if returning not in self._kept:
            self._kept[returning] = Response[returning]  # type: ignore[valid-type]
        return await make_request(bot, method)

    def held(self) -> dict[object, object]:
        return dict(self._kept)


def make_bot(
    token: str,
    services: Services,
    *,
    api_server: TelegramAPIServer | None = None,
    limits: Limits | None = None,
    reachability: Reachability | None = None,
    shared: Sharing | None = None,
) -> Bot:
    """A bot whose every chat-bound request goes through the pacer, in HTML parse mode; with
    ``shared`` (Redis) the pacer's budget and chats are those of every process on the token."""
    session = AiohttpSession(api=api_server or PRODUCTION)
    reach = reachability or Reachability(services)
    session.middleware(KeepResponseTypes())
    session.middleware(telegram_pacer(token, limits, on_forbidden=reach.mark, shared=shared))
    return Bot(
        token,
        session=session,
        # No link preview: a list's or a player's page link would bring a card taller than
        # the answer itself.
        default=DefaultBotProperties(parse_mode=ParseMode.HTML, link_preview_is_disabled=True),
    )


def make_dispatcher(
    services: Services,
    *,
    storage: BaseStorage | None = None,
    throttle: ThrottleLimits | None = None,
    reachability: Reachability | None = None,
) -> Dispatcher:
    """The dispatcher with the context and throttling middlewares and every feature router.

    On Redis storage, one user's updates are handled one at a time across every process that
    shares the Redis (aiogram's ``RedisEventIsolation``: a lock per chat and user), as the
    middleware below does within one process."""
    storage = storage or MemoryStorage()
    isolation = None
    if isinstance(storage, RedisStorage):
        isolation = storage.create_isolation()
    dp = Dispatcher(storage=storage, events_isolation=isolation)
    context = ContextMiddleware(services, reachability or Reachability(services))
    throttling = ThrottlingMiddleware(throttle)
    # On the update itself, before anything of ours can wait, so the order is the arrival's.
    dp.update.outer_middleware(OneAtATimeMiddleware())
    for observer in (dp.message, dp.callback_query):
        observer.outer_middleware(context)
        observer.outer_middleware(throttling)
    dp.include_routers(*routers())
    return dp


def make_storage(settings: Settings) -> BaseStorage:
    """Redis FSM storage when ``FEDRANK_REDIS_URL`` is set, else memory (one process only)."""
    if settings.redis_url is None:
        return MemoryStorage()
    storage: BaseStorage = RedisStorage.from_url(settings.redis_url)
    return storage


def webhook_path(settings: Settings) -> str:
    if settings.webhook_url is None:
        raise ConfigError("--webhook needs FEDRANK_WEBHOOK_URL (the public https address)")
    return urlsplit(settings.webhook_url).path or DEFAULT_WEBHOOK_PATH


async def run_transport(
    settings: Settings,
    services: Services,
    *,
    webhook: bool,
    api_server: TelegramAPIServer | None = None,
    limits: Limits | None = None,
    throttle: ThrottleLimits | None = None,
    stop: asyncio.Event | None = None,
    handle_signals: bool = False,
) -> None:
    """Serve Telegram until stopped (``stop`` set, cancellation, or with ``handle_signals``
    aiogram's own SIGTERM/SIGINT handling; ``fedrank run`` handles the signals itself, for
    every transport at once)."""
    if settings.telegram_token is None:
        raise ConfigError("FEDRANK_TELEGRAM_TOKEN is not set")
    token = settings.telegram_token.get_secret_value()
    if webhook:
        path = webhook_path(settings)
        if settings.webhook_secret is None:
            raise ConfigError("--webhook needs FEDRANK_WEBHOOK_SECRET (letters, digits, _ and -)")
        storage = make_storage(settings)
        if settings.redis_url is None:
            log.warning("webhook without FEDRANK_REDIS_URL: run a single process only")
    else:
        storage = MemoryStorage()
    if api_server is None and settings.telegram_api_url:
        api_server = TelegramAPIServer.from_base(settings.telegram_api_url)
    reachability = Reachability(services)
    bot = make_bot(
        token,
        services,
        api_server=api_server,
        limits=limits,
        reachability=reachability,
        shared=redis_limits(settings.redis_url),
    )
    dp = make_dispatcher(services, storage=storage, throttle=throttle, reachability=reachability)
    refresh = menu_refresher(bot, services)
    menus: asyncio.Task[int] | None = None
    try:
        me = await bot.me()
        if me.username:
            dp["start_link"] = await start_link(bot)
            learn_bot_username(me.username)  # the profiles' links, where none is configured
        await register_commands(bot)
        await register_descriptions(bot)
        services.role_listeners.append(refresh)
        menus = asyncio.create_task(sync_menus(bot, services))
        if webhook:
            await _serve_webhook(settings, services, bot, dp, path, stop)
        else:
            await bot.delete_webhook(drop_pending_updates=False)
            await _serve_polling(bot, dp, stop, handle_signals)
    finally:
        if refresh in services.role_listeners:
            services.role_listeners.remove(refresh)
        if menus is not None:
            menus.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await menus
        await storage.close()
        await bot.session.close()


async def _serve_polling(
    bot: Bot, dp: Dispatcher, stop: asyncio.Event | None, handle_signals: bool
) -> None:
    """Poll until ``stop`` is set or this is cancelled (``fedrank run`` stopping); either way
    polling is stopped through aiogram, so no request is left in flight on a closed session."""
    polling = asyncio.create_task(
        dp.start_polling(
            bot,
            handle_signals=handle_signals,
            close_bot_session=False,
            tasks_concurrency_limit=POLLING_CONCURRENCY,
        )
    )
    stopper = asyncio.create_task((stop or asyncio.Event()).wait())
    try:
        await asyncio.wait({polling, stopper}, return_when=asyncio.FIRST_COMPLETED)
    except asyncio.CancelledError:
        await _stop_polling(dp, polling)
        raise
    finally:
        stopper.cancel()
    if polling.done():
        polling.result()
        return
    await _stop_polling(dp, polling)


async def _stop_polling(dp: Dispatcher, polling: asyncio.Task[None]) -> None:
    try:
        await dp.stop_polling()
    except RuntimeError:  # stopped before polling had started
        polling.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await polling


async def _serve_webhook(
    settings: Settings,
    services: Services,
    bot: Bot,
    dp: Dispatcher,
    path: str,
    stop: asyncio.Event | None,
) -> None:
    from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
    from aiohttp import web

    from fedrank.web.app import add_service_routes
    from fedrank.web.guard import harden, listening, runner

    assert settings.webhook_url is not None and settings.webhook_secret is not None
    secret = settings.webhook_secret.get_secret_value()
    app = harden(web.Application())
    SimpleRequestHandler(
        dispatcher=dp, bot=bot, secret_token=secret, handle_in_background=True
    ).register(app, path=path)
    setup_application(app, dp, bot=bot)
    add_service_routes(app, services)  # /healthz and /metrics beside the webhook
    served = runner(app)
    await served.setup()
    try:
        async with listening(served, settings.webhook_host, settings.webhook_port):
            await bot.set_webhook(
                settings.webhook_url,
                secret_token=secret,
                allowed_updates=dp.resolve_used_update_types(),
            )
            log.info(
                "telegram webhook serving %s on %s:%s",
                path,
                settings.webhook_host,
                settings.webhook_port,
            )
            await (stop or asyncio.Event()).wait()
    finally:
        await served.cleanup()
