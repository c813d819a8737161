"""The build's fast paths write what the slow, obvious way writes: each is compared here with
the code it stands in for, on edge cases (escaping, depth, Chinese names, bidi controls)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from jinja2 import DictLoader, Environment, StrictUndefined, UndefinedError, pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from sqlalchemy import select

from fedrank.handlers.context import Services
from fedrank.handlers.site import live, paging, paths
from fedrank.handlers.site.jsonrows import ENCODER, history_json, list_rows_json
from fedrank.handlers.site.pages import page_json
from fedrank.handlers.wording.languages import LANGUAGES
from fedrank.storage.models import ListRow, ListSnapshot
from fedrank.web import site_rows
from fedrank.web.site_render import PageEnvironment, PlainCallContext, Renderer
from tests.web.sitedata import seed_site

#: Page paths at every depth, with names that need quoting or escaping.
PAGES = [
    paths.INDEX,
    paths.player("BIG", "X&Y<1>"),
    paths.player("RU", "игрок\u202e'\""),
    paths.player("ZH", "张伟"),
    paths.archive("BIG", "go"),
    paths.list_page("BIG", "go", date(2025, 1, 1)),
    "BIG/go/2025-01-01/page-2.html",
    paths.tournament("ZH", "围棋", "a/b"),
]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("kind", ["head", "nav"])
def test_links_to_the_other_copies_are_the_folders_with_the_name(page: str, kind: str) -> None:
    renderer = Renderer({"BIG": "en", "RU": "ru", "ZH": "zh"}, "uk")
    for language in LANGUAGES:
        here = renderer.path(page, language)
        table: dict[tuple[object, ...], bytes] = {}
        # twice: the second from what the first kept for the folder
        for _ in range(2):
            fast = renderer._alternates(kind, page, language, table)
            slow = renderer._resolve((kind,), {"page": page}, language, here).encode()
            assert fast == slow
        # another page of the same folder, through the same table
        other = page.rpartition("/")[0] + ("/" if "/" in page else "") + "other%26.html"
        assert (
            renderer._alternates(kind, other, language, table)
            == renderer._resolve(
                (kind,), {"page": other}, language, renderer.path(other, language)
            ).encode()
        )


#: Texts the encoder escapes or keeps as they are: markup, quotes, a backslash, control
#: characters, bidi controls, Chinese, a NUL.
NASTY = [
    "<script>alert(1)</script>",
    'a"b\\c',
    "tab\tnew\nline\x01\x1f\x7f",
    "\u202eevil\u202c\u2066x\u2069",
    "李小龙",
    "\x00rows-0",
    "",
]


def _list_row(i: int, text: str, **changes: Any) -> dict[str, Any]:
    row: dict[str, Any] = {
        "id": f"P{i}{text}",
        "name": text,
        "page": f"F/players/P{i}.html",
        "api": f"api/v1/F/players/P{i}{text}.json",
        "position": i + 1,
        "rating": "2100.5",
        "title": text or None,
        "new": i % 2 == 0,
        "moved": None if i % 3 == 0 else i - 3,
        "rating_change": None if i % 3 == 0 else f"-{i}.5",
    }
    row.update(changes)
    return row


def _history_row(i: int, text: str, **changes: Any) -> dict[str, Any]:
    row: dict[str, Any] = {
        "date": "2025-01-01",
        "until": None if i % 2 else "2025-03-01",
        "position": i,
        "size": 20000,
        "rating": text or "0",
        "title": text or None,
    }
    row.update(changes)
    return row


#: Rows the fast path must leave to the encoder: another shape, another type.
ODD_LIST_ROWS = [
    _list_row(1, "x", position=True),
    _list_row(2, "x", new=1),
    _list_row(3, "x", moved=2.0),
    _list_row(4, "x", extra="?"),
    {"id": "P5", "name": "short"},
]
ODD_HISTORY_ROWS = [
    _history_row(1, "x", size=False),
    _history_row(2, "x", position=None),
    _history_row(3, "x", until=5),
    _history_row(4, "x", more=[1]),
]


def _pages(rows: list[dict[str, Any]], history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    section = {"code": "go", "name": NASTY[0], "current": history[-1] if history else None}
    return [
        {"kind": "list", "page": "F/go/2025-01-01.html", "date": "2025-01-01", "rows": rows},
        {"kind": "list", "page": "F/go/2025-01-01.html", "rows": "not a list"},
        {"kind": "list", "page": "x"},
        {
            "kind": "player",
            "page": "F/players/P1.html",
            "player": {"name": NASTY[3], "id": "P1"},
            "disciplines": [
                {**section, "history": history},
                {**section, "history": []},
                {**section, "history": None},
                {**section},
            ],
        },
        {"kind": "player", "page": "F/players/P2.html", "disciplines": "?"},
        {"kind": "index", "rows": rows, "history": history},
    ]


def test_rows_written_by_hand_are_the_encoders_bytes() -> None:
    rows = [_list_row(i, text) for i, text in enumerate(NASTY)]
    history = [_history_row(i, text) for i, text in enumerate(NASTY)]
    assert list_rows_json(rows) == ENCODER.encode(rows)
    assert history_json(history) == ENCODER.encode(history)
    assert list_rows_json([]) == history_json([]) == "[]"
    lone = [_list_row(1, "\ud800")]  # a lone surrogate: the same text (not UTF-8 for either)
    assert list_rows_json(lone) == ENCODER.encode(lone)
    assert list_rows_json(rows + ODD_LIST_ROWS) == ENCODER.encode(rows + ODD_LIST_ROWS)
    assert history_json(history + ODD_HISTORY_ROWS) == ENCODER.encode(history + ODD_HISTORY_ROWS)
    for page in _pages(rows + ODD_LIST_ROWS, history + ODD_HISTORY_ROWS) + _pages([], []):
        assert page_json(page) == ENCODER.encode(page).encode()


def test_kept_json_texts_are_the_encoders_bytes_on_every_later_call() -> None:
    """A player's part of a list row and the texts of dates, figures and titles are kept
    once written: a later row with the same values, or with one of them changed (the
    player renamed, a number or a list in a figure's place), is still the encoder's."""
    rows = [_list_row(i, text) for i, text in enumerate(NASTY)]
    history = [_history_row(i, text) for i, text in enumerate(NASTY)]
    assert list_rows_json(rows) == list_rows_json(rows) == ENCODER.encode(rows)
    assert history_json(history) == history_json(history) == ENCODER.encode(history)
    later = [
        {**rows[1], "name": "renamed"},
        {**rows[1], "moved": 0, "new": True},
        {**rows[1], "rating": 2100},
        {**rows[1], "title": ["x"]},
        {**rows[1], "position": True},
        {**rows[1], "rating_change": None, "title": None},
        {**rows[1], "id": 5},
    ]
    assert list_rows_json(later) == ENCODER.encode(later)
    again = [
        {**history[1], "date": "2025-03-01", "until": "2025-01-01"},
        {**history[1], "rating": 1},
        {**history[1], "title": "2100.5"},
        {**history[1], "size": None, "until": ""},
    ]
    assert history_json(again) == ENCODER.encode(again)


def test_a_value_the_encoder_refuses_is_refused_alike() -> None:
    for page in _pages([_list_row(1, "x", rating=Decimal(1))], [_history_row(1, "x")]):
        if page["kind"] == "list" and type(page.get("rows")) is list:
            with pytest.raises(TypeError):
                ENCODER.encode(page)
            with pytest.raises(TypeError):
                page_json(page)


async def test_every_page_of_the_test_site_is_the_encoders_bytes(services: Services) -> None:
    await seed_site(services.db)
    pages = [page async for page in live.all_pages(services)]
    assert {page["kind"] for page in pages} == {
        "index",
        "federation",
        "players",
        "archive",
        "list",
        "tournament",
        "player",
    }
    for page in pages:
        assert page_json(page) == ENCODER.encode(page).encode()


def test_a_plain_function_is_called_as_jinja_calls_it() -> None:
    source = (
        "{% extends base %}{% block b %}{% for x in xs %}{{ plain(x, k=x) }}|{{ lam(x) }}|"
        "{{ ctx(x) }}|{{ marked(x) }}|{{ obj(x) }}|{{ method(x) }}|{{ stop() }}|{% endfor %}"
        "{{ plain('<b>') }}{% endblock %}"
    )

    def plain(x: object, k: object = None) -> str:
        return f"p{x}{k}"

    def marked(x: object) -> str:
        return f"m{x}"

    marked.note = "an attribute: Jinja's own path"  # type: ignore[attr-defined]

    def stop() -> str:
        raise StopIteration

    class Callable:
        def __call__(self, x: object) -> str:
            return f"o{x}"

        def method(self, x: object) -> str:
            return f"b{x}"

    names = {
        "xs": [1, "<i>"],
        "plain": plain,
        "lam": lambda x: f"l{x}",
        "ctx": pass_context(lambda context, x: f"c{x}{context['xs'][0]}"),
        "marked": marked,
        "obj": Callable(),
        "method": Callable().method,
        "stop": stop,
    }
    written = []
    for context_class in (Context, PlainCallContext):
        env = Environment(
            loader=DictLoader({"base": "[{% block b %}{% endblock %}]", "page": source}),
            autoescape=True,
        )
        env.context_class = context_class
        written.append(env.get_template("page").render(base="base", **names))
    assert written[0] == written[1]
    assert "&lt;i&gt;" in written[1] and "p&lt;b&gt;None" in written[1]


#: The rows as a Jinja2 template would write them (autoescaped): what site_rows stands in for.
LIST_ROW_TEMPLATE = (
    "{% for row in rows %}"
    "<tr><td>{{ row.position|int }}</td><td>{{ row.id }}</td>"
    '<td><a href="{{ prefix }}{{ row.page }}">{{ row.name }}</a></td>'
    '<td>{{ row.rating }}</td><td>{{ row.title or "" }}</td>'
    '<td>{% if row.new %}{{ new }}{% elif row.moved %}{{ "%+d"|format(row.moved) }}'
    "{% endif %}</td></tr>\n{% endfor %}\n"
)
HISTORY_ROW_TEMPLATE = (
    "{% for row in history|reverse %}{% set n = page_of(row.position) %}"
    '<tr><td><a href="{{ prefix }}{{ row.date }}{% if n > 1 %}/page-{{ n }}{% endif %}.html">'
    "{{ row.date }}</a></td>"
    "<td>{% if row.until == row.date %}{% elif row.until %}"
    '<a href="{{ prefix }}{{ row.until }}.html">{{ row.until }}</a>'
    "{% else %}{{ now }}{% endif %}</td>"
    "<td>{{ row.position|int }}</td><td>{{ row.rating }}</td>"
    '<td>{{ row.title or "" }}</td></tr>\n{% endfor %}'
)


def test_list_and_history_rows_are_the_templates_markup() -> None:
    env = Environment(autoescape=True, keep_trailing_newline=True)
    new, now = Markup("\x01new\x01"), Markup("\x01now\x01")
    rows = [
        _list_row(i, text, position=position)
        for i, (text, position) in enumerate(
            [(t, p) for t in NASTY for p in (1, 200, 201, 19999, 0)]
        )
    ]
    prefixes = ["../", "../../", "a&b<'\"/", "李/"]
    for _ in range(2):  # written, then from the kept cells
        for prefix in prefixes:
            assert site_rows.list_rows(rows, prefix, new) == env.from_string(
                LIST_ROW_TEMPLATE
            ).render(rows=rows, prefix=prefix, new=new)
            assert site_rows.list_rows([], prefix, new) == "\n"
    history = [
        _history_row(position, text, date=day, until=until)
        for text in NASTY
        for position in (1, 200, 201, 401, 0)
        for day, until in (
            ("2025-01-01", None),
            ("2025-02-01", text or "2025-03-01"),
            (text or "2025-04-01", text or "2025-04-01"),  # a run of one list
        )
    ]
    for _ in range(2):
        for prefix in prefixes:
            assert site_rows.history_rows(history, prefix, now) == env.from_string(
                HISTORY_ROW_TEMPLATE
            ).render(history=history, prefix=prefix, now=now, page_of=paging.page_of)
            assert site_rows.history_rows([], prefix, now) == ""


def test_the_page_environment_writes_what_jinja_writes() -> None:
    """Keys read first, Markup not made again: the same text as a plain environment, a
    dict's own names (``items``) still its methods, a missing key still undefined."""

    class Obj:
        name = "<attr>"

        def __getitem__(self, key: str) -> str:
            return f"[{key}&]"

    source = (
        "{% extends base %}{% block b %}{{ page.name }}|{{ page.items is callable }}|"
        "{{ page.keys }}|{{ page.missing is defined }}|{{ page.sub.deep }}|{{ obj.name }}|"
        "{{ obj.other }}|{{ token }}|{{ text }}|{{ number }}|{{ none }}|"
        "{% for row in page.rows %}{{ row.a }}{{ row.get }}{% endfor %}"
        "{{ page.missing|default('d<') }}{% endblock %}"
    )
    values = {
        "page": {
            "name": "Ли <b>&'\"",
            "items": "an items key",
            "keys": "x",
            "sub": {"deep": Markup("<i>kept</i>")},
            "rows": [{"a": "<1>"}, {"a": Markup("&amp;"), "get": 2}],
        },
        "obj": Obj(),
        "token": Markup("\x02tok\x02<x>"),
        "text": "\u202e<script>",
        "number": 3,
        "none": None,
    }
    written = []
    for environment_class in (Environment, PageEnvironment):
        env = environment_class(
            loader=DictLoader({"base": "[{% block b %}{% endblock %}]", "page": source}),
            autoescape=True,
        )
        written.append(env.get_template("page").render(base="base", **values))
    assert written[0] == written[1]
    assert (
        "&lt;b&gt;" in written[1] and "<i>kept</i>" in written[1] and "[other&amp;]" in written[1]
    )
    strict = PageEnvironment(
        loader=DictLoader({"p": "{{ page.missing }}"}), undefined=StrictUndefined
    )
    with pytest.raises(UndefinedError):
        strict.get_template("p").render(page={})


async def test_history_rows_read_as_the_orm_reads_them(services: Services) -> None:
    """SiteRepo.history_rows reads on the connection with the rating as stored: the same
    rows, the same figures (one Decimal a stored value) as the ORM's columns give."""
    await seed_site(services.db)
    async with services.db.read() as repos:
        for discipline in await repos.federations.disciplines(
            (await repos.federations.all())[0].id
        ):
            query = (
                select(
                    ListRow.snapshot_id,
                    ListRow.player_id,
                    ListRow.position,
                    ListRow.rating,
                    ListRow.title,
                )
                .join(ListSnapshot, ListSnapshot.id == ListRow.snapshot_id)
                .where(ListSnapshot.discipline_id == discipline.id)
                .order_by(ListSnapshot.list_date)
            )
            plain = [tuple(r) for r in await repos.session.execute(query)]
            read = await repos.site.history_rows(discipline.id)
            assert read == plain and len(read) > 10
            assert all(type(r[3]) is Decimal for r in read)
            assert [str(r[3]) for r in read] == [str(r[3]) for r in plain]
            one = plain[0][1]
            assert await repos.site.history_rows(discipline.id, one) == [
                r for r in plain if r[1] == one
            ]
