"""The mahjong_rmf texts its engine and its system package store in English (trace notes,
"Next", /whatif rows, rule references), each with the catalogue key that says it in every
language; :mod:`fedrank.handlers.wording.phrases` reads :data:`TABLE`. The English text of each
key is the template itself."""

from __future__ import annotations

from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.i18n.plural import counted
from fedrank.handlers.wording.systems import Table

TABLE = Table("mahjong_rmf")

# The rulebook's "уровень" (evolution level) where the generic messages say title.
TABLE.wording(
    title="sys.mahjong_rmf.title",
    title_listed="sys.mahjong_rmf.title_listed",
    top_headers="sys.mahjong_rmf.top_headers",
    history_headers="sys.mahjong_rmf.history_headers",
)
TABLE.seed("000", "sys.mahjong_rmf.seed")
TABLE.phrases(
    ("mahjong_rmf", "sys.mahjong_rmf.system"),
    ("age_months", "sys.mahjong_rmf.col.age_months"),
    ("row {label}", "sys.mahjong_rmf.row"),
    ("EU_mean / {d} rounded down to a multiple of {step}", "sys.mahjong_rmf.kt_eu"),
    ("{k} * (CHUT - place) / (CHUT - {one})", "sys.mahjong_rmf.nr"),
    ("{k} * (CHUT - place_mean) / (CHUT - {one})", "sys.mahjong_rmf.nr_mean"),
    ("the highest level value reached by NR * KT", "sys.mahjong_rmf.norm_reached"),
    ("defaulted to the number of ranked players", "sys.mahjong_rmf.chut_default"),
    ("level {label}", "sys.mahjong_rmf.level"),
    ("norm {label}", "sys.mahjong_rmf.norm"),
    ("NR*KT below 0: no norm met", "sys.mahjong_rmf.no_norm"),
    ("norm not above the level held", "sys.mahjong_rmf.not_above"),
    ("levels up to 1 dan are for life", "sys.mahjong_rmf.for_life"),
    ("lifted to 1 dan first, then '+' marks", "sys.mahjong_rmf.lifted"),
    ("norm below the dan held", "sys.mahjong_rmf.below_dan"),
    ("the year starts again", "sys.mahjong_rmf.year_again"),
    ("one '+' per full 500", "sys.mahjong_rmf.plus"),
    ("{label}: NR*KT ≥ {n} in one tournament", "sys.mahjong_rmf.next"),
    ("{label} is the highest level", "sys.mahjong_rmf.highest"),
    ("to keep {label}: NR*KT ≥ {n} before {date}", "sys.mahjong_rmf.keep"),
    ("{label} is kept for life", "sys.mahjong_rmf.kept"),
    ("place in {code}", "sys.mahjong_rmf.w.place"),
    ("NR*KT in {code}", "sys.mahjong_rmf.w.nrkt"),
    ("KT of {code}", "sys.mahjong_rmf.w.kt"),
    ("level after {code}", "sys.mahjong_rmf.w.level_after"),
    ("level on {date}", "sys.mahjong_rmf.w.level_on"),
    ("list on {date}", "sys.mahjong_rmf.w.list_on"),
    ("position, rating", "sys.mahjong_rmf.w.position"),
    ("between rows", "sys.mahjong_rmf.d.between"),
    ("KT_EU scale", "sys.mahjong_rmf.d.scale"),
    ("shared places", "sys.mahjong_rmf.d.shared"),
    ("norm above 2000", "sys.mahjong_rmf.d.norm2000"),
    ("one-year confirmation", "sys.mahjong_rmf.d.year"),
)


def _players(language: str, n: str) -> str:
    return counted(language, "sys.mahjong_rmf.players", int(n)) if n.isdigit() else n


TABLE.phrases(
    (
        "{sum} / {n} players",
        lambda lang, v: t(
            lang, "sys.mahjong_rmf.eu_mean", sum=v["sum"], players=_players(lang, v["n"])
        ),
    ),
    (
        "places {a}-{b} shared by {n} players",
        lambda lang, v: t(
            lang, "sys.mahjong_rmf.shared_by", a=v["a"], b=v["b"], players=_players(lang, v["n"])
        ),
    ),
)

# The names of trace steps that are words, not the rulebook's symbols.
TABLE.phrases(
    ("EU_mean", "sys.mahjong_rmf.n.eu_mean"),
    ("place_mean", "sys.mahjong_rmf.n.place_mean"),
    ("norm", "sys.mahjong_rmf.n.norm"),
    ("Rating", "sys.mahjong_rmf.n.rating"),
)

# The levels as the rulebook names them: "7-й кю", "1-й дан" (the engine's labels "7k", "D1+").
TABLE.pattern(r"(?P<n>1[0-2]|[1-9])k", lambda lang, v: t(lang, "sys.mahjong_rmf.kyu", n=v["n"]))
TABLE.pattern(
    r"D(?P<n>1[0-2]|[1-9])(?P<marks>[+-]*)",
    lambda lang, v: t(lang, "sys.mahjong_rmf.dan", n=v["n"], marks=v["marks"]),
)

# /whatif's refusals.
TABLE.phrases(
    (
        "{code} was not stored with RMF parameters: it cannot be replayed",
        "sys.mahjong_rmf.err.not_rmf",
    ),
    (
        "fedrank mahjong_rmf /whatif: a place is simulated in a tournament stored by this adapter",
        "sys.mahjong_rmf.err.rule",
    ),
)
