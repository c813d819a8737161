"""A platform's locale mapped to one of fedrank's languages."""

import pytest

from fedrank.handlers.wording.languages import normalize_language


@pytest.mark.parametrize(
    ("code", "expected"),
    [("ru-RU", "ru"), ("zh-hans", "zh"), ("uk", "uk"), ("fr", "en"), (None, "en")],
)
def test_normalize_language(code: str | None, expected: str) -> None:
    assert normalize_language(code) == expected
