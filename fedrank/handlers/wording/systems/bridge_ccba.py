"""The bridge_ccba texts its engine and its system package store in English (trace notes,
"Next", /whatif rows, rule references), each with the catalogue key that says it in every
language; :mod:`fedrank.handlers.wording.phrases` reads :data:`TABLE`. The English text of each
key is the template itself."""

from __future__ import annotations

from fedrank.handlers.wording.i18n.plural import counted
from fedrank.handlers.wording.systems import Table

TABLE = Table("bridge_ccba")

TABLE.wording(
    figure="sys.bridge_ccba.figure",
    top_headers="sys.bridge_ccba.top_headers",
    history_headers="sys.bridge_ccba.history_headers",
    history_caption="sys.bridge_ccba.caption",
    list_figure="sys.bridge_ccba.col_figure",
    personal_line="sys.bridge_ccba.personal_line",
    personal_before="sys.bridge_ccba.personal_before",
)
TABLE.seed("001", "sys.bridge_ccba.seed")
TABLE.phrases(
    ("masterpoints {colour}", "sys.bridge_ccba.kind_colour"),
    ("event {name}", "sys.bridge_ccba.f.event"),
    ("group {name}", "sys.bridge_ccba.f.group"),
    ("division {name}", "sys.bridge_ccba.f.division"),
    ("consolation {name}", "sys.bridge_ccba.f.consolation"),
    ("stage {name}", "sys.bridge_ccba.f.stage"),
    ("youth masterpoints {colour}", "sys.bridge_ccba.youth_colour"),
    ("bridge_ccba", "sys.bridge_ccba.system"),
    ("masterpoints", "sys.bridge_ccba.kind.mp"),
    ("youth masterpoints", "sys.bridge_ccba.kind.youth"),
    ("opening masterpoints", "sys.bridge_ccba.kind.opening"),
    ("opening youth", "sys.bridge_ccba.kind.opening_youth"),
    ("platinum", "sys.bridge_ccba.colour.platinum"),
    ("gold", "sys.bridge_ccba.colour.gold"),
    ("silver", "sys.bridge_ccba.colour.silver"),
    ("red", "sys.bridge_ccba.colour.red"),
    ("blue", "sys.bridge_ccba.colour.blue"),
    ("{n} platinum", "sys.bridge_ccba.amount.platinum"),
    ("{n} gold", "sys.bridge_ccba.amount.gold"),
    ("{n} silver", "sys.bridge_ccba.amount.silver"),
    ("{n} red", "sys.bridge_ccba.amount.red"),
    ("{n} blue", "sys.bridge_ccba.amount.blue"),
    ("{n} opening", "sys.bridge_ccba.amount.opening"),
    ("{n} youth {colour}", "sys.bridge_ccba.amount.youth"),
    ("platinum {n}", "sys.bridge_ccba.source.platinum"),
    ("gold {n}", "sys.bridge_ccba.source.gold"),
    ("silver {n}", "sys.bridge_ccba.source.silver"),
    ("red {n}", "sys.bridge_ccba.source.red"),
    ("blue {n}", "sys.bridge_ccba.source.blue"),
    ("platinum masterpoints", "sys.bridge_ccba.total.platinum"),
    ("gold masterpoints", "sys.bridge_ccba.total.gold"),
    ("silver masterpoints", "sys.bridge_ccba.total.silver"),
    ("red masterpoints", "sys.bridge_ccba.total.red"),
    ("blue masterpoints", "sys.bridge_ccba.total.blue"),
    ("place", "sys.bridge_ccba.v.place"),
    ("win", "sys.bridge_ccba.v.win"),
    ("consolation", "sys.bridge_ccba.v.consolation"),
    ("stage", "sys.bridge_ccba.v.stage"),
    ("final", "sys.bridge_ccba.v.final"),
    ("places {a}-{b} tied: {c} / {d}", "sys.bridge_ccba.tied"),
    ("total taken from places {n}+", "sys.bridge_ccba.ko"),
    ("{n} % of A", "sys.bridge_ccba.pct_a"),
    ("{n} % of W", "sys.bridge_ccba.pct_w"),
    ("boards per round", "sys.bridge_ccba.boards"),
    ("the unit's grading group", "sys.bridge_ccba.group"),
    ("holding before fedrank, from line {n} of {code}", "sys.bridge_ccba.before"),
    ("the player had no history", "sys.bridge_ccba.no_history"),
    ("units that played or withdrew", "sys.bridge_ccba.played"),
    ("places 1.. of the table", "sys.bridge_ccba.of_table"),
    ("annual base coefficient", "sys.bridge_ccba.annual"),
    ("scaled by k240 = {k}", "sys.bridge_ccba.scaled"),
    ("V scaled so no unit exceeds 240", "sys.bridge_ccba.k240"),
    ("this and every lower division", "sys.bridge_ccba.lower"),
    ("selection field", "sys.bridge_ccba.selection"),
    ("table, place {p}", "sys.bridge_ccba.table_place"),
    ("{level}, masterpoint table", "sys.bridge_ccba.level_table"),
    ("{level}, youth table", "sys.bridge_ccba.level_youth"),
    ("from the event's table", "sys.bridge_ccba.from_table"),
    ("national", "sys.bridge_ccba.l.national"),
    ("provincial-1", "sys.bridge_ccba.l.p1"),
    ("provincial-2", "sys.bridge_ccba.l.p2"),
    ("grassroots-championship", "sys.bridge_ccba.l.gc"),
    ("grassroots", "sys.bridge_ccba.l.g"),
    ("club", "sys.bridge_ccba.l.club"),
    ("place in {code}", "sys.bridge_ccba.w.place"),
    ("award in {code}", "sys.bridge_ccba.w.award"),
    ("{unit}: the whole unit moves", "sys.bridge_ccba.w.unit"),
    ("no award", "sys.bridge_ccba.w.no_award"),
    ("total masterpoints", "sys.bridge_ccba.w.total"),
    ("all colours and the opening holding (the list's figure)", "sys.bridge_ccba.w.total_note"),
    ("mp (what M counts)", "sys.bridge_ccba.w.mp"),
    ("platinum, gold, silver, red and the opening holding", "sys.bridge_ccba.w.mp_note"),
    ("youth masterpoints (ymp)", "sys.bridge_ccba.w.ymp"),
    ("later events recomputed", "sys.bridge_ccba.w.later"),
    ("his award changes in {codes}", "sys.bridge_ccba.w.changes"),
    (
        "no ranks by masterpoints in seed 001; the next event's M counts {held}",
        "sys.bridge_ccba.next",
    ),
    ("blue {n} not counted", "sys.bridge_ccba.blue_not"),
    ("youth events count the higher of it and youth {n}", "sys.bridge_ccba.youth_next"),
)


