"""A strict check of the pages' HTML with the standard library's parser: a doctype, a
``lang`` on ``<html>``, every element closed in order (void elements excepted), ids unique,
and no ``<script>`` but the site's own search box's (one, ``static/search.js``, deferred and
empty: lists never need script, so any other can only come from data)."""

from __future__ import annotations

from html.parser import HTMLParser

VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}
# SVG's own elements written as empty ones (<path/>) close themselves.


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.ids: set[str] = set()
        self.doctype = False
        self.lang: str | None = None
        self.scripts = 0

    def handle_decl(self, decl: str) -> None:
        self.doctype = self.doctype or decl.lower() == "doctype html"

    def _attrs(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        if tag == "script":
            found = dict(attrs)
            own = (
                set(found) == {"src", "defer"}
                and (found["src"] or "").endswith("static/search.js")
                and not self.scripts
            )
            self.scripts += 1
            if not own:
                self.problems.append(f"line {line}: <script>")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"line {line}: event handler {name}")
            if name == "id":
                if value in self.ids:
                    self.problems.append(f"line {line}: duplicate id {value!r}")
                self.ids.add(value or "")
        if tag == "html":
            self.lang = dict(attrs).get("lang")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._attrs(tag, attrs)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._attrs(tag, attrs)

    def handle_data(self, data: str) -> None:
        if self.stack and self.stack[-1] == "script" and data.strip():
            self.problems.append(f"line {self.getpos()[0]}: script text")

    def handle_endtag(self, tag: str) -> None:
        line = self.getpos()[0]
        if tag in VOID:
            self.problems.append(f"line {line}: end tag of void <{tag}>")
        elif not self.stack or self.stack[-1] != tag:
            self.problems.append(
                f"line {line}: </{tag}> closes <{self.stack[-1] if self.stack else '-'}>"
            )
        else:
            self.stack.pop()


def html_problems(text: str) -> list[str]:
    """Every problem of the page (empty when it is valid by these rules)."""
    checker = _Checker()
    checker.feed(text)
    checker.close()
    problems = list(checker.problems)
    if not checker.doctype:
        problems.append("no <!DOCTYPE html>")
    if not checker.lang:
        problems.append("no lang on <html>")
    if checker.stack:
        problems.append(f"unclosed: {checker.stack}")
    return problems
