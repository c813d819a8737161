"""FSBR's norms (seed 003 2.2) in the reader's language.

The engine carries each norm as the rulebook's Russian text and as its figures
(:data:`fedrank.engines.bridge_fsbr.tables.NORMS`); a title's stored reason quotes the text
("2.2: 15 РО в течение последнего года"). A Russian page quotes it as the rulebook words it;
any other page says the same norm from its figures, through the catalogue (``fsbr.norm.*``),
with the rulebook's symbols MB, RO, PB as the site's other FSBR figures show them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from fedrank.engines.bridge_fsbr.rank import RK5_TEXT
from fedrank.engines.bridge_fsbr.tables import NORMS, Norm
from fedrank.handlers.wording.i18n import t

#: The norms by their rulebook text.
_NORMS: Final = {norm.text: norm for norm in NORMS}
#: How a title's reason cites a norm: the section, then the norm (``lists.title_reason``).
_SECTION: Final = "2.2: "


#: The figures a norm asks for that are said alike ("{n} PB"), in the rulebook's order.
_COUNTED: Final = (
    ("ro_year", "fsbr.norm.ro_year"),
    ("pb", "fsbr.norm.pb"),
    ("pb_year", "fsbr.norm.pb_year"),
    ("achievement", "fsbr.norm.achievement"),
    ("achievement_year", "fsbr.norm.achievement_year"),
    ("ebl_points", "fsbr.norm.ebl"),
)


def norm_parts(language: str, norm: Norm) -> list[str]:
    """What ``norm`` asks for, part by part, in ``language`` (in the rulebook's order)."""
    parts = []
    if norm.mb and norm.mb_year:
        parts.append(t(language, "fsbr.norm.mb_of_which_year", n=norm.mb, year=norm.mb_year))
    elif norm.mb or norm.mb_year:
        key, n = ("fsbr.norm.mb", norm.mb) if norm.mb else ("fsbr.norm.mb_year", norm.mb_year)
        parts.append(t(language, key, n=n))
    for field, key in _COUNTED:
        if n := getattr(norm, field):
            parts.append(t(language, key, n=n))
    if norm.title:
        title = t(language, f"fsbr.title.{norm.title}")
        parts.append(t(language, "fsbr.norm.title", title=title))
    return parts


def said_norm(language: str, norm: Norm) -> str:
    """``norm`` said from its figures in ``language`` (two parts at most in the table)."""
    parts = norm_parts(language, norm)
    if len(parts) == 2:
        return t(language, "fsbr.norm.and", a=parts[0], b=parts[1])
    return "".join(parts)


@lru_cache(maxsize=512)
def norm_text(language: str, text: str) -> str | None:
    """A stored norm (``"3 ПБ"``, ``"2.2: 3 ПБ"``, the text of rk 5) in ``language``; None
    when ``text`` is not one of 2.2's norms. Russian quotes the rulebook."""
    section, norm_of = "", text
    if text.startswith(_SECTION):
        section, norm_of = _SECTION, text[len(_SECTION) :]
    if norm_of == RK5_TEXT:
        return text if language == "ru" else section + t(language, "fsbr.norm.rk5")
    norm = _NORMS.get(norm_of)
    if norm is None:
        return None
    return text if language == "ru" else section + said_norm(language, norm)
