"""A page's JSON with its bulk rows written by hand: a list's rows and a profile's history
(2.4 million of each in a full build at 20,000 players). Each row has one shape, made in one
place (:func:`.pages.list_body`, :func:`.pages.discipline_section`); written out, a row costs
half of what the general encoder takes to sort and walk its dict. The bytes are the
encoder's: the rest of the page still goes through it, each row is checked for its shape
(else the encoder writes it), and every string is quoted by the encoder's own function.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from json.encoder import encode_basestring
from typing import Any

Page = dict[str, Any]

#: One encoder for every page (page data is plain trees: no cycle to look for).
ENCODER = json.JSONEncoder(
    ensure_ascii=False, sort_keys=True, separators=(",", ":"), check_circular=False
)

LIST_ROW = frozenset(
    ("api", "id", "moved", "name", "new", "page", "position", "rating", "rating_change", "title")
)
HISTORY_ROW = frozenset(("date", "position", "rating", "size", "title", "until"))

#: Where the rows go in the page's encoded text: a string no stored text holds (a NUL and
#: a nonce of this process), replaced by the rows' text.
_MARK = f"\x00rows-{secrets.token_hex(8)}-"


def _text(value: object) -> str:
    """A str or None as the encoder writes it (TypeError for anything else)."""
    return "null" if value is None else encode_basestring(value)  # type: ignore[arg-type]


def _count(value: object) -> str:
    """An int (not a bool) or None as the encoder writes it (TypeError for anything else)."""
    if value is None:
        return "null"
    if type(value) is not int:
        raise TypeError(value)
    return int.__repr__(value)


def list_rows_json(rows: list[Page]) -> str:
    """A list's rows (:func:`.pages.list_body`), as ``ENCODER.encode(rows)`` writes them."""
    out = []
    for row in rows:
        if row.keys() != LIST_ROW or type(row["new"]) is not bool:
            out.append(ENCODER.encode(row))
            continue
        try:
            text = (
                f'{{"api":{encode_basestring(row["api"])},"id":{encode_basestring(row["id"])},'
                f'"moved":{_count(row["moved"])},"name":{encode_basestring(row["name"])},'
                f'"new":{"true" if row["new"] else "false"},'
                f'"page":{encode_basestring(row["page"])},"position":{_count(row["position"])},'
                f'"rating":{encode_basestring(row["rating"])},'
                f'"rating_change":{_text(row["rating_change"])},"title":{_text(row["title"])}}}'
            )
        except TypeError:  # a value of another type: the encoder writes (or refuses) it
            text = ENCODER.encode(row)
        out.append(text)
    return "[" + ",".join(out) + "]"


def history_json(rows: list[Page]) -> str:
    """A profile's history (:func:`.pages.discipline_section`), as ``ENCODER.encode(rows)``
    writes it."""
    out = []
    for row in rows:
        if row.keys() != HISTORY_ROW:
            out.append(ENCODER.encode(row))
            continue
        try:
            text = (
                f'{{"date":{encode_basestring(row["date"])},"position":{_count(row["position"])},'
                f'"rating":{encode_basestring(row["rating"])},"size":{_count(row["size"])},'
                f'"title":{_text(row["title"])},"until":{_text(row["until"])}}}'
            )
        except TypeError:
            text = ENCODER.encode(row)
        out.append(text)
    return "[" + ",".join(out) + "]"


def page_json(page: Page) -> bytes:
    """A page's JSON: its data, keys sorted, so equal data is equal bytes; a list's rows
    and a profile's histories written by :func:`list_rows_json` and :func:`history_json`."""
    rows: list[tuple[str, Callable[[list[Page]], str], Any]] = []

    def mark(value: Any, write: Callable[[list[Page]], str]) -> Any:
        if type(value) is not list:
            return value
        rows.append((f"{_MARK}{len(rows)}", write, value))
        return rows[-1][0]

    marked = page
    kind = page.get("kind")
    if kind == "list" and "rows" in page:
        marked = {**page, "rows": mark(page["rows"], list_rows_json)}
    elif kind == "player" and type(page.get("disciplines")) is list:
        marked = {
            **page,
            "disciplines": [
                {**s, "history": mark(s["history"], history_json)}
                if type(s) is dict and "history" in s
                else s
                for s in page["disciplines"]
            ],
        }
    text = ENCODER.encode(marked)
    for at, write, value in rows:
        text = text.replace(encode_basestring(at), write(value), 1)
    return text.encode()