def _wins(language: str, values: dict[str, str]) -> str:
    w, d = values["w"], values["d"]
    if not (w.isdigit() and d.isdigit()):
        return f"{w}, {d}"
    wins = counted(language, "sys.bridge_ccba.wins", int(w))
    return wins + ", " + counted(language, "sys.bridge_ccba.draws", int(d))


TABLE.phrases(("{w} wins, {d} draws", _wins))

# The names of trace steps that are words, not the rulebook's symbols.
TABLE.phrases(
    ("A_KO", "sys.bridge_ccba.n.a_ko"),
    ("A_consolation", "sys.bridge_ccba.n.a_cons"),
    ("A_stage", "sys.bridge_ccba.n.a_stage"),
    ("A_total", "sys.bridge_ccba.n.a_total"),
    ("A_win", "sys.bridge_ccba.n.a_win"),
    ("W_draw", "sys.bridge_ccba.n.w_draw"),
    ("A_vs_B", "sys.bridge_ccba.n.a_vs_b"),
    ("TEAM_AVGM_cap", "sys.bridge_ccba.n.team_cap"),
    ("k240_consolation", "sys.bridge_ccba.n.k240_cons"),
    ("field", "sys.bridge_ccba.n.field"),
    ("group", "sys.bridge_ccba.n.group"),
    ("source", "sys.bridge_ccba.n.source"),
    ("table", "sys.bridge_ccba.n.table"),
    ("unit", "sys.bridge_ccba.n.unit"),
)

# /whatif's refusals.
TABLE.phrases(
    (
        "{code} was not stored with bridge_ccba parameters: it cannot be recomputed",
        "sys.bridge_ccba.err.not_ccba",
    ),
    (
        "fedrank bridge_ccba /whatif: a place is simulated in an event stored by this adapter",
        "sys.bridge_ccba.err.rule",
    ),
    ("the player did not play in {code}", "sys.bridge_ccba.err.not_played"),
    (
        "{unit} has no final place in {code} ({status}): there is no place to change",
        "sys.bridge_ccba.err.no_place",
    ),
    ("withdrawn", "sys.bridge_ccba.st.withdrawn"),
    ("absent", "sys.bridge_ccba.st.absent"),
)

TABLE.phrases(
    ("consolation higher: difference in its colour", "sys.bridge_ccba.cons_higher"),
    ("main higher", "sys.bridge_ccba.main_higher"),
    ("mean of the {n} lowest holders x {f}, capped at {cap}", "sys.bridge_ccba.team_avgm"),
    ("mixed", "sys.bridge_ccba.mixed"),
    ("online x {k}", "sys.bridge_ccba.online"),
    (
        "{n} restriction(s)",
        lambda language, v: counted(language, "sys.bridge_ccba.restrictions", int(float(v["n"]))),
    ),
)
