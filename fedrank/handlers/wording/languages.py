"""The languages fedrank speaks, and a platform's locale mapped to one of them.

Here, at the bottom, so the catalogue (:mod:`.i18n`), the request context and the transports all
read one list without importing one another.
"""

from __future__ import annotations

LANGUAGES = ("en", "ru", "uk", "zh")


def normalize_language(code: str | None, default: str = "en") -> str:
    """Map a platform locale (``ru-RU``, ``zh-hans``, ``uk``) to one of our catalogues."""
    if not code:
        return default
    base = code.lower().replace("_", "-").split("-")[0]
    return base if base in LANGUAGES else default
