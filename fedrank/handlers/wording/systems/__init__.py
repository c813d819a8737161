"""Each system's stored English templates with the catalogue keys that say them, as tables.

A system stores English text built from fixed templates (trace notes, "Next", /whatif rows);
its module here lists them, with its rulebook's name and its own words for generic messages,
in a :class:`Table`. The tables are data: :mod:`fedrank.handlers.wording.phrases` reads them
all (its :data:`~fedrank.handlers.wording.phrases.TABLES`), so the wording imports no system
package and no system package
is needed to say a stored text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

#: Renders a matched template's values in a language: ``(language, values) -> text``.
Renderer = Callable[[str, dict[str, str]], str]


@dataclass(slots=True)
class Table:
    """One system's templates, written in the order they are to be registered."""

    system: str
    wordings: dict[str, str] = field(default_factory=dict)
    seeds: list[tuple[str, str]] = field(default_factory=list)
    templates: list[tuple[str, str | Renderer]] = field(default_factory=list)
    patterns: list[tuple[str, Renderer]] = field(default_factory=list)

    def wording(self, **keys: str) -> None:
        """The system's own catalogue keys for generic messages (``figure="sys.x.figure"``)."""
        self.wordings.update(keys)

    def seed(self, seed: str, key: str) -> None:
        """The catalogue key naming rulebook ``seed`` (the "seed 000" of traces)."""
        self.seeds.append((seed, key))

    def phrases(self, *pairs: tuple[str, str | Renderer]) -> None:
        """``(template, key or renderer)`` pairs."""
        self.templates.extend(pairs)

    def pattern(self, pattern: str, render: Renderer) -> None:
        """A strict regular expression and the renderer of its named groups."""
        self.patterns.append((pattern, render))
