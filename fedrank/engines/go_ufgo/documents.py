"""Which of the UFGO engine's formats a file is in, by its name or its content."""

from __future__ import annotations

from fedrank.engines.go_ufgo.hfile import TAG, parse_h_file
from fedrank.engines.go_ufgo.opengotha import looks_like_opengotha, parse_opengotha
from fedrank.engines.go_ufgo.parsing import ParsedTournament, parse_csv, parse_json


def parse_document(
    text: str, *, filename: str = "", official: bool | None = None, board: int | None = None
) -> ParsedTournament:
    """Pick the format by extension (.json, .csv, .h/.h9/.txt, .xml) or by the content."""
    lower = filename.lower()
    stem = filename.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    stripped = text.lstrip()
    if lower.endswith(".xml") or looks_like_opengotha(text):
        return parse_opengotha(text, official=official, board=board, name=stem)
    if lower.endswith(".json") or (not lower and stripped.startswith("{")):
        return parse_json(text, name=stem)
    if lower.endswith(".csv"):
        return parse_csv(text, name=stem)
    if lower.endswith((".h", ".h9", ".hh", ".txt")) or TAG.match(stripped.split("\n", 1)[0]):
        return parse_h_file(text, official=official, board=board, name=stem)
    if stripped.startswith("{"):
        return parse_json(text, name=stem)
    first = stripped.split("\n", 1)[0]
    if "," in first:
        return parse_csv(text, name=stem)
    return parse_h_file(text, official=official, board=board, name=stem)
