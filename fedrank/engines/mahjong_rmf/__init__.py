"""Russian Mahjong Federation rating and qualification (system id ``mahjong_rmf``).

Implements seed 000_b2439bb06382b403 ("Положение о рейтинговых системах по спортивному и
сычуаньскому маджонгу", Presidium of 12 November 2022): sections 2 (the rating lists) and 3
(qualification) and Appendix 1 (CHUT, NR, CHS, VT, KT, Rating, evolution levels), as restated
in RULES.md "mahjong_rmf" with its Decisions. Sports (MCR) and Sichuan mahjong are two
disciplines with a list each; the discipline is an attribute of the tournament.

Modules: :mod:`.tables` (KT_CHUT, VT and the level values as data), :mod:`.levels` (evolution
levels and the dan marks), :mod:`.tournament` (one tournament's NR, KT, NR*KT),
:mod:`.history` (the replayable level history), :mod:`.listing` (the list on any date),
:mod:`.qualification` (section 3), :mod:`.parsing` and :mod:`.document` (``calc_document``).
"""

from fedrank.engines.mahjong_rmf.document import SYSTEM_ID, calc_document
from fedrank.engines.mahjong_rmf.history import LevelEvent, Played, Replay, replay
from fedrank.engines.mahjong_rmf.levels import (
    START,
    Level,
    LevelNeeds,
    NormOutcome,
    apply_norm,
    check_year,
    level_needs,
    norm_index,
    parse_level,
)
from fedrank.engines.mahjong_rmf.listing import (
    Counted,
    ListRow,
    RatingList,
    list_from_replay,
    rating_list,
)
from fedrank.engines.mahjong_rmf.parsing import Sheet, named_discipline, parse_sheet
from fedrank.engines.mahjong_rmf.qualification import (
    Candidate,
    Membership,
    Notification,
    Qualification,
    QualificationEvent,
    Skipped,
    Slot,
    SlotStatus,
    Step,
    Transition,
    advance,
    first_tuesday,
    open_qualification,
    qualification_date,
    record_answer,
    record_informed,
)
from fedrank.engines.mahjong_rmf.tables import KT_CHUT_ROWS, LEVEL_VALUES, VT_ROWS, kt_chut, vt
from fedrank.engines.mahjong_rmf.tournament import (
    Discipline,
    Entry,
    PlayerResult,
    Tournament,
    TournamentResult,
    compute_tournament,
)

__all__ = [
    "KT_CHUT_ROWS",
    "LEVEL_VALUES",
    "START",
    "SYSTEM_ID",
    "VT_ROWS",
    "Candidate",
    "Counted",
    "Discipline",
    "Entry",
    "Level",
    "LevelEvent",
    "LevelNeeds",
    "ListRow",
    "Membership",
    "NormOutcome",
    "Notification",
    "Played",
    "PlayerResult",
    "Qualification",
    "QualificationEvent",
    "RatingList",
    "Replay",
    "Sheet",
    "Skipped",
    "Slot",
    "SlotStatus",
    "Step",
    "Tournament",
    "TournamentResult",
    "Transition",
    "advance",
    "apply_norm",
    "calc_document",
    "check_year",
    "compute_tournament",
    "first_tuesday",
    "kt_chut",
    "level_needs",
    "list_from_replay",
    "named_discipline",
    "norm_index",
    "open_qualification",
    "parse_level",
    "parse_sheet",
    "qualification_date",
    "rating_list",
    "record_answer",
    "record_informed",
    "replay",
    "vt",
]
