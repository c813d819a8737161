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
    "othello.no_pairing": "{name}: all {total} rounds are played; no pairing is due.",
    "othello.standings_title": "{name}: standings after round {round} of {total}",
    "othello.ifrl_title": (
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
    "qual.summary_exhausted": (
        "Qualification {id} ({event}): the reserve is exhausted; {unfilled} place(s) stay unfilled."
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
    "link.page": "Page {page} of {pages} ({total} requests waiting).",
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
    "names.title": (
        "{count} name(s) in {file} are not settled in the {federation} registry; nothing "
        "is written yet:"
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
    "withdraw.explain": (
        "Confirming stores version {next} without results: its {count} entries leave the "
        "lists. Version {version} stays in the ledger but no longer counts."
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
    "league.round_closed": (
        "Round {round} of {tournament} closed: {games} game(s) rated, the league is version "
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
    "qual.list_page": "Page {page} of {pages} ({total} windows).",
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
    "site.not_listed": "Not on the lists since {date}.",
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
    # ── chart: begin ──
    "chart.title": "{player} — {discipline}, list by list",
    "chart.dan": "{n} dan",
    "chart.kyu": "{n} kyu",
    # ── chart: end ──
    # ── help: begin ──
    "help.group.player": "Player commands:",
    "help.group.director": "Director commands ({federations}):",
    "help.group.admin": "Admin commands ({federations}):",
    "help.more": "/help <command> shows what a command does, with an example.",
    "help.syntax": "Syntax:",
    "help.example": "Example:",
    "help.who.player": "Anyone may use it.",
    "help.who.director": "For directors and admins of a federation.",
    "help.who.admin": "For admins of a federation.",
    "help.unknown": "There is no command “{command}”.",
    "help.close": "Did you mean: {commands}?",
    "help.all": "/help lists every command you may use.",
    "help.bot_description": (
        "fedrank keeps the official ratings of mind-sport federations: ranks, kyu/dan, "
        "masterpoints and prize points, each with the reason behind it. Press Start, then /rating "
        "for your figures, /top for a list and /help for every command."
    ),
    "help.bot_short_description": (
        "Ratings of mind-sport federations, with the reason behind each figure."
    ),
    "link.deep_link": (
        "Or give the player this link; opening it and pressing Start links him at once: {url}"
    ),
    "link.start_bad_code": (
        "The code in this link is not valid: it was used, it expired, or it was mistyped. Ask the "
        "director for a new one."
    ),
    "help.syntax.start": "/start",
    "help.example.start": "/start",
    "help.syntax.help": "/help [command]",
    "help.example.help": "/help rating",
    "help.syntax.link": "/link <ID> [code]",
    "help.example.link": "/link RMF-0083",
    "help.syntax.rating": "/rating [name or ID]",
    "help.example.rating": "/rating UFGO-0026",
    "help.syntax.top": "/top [discipline] [n] [YYYY-MM-DD]",
    "help.example.top": "/top rmf-mcr 5",
    "help.syntax.why": "/why <tournament> [player]",
    "help.example.why": "/why tula-summer-2026 RMF-0083",
    "help.syntax.history": "/history [player]",
    "help.example.history": "/history UFGO-0041",
    "help.syntax.tournaments": "/tournaments [discipline] [page]",
    "help.example.tournaments": "/tournaments ufgo",
    "help.syntax.results": "/results <tournament> [page]",
    "help.example.results": "/results tula-summer-2026",
    "help.syntax.h2h": "/h2h [discipline] <player> <player>",
    "help.example.h2h": "/h2h UFGO-0026 UFGO-0041",
    "help.syntax.subscribe": "/subscribe <discipline> [me]",
    "help.example.subscribe": "/subscribe rmf-mcr me",
    "help.syntax.unsubscribe": "/unsubscribe <discipline> [me]",
    "help.example.unsubscribe": "/unsubscribe rmf-mcr",
    "help.syntax.lang": "/lang en|ru|uk|zh",
    "help.example.lang": "/lang ru",
    "help.syntax.links": "/links [page]",
    "help.example.links": "/links",
    "help.syntax.approve": "/approve <request>",
    "help.example.approve": "/approve 12",
    "help.syntax.reject": "/reject <request>",
    "help.example.reject": "/reject 12",
    "help.syntax.linkcode": "/linkcode <ID>",
    "help.example.linkcode": "/linkcode RMF-0083",
    "help.syntax.grant": "/grant <platform:user> <federation> <player|director|admin>",
    "help.example.grant": "/grant telegram:123456789 RMF director",
    "help.syntax.submit": "/submit <discipline> + file or table",
    "help.example.submit": "/submit rmf-mcr",
    "help.syntax.confirm": "/confirm <token>",
    "help.example.confirm": "/confirm 7f3a",
    "help.syntax.names": "/names <token> new | <number>=<ID or new> …",
    "help.example.names": "/names 7f3a 1=RMF-0083 2=new",
    "help.syntax.cancel": "/cancel <token>",
    "help.example.cancel": "/cancel 7f3a",
    "help.syntax.withdraw": "/withdraw <tournament>",
    "help.example.withdraw": "/withdraw tula-summer-2026",
    "help.syntax.publish": "/publish <discipline> [YYYY-MM-DD]",
    "help.example.publish": "/publish rmf-mcr",
    "help.syntax.pairing": "/pairing <tournament>",
    "help.example.pairing": "/pairing woc-2026",
    "help.syntax.standings": "/standings <tournament>",
    "help.example.standings": "/standings woc-2026",
    "help.syntax.round": "/round <tournament> + results",
    "help.example.round": "/round woc-2026",
    "help.syntax.roundstatus": "/roundstatus <tournament>",
    "help.example.roundstatus": "/roundstatus woc-2026",
    "help.syntax.report": "/report <tournament> <opponent ID> <win|loss|draw> [40-24]",
    "help.example.report": "/report woc-2026 WOF-0004 win 40-24",
    "help.syntax.reports": "/reports",
    "help.example.reports": "/reports",
    "help.syntax.gameok": "/gameok <report>",
    "help.example.gameok": "/gameok 31",
    "help.syntax.gamedispute": "/gamedispute <report>",
    "help.example.gamedispute": "/gamedispute 31",
    "help.syntax.openreports": "/openreports <discipline> <tournament code> [name]",
    "help.example.openreports": "/openreports wof woc-2026",
    "help.syntax.closereports": "/closereports <discipline> <tournament code>",
    "help.example.closereports": "/closereports wof woc-2026",
    "help.syntax.gameapprove": "/gameapprove <report>",
    "help.example.gameapprove": "/gameapprove 31",
    "help.syntax.gamereject": "/gamereject <report>",
    "help.example.gamereject": "/gamereject 31",
    "help.syntax.league": (
        "/league <discipline> <code> [size=19] [time=60] [official=yes|no] "
        "[rating=round|immediate] [date=YYYY-MM-DD] [name]"
    ),
    "help.example.league": "/league ufgo kyiv-club-2026 size=19 time=60",
    "help.syntax.closeround": "/closeround <discipline> <league code>",
    "help.example.closeround": "/closeround ufgo kyiv-club-2026",
    "help.syntax.mygames": "/mygames [tournament] [page]",
    "help.example.mygames": "/mygames",
    "help.syntax.propose": "/propose <discipline> + table or file",
    "help.example.propose": "/propose ufgo",
    "help.syntax.proposals": "/proposals",
    "help.example.proposals": "/proposals",
    "help.syntax.proposalaccept": "/proposalaccept <proposal>",
    "help.example.proposalaccept": "/proposalaccept 4",
    "help.syntax.proposalreject": "/proposalreject <proposal> <reason>",
    "help.example.proposalreject": "/proposalreject 4",
    "help.syntax.disciplines": "/disciplines [federation]",
    "help.example.disciplines": "/disciplines RMF",
    "help.syntax.discipline": (
        "/discipline add <federation> <code> <system> [calendar] <name> | disable <federation> "
        "<code> [remove] | enable <federation> <code>"
    ),
    "help.example.discipline": "/discipline add RMF rmf-riichi mahjong_rmf Riichi",
    "help.syntax.roles": "/roles <federation>",
    "help.example.roles": "/roles RMF",
    "help.syntax.unlink": "/unlink <player ID> [platform:user]",
    "help.example.unlink": "/unlink RMF-0083",
    "help.syntax.qualify": (
        "/qualify <discipline> <event date YYYY-MM-DD> <quota> <event name> [presidium=ID,ID] "
        "[date=YYYY-MM-DD] [tie=ID,ID] [inform=now]"
    ),
    "help.example.qualify": "/qualify rmf-mcr 2027-03-20 8 Russian Championship 2027",
    "help.syntax.qualification": "/qualification <id>",
    "help.example.qualification": "/qualification 3",
    "help.syntax.qconfirm": "/qconfirm <id>",
    "help.example.qconfirm": "/qconfirm 3",
    "help.syntax.qdecline": "/qdecline <id> [yes]",
    "help.example.qdecline": "/qdecline 3",
    "help.syntax.qualifications": "/qualifications [discipline] [page]",
    "help.example.qualifications": "/qualifications rmf-mcr",
    "help.syntax.qrecord": "/qrecord <qualification> <player ID> confirm|decline [note]",
    "help.example.qrecord": "/qrecord 3 RMF-0083 confirm",
    "help.syntax.qrestore": "/qrestore <qualification> <player ID>",
    "help.example.qrestore": "/qrestore 3 RMF-0083",
    "help.syntax.notify": "/notify telegram|discord|both",
    "help.example.notify": "/notify both",
    "help.syntax.whatif": "/whatif <tournament> <place> [player]",
    "help.example.whatif": "/whatif tula-summer-2026 3",
    "help.syntax.playerdata": "/playerdata <ID> [section.key <JSON value | ->]",
    "help.example.playerdata": "/playerdata FSBR-0060",
    "help.syntax.player": "/player <ID or name>",
    "help.example.player": "/player CCBA-0036",
    "help.syntax.playeradd": '/playeradd <federation> name="…" [column=value …]',
    "help.example.playeradd": '/playeradd RMF name="Anna Petrova"',
    "help.syntax.playeredit": "/playeredit <ID> column=value [column=value …]",
    "help.example.playeredit": "/playeredit RMF-0083 city=Tula",
    "help.option": "a command to explain (its syntax and an example)",
    # ── help: end ──
    # ── wordsb: begin ──
    "frame.yes": "yes",
    "frame.no": "no",
    "frame.none": "none",
    "frame.rank.kyu": "{n} kyu",
    "frame.rank.dan": "{n} dan",
    "frame.sep.or": "; or ",
    "frame.sep.and": " + ",
    "frame.sep.then": "; ",
    "frame.sep.none": "",
    "frame.kind.achievement": "achievement {n}",
    "frame.kind.MB": "MB",
    "frame.kind.RO": "RO",
    "frame.kind.PB": "PB",
    "frame.kind.IK": "IK",
    "frame.col.date": "date",
    "frame.col.tournament": "tournament",
    "frame.col.change": "change",
    "frame.col.IK": "IK",
    "frame.col.period": "period",
    "frame.col.RO": "RO",
    "frame.col.championship": "championship",
    "frame.value.pairs": "pairs",
    "frame.value.teams": "teams",
    "frame.value.individual": "individual",
    "frame.value.match": "match",
    "frame.value.regular": "regular",
    "frame.value.express": "express",
    "frame.value.regional": "regional",
    "frame.value.main_russian": "main_russian",
    "frame.value.russian": "russian",
    "frame.value.none": "none",
    "frame.value.given": "given",
    "frame.value.RC": "RC",
    "frame.value.appendix": "appendix",
    "frame.arg.tournament": "tournament",
    "frame.arg.player": "player",
    "frame.arg.place": "place",
    "frame.arg.discipline": "discipline",
    "frame.arg.n": "n",
    "frame.arg.YYYY-MM-DD": "YYYY-MM-DD",
    "frame.arg.name or federation ID": "name or federation ID",
    "frame.arg.code": "code",
    "frame.arg.federation": "federation",
    "frame.arg.token": "token",
    "frame.arg.ID": "ID",
    "frame.arg.code or name": "code or name",
    "go.next.highest": "{rank} is the highest rank",
    "go.next.at_list": "{rank} at a quarterly list with IK {ik} or more ({more}; next list {date})",
    "go.next.at_ik": "{rank} at IK {ik} ({more})",
    "go.next.more": "{n} more",
    "go.next.reached": "reached",
    "go.next.never_lowered": "{rank} is never lowered (over 60, {rule})",
    "go.next.lowered": "{rank} is lowered at a list with IK {ik} or less",
    "fsbr.next.highest": "{rk} is the highest coefficient of 2.2",
    "fsbr.next.options": "{rk}: {options}",
    "fsbr.next.option": "{missing} [{norm}]",
    "fsbr.next.option_life": "{missing} [{norm}, for life]",
    "fsbr.next.temporary": (
        ". Now {rk} on a one-year norm ({norm}); if it lapses, {lower} for life (2.2 note 2)"
    ),
    "fsbr.miss.mb": "{n} MB",
    "fsbr.miss.mb_f2f": "{n} MB ({f2f} of them face to face)",
    "fsbr.miss.f2f": "{n} MB face to face",
    "fsbr.miss.ro_year": "{n} RO in the last year",
    "fsbr.miss.pb": "{n} PB",
    "fsbr.miss.achievement": "an achievement of level {n}",
    "fsbr.miss.achievement_year": "an achievement of level {n} in the last year",
    "fsbr.miss.ebl": "{n} EBL points",
    "fsbr.miss.title": "the {title} norm",
    "fsbr.miss.met": "met: assigned at the next publication",
    "fsbr.whatif.place": "place in {code}",
    "fsbr.whatif.moves_pairs": "{entry}: the whole pair moves",
    "fsbr.whatif.moves_teams": "{entry}: the whole team moves",
    "fsbr.whatif.points": "{kind} in {code}",
    "fsbr.whatif.no_points": "points in {code}",
    "fsbr.whatif.achievement": "achievement in {code}",
    "fsbr.whatif.level": "level {n}",
    "fsbr.whatif.levels": "{first}, {rest}",
    "fsbr.whatif.rk": "rk at the publication of {date}",
    "fsbr.whatif.R": "R at the publication of {date}",
    "trace.name.tournament": "tournament",
    "trace.name.opponent": "opponent",
    "trace.name.IK_opponent": "IK_opponent",
    "trace.name.IK_start": "IK_start",
    "trace.name.gain": "gain",
    "trace.name.anomalous": "anomalous",
    "trace.name.board_divisor": "board_divisor",
    "trace.name.bonus": "bonus",
    "trace.name.bonus_limit": "bonus_limit",
    "trace.name.points": "points",
    "trace.name.rated": "rated",
    "trace.name.championship": "championship",
    "trace.name.express": "express",
    "trace.name.face_to_face": "face_to_face",
    "trace.name.form": "form",
    "trace.name.length": "length",
    "trace.name.listed": "listed",
    "trace.name.achievement": "achievement",
    "trace.name.RC_bonus": "RC_bonus",
    "trace.name.RC_formula": "RC_formula",
    "trace.name.MB_raw": "MB_raw",
    "trace.name.MB_session": "MB_session",
    "trace.name.MB_last_year": "MB_last_year",
    "trace.name.RO_last_year": "RO_last_year",
    "trace.name.sum_q2": "sum_q2",
    "trace.name.held_dan": "held_dan",
    "trace.name.norm": "norm",
    "trace.name.lowering_bound": "lowering_bound",
    "trace.name.session": "session[{n}].{name}",
    "trace.name.q": "q",
    "trace.rule.seed": "seed {n}",
    "trace.rule.table": "table {n}",
    "trace.rule.formula": "formula ({n})",
    "trace.rule.note": "note {n}",
    "trace.rule.appendix": "appendix {n}",
    "trace.rule.decision": "Decision",
    "trace.rule.text.ledger_ik": "ledger: sum of the IK lines of earlier tournaments",
    "trace.rule.text.vp": "RULES.md Decision VP (WBF {year})",
    "trace.note.ik_previous": "IK after the player's previous tournament",
    "trace.note.at_start": "at the start of the tournament",
    "trace.note.pass": "pass {n}: start IK {start}, final IK {final}",
    "trace.note.not_anomalous": "not anomalous",
    "trace.note.next_pass": "next pass starts at {ik}",
    "trace.note.no_earlier": "no earlier tournament",
    "trace.note.round": "round {n}",
    "trace.note.minutes": "{where}: IK above {ik} needs {minutes} minutes a game",
    "trace.note.nearest": "after the last round, to the nearest integer",
    "trace.note.recommended": "starting IK on the recommendation of two members (file line {n})",
    "trace.note.ik_at_publication": "IK at the publication of {date}",
    "trace.note.dan_held": "{n} dan held",
    "trace.note.never_lowered": "over 60: never lowered",
    "trace.note.actual_length": "actual length",
    "trace.note.strongest": "{n} strongest participants",
    "trace.note.match_boards": "{formula}, d = match boards",
    "trace.note.session_formula": "{formula} (session)",
    "trace.note.2n_teams": "2N for teams",
    "trace.note.mean_rk": "mean rk of {n} players",
    "trace.note.guaranteed": "RC = ПБ1 - 0.5 (guaranteed PB, appendix 1)",
    "trace.note.express_rcm": "express: RCM = RC",
    "trace.note.strong_n0": "participants with q <= 0 (Decision)",
    "trace.note.place_status": "place {place}, status {status}",
    "trace.note.places_pr": "places {places}, pR={pr}",
    "trace.note.tournament_places": "tournament, places {places}",
    "trace.note.sessions_better": "sessions {sessions} > tournament {whole}",
    "trace.note.places_met": "places ({rule}), {norm} met",
    "trace.note.sessions": "sessions ({rule})",
    "trace.note.european": "European/World championship: N",
    "trace.note.too_short": "length {n} < {required}",
    "trace.note.match_d": "boards of the match",
    "trace.note.small_field": "{event}: small field",
    "trace.note.face_to_face": "face to face {n}",
    "trace.note.last_year": "last year {n}",
    "trace.note.results": "{n} results",
    "trace.name.IK": "IK",
    "trace.name.MB": "MB",
    "trace.name.RO": "RO",
    "trace.name.PB": "PB",
    "trace.name.q(opponent)": "q(opponent)",
    "frame.calendar.monthly": "monthly",
    "frame.calendar.quarterly": "quarterly",
    "frame.calendar.yearly": "yearly",
    "frame.calendar.on_demand": "on_demand",
    "frame.month.1": "January",
    "frame.month.2": "February",
    "frame.month.3": "March",
    "frame.month.4": "April",
    "frame.month.5": "May",
    "frame.month.6": "June",
    "frame.month.7": "July",
    "frame.month.8": "August",
    "frame.month.9": "September",
    "frame.month.10": "October",
    "frame.month.11": "November",
    "frame.month.12": "December",
    "frame.arg.page": "page",
    "frame.arg.opponent": "opponent",
    "frame.arg.report": "report",
    "frame.arg.request": "request",
    "frame.arg.player ID": "player ID",
    "frame.arg.tournament code": "tournament code",
    "frame.arg.league code": "league code",
    "frame.arg.qualification": "qualification",
    "frame.arg.id": "id",
    "frame.arg.name": "name",
    "frame.arg.quota": "quota",
    "frame.arg.event name": "event name",
    "frame.arg.event date YYYY-MM-DD": "event date YYYY-MM-DD",
    "frame.arg.code or name of the tournament": "code or name of the tournament",
    "fsbr.title.wbf_master": "WBF Master",
    "fsbr.title.wbf_international_master": "WBF International Master",
    "fsbr.title.wbf_life_master": "WBF Life Master",
    "fsbr.title.wbf_grand_master": "WBF Grand Master",
    "fsbr.title.ebl_master": "EBL Master",
    "fsbr.title.ebl_grand_master": "EBL Grand Master",
    "frame.refusal.place_range": "place must be between 1 and {n} in {where}",
    "frame.refusal.inside_tie": (
        "place {place} is inside places {first}-{last} shared by {size} participants in {where}"
    ),
    "frame.refusal.not_played": "the player did not play in {code}",
    "frame.refusal.not_fsbr": (
        "{code} was not stored with bridge_fsbr parameters: it cannot be recomputed"
    ),
    # ── wordsb: end ──
    # ── wordsa: begin ──
    "sys.rule.seed": "{seed}, {where}",
    "sys.rule.seed_n": "rulebook {seed}",
    "sys.rule.appendix": "Appendix {n}",
    "sys.rule.section": "section {n}",
    "sys.rule.table": "table",
    "sys.rule.quote": "“{text}”",
    "sys.rule.decision": "decision “{name}”",
    "sys.rule.engine": "engine decision {what}",
    "sys.col.tournament": "tournament",
    "sys.col.name": "name",
    "sys.col.date": "date",
    "sys.col.code": "code",
    "sys.col.event": "event",
    "sys.col.round": "round",
    "sys.col.colour": "colour",
    "sys.col.opponent": "opponent",
    "sys.col.score": "score",
    "sys.col.points": "points",
    "sys.mahjong_rmf.seed": "seed 000",
    "sys.mahjong_rmf.system": "mahjong_rmf",
    "sys.mahjong_rmf.col.age_months": "age_months",
    "sys.mahjong_rmf.row": "row {label}",
    "sys.mahjong_rmf.kt_eu": "EU_mean / {d} rounded down to a multiple of {step}",
    "sys.mahjong_rmf.nr": "{k} * (CHUT - place) / (CHUT - {one})",
    "sys.mahjong_rmf.nr_mean": "{k} * (CHUT - place_mean) / (CHUT - {one})",
    "sys.mahjong_rmf.norm_reached": "the highest level value reached by NR * KT",
    "sys.mahjong_rmf.chut_default": "defaulted to the number of ranked players",
    "sys.mahjong_rmf.level": "level {label}",
    "sys.mahjong_rmf.norm": "norm {label}",
    "sys.mahjong_rmf.no_norm": "NR*KT below 0: no norm met",
    "sys.mahjong_rmf.not_above": "norm not above the level held",
    "sys.mahjong_rmf.for_life": "levels up to 1 dan are for life",
    "sys.mahjong_rmf.lifted": "lifted to 1 dan first, then '+' marks",
    "sys.mahjong_rmf.below_dan": "norm below the dan held",
    "sys.mahjong_rmf.year_again": "the year starts again",
    "sys.mahjong_rmf.plus": "one '+' per full 500",
    "sys.mahjong_rmf.next": "{label}: NR*KT ≥ {n} in one tournament",
    "sys.mahjong_rmf.highest": "{label} is the highest level",
    "sys.mahjong_rmf.keep": "to keep {label}: NR*KT ≥ {n} before {date}",
    "sys.mahjong_rmf.kept": "{label} is kept for life",
    "sys.mahjong_rmf.w.place": "place in {code}",
    "sys.mahjong_rmf.w.nrkt": "NR*KT in {code}",
    "sys.mahjong_rmf.w.kt": "KT of {code}",
    "sys.mahjong_rmf.w.level_after": "level after {code}",
    "sys.mahjong_rmf.w.level_on": "level on {date}",
    "sys.mahjong_rmf.w.list_on": "list on {date}",
    "sys.mahjong_rmf.w.position": "position, rating",
    "sys.mahjong_rmf.d.between": "between rows",
    "sys.mahjong_rmf.d.scale": "KT_EU scale",
    "sys.mahjong_rmf.d.shared": "shared places",
    "sys.mahjong_rmf.d.norm2000": "norm above 2000",
    "sys.mahjong_rmf.d.year": "one-year confirmation",
    "sys.mahjong_rmf.players.one": "{n} player",
    "sys.mahjong_rmf.players.few": "{n} players",
    "sys.mahjong_rmf.players.many": "{n} players",
    "sys.mahjong_rmf.eu_mean": "{sum} / {players}",
    "sys.mahjong_rmf.shared_by": "places {a}-{b} shared by {players}",
    "sys.bridge_ccba.seed": "seed 001",
    "sys.bridge_ccba.system": "bridge_ccba",
    "sys.bridge_ccba.figure": "Masterpoints: {value}",
    "sys.bridge_ccba.top_headers": "#|Player|Masterpoints|Title",
    "sys.bridge_ccba.history_headers": "List|#|Masterpoints|Title",
    "sys.bridge_ccba.kind.mp": "masterpoints",
    "sys.bridge_ccba.kind.youth": "youth masterpoints",
    "sys.bridge_ccba.kind.opening": "opening masterpoints",
    "sys.bridge_ccba.kind.opening_youth": "opening youth",
    "sys.bridge_ccba.colour.platinum": "platinum",
    "sys.bridge_ccba.colour.gold": "gold",
    "sys.bridge_ccba.colour.silver": "silver",
    "sys.bridge_ccba.colour.red": "red",
    "sys.bridge_ccba.colour.blue": "blue",
    "sys.bridge_ccba.amount.platinum": "{n} platinum",
    "sys.bridge_ccba.amount.gold": "{n} gold",
    "sys.bridge_ccba.amount.silver": "{n} silver",
    "sys.bridge_ccba.amount.red": "{n} red",
    "sys.bridge_ccba.amount.blue": "{n} blue",
    "sys.bridge_ccba.amount.opening": "{n} opening",
    "sys.bridge_ccba.amount.youth": "{n} youth {colour}",
    "sys.bridge_ccba.source.platinum": "platinum {n}",
    "sys.bridge_ccba.source.gold": "gold {n}",
    "sys.bridge_ccba.source.silver": "silver {n}",
    "sys.bridge_ccba.source.red": "red {n}",
    "sys.bridge_ccba.source.blue": "blue {n}",
    "sys.bridge_ccba.total.platinum": "platinum masterpoints",
    "sys.bridge_ccba.total.gold": "gold masterpoints",
    "sys.bridge_ccba.total.silver": "silver masterpoints",
    "sys.bridge_ccba.total.red": "red masterpoints",
    "sys.bridge_ccba.total.blue": "blue masterpoints",
    "sys.bridge_ccba.v.place": "place",
    "sys.bridge_ccba.v.win": "win",
    "sys.bridge_ccba.v.consolation": "consolation",
    "sys.bridge_ccba.v.stage": "stage",
    "sys.bridge_ccba.v.final": "final",
    "sys.bridge_ccba.tied": "places {a}-{b} tied: {c} / {d}",
    "sys.bridge_ccba.ko": "total taken from places {n}+",
    "sys.bridge_ccba.pct_a": "{n} % of A",
    "sys.bridge_ccba.pct_w": "{n} % of W",
    "sys.bridge_ccba.boards": "boards per round",
    "sys.bridge_ccba.group": "the unit's grading group",
    "sys.bridge_ccba.before": "holding before fedrank, from line {n} of {code}",
    "sys.bridge_ccba.no_history": "the player had no history",
    "sys.bridge_ccba.played": "units that played or withdrew",
    "sys.bridge_ccba.of_table": "places 1.. of the table",
    "sys.bridge_ccba.annual": "annual base coefficient",
    "sys.bridge_ccba.scaled": "scaled by k240 = {k}",
    "sys.bridge_ccba.k240": "V scaled so no unit exceeds 240",
    "sys.bridge_ccba.lower": "this and every lower division",
    "sys.bridge_ccba.selection": "selection field",
    "sys.bridge_ccba.table_place": "table, place {p}",
    "sys.bridge_ccba.level_table": "{level}, masterpoint table",
    "sys.bridge_ccba.level_youth": "{level}, youth table",
    "sys.bridge_ccba.from_table": "from the event's table",
    "sys.bridge_ccba.l.national": "national",
    "sys.bridge_ccba.l.p1": "provincial-1",
    "sys.bridge_ccba.l.p2": "provincial-2",
    "sys.bridge_ccba.l.gc": "grassroots-championship",
    "sys.bridge_ccba.l.g": "grassroots",
    "sys.bridge_ccba.l.club": "club",
    "sys.bridge_ccba.w.place": "place in {code}",
    "sys.bridge_ccba.w.award": "award in {code}",
    "sys.bridge_ccba.w.unit": "{unit}: the whole unit moves",
    "sys.bridge_ccba.w.no_award": "no award",
    "sys.bridge_ccba.w.total": "total masterpoints",
    "sys.bridge_ccba.w.total_note": "all colours and the opening holding (the list's figure)",
    "sys.bridge_ccba.w.mp": "mp (what M counts)",
    "sys.bridge_ccba.w.mp_note": "platinum, gold, silver, red and the opening holding",
    "sys.bridge_ccba.w.ymp": "youth masterpoints (ymp)",
    "sys.bridge_ccba.w.later": "later events recomputed",
    "sys.bridge_ccba.w.changes": "his award changes in {codes}",
    "sys.bridge_ccba.next": (
        "no ranks by masterpoints in seed 001; the next event's M counts {held}"
    ),
    "sys.bridge_ccba.blue_not": "blue {n} not counted",
    "sys.bridge_ccba.youth_next": "youth events count the higher of it and youth {n}",
    "sys.bridge_ccba.wins.one": "{n} win",
    "sys.bridge_ccba.wins.few": "{n} wins",
    "sys.bridge_ccba.wins.many": "{n} wins",
    "sys.bridge_ccba.draws.one": "{n} draw",
    "sys.bridge_ccba.draws.few": "{n} draws",
    "sys.bridge_ccba.draws.many": "{n} draws",
    "sys.othello_woc.seed": "seed 004",
    "sys.othello_woc.system": "othello_woc",
    "sys.othello_woc.figure": "Tournament points: {value}",
    "sys.othello_woc.top_headers": "#|Player|Points|Title",
    "sys.othello_woc.history_headers": "List|#|Points|Title",
    "sys.othello_woc.kind.points": "points",
    "sys.othello_woc.pt": "{n} pt",
    "sys.othello_woc.pts": "{n} pts",
    "sys.othello_woc.vs": "{d} discs vs {opp}, who has {pts}",
    "sys.othello_woc.vs_out": "{d} discs vs {opp}, who withdrew: counts 32 + C*points",
    "sys.othello_woc.counts": "{what}: counts 32 + C*points",
    "sys.othello_woc.next_round": "after round {played} of {total}: {standing}; {where}",
    "sys.othello_woc.leads": "leads",
    "sys.othello_woc.behind": "{gap} behind the leader",
    "sys.othello_woc.table": "round {r}: table {table}, {colour} v {opp}",
    "sys.othello_woc.black": "black",
    "sys.othello_woc.white": "white",
    "sys.othello_woc.not_paired": "round {r}: not paired",
    "sys.othello_woc.bye": "round {r}: bye",
    "sys.othello_woc.withdrew": "withdrew (II.7); {pts} after round {played} of {total}",
    "sys.othello_woc.semi": "IFRL {place}: semi-final (seed 004 III)",
    "sys.othello_woc.playoff": "play-off v {other} for places {a}/{b} (II.3.2)",
    "sys.othello_woc.over": "IFRL {place}: first two days over",
    "sys.othello_woc.over_prov": "IFRL {place} (provisional): first two days over",
    "sys.othello_woc.unplayed": "unplayed",
    "sys.othello_woc.d.draw": "seeded draw",
    "sys.othello_woc.d.first": "RULES.md othello_woc, first round",
    "sys.othello_woc.d.later": "RULES.md othello_woc, later rounds",
    "sys.othello_woc.lb": "unconstrained lower bound",
    "sys.othello_woc.passes": "matching solves until the (b) bound held",
    "sys.othello_woc.games12": "more discs in games 1-2, else the higher place",
    "sys.othello_woc.then": "points, then discs of the games, then the higher place",
    "sys.othello_woc.choice": "equal points; the higher has colour choice or draw-win (IV.9)",
    "sys.othello_woc.ifrl_pair": "(IFRL place, -discs) of the two best players",
    "sys.mahjong_rmf.n.eu_mean": "EU_mean",
    "sys.mahjong_rmf.n.place_mean": "place_mean",
    "sys.mahjong_rmf.n.norm": "norm",
    "sys.mahjong_rmf.n.rating": "Rating",
    "sys.bridge_ccba.n.a_ko": "A_KO",
    "sys.bridge_ccba.n.a_cons": "A_consolation",
    "sys.bridge_ccba.n.a_stage": "A_stage",
    "sys.bridge_ccba.n.a_total": "A_total",
    "sys.bridge_ccba.n.a_win": "A_win",
    "sys.bridge_ccba.n.w_draw": "W_draw",
    "sys.bridge_ccba.n.a_vs_b": "A_vs_B",
    "sys.bridge_ccba.n.team_cap": "TEAM_AVGM_cap",
    "sys.bridge_ccba.n.k240_cons": "k240_consolation",
    "sys.bridge_ccba.n.field": "field",
    "sys.bridge_ccba.n.group": "group",
    "sys.bridge_ccba.n.source": "source",
    "sys.bridge_ccba.n.table": "table",
    "sys.bridge_ccba.n.unit": "unit",
    "sys.othello_woc.n.choice": "colour_choice_or_draw_win",
    "sys.othello_woc.n.counted": "counted",
    "sys.othello_woc.n.cycle": "cycle",
    "sys.othello_woc.n.discs": "discs",
    "sys.othello_woc.n.discs_counted": "discs_counted",
    "sys.othello_woc.n.internal": "internal_games",
    "sys.othello_woc.n.lot": "lot",
    "sys.othello_woc.n.members": "members",
    "sys.othello_woc.n.neutral": "neutral_games",
    "sys.othello_woc.n.opp_points": "opponents_points",
    "sys.othello_woc.n.numbers": "pairing_numbers",
    "sys.othello_woc.n.passes": "passes",
    "sys.othello_woc.n.qualified": "qualified",
    "sys.othello_woc.n.ranked": "ranked_by_woc_finals",
    "sys.othello_woc.n.seed": "seed",
    "sys.othello_woc.n.semi": "semi_finalists",
    "sys.othello_woc.n.winner": "winner",
    "sys.othello_woc.bq": "discs_counted + C*opponents_points + neutral_games*(32 + C*points)",
    "sys.joint.clauses": "{a}; {b}",
    "sys.joint.list": "{a}, {b}",
    "sys.mahjong_rmf.kyu": "{n}k",
    "sys.mahjong_rmf.dan": "D{n}{marks}",
    "sys.bridge_ccba.caption": "{discipline}: masterpoints over time",
    "sys.bridge_ccba.kind_colour": "masterpoints {colour}",
    "sys.bridge_ccba.youth_colour": "youth masterpoints {colour}",
    "sys.othello_woc.caption": "{discipline}: points over time",
    "sys.bridge_ccba.col_figure": "Masterpoints",
    "sys.bridge_ccba.personal_line": (
        "Place {position} of {size}, masterpoints {rating}, title {title}."
    ),
    "sys.bridge_ccba.personal_before": (
        "On the previous list: place {position}, masterpoints {rating}, title {title}."
    ),
    "sys.othello_woc.col_figure": "Points",
    "sys.othello_woc.personal_line": "Place {position} of {size}, points {rating}, title {title}.",
    "sys.othello_woc.personal_before": (
        "On the previous list: place {position}, points {rating}, title {title}."
    ),
    "sys.bridge_ccba.f.event": "event {name}",
    "sys.bridge_ccba.f.group": "group {name}",
    "sys.bridge_ccba.f.division": "division {name}",
    "sys.bridge_ccba.f.consolation": "consolation {name}",
    "sys.bridge_ccba.f.stage": "stage {name}",
    "sys.err.field_place": "field 'place': {rest}",
    "sys.err.field_player": "field 'player': {rest}",
    "sys.err.between": "place must be between 1 and {n} in {where}",
    "sys.err.inside": "place {p} is inside places {a}-{b} shared by {n} participants in {where}",
    "sys.err.the_ranking": "the ranking",
    "sys.mahjong_rmf.err.not_rmf": (
        "{code} was not stored with RMF parameters: it cannot be replayed"
    ),
    "sys.mahjong_rmf.err.rule": (
        "fedrank mahjong_rmf /whatif: a place is simulated in a tournament stored by this adapter"
    ),
    "sys.bridge_ccba.err.not_ccba": (
        "{code} was not stored with bridge_ccba parameters: it cannot be recomputed"
    ),
    "sys.bridge_ccba.err.rule": (
        "fedrank bridge_ccba /whatif: a place is simulated in an event stored by this adapter"
    ),
    "sys.bridge_ccba.err.not_played": "the player did not play in {code}",
    "sys.bridge_ccba.err.no_place": (
        "{unit} has no final place in {code} ({status}): there is no place to change"
    ),
    "sys.bridge_ccba.st.withdrawn": "withdrawn",
    "sys.bridge_ccba.st.absent": "absent",
    "sys.othello_woc.bye_word": "bye",
    "sys.othello_woc.unplayed_round": "unplayed round",
    "sys.bridge_ccba.cons_higher": "consolation higher: difference in its colour",
    "sys.bridge_ccba.main_higher": "main higher",
    "sys.bridge_ccba.team_avgm": "mean of the {n} lowest holders x {f}, capped at {cap}",
    "sys.bridge_ccba.mixed": "mixed",
    "sys.bridge_ccba.online": "online x {k}",
    "sys.bridge_ccba.restrictions.one": "{n} restriction",
    "sys.bridge_ccba.restrictions.few": "{n} restrictions",
    "sys.bridge_ccba.restrictions.many": "{n} restrictions",
    "sys.mahjong_rmf.title": "Title: {title} (since {since})",
    "sys.mahjong_rmf.title_listed": "Title: {title}",
    "sys.mahjong_rmf.top_headers": "#|Player|Rating|Title",
    "sys.mahjong_rmf.history_headers": "List|#|Rating|Title",
    # ── wordsa: end ──
    # ── siteperf: begin ──
    "site.holds_since": "The same figures in every list since {date}.",
    "site.col_until": "Until",
    "site.until_now": "to date",
    "site.thresholds_of": "Title thresholds as in the list of {date}.",
    # ── siteperf: end ──
}
