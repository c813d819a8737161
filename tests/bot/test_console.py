"""The console chat answers through the same handlers as the bots."""

import io

from fedrank.bot.console import run_console
from fedrank.bot.render import render_plain
from fedrank.handlers.context import Services
from fedrank.handlers.reply import Reply, Span
from tests.factories import seed_federation


async def test_console_session(services: Services) -> None:
    await seed_federation(services.db)
    stdin = io.StringIO("/rating RMF-001\n\n/fly\n/quit\n/help\n")
    stdout = io.StringIO()
    await run_console(
        services,
        user_id="operator",
        display_name="Operator",
        language="en",
        stdin=stdin,
        stdout=stdout,
        interactive=False,
    )
    out = stdout.getvalue()
    assert "Anna Ivanova (RMF-001)" in out
    assert "Rating: 750.5" in out
    assert "Unknown command /fly" in out
    assert "Commands:" not in out  # /quit stopped before /help


def test_plain_rendering_aligns_tables_and_shows_buttons() -> None:
    reply = (
        Reply().line(Span("Top", bold=True)).table(("#", "Player"), [("1", "张伟"), ("10", "Bo")])
    )
    reply.button("Confirm", "/confirm ab12")
    assert render_plain(reply).splitlines() == [
        "Top",
        "#   Player",
        "--  ------",
        "1   张伟",
        "10  Bo",
        "[Confirm] -> /confirm ab12",
    ]
