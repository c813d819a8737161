"""English: every message of :mod:`fedrank.handlers.i18n`, by key."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "start.greeting": "Hello, {name}! I am fedrank: I keep the official ratings of {federations}.",
    "start.what": (
        "Ask /rating for your figures and why, /top for a list, /help for everything else."
    ),
    "start.linked": "Your account is linked to {player}.",
    "start.unlinked": "Link your account to your federation ID with /link <ID>.",
    "help.title": "Commands:",
    "help.directors": "Director commands:",
    "cmd.start": "what this bot does",
    "cmd.help": "this list",
    "cmd.link": "link your account to your federation ID: /link <ID> [code]",
    "cmd.rating": "your figures, or a player's: /rating [name or ID]",
    "cmd.top": "the top of a list, or of a past one: /top [discipline] [n] [YYYY-MM-DD]",
    "cmd.lang": "choose the language: /lang en|ru|uk|zh",
    "cmd.links": "pending link requests",
    "cmd.approve": "approve a link request: /approve <request>",
    "cmd.reject": "reject a link request: /reject <request>",
    "cmd.linkcode": "issue a one-time link code for a player: /linkcode <ID>",
    "cmd.grant": "give an account a role: /grant <platform:user> <federation> <role>",
    "error.unknown_command": "Unknown command /{command}. Send /help for the list.",
    "error.not_a_command": "I answer commands; send /help for the list.",
    "error.internal": (
        "Something went wrong on our side; nothing was changed. Please try again later."
    ),
    "error.usage": "Usage: {usage}",
    "error.forbidden": "Only a {role} of {federation} may do this.",
    "error.not_director": "This command is for tournament directors.",
    "error.missing": "Nothing was done: the record {what} {key} is not stored (any more).",
    "role.player": "player",
    "role.director": "director",
    "role.admin": "administrator",
    "player.not_found": "No player matches “{query}”.",
    "player.choose": "Several players match “{query}”; ask again with an ID:",
    "rating.unlinked": (
        "Your account is not linked yet: /link <federation ID>, or /rating <name or ID>."
    ),
    "rating.nothing": "No results are recorded for {player} yet.",
    "rating.position": "Position {position} of {size} in the list of {date}",
    "rating.rating": "Rating: {value}",
    "rating.title": "Title: {title} (since {since})",
    "rating.points": "Points: {points}",
    "rating.next": "Next: {next}",
    "top.no_list": "No list of {discipline} has been published yet.",
    "top.title": "{discipline}: list of {date} (top {count} of {size})",
    "top.headers": "#|Player|Rating|Title",
    "top.unknown_discipline": "Unknown discipline “{query}”. Disciplines: {known}.",
    "top.choose": "Which list? /top <discipline> [n]. Disciplines: {known}.",
    "top.bad_count": "The number of places must be a whole number from 1 to {max}.",
    "lang.set": "Language set to English.",
    "link.status_linked": "Your account is linked to {player}.",
    "link.requested": (
        "Request #{request} to link you to {player} is sent; a director of {federation} "
        "will confirm it. If a director gave you a code, send /link {id} <code>."
    ),
    "link.already_requested": "Your request #{request} for {player} is waiting for a director.",
    "link.taken": "{player} is already linked to another account; ask a director.",
    "link.done": "Done: your account is now linked to {player}.",
    "link.bad_code": (
        "This code is not valid for {id} (wrong, used or expired). Ask a director for a new one."
    ),
    "link.none_pending": "No link requests are waiting.",
    "link.pending_line": "#{request}: {account} asks to be {player}",
    "link.no_request": "There is no pending request #{request}.",
    "link.approved": "Request #{request} approved: {account} is now {player}.",
    "link.rejected": "Request #{request} rejected.",
    "link.code_issued": (
        "One-time code for {player}: {code} (valid until {until}). Give it to the player "
        "in person; he sends /link {id} {code}."
    ),
    "grant.done": "{account} is now {role} of {federation}.",
    "grant.no_account": "No account {account} has written to the bot yet.",
    "federation.unknown": "Unknown federation “{query}”. Federations: {known}.",
    "cmd.submit": "submit results: /submit <discipline> with a file or a pasted table",
    "cmd.confirm": "write a previewed submission: /confirm <token>",
    "cmd.cancel": "drop a previewed submission: /cancel <token>",
    "cmd.publish": "publish a list now: /publish <discipline> [YYYY-MM-DD]",
    "submit.too_large": "The file is larger than {limit} MB.",
    "submit.not_text": "{file} is not UTF-8 text.",
    "submit.empty": "Attach the results file or paste the table after the command.",
    "submit.no_adapter": "Results of {system} cannot be submitted here yet.",
    "submit.refused": "Not accepted, nothing was written: {error}",
    "submit.preview_title": "Preview: {name}",
    "submit.headers": "Player|Before|After|Note",
    "submit.more": "… and {count} more.",
    "submit.replays": "Stored tournaments re-rated because of this submission: {names}",
    "submit.confirm": "Confirm",
    "submit.cancel": "Cancel",
    "submit.no_pending": "There is no submission of yours waiting under this token.",
    "submit.saved": "Saved: {name}, version {version}.",
    "submit.stale": (
        "Not written: {name} changed since this preview (it is at version {version} now). "
        "Submit it again to see the current preview."
    ),
    "cmd.playerdata": (
        "a player's data for the rulebooks: /playerdata <ID> [section.key <JSON | ->]"
    ),
    "playerdata.saved": "Saved {key} for {player}.",
    "playerdata.bad_json": "The value is not valid JSON: {error}.",
    "submit.cancelled": "Cancelled; nothing was written.",
    # --- .xlsx submissions (handlers/spreadsheet.py) ---------------------------------------
    "sheet.not_xlsx": (
        "{file} is not a valid Excel workbook (.xlsx); save it again as .xlsx or send "
        "the results as text."
    ),
    "sheet.encrypted": (
        "{file} is password-protected or an old .xls file; save it as an .xlsx "
        "workbook without a password."
    ),
    "sheet.macros": (
        "{file} contains macros, which are not accepted; save it as a plain .xlsx workbook."
    ),
    "sheet.too_large": (
        "{file} is larger than {limit} MB once unpacked; send a workbook with the results only."
    ),
    "sheet.no_sheet": "{file} has no worksheet.",
    "sheet.bad_cell": "{file}, row {row}, column {column}: the cell cannot be read.",
    "sheet.error_cell": (
        "{file}, row {row}, column {column}: the cell holds the error {value}; fix the "
        "formula or type the value."
    ),
    "sheet.no_value": (
        "{file}, row {row}, column {column}: the formula has no computed value; open the "
        "file in a spreadsheet and save it again."
    ),
    "sheet.unsupported": "The {system} format cannot come from a spreadsheet; send its text file.",
    "sheet.where": "(line numbers are the rows of the worksheet “{sheet}”: {cell})",
    "publish.done": "Published the list of {discipline} on {date}: {size} players.",
    "publish.exists": "The list of {discipline} on {date} was already published.",
    "publish.future": "A list cannot be dated after today ({today}).",
    "publish.bad_date": "The date must be YYYY-MM-DD.",
    "cmd.why": "the reason behind an award: /why <tournament> [player]",
    "cmd.history": "rating over time and what counts now: /history [player]",
    "cmd.subscribe": "list announcements here: /subscribe <discipline> [me]",
    "cmd.unsubscribe": "stop the announcements: /unsubscribe <discipline> [me]",
    "why.no_tournament": "No tournament matches “{query}”.",
    "why.choose": "Several tournaments match “{query}”; ask again with a code:",
    "why.no_award": "{player} has no award in {tournament}.",
    "history.headers": "List|#|Rating|Title",
    "history.caption": "{discipline}: rating over time",
    "history.counted": "What counts in the current list:",
    "sub.on": "Subscribed: announcements of {discipline} will come here.",
    "sub.on_me": (
        "Subscribed: after each list of {discipline} you get a private message about your own line."
    ),
    "sub.already_on": "Already subscribed to {discipline}.",
    "sub.off": "Unsubscribed from {discipline}.",
    "sub.already_off": "There was no subscription to {discipline} here.",
    "cmd.pairing": "the next round's pairing of an Othello tournament: /pairing <tournament>",
    "cmd.standings": "the standings of an Othello tournament: /standings <tournament>",
    "cmd.round": "enter an Othello round's results (pasted below the command): /round <tournament>",
    "othello.unknown_tournament": "No Othello tournament matches “{query}”.",
    "othello.pairing_title": "{name}: pairing of round {round} of {total} ({system}, seed {seed})",
    "othello.pairing_headers": "Table|Black|White",
    "othello.byes": "Bye: {players}",
    "othello.no_pairing.one": "{name}: its {total} round is played; no pairing is due.",
    "othello.no_pairing.few": "{name}: all {total} rounds are played; no pairing is due.",
    "othello.no_pairing.many": "{name}: all {total} rounds are played; no pairing is due.",
    "othello.standings_title": "{name}: standings after round {round} of {total}",
    "othello.ifrl_title.one": (
        "{name}: individual final ranking list (IFRL) after {round} of {total} round"
    ),
    "othello.ifrl_title.few": (
        "{name}: individual final ranking list (IFRL) after {round} of {total} rounds"
    ),
    "othello.ifrl_title.many": (
        "{name}: individual final ranking list (IFRL) after {round} of {total} rounds"
    ),
    "othello.standings_headers": "#|Player|Country|Points|BQ|Discs|Note",
    "othello.round_empty": "Paste the results of round {round} below the command, one game a line.",
    "othello.round_refused": (
        "Round {round} not accepted, nothing was written"
        " (lines count from the first line below the command): {error}"
    ),
    "othello.publish_on_confirm": "The pairing below is published when you confirm.",
    # --- game reports (handlers/reports/) ---------------------------------------------------
    "cmd.openreports": "open a tournament for players' game reports",
    "cmd.closereports": "stop game reports in a tournament",
    "cmd.report": "report a game you played (your opponent confirms it)",
    "cmd.reports": "game reports waiting for you",
    "cmd.gameok": "confirm a game your opponent reported",
    "cmd.gamedispute": "dispute a game your opponent reported",
    "cmd.gameapprove": "approve a reported game (or settle a dispute for the reporter)",
    "cmd.gamereject": "reject a reported game",
    "reports.opened": (
        "{tournament} ({name}, {discipline}) is open: players may report their games"
        " with /report {tournament} <opponent ID> <win|loss|draw> [score]."
    ),
    "reports.already_open": "{tournament} is already open for game reports.",
    "reports.closed": (
        "{tournament} is closed for new game reports; reports already made can still be answered."
    ),
    "reports.not_open": "No tournament {tournament} of your federation is open for game reports.",
    "reports.to_confirm": "Games your opponents reported — confirm or dispute:",
    "reports.sent": "Your reports still waiting:",
    "reports.to_decide": "Reports for a director to decide:",
    "reports.none": "No game reports are waiting for you.",
    "report.unlinked": (
        "Link your account to your federation ID first (/link <ID>): only a player can"
        " report a game."
    ),
    "report.self": "You cannot report a game against yourself.",
    "report.score_mismatch": (
        "The score {score} does not match “{result}” (your score comes first)."
    ),
    "report.duplicate": (
        "Your game with {opponent} in {tournament} is already reported (#{report}) and"
        " waiting; one report per game."
    ),
    "report.created": (
        "Report #{report} recorded: {result} against {opponent} in {tournament}. It counts"
        " once your opponent confirms."
    ),
    "report.result_win1": "win",
    "report.result_win2": "loss",
    "report.result_draw": "draw",
    "report.line": (
        "#{report} {tournament}: {reporter} reports {result} against {opponent} ({state})"
    ),
    "report.state_reported": "waiting for the opponent",
    "report.state_confirmed": "confirmed, waiting for a director",
    "report.state_disputed": "disputed, a director decides",
    "report.state_approved": "counted",
    "report.state_rejected": "rejected",
    "report.confirm": "✓ Confirm #{report}",
    "report.dispute": "✗ Dispute #{report}",
    "report.approve": "✓ Approve #{report}",
    "report.reject": "✗ Reject #{report}",
    "report.not_yours": "No report #{report} is waiting for your answer.",
    "report.unknown": "There is no game report #{report}.",
    "report.not_waiting": "Report #{report} is {state}: nothing to do.",
    "report.disputed": "Report #{report} disputed: a director of {federation} decides.",
    "report.awaits_director": (
        "Report #{report} confirmed; it counts once a director of {federation} approves it."
    ),
    "report.counted": "Report #{report} counted: the game is in {tournament} (version {version}).",
    "report.rejected": "Report #{report} rejected; it does not count.",
    "report.rate_refused": "The game was not counted, nothing was written: {error}",
    # --- federation management (handlers/admin.py) ---------------------------------------------
    "cmd.disciplines": "the disciplines (rating lists) of each federation",
    "cmd.discipline": "add a discipline (admins)",
    "cmd.roles": "who holds a role in a federation",
    "cmd.unlink": "undo a wrong link of an account to a player",
    "disciplines.title": "Disciplines:",
    "disciplines.headers": "Federation|Code|Name|System|Calendar",
    "disciplines.none": "No disciplines yet.",
    "discipline.added": (
        "Discipline {code} ({name}) added to {federation}: system {system}, lists {calendar}."
    ),
    "discipline.exists": (
        "A discipline with the code {code} exists already (codes are unique across federations)."
    ),
    "discipline.bad_system": "Unknown system “{system}”. Systems: {known}.",
    "discipline.bad_calendar": "Unknown calendar “{calendar}”. Calendars: {known}.",
    "discipline.no_adapter": (
        "Note: the {system} engine is not wired to the database yet; submissions to this"
        " discipline are refused until it is."
    ),
    "roles.title": "Roles in {federation}:",
    "roles.headers": "Account|Name|Role|Linked player",
    "roles.none": "No account holds a role in {federation} (everyone is a player).",
    "unlink.done": "Unlinked from {player}: {accounts}.",
    "unlink.none": "No such account is linked to {player}.",
    # -- announcements (fedrank/handlers/announcements.py) --------------------------------------
    "ann.title": "{discipline}: the list of {date}",
    "ann.since": "Changes since the list of {date}:",
    "ann.promotions": "Promotions: {items}",
    "ann.demotions": "Demotions: {items}",
    "ann.new_titles": "New titles: {items}",
    "ann.movers": "Largest moves: {items}",
    "ann.entrants": "New in the list: {items}",
    "ann.left": "Left the list (their results left the window): {items}",
    "ann.no_changes": "No changes.",
    "ann.top": "Top {n} of {size}; the full list is attached (CSV, XLSX, HTML).",
    "ann.col_position": "Place",
    "ann.col_id": "ID",
    "ann.col_player": "Player",
    "ann.col_rating": "Rating",
    "ann.col_title": "Title",
    "ann.personal_title": "{discipline}, the list of {date}: your line",
    "ann.personal_line": "Place {position} of {size}, rating {rating}, title {title}.",
    "ann.personal_before": (
        "On the previous list: place {position}, rating {rating}, title {title}."
    ),
    "ann.personal_new": "You are in the list for the first time.",
    "ann.personal_left": (
        "You are no longer in the list (your results left the window); you were "
        "number {position} on the previous one."
    ),
    # --- /whatif (handlers/whatif.py) ------------------------------------------------------------
    "cmd.whatif": (
        "what a place in a tournament would change: /whatif <tournament> <place> [player]"
    ),
    "whatif.title": "What if {player} had finished {place} in {tournament}?",
    "whatif.headers": "What|As stored|With that place|Note",
    "whatif.nothing_written": "A simulation only: nothing was changed.",
    "whatif.no_tournament": "No stored tournament matches “{query}”.",
    "whatif.choose": "Several tournaments match “{query}”; give the code:",
    "whatif.unlinked": (
        "Name the player (/whatif <tournament> <place> <player>) or link your account"
        " with /link <ID>."
    ),
    "whatif.other_federation": "{player} is not a player of the federation of {tournament}.",
    "whatif.unsupported": (
        "The {system} system cannot simulate places: its figures do not come from a"
        " place in one tournament."
    ),
    "whatif.refused": "Cannot simulate that: {error}",
    # -- qualification windows (fedrank/handlers/qualification/) -----------------------------
    "cmd.qualify": "create a qualification window for an event",
    "cmd.qualification": "a qualification: the list, the reserve, each place",
    "cmd.qconfirm": "accept a place you were offered",
    "cmd.qdecline": "decline a place you were offered",
    "qual.created": (
        "Qualification {id} created: {event} ({discipline}) on {event_date}, quota {quota} "
        "({presidium} by the Presidium). The list will be frozen on {date} and the invitations "
        "sent the same day."
    ),
    "qual.created_past": (
        "Qualification {id} created: {event} ({discipline}) on {event_date}, quota {quota} "
        "({presidium} by the Presidium). Its qualification date {date} has passed: the list of "
        "that date is frozen and the invitations sent at the scheduler's next run (within "
        "minutes)."
    ),
    "qual.bad_quota": "The quota must be a whole number of at least 1, not “{quota}”.",
    "qual.no_rules": (
        "{discipline} has no qualification rules in fedrank (only RMF mahjong has them)."
    ),
    "qual.too_many_presidium": (
        "{places} Presidium places exceed the quota {quota} (seed 000 section 3.7)."
    ),
    "qual.rule": "Refused by the rules: {error}",
    "qual.not_found": "There is no open qualification {id} for you.",
    "qual.invite_title": "Invitation: {event}, {date}",
    "qual.invite_text": (
        "{player}, you have qualified for a place in {discipline}. Please confirm or "
        "decline by {deadline} (15 days); without an answer the place passes to the reserve. "
        "Or send /qconfirm {id} or /qdecline {id}."
    ),
    "qual.no_account": "{player} has no linked account: please pass this invitation on today.",
    "qual.button_confirm": "Confirm",
    "qual.button_decline": "Decline",
    "qual.reminder": (
        "Reminder: your place in {event} waits for your answer until {deadline}. "
        "/qconfirm {id} or /qdecline {id}."
    ),
    "qual.expired": (
        "Your answer for {event} (qualification {id}) did not come in time: you are now "
        "on the reserve list."
    ),
    "qual.confirmed": "Confirmed: your place in {event} (qualification {id}) is yours.",
    "qual.declined": (
        "Declined: your place in {event} (qualification {id}) passes to the next player."
    ),
    "qual.cannot_answer": (
        "Qualification {id}: you hold no place that awaits an answer (your state: {state})."
    ),
    "qual.summary_filled": (
        "Qualification {id} ({event}): the quota is filled, every place confirmed."
    ),
    "qual.summary_exhausted.one": (
        "Qualification {id} ({event}): the reserve is exhausted; {unfilled} place stays unfilled."
    ),
    "qual.summary_exhausted.few": (
        "Qualification {id} ({event}): the reserve is exhausted; {unfilled} places stay unfilled."
    ),
    "qual.summary_exhausted.many": (
        "Qualification {id} ({event}): the reserve is exhausted; {unfilled} places stay unfilled."
    ),
    "qual.refused": "Qualification {id} cannot be frozen: {error}",
    "qual.show_title": "Qualification {id}: {event} ({discipline}), {event_date}",
    "qual.show_dates": "Qualification date {date}, quota {quota}, Presidium places {presidium}.",
    "qual.not_frozen": "The list is not frozen yet.",
    "qual.frozen_list": "The list frozen on {date}:",
    "qual.slots": "Places:",
    "qual.reserve": "Reserve, in order: {players}",
    "qual.skipped": "Not members on the qualification date (section 3.2): {players}",
    "qual.unfilled": "Unfilled places: {unfilled}",
    "qual.col_player": "Player",
    "qual.col_source": "Basis",
    "qual.col_state": "State",
    "qual.col_informed": "Informed",
    "qual.col_deadline": "Deadline",
    "qual.col_closed": "Closed",
    "qual.source_presidium": "Presidium",
    "qual.source_rating": "rating",
    "qual.state_invited": "invited",
    "qual.state_confirmed": "confirmed",
    "qual.state_declined": "declined",
    "qual.state_reserve": "reserve (no answer in time)",
    "qual.state_none": "not offered a place",
    "report.notice_ask": "Your opponent reported a game: confirm it or dispute it.",
    "report.notice_decide": "A game report waits for a director:",
    "reports.not_rated": (
        "Note: the {system} adapter does not rate reported games yet; counted games are"
        " stored in the tournament and rated when its results are submitted."
    ),
    "cmd.player": "a player's registry card: /player <ID or name>",
    "card.federation": "Federation",
    "card.latin_name": "In Latin letters",
    "card.club": "Club",
    "card.country": "Country",
    "card.birth_date": "Born",
    "card.sex": "Sex",
    "card.egd_pin": "EGD PIN",
    "card.memberships": "Memberships",
    "card.no_membership": "none recorded",
    "cmd.playeradd": (
        'add a player to the registry: /playeradd <federation> name="…" [column=value …]'
    ),
    "cmd.playeredit": "change a player in the registry: /playeredit <ID> column=value …",
    "registry.added": "Added {player} to the registry.",
    "registry.saved": "Saved {player}: {fields}.",
    "registry.unchanged": "Nothing changes for {player}.",
    "registry.exists": "The registry already has {id}; change it with /playeredit.",
    # ── setup: begin (keys of the setup work go between begin and end) ──
    "setup.start_empty": (
        "Hello, {name}! I am fedrank. No federation is set up yet: the server's operator"
        ' creates one with fedrank federation add CODE "NAME" --timezone Area/City.'
    ),
    "setup.federation_added": (
        "Federation {code} ({name}) added: time zone {timezone}, announcements in {language}."
    ),
    "setup.discipline_added": (
        "Discipline {code} ({name}) added to {federation}: system {system}, lists {calendar}."
    ),
    "setup.bad_name": "A name is needed, at most {limit} characters.",
    "setup.bad_timezone": (
        "Unknown time zone “{timezone}”: give an IANA name such as Area/City. Closest: {close}."
    ),
    "setup.bad_federation_code": (
        "“{code}” cannot be a federation code: a letter, then letters, digits, - or _ (at most 32)."
    ),
    "setup.bad_language": "Unknown language “{language}”. Languages: {known}.",
    "setup.federation_exists": "Federation {code} ({name}) exists already.",
    "setup.no_federation_yet": (
        "There is no federation “{code}”, nor any other yet: the operator creates one with"
        ' fedrank federation add CODE "NAME" --timezone Area/City.'
    ),
    "setup.bad_discipline_code": (
        "“{code}” cannot be a discipline code: lower-case letters, digits, '.', '-' or '_'"
        " (at most 32)."
    ),
    "setup.no_adapter": "fedrank cannot compute {system} lists yet: no discipline of it is added.",
    "setup.discipline_refused": "A {system} discipline cannot be added: {why} ({rule}).",
    "setup.rmf_kind": (
        "the RMF rulebook has two lists, sports mahjong (MCR) and Sichuan mahjong, and"
        " “{code}” ({name}) names neither; put MCR, sports or Sichuan in its code or name"
    ),
    "setup.discipline_exists": (
        "A discipline with the code {code} exists already, in {federation} (codes are unique"
        " across federations)."
    ),
    "setup.unknown_discipline": (
        "{federation} has no discipline “{code}”. Its disciplines: {known}."
    ),
    "setup.stored_tournaments": "tournaments",
    "setup.stored_lists": "published lists",
    "setup.stored_qualifications": "qualifications",
    "setup.stored_titles": "titles",
    "setup.cannot_remove": (
        "{code} is not removed: it holds {stored}, which are never deleted. Disable it instead"
        " (it keeps its history, gets no new lists and refuses submissions)."
    ),
    "setup.discipline_removed": "Discipline {code} removed from {federation} (it had no history).",
    "setup.discipline_disabled": (
        "Discipline {code} of {federation} disabled: its history stays, no new lists are"
        " published on its calendar, submissions are refused."
    ),
    "setup.already_disabled": "Discipline {code} is disabled already.",
    "setup.discipline_enabled": "Discipline {code} enabled again.",
    "setup.already_enabled": "Discipline {code} is not disabled.",
    "setup.submit_disabled": (
        "Discipline {code} is disabled: it takes no submissions (an admin enables it again with"
        " /discipline enable)."
    ),
    "setup.disabled": "disabled",
    # ── setup: end ──
    # ── links: begin (keys of the links work go between begin and end) ──
    "link.already_linked": "Your account is already linked to {player}.",
    "link.relink_note": "Once a director approves it, it replaces your link to {current}.",
    "link.too_many_requests": (
        "You already have {max} link requests waiting; wait for a director's answer before "
        "asking again."
    ),
    "link.code_locked": (
        "Too many wrong codes: linking by code is locked until {until}. Try again later, or "
        "send /link with your ID alone and a director will confirm it."
    ),
    "link.own_code": (
        "You cannot link yourself with a code you issued, nor issue one for a player you asked "
        "to be: another director or an admin of {federation} must do it."
    ),
    "link.replaced": "It replaces your link to {player}.",
    "link.page.one": "Page {page} of {pages} ({total} request waiting).",
    "link.page.few": "Page {page} of {pages} ({total} requests waiting).",
    "link.page.many": "Page {page} of {pages} ({total} requests waiting).",
    "link.pending_relink": (
        "#{request}: {account} asks to be {player} instead of {current} (re-link)"
    ),
    "link.own_request_note": "your own request: another director or an admin decides it",
    "link.page_back": "‹ Back",
    "link.page_next": "Next ›",
    "link.own_request": (
        "You cannot approve your own link request: another director or an admin of "
        "{federation} must."
    ),
    "link.taken_now": (
        "{player} is already linked to another account of that platform: this request cannot "
        "be approved; reject it."
    ),
    "link.approved_replaces": "It replaces {account}'s link to {player}.",
    "link.name_one": "You are linked to several players: {players}. Name the one you mean.",
    # ── links: end ──
    # ── names: begin (keys of the names work go between begin and end) ──
    "names.title.one": (
        "{count} name in {file} is not settled in the {federation} registry; nothing is written "
        "yet:"
    ),
    "names.title.few": (
        "{count} names in {file} are not settled in the {federation} registry; nothing is written"
        " yet:"
    ),
    "names.title.many": (
        "{count} names in {file} are not settled in the {federation} registry; nothing is written"
        " yet:"
    ),
    "names.unknown": "{number}. line {line}: {name} — not registered; closest: {candidates}",
    "names.unknown_none": "{number}. line {line}: {name} — not registered",
    "names.ambiguous": "{number}. line {line}: {name} — several registered players: {candidates}",
    "names.bad_choice": "{number}. line {line}: {name} — no player {id} is registered",
    "names.how": (
        "Answer /names {token} 1=ID 2=new … (a registered player's ID, or new to register him "
        "with the file's own data), or /names {token} new to register every unknown name."
    ),
    "names.register_all": "Register every unknown name",
    "names.new_players": "New players, registered when you confirm ({count}): {players}",
    "names.bad_number": "There is no name {number} in the list.",
    "names.not_waiting": "This submission is not waiting for names.",
    "names.unsettled": "Settle the names first: /names {token} …",
    "names.stale": (
        "The registry changed since the preview ({reason}); nothing was written. Submit the "
        "file again."
    ),
    "names.id_elsewhere": (
        "{number}. line {line}: {name} — the ID is registered as {candidates}: "
        "the same person, or new?"
    ),
    "cmd.names": "settle a file's unknown names: /names <token> 1=ID 2=new …",
    "names.name_elsewhere": (
        "{number}. line {line}: {name} — the ID is not registered, the name is: {candidates}"
    ),
    "names.no_such_name": "There is no “{name}” in the list.",
    # ── names: end ──
    # ── scheduler: begin (keys of the scheduler work go between begin and end) ──
    "schedule.failed_admin": (
        "The list of {discipline} ({code}) dated {date} could not be published: {error}. "
        "The other lists are not held up; this one is retried automatically (next attempt "
        "{retry}). Operators: fedrank schedule shows the failures."
    ),
    "schedule.withdrawn": (
        "The list of {discipline} dated {date} has been withdrawn: please disregard it."
    ),
    # ── scheduler: end ──
    # ── figures: begin (keys of the figures work go between begin and end) ──
    "figures.forbidden": "Only {role} of {federation} may do this.",
    "figures.a_role.player": "a player",
    "figures.a_role.director": "a director",
    "figures.a_role.admin": "an administrator",
    "figures.players.one": "{n} player",
    "figures.players.few": "{n} players",
    "figures.players.many": "{n} players",
    "figures.publish_done": "Published the list of {discipline} on {date}: {players}.",
    "figures.publish_before_first": (
        "A list of {discipline} cannot be dated {date}: that is before its first stored "
        "result ({first}), so it would be empty."
    ),
    "figures.publish_no_results": (
        "A list of {discipline} cannot be published yet: no result is stored in it."
    ),
    "figures.playerdata_unknown_key": (
        "No rulebook of this federation reads “{key}”, so it is not saved. Keys: {valid}."
    ),
    "figures.why_other_federation": (
        "Tournament “{tournament}” is of {federation}, not of {own}: /why shows the awards "
        "of {player} in the tournaments of {own}."
    ),
    "figures.sub_no_record": (
        "You have no results in {discipline}, so there is nothing to send you about its lists."
    ),
    "figures.reports_places": (
        "Games cannot be reported in {discipline}: its results are places, submitted as a "
        "whole with /submit."
    ),
    "figures.qual_created_today": (
        "Qualification {id} created: {event} ({discipline}) on {event_date}, quota {quota} "
        "({presidium} by the Presidium). Its qualification date is today, {date}: the list of "
        "this date is frozen and the invitations sent at the scheduler's next run (within "
        "minutes)."
    ),
    "figures.since": "Since the list of {date}: {stored}",
    "figures.since_none": "Not in a published list yet: {stored}",
    "figures.since_more": "and {count} more",
    "figures.since_list": "The list of {date} would show, from what is stored now: position "
    "{position} of {size}, rating {value}",
    "figures.since_not_listed": "The list of {date} would not list {player}.",
    "figures.title_listed": "Title: {title}",
    "figures.list_since": (
        "Stored since this list: {stored}. The list counts them from its next publication; "
        "/rating shows each player's figures with them."
    ),
    # ── figures: end ──
    # ── corrections: begin (keys of the corrections work go between begin and end) ──
    "corrections.identical": (
        "{name} is identical to the stored version {version}: nothing to confirm, nothing written."
    ),
    "corrections.is_correction": (
        "Correction: {code} is stored (version {version}): this correction becomes version {next}."
    ),
    "corrections.no_replays": "No other stored tournament is re-rated.",
    "cmd.withdraw": (
        "take a stored tournament out of the lists (a new version, after a preview): "
        "/withdraw <tournament>"
    ),
    "withdraw.unknown": "No stored tournament matches “{query}”.",
    "withdraw.choose": "Several tournaments match “{query}”; give the code:",
    "withdraw.already": (
        "{name} ({code}) is already withdrawn (version {version}); submitting its "
        "results again restores it."
    ),
    "withdraw.preview_title": "Withdrawal: {name}",
    "withdraw.explain.one": (
        "Confirming stores version {next} without results: its {count} entry leaves the lists. "
        "Version {version} stays in the ledger but no longer counts."
    ),
    "withdraw.explain.few": (
        "Confirming stores version {next} without results: its {count} entries leave the lists. "
        "Version {version} stays in the ledger but no longer counts."
    ),
    "withdraw.explain.many": (
        "Confirming stores version {next} without results: its {count} entries leave the lists. "
        "Version {version} stays in the ledger but no longer counts."
    ),
    "withdraw.saved": "Withdrawn: {name}, version {version}.",
    # ── corrections: end ──
    # ── security: begin (keys of the security work go between begin and end) ──
    "grant.not_below": (
        "{account} is {held} of {federation}; a {role} may change only the roles of accounts"
        " below his own."
    ),
    "grant.too_high": "A {role} of {federation} may give only roles below his own.",
    "grant.last_admin": (
        "{account} is the last administrator of {federation}: make another account"
        " administrator first (the operator can always do it with fedrank grant)."
    ),
    # ── security: end ──
    # ── files: begin (keys of the files work go between begin and end) ──
    "sheet.too_costly": (
        "{file} took more than {seconds} s or {megabytes} MB to read; send a workbook with "
        "the results only."
    ),
    "othello.no_state": (
        "{name} has no rounds: it was opened for game reports, not submitted as a tournament "
        "file. Send its file with /submit first."
    ),
    # ── files: end ──
    # ── chat: begin (keys of the chat work go between begin and end) ──
    "cmd.tournaments": "recent stored tournaments with their codes: /tournaments [discipline]",
    "cmd.results": "a stored tournament's results: /results <tournament code or name>",
    "cmd.h2h": "two players' games against each other (Go, Othello): /h2h <player> <player>",
    "tournaments.title": "Stored tournaments ({stored}), newest first",
    "tournaments.title_in": "{discipline}: stored tournaments ({stored}), newest first",
    "tournaments.count.one": "{n} tournament",
    "tournaments.count.few": "{n} tournaments",
    "tournaments.count.many": "{n} tournaments",
    "tournaments.headers": "Code|Date|Tournament|Players|Version",
    "tournaments.discipline_header": "Discipline",
    "tournaments.none": "No tournament has been stored yet.",
    "tournaments.none_in": "No tournament of {discipline} has been stored yet.",
    "tournaments.page": "Page {page} of {pages}.",
    "tournaments.hint": "Results: /results <code>; the awards explained: /why <code> [player].",
    "results.no_tournament": "No stored tournament has the code or name “{query}”.",
    "results.choose": "Several tournaments match “{query}”; ask again with a code:",
    "results.version": "version {version}",
    "results.withdrawn": "This tournament was withdrawn: its results no longer count.",
    "results.empty": "This version has no entries.",
    "results.headers": "Place|Player|Score|Award",
    "results.team_header": "Team",
    "results.players.one": "{n} player",
    "results.players.few": "{n} players",
    "results.players.many": "{n} players",
    "results.why_hint": "How each award was computed: /why {code} [player].",
    "top.bad_date": "“{date}” is not a date; write it as YYYY-MM-DD.",
    "top.before_first": (
        "No list of {discipline} was in force on {date}: the first one is of {first}."
    ),
    "top.in_force": "The list in force on {date} is the list of {list_date}.",
    "top.newer": "A newer list has been published since: {latest} (/top without a date).",
    "h2h.not_found": (
        "I cannot tell two players in “{query}”. Name each by ID, EGD PIN or full name, and "
        "separate names with spaces by “;”: {usage}"
    ),
    "h2h.ambiguous": "“{query}” can name several pairs: {pairs}. Use the players' IDs.",
    "h2h.place_based": (
        "{discipline} ({system}) ranks players by place and stores no games between two "
        "players, so there is no head-to-head; it exists for Go and Othello."
    ),
    "h2h.never": "They have not played each other in a stored tournament.",
    "h2h.games.one": "{n} game",
    "h2h.games.few": "{n} games",
    "h2h.games.many": "{n} games",
    "h2h.win.one": "{n} win",
    "h2h.win.few": "{n} wins",
    "h2h.win.many": "{n} wins",
    "h2h.wins": "{player}: {wins}",
    "h2h.jigo": "Jigo: {count}",
    "h2h.draws": "Draws: {count}",
    "h2h.won": "{player} won",
    "h2h.drawn": "draw",
    "h2h.last": "Last meeting: {date}, {tournament} ({code}): {result}.",
    "h2h.headers": "Date|Tournament|Round|Result",
    "h2h.several": "“{name}” is several players: {players}.",
    "codes.saved": "Saved: {name}, version {version}, code {code}.",
    # ── chat: end ──
    # ── reports: begin (keys of the reports work go between begin and end) ──
    "cmd.league": "open a rated Go club league (board, time, official)",
    "cmd.closeround": "close a league's round: its games are rated",
    "cmd.mygames": "your own games and reports, with their state",
    "league.bad_colour": "“{colour}” is not a colour: write black or white.",
    "league.colour_needed": (
        "Say which colour you had: /report <tournament> <opponent> {result} black (or white)."
    ),
    "league.round_busy": (
        "One of the players already has a counted game in round {round}; the director closes "
        "the round first (/closeround)."
    ),
    "league.bad_setting": "Not understood: {setting}",
    "league.not_go": (
        "{discipline} is not a Go discipline: leagues rate Go games. Use /openreports."
    ),
    "league.exists": (
        "A tournament {tournament} already exists in this discipline: choose another code."
    ),
    "league.yes": "official",
    "league.no": "not official",
    "league.mode_round": "Games are rated when you close a round with /closeround.",
    "league.mode_immediate": "Each game is rated as soon as it counts.",
    "league.opened": (
        "League {tournament} ({name}, {discipline}) opened on {date}: board {size}×{size}, "
        "{time} min main time, {official}. Players report with /report {tournament} <opponent> "
        "<B+R|W+3.5|jigo|win|loss> [black|white]."
    ),
    "league.unknown": "No league {tournament} in this discipline.",
    "league.immediate": "{tournament} rates each game at once: there is no round to close.",
    "league.round_empty": "Round {round} of {tournament} has no counted game yet: nothing to rate.",
    "league.round_closed.one": (
        "Round {round} of {tournament} closed: {games} game rated, the league is version {version}."
    ),
    "league.round_closed.few": (
        "Round {round} of {tournament} closed: {games} games rated, the league is version "
        "{version}."
    ),
    "league.round_closed.many": (
        "Round {round} of {tournament} closed: {games} games rated, the league is version "
        "{version}."
    ),
    "league.changes": "IK before → after the tournament so far:",
    "league.replays": "Later tournaments re-rated: {count}.",
    "league.use_league": (
        "Note: games reported here are stored, not rated. A rated Go club tournament is opened "
        "with /league {discipline} <code> size=19 time=60 official=no."
    ),
    "league.counted_waiting": (
        "Report #{report} counted in {tournament}, round {round}: it is rated when the "
        "director closes the round."
    ),
    "league.counted_rated": (
        "Report #{report} counted and rated: {tournament} is version {version}."
    ),
    "mygames.no_tournament": "You have no tournament {tournament}.",
    "mygames.none": "You have no game reports yet.",
    "mygames.title": "Your games ({count}), page {page} of {pages}:",
    "mygames.next": "Next page",
    "mygames.line": "#{report} {tournament}: {result} against {opponent} — {state}",
    "mygames.state_reported": "reported, waiting for the opponent",
    "mygames.state_confirmed": "confirmed, waiting for a director",
    "mygames.state_disputed": "disputed",
    "mygames.state_rejected": "rejected",
    "mygames.state_rated": "rated",
    "mygames.state_counted": "counted (not rated yet)",
    "mygames.state_waiting_round": "confirmed, rated when the round closes",
    "league.bad_size": "Not understood: {setting} (the board is 9, 13 or 19)",
    "league.reports_opened": (
        "{tournament} ({name}, {discipline}) is open: players may report their games with "
        "/report {tournament} <opponent> <B+R|W+3.5|jigo|win|loss> [black|white]."
    ),
    "cmd.roundstatus": "an Othello round's sheet: the results players agreed, what is missing",
    "sheet.state_reported": "reported (#{report}), waiting for the opponent",
    "sheet.state_confirmed": "confirmed (#{report}), waiting for a director",
    "sheet.state_disputed": "disputed (#{report}), a director decides",
    "sheet.missing": "missing",
    "sheet.incomplete": (
        "Round {round} is not complete: no agreed result at table(s) {tables}. /roundstatus "
        "shows the sheet; or paste the round's results below the command."
    ),
    "sheet.not_paired": (
        "You are not paired with {opponent} in round {round}: report the game of the published "
        "pairing (/pairing)."
    ),
    "sheet.discs_needed": "Give the discs of the game, e.g. win 40-24.\nUsage: {usage}",
    "sheet.held": "The game of this table in round {round} is already reported (#{report}).",
    "sheet.counted": (
        "Report #{report} agreed: the game is in the sheet of round {round} of {tournament}; "
        "the director enters the round."
    ),
    "sheet.title": "{name}: round {round}, {done} of {tables} results agreed",
    "sheet.headers": "Table|Black|White|Result",
    "sheet.complete": "Every result is in: /round {tournament} enters the round (a preview first).",
    "sheet.enter": "Enter the round",
    "sheet.opened": (
        "Players report the games of the published pairing with their discs; when both sides "
        "agree, a game fills the round's sheet (/roundstatus {tournament}), and /round "
        "{tournament} with nothing pasted enters it."
    ),
    "cmd.propose": (
        "send your club's result sheet to the directors: /propose <discipline> + table or file"
    ),
    "cmd.proposals": "result sheets players proposed, waiting for your decision",
    "cmd.proposalaccept": "accept a proposed result sheet: it is stored",
    "cmd.proposalreject": "reject a proposed result sheet, with a reason",
    "proposal.title": "Proposed result sheet #{proposal}",
    "proposal.accept": "Accept",
    "proposal.reject": "Reject",
    "proposal.not_member": (
        "Only a player of {federation} proposes its result sheets: link your account to your "
        "player there first (/link)."
    ),
    "proposal.sent": (
        "Proposal #{proposal} sent to the directors of {federation}; you will be told when "
        "they decide. What they see:"
    ),
    "proposal.none": "No proposed result sheet is waiting for you.",
    "proposal.unknown": "There is no proposal #{proposal}.",
    "proposal.decided": "Proposal #{proposal} is already {state}: nothing to do.",
    "proposal.waiting": "waiting",
    "proposal.accepted": "accepted",
    "proposal.rejected": "rejected",
    "proposal.accepted_notice": "Your proposal #{proposal} was accepted: {name} is stored.",
    "proposal.rejected_notice": "Your proposal #{proposal} was rejected. Reason: {reason}",
    "proposal.accepted_reply": (
        "Proposal #{proposal} accepted: {name} saved, version {version}, code {code}."
    ),
    "proposal.rejected_reply": "Proposal #{proposal} rejected; the proposer is told.",
    "report.places": (
        "{discipline} ranks places, not games: there is no game to report. Send your club's "
        "result sheet to the directors with /propose {discipline} (the table below the "
        "command, or a file)."
    ),
    # ── reports: end ──
    # ── qualify: begin (keys of the qualify work go between begin and end) ──
    "cmd.qualifications": "qualification windows: dates, quota, places, deadlines",
    "cmd.qrecord": "record a player's answer to his invitation (given by phone or in person)",
    "cmd.qrestore": "give back a place declined by mistake",
    "cmd.notify": "where your personal notices go: Telegram, Discord or both",
    "notify.current": "{player}: personal notices go to {channel} (linked: {accounts}).",
    "notify.set": "{player}: personal notices now go to {channel} (linked: {accounts}).",
    "notify.not_linked_there": (
        "No {channel} account is linked to you yet: until one is, your notices go to every "
        "account you have."
    ),
    "notify.channel_telegram": "Telegram",
    "notify.channel_discord": "Discord",
    "notify.channel_both": "Telegram and Discord",
    "qual.no_such": "There is no qualification {id}.",
    "qual.not_open": (
        "Qualification {id} ({event}) is not open yet: its list is frozen on {date}, and the "
        "invitations go out then."
    ),
    "qual.closed": "Qualification {id} ({event}) is closed: the event has begun.",
    "qual.unlinked": (
        "Your account is not linked to a player of {federation}, so it holds no place in "
        "qualification {id}. Link it with /link, or ask a director to record your answer."
    ),
    "qual.decline_sure": (
        "You confirmed your place in {event} (qualification {id}). Declining now gives it up "
        "for good."
    ),
    "qual.lose_to": "You will lose your place to {player}.",
    "qual.lose_unfilled": "Nobody is left in the reserve: the place will stay unfilled.",
    "qual.button_decline_sure": "Yes, decline",
    "qual.button_keep": "Keep my place",
    "qual.button_record_confirm": "Record: confirms",
    "qual.button_record_decline": "Record: declines",
    "qual.pass_on_text": (
        "{player} has qualified for a place in {discipline} but has no linked "
        "account: please tell the player today. The answer is due by {deadline} (15 days). "
        "Record it with the buttons or /qrecord {id} {fpid} confirm|decline [note]."
    ),
    "qual.reminder_pass_on": (
        "Reminder: {player} has not answered for {event} (qualification {id}); the deadline is "
        "{deadline}. No linked account: record the answer with /qrecord {id} {fpid} "
        "confirm|decline [note]."
    ),
    "qual.expired_directors": (
        "{player} did not answer for {event} (qualification {id}) in time and is now in the "
        "reserve (seed 000 section 3.5)."
    ),
    "qual.expired_deadline": "The deadline was {deadline}.",
    "qual.passed_to": "The place passes to {player}, who is invited with 15 days to answer.",
    "qual.passed_to_nobody": "Nobody is left in the reserve: the place stays unfilled.",
    "qual.undelivered": (
        "The qualification notice to {player} for {event} (qualification {id}) could not be "
        "delivered ({platform}: {error}). Please reach the player another way and record the "
        "answer."
    ),
    "qual.recorded_confirm": (
        "{director} recorded your answer for {event} (qualification {id}): you confirmed "
        "your place."
    ),
    "qual.recorded_decline": (
        "{director} recorded your answer for {event} (qualification {id}): you declined your place."
    ),
    "qual.offer_withdrawn": (
        "The place in {event} (qualification {id}) offered to you has gone back to {player}, "
        "whose refusal was a mistake. You stay first in the reserve."
    ),
    "qual.cannot_record": (
        "Qualification {id}: {player} holds no place that awaits this answer (state: {state})."
    ),
    "qual.recorded": "Recorded: {player} confirms the place in {event} (qualification {id}).",
    "qual.recorded_declined": (
        "Recorded: {player} declines the place in {event} (qualification {id})."
    ),
    "qual.restore_not_declined": "Qualification {id}: {player} has not declined a place.",
    "qual.restore_answered": (
        "Qualification {id}: the place of {player} cannot be restored, {other} has already "
        "answered for it."
    ),
    "qual.restored": (
        "Restored: {player} holds the place in {event} (qualification {id}) again ({state})."
    ),
    "qual.late_title": "The qualification date {date} has passed.",
    "qual.late_within_limit": (
        "The players must be informed within 7 days of it, by {limit} (seed 000 section 3.4)."
    ),
    "qual.late_limit_passed": (
        "It was {days} days ago, and the 7 days to inform the players ended on {limit} "
        "(seed 000 section 3.4)."
    ),
    "qual.late_choice_now": (
        "Inform now: the list of that date is frozen and the players invited today, with 15 "
        "days to answer (until {deadline})."
    ),
    "qual.late_choice_date": (
        "Or set another qualification date decided by the Presidium (section 3.3): {command}"
    ),
    "qual.button_inform_now": "Inform now",
    "qual.created_now": (
        "Qualification {id} created: {event} ({discipline}) on {event_date}, quota {quota} "
        "({presidium} by the Presidium). The list of {date} is frozen now."
    ),
    "qual.invited_now": "Invited today: {count}; answers are due by {deadline}.",
    "qual.list_title": "Qualification {id}: {event} ({discipline}), {event_date}",
    "qual.list_dates": (
        "Qualification date {date}, quota {quota} (Presidium {presidium}); {state}."
    ),
    "qual.list_places": (
        "Places: {confirmed} confirmed, {invited} awaiting an answer, {declined} declined, "
        "{reserve} moved to the reserve."
    ),
    "qual.list_awaited": "  {player}: answer by {deadline}",
    "qual.list_awaited_unlinked": "  {player}: answer by {deadline} (no linked account)",
    "qual.list_yours": "Your place: {state}; deadline {deadline}.",
    "qual.list_none": "There are no qualification windows for you.",
    "qual.list_unlinked": (
        "You are not linked to a player and direct no federation, so no qualification "
        "concerns you yet. Link your account with /link."
    ),
    "qual.list_page.one": "Page {page} of {pages} ({total} window).",
    "qual.list_page.few": "Page {page} of {pages} ({total} windows).",
    "qual.list_page.many": "Page {page} of {pages} ({total} windows).",
    "qual.button_show": "Details of {id}",
    "qual.window_waiting": "waiting for its date",
    "qual.window_refused": "the list cannot be frozen",
    "qual.window_open": "open",
    "qual.window_filled": "the quota is filled",
    "qual.window_closed": "closed",
    "qual.state_waiting": "in the reserve (offer withdrawn)",
    "qual.offer_withdrawn_directors": (
        "The place in {event} (qualification {id}) offered to {other} has gone back to "
        "{player}. {other} has no linked account: please say so; the player heads the reserve "
        "again."
    ),
    # ── qualify: end ──
    # ── console: begin (keys of the console work go between begin and end) ──
    "console.welcome": "fedrank console chat. /help lists the commands, /quit leaves.",
    "console.paste": "Paste the table; an empty line or a line with a single . ends it.",
    "console.saved": "[file saved: {path}, {size} bytes]",
    "console.no_file": "No such file: {path}",
    "console.not_a_file": "{path} is a folder, not a file.",
    "console.unreadable": "{path} cannot be read: {reason}",
    "console.not_saved": "[file {file} not saved in {folder}: {reason}]",
    # ── console: end ──
    # ── formats: begin (keys of the formats work go between begin and end) ──
    "sheet.not_workbook": (
        "{file} is not a workbook that can be read (.xlsx, .xls or .ods); save it again or "
        "send the results as CSV or text."
    ),
    "upload.not_text": (
        "{file} is not text in UTF-8, Windows-1251 or GB18030 (line {line}); save it as "
        "“CSV UTF-8” or as UTF-8 text."
    ),
    "upload.read_text": "The file was read as {encoding} text.",
    "upload.read_csv": "The file was read as CSV in {encoding}, cells separated by {separator}.",
    "upload.semicolons": "semicolons",
    "upload.commas": "commas",
    "upload.tabs": "tabs",
    # ── formats: end ──
    # ── site: begin (keys of the site work go between begin and end) ──
    "site.name": "Rating lists",
    "site.home": "All federations",
    "site.languages": "Other languages",
    "site.language_name": "English",
    "site.latest": "Latest list",
    "site.no_list": "no list published yet",
    "site.archive": "All lists",
    "site.lists": "Published lists",
    "site.list_title": "{discipline}: list of {date}",
    "site.changes_since": "Changes since the list of {date}.",
    "site.first_list": "The discipline's first list.",
    "site.col_position": "Position",
    "site.col_id": "ID",
    "site.col_player": "Player",
    "site.col_rating": "Rating",
    "site.col_title": "Title",
    "site.col_change": "Change",
    "site.col_date": "Date",
    "site.col_tournament": "Tournament",
    "site.col_place": "Place",
    "site.col_award": "Award",
    "site.col_team": "Team",
    "site.col_since": "Since",
    "site.col_reason": "Reason",
    "site.col_size": "Players",
    "site.new": "new",
    "site.tournaments": "Tournaments",
    "site.current": "Current figures",
    "site.position_of": "Position {position} of {size} in the list of {date}.",
    "site.not_listed": "Not in the latest list ({date}).",
    "site.title_history": "Title history",
    "site.rating_history": "Rating history",
    "site.chart_label": "Rating of {player} in {discipline}, list by list",
    "site.results": "Results",
    "site.version": "version {version}",
    "site.held_on": "Held on {date}",
    "site.trace": "How each award was computed",
    "site.no_award": "no award",
    "site.json": "JSON",
    "site.previous_list": "Previous list",
    "site.list_link": "The list on the website: {url}",
    # ── site: end ──
}
