"""The othello_woc texts its engine and its system package store in English (trace notes,
"Next", /whatif rows, rule references), each with the catalogue key that says it in every
language; :mod:`fedrank.handlers.wording.phrases` reads :data:`TABLE`. The English text of each
key is the template itself."""

from __future__ import annotations

from fedrank.handlers.wording.systems import Table

TABLE = Table("othello_woc")

TABLE.wording(
    figure="sys.othello_woc.figure",
    top_headers="sys.othello_woc.top_headers",
    history_headers="sys.othello_woc.history_headers",
    history_caption="sys.othello_woc.caption",
    list_figure="sys.othello_woc.col_figure",
    personal_line="sys.othello_woc.personal_line",
    personal_before="sys.othello_woc.personal_before",
)
TABLE.seed("004", "sys.othello_woc.seed")
TABLE.phrases(
    ("othello_woc", "sys.othello_woc.system"),
    ("{n} pt", "sys.othello_woc.pt"),
    ("{n} pts", "sys.othello_woc.pts"),
    ("{d} discs vs {opp}, who has {pts}", "sys.othello_woc.vs"),
    ("{d} discs vs {opp}, who withdrew: counts 32 + C*points", "sys.othello_woc.vs_out"),
    ("{what}: counts 32 + C*points", "sys.othello_woc.counts"),
    ("after round {played} of {total}: {standing}; {where}", "sys.othello_woc.next_round"),
    ("leads", "sys.othello_woc.leads"),
    ("{gap} behind the leader", "sys.othello_woc.behind"),
    ("round {r}: table {table}, {colour} v {opp}", "sys.othello_woc.table"),
    ("black", "sys.othello_woc.black"),
    ("white", "sys.othello_woc.white"),
    ("round {r}: not paired", "sys.othello_woc.not_paired"),
    ("round {r}: bye", "sys.othello_woc.bye"),
    ("withdrew (II.7); {pts} after round {played} of {total}", "sys.othello_woc.withdrew"),
    ("IFRL {place}: semi-final (seed 004 III)", "sys.othello_woc.semi"),
    ("play-off v {other} for places {a}/{b} (II.3.2)", "sys.othello_woc.playoff"),
    ("IFRL {place}: first two days over", "sys.othello_woc.over"),
    ("IFRL {place} (provisional): first two days over", "sys.othello_woc.over_prov"),
    ("unplayed", "sys.othello_woc.unplayed"),
    ("final standings as published, place {place}", "sys.othello_woc.published_next"),
    ("as published (line {line}); the games were not entered", "sys.othello_woc.published_line"),
    ("as published", "sys.othello_woc.published"),
    ("seeded draw", "sys.othello_woc.d.draw"),
    ("RULES.md othello_woc, first round", "sys.othello_woc.d.first"),
    ("RULES.md othello_woc, later rounds", "sys.othello_woc.d.later"),
    ("unconstrained lower bound", "sys.othello_woc.lb"),
    ("matching solves until the (b) bound held", "sys.othello_woc.passes"),
    ("more discs in games 1-2, else the higher place", "sys.othello_woc.games12"),
    ("points, then discs of the games, then the higher place", "sys.othello_woc.then"),
    ("equal points; the higher has colour choice or draw-win (IV.9)", "sys.othello_woc.choice"),
    ("(IFRL place, -discs) of the two best players", "sys.othello_woc.ifrl_pair"),
)

# The names of trace steps that are words, not the rulebook's symbols.
TABLE.phrases(
    ("colour_choice_or_draw_win", "sys.othello_woc.n.choice"),
    ("counted", "sys.othello_woc.n.counted"),
    ("cycle", "sys.othello_woc.n.cycle"),
    ("discs", "sys.othello_woc.n.discs"),
    ("discs_counted", "sys.othello_woc.n.discs_counted"),
    ("internal_games", "sys.othello_woc.n.internal"),
    ("lot", "sys.othello_woc.n.lot"),
    ("members", "sys.othello_woc.n.members"),
    ("neutral_games", "sys.othello_woc.n.neutral"),
    ("opponents_points", "sys.othello_woc.n.opp_points"),
    ("pairing_numbers", "sys.othello_woc.n.numbers"),
    ("place", "sys.othello_woc.n.place"),
    ("passes", "sys.othello_woc.n.passes"),
    ("qualified", "sys.othello_woc.n.qualified"),
    ("ranked_by_woc_finals", "sys.othello_woc.n.ranked"),
    ("seed", "sys.othello_woc.n.seed"),
    ("semi_finalists", "sys.othello_woc.n.semi"),
    ("winner", "sys.othello_woc.n.winner"),
    ("discs_counted + C*opponents_points + neutral_games*(32 + C*points)", "sys.othello_woc.bq"),
)

TABLE.phrases(
    ("bye", "sys.othello_woc.bye_word"),
    ("unplayed round", "sys.othello_woc.unplayed_round"),
)
