"""Which of the UFGO engine's formats a file is in, by its name or its content."""

from __future__ import annotations

from fedrank.engines.go_ufgo.hfile import TAG, parse_h_file
from fedrank.engines.go_ufgo.opengotha import looks_like_opengotha, parse_opengotha
from fedrank.engines.go_ufgo.parsing import Given, ParsedTournament, parse_csv, parse_json


def parse_document(
    text: str,
    *,
    filename: str = "",
    official: bool | None = None,
    board: int | None = None,
    given: Given | None = None,
) -> ParsedTournament:
    """Pick the format by extension (.json, .csv, .h/.h9/.txt, .xml) or by the content;
    ``given``: the tournament facts from outside the file (:class:`.parsing.Given`)."""
    given = (given or Given()).with_overrides(official=official, board=board)
    lower = filename.lower()
    stem = filename.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    stripped = text.lstrip()
    if lower.endswith(".xml") or looks_like_opengotha(text):
        return parse_opengotha(text, name=stem, given=given)
    if lower.endswith(".json") or (not lower and stripped.startswith("{")):
        return parse_json(text, name=stem, given=given)
    if lower.endswith(".csv"):
        return parse_csv(text, name=stem, given=given)
    if lower.endswith((".h", ".h9", ".hh", ".txt")) or TAG.match(stripped.split("\n", 1)[0]):
        return parse_h_file(text, name=stem, given=given)
    if stripped.startswith("{"):
        return parse_json(text, name=stem, given=given)
    first = stripped.split("\n", 1)[0]
    if "," in first:
        return parse_csv(text, name=stem, given=given)
    return parse_h_file(text, name=stem, given=given)
