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


#: JSON texts already written, by what they are written from: a player's own part of a
#: list row (the same in each of the 120 lists he is on), and the few hundred distinct
#: dates, figures and titles (2.4 million of each in a full build). A text is a pure function
#: of its key, and only strings are kept (no other type equals a string), so a kept text is
#: always the encoder's. Emptied past :data:`KEPT` entries.
_heads: dict[tuple[object, ...], tuple[str, str, str]] = {}
_texts: dict[object, str] = {}
KEPT = 1 << 17


def _quoted(value: object) -> str:
    """A str as the encoder writes it (TypeError for anything else, None too), kept."""
    text = _texts.get(value)
    if text is None:
        if len(_texts) > KEPT:
            _texts.clear()
        text = _texts[value] = encode_basestring(value)  # type: ignore[arg-type]
    return text


def list_rows_json(rows: list[Page]) -> str:
    """A list's rows (:func:`.pages.list_body`), as ``ENCODER.encode(rows)`` writes them."""
    if len(_heads) > KEPT:
        _heads.clear()
    heads, texts = _heads, _texts
    out = []
    for row in rows:
        if row.keys() != LIST_ROW or type(row["new"]) is not bool:
            out.append(ENCODER.encode(row))
            continue
        try:
            key = (row["api"], row["id"], row["name"], row["page"])
            head = heads.get(key)
            if head is None:
                api, number, name, page = map(encode_basestring, key)
                head = heads[key] = (
                    f'{{"api":{api},"id":{number},"moved":',
                    f',"name":{name},"new":',
                    f',"page":{page},"position":',
                )
            moved, change, title = row["moved"], row["rating_change"], row["title"]
            position = row["position"]
            # ints (not bools) checked here, not by a call each: 2.4 million rows
            if type(position) is not int or (moved is not None and type(moved) is not int):
                raise TypeError(position, moved)
            changed = "null" if change is None else texts.get(change) or _quoted(change)
            text = (
                f"{head[0]}{'null' if moved is None else moved}{head[1]}"
                f"{'true' if row['new'] else 'false'}{head[2]}{position}"
                f',"rating":{texts.get(row["rating"]) or _quoted(row["rating"])}'
                f',"rating_change":{changed}'
                f',"title":{"null" if title is None else texts.get(title) or _quoted(title)}}}'
            )
        except TypeError:  # a value of another type: the encoder writes (or refuses) it
            text = ENCODER.encode(row)
        out.append(text)
    return "[" + ",".join(out) + "]"


def history_json(rows: list[Page]) -> str:
    """A profile's history (:func:`.pages.discipline_section`), as ``ENCODER.encode(rows)``
    writes it."""
    texts = _texts
    out = []
    for row in rows:
        if row.keys() != HISTORY_ROW:
            out.append(ENCODER.encode(row))
            continue
        try:
            title, until, position, size = row["title"], row["until"], row["position"], row["size"]
            if type(position) is not int or type(size) is not int:
                raise TypeError(position, size)
            text = (
                f'{{"date":{texts.get(row["date"]) or _quoted(row["date"])}'
                f',"position":{position}'
                f',"rating":{texts.get(row["rating"]) or _quoted(row["rating"])}'
                f',"size":{size}'
                f',"title":{"null" if title is None else texts.get(title) or _quoted(title)}'
                f',"until":{"null" if until is None else texts.get(until) or _quoted(until)}}}'
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
