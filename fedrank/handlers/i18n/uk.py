"""Ukrainian: every message of :mod:`fedrank.handlers.i18n`, by key."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "start.greeting": "Вітаю, {name}! Я fedrank: веду офіційні рейтинги {federations}.",
    "start.what": "Запитайте /rating — ваші показники та їх причини, /top — список, /help — решта.",
    "start.linked": "Ваш акаунт пов'язано з гравцем {player}.",
    "start.unlinked": "Пов'яжіть акаунт зі своїм ID у федерації: /link <ID>.",
    "help.title": "Команди:",
    "help.directors": "Команди директора:",
    "cmd.start": "що вміє бот",
    "cmd.help": "цей список",
    "cmd.link": "пов'язати акаунт з ID у федерації: /link <ID> [код]",
    "cmd.rating": "ваші показники або гравця: /rating [ім'я або ID]",
    "cmd.top": "верх списку, зокрема минулого: /top [дисципліна] [n] [РРРР-ММ-ДД]",
    "cmd.lang": "обрати мову: /lang en|ru|uk|zh",
    "cmd.links": "запити на зв'язок, що очікують",
    "cmd.approve": "підтвердити запит: /approve <номер>",
    "cmd.reject": "відхилити запит: /reject <номер>",
    "cmd.linkcode": "видати одноразовий код зв'язку гравцю: /linkcode <ID>",
    "cmd.grant": "призначити роль: /grant <платформа:користувач> <федерація> <роль>",
    "error.unknown_command": "Невідома команда /{command}. Список: /help.",
    "error.not_a_command": "Я відповідаю на команди; список: /help.",
    "error.internal": "У нас щось пішло не так; нічого не змінено. Спробуйте пізніше.",
    "error.usage": "Використання: {usage}",
    "error.forbidden": "Це може лише {role} федерації {federation}.",
    "error.not_director": "Ця команда — для директорів турнірів.",
    "error.missing": "Нічого не зроблено: запис {what} {key} не знайдено (або вже видалено).",
    "role.player": "гравець",
    "role.director": "директор",
    "role.admin": "адміністратор",
    "player.not_found": "Гравця «{query}» не знайдено.",
    "player.choose": "Під «{query}» підходять кілька гравців; уточніть ID:",
    "rating.unlinked": "Акаунт ще не пов'язано: /link <ваш ID>, або /rating <ім'я або ID>.",
    "rating.nothing": "Для {player} поки немає результатів.",
    "rating.position": "Місце {position} з {size} у списку на {date}",
    "rating.rating": "Рейтинг: {value}",
    "rating.title": "Звання: {title} (з {since})",
    "rating.points": "Очки: {points}",
    "rating.next": "Далі: {next}",
    "top.no_list": "Список «{discipline}» ще не публікувався.",
    "top.title": "{discipline}: список на {date} (перші {count} з {size})",
    "top.headers": "#|Гравець|Рейтинг|Звання",
    "top.unknown_discipline": "Невідома дисципліна «{query}». Дисципліни: {known}.",
    "top.choose": "Який список? /top <дисципліна> [n]. Дисципліни: {known}.",
    "top.bad_count": "Кількість місць — ціле від 1 до {max}.",
    "lang.set": "Мова: українська.",
    "link.status_linked": "Ваш акаунт пов'язано з гравцем {player}.",
    "link.requested": (
        "Запит №{request} на зв'язок із гравцем {player} надіслано; його підтвердить "
        "директор {federation}. Якщо директор дав вам код, надішліть /link {id} <код>."
    ),
    "link.already_requested": "Ваш запит №{request} на гравця {player} чекає на директора.",
    "link.taken": "{player} вже пов'язаний з іншим акаунтом; зверніться до директора.",
    "link.done": "Готово: ваш акаунт пов'язано з гравцем {player}.",
    "link.bad_code": (
        "Код не підходить для {id} (невірний, використаний або прострочений). Попросіть "
        "новий у директора."
    ),
    "link.none_pending": "Запитів на зв'язок немає.",
    "link.pending_line": "№{request}: {account} просить пов'язати з {player}",
    "link.no_request": "Немає запиту №{request}, що очікує.",
    "link.approved": "Запит №{request} підтверджено: {account} тепер {player}.",
    "link.rejected": "Запит №{request} відхилено.",
    "link.code_issued": (
        "Одноразовий код для {player}: {code} (дійсний до {until}). Передайте його гравцю "
        "особисто; він надішле /link {id} {code}."
    ),
    "grant.done": "{account} тепер {role} федерації {federation}.",
    "grant.no_account": "Акаунт {account} ще не писав боту.",
    "federation.unknown": "Невідома федерація «{query}». Федерації: {known}.",
    "cmd.submit": "подати результати: /submit <дисципліна> з файлом або таблицею",
    "cmd.confirm": "записати перевірене подання: /confirm <токен>",
    "cmd.cancel": "скасувати подання: /cancel <токен>",
    "cmd.publish": "опублікувати список: /publish <дисципліна> [РРРР-ММ-ДД]",
    "submit.too_large": "Файл більший за {limit} МБ.",
    "submit.not_text": "{file} — не текст у UTF-8.",
    "submit.empty": "Додайте файл результатів або вставте таблицю після команди.",
    "submit.no_adapter": "Результати системи {system} поки не можна подавати.",
    "submit.refused": "Не прийнято, нічого не записано: {error}",
    "submit.preview_title": "Попередній перегляд: {name}",
    "submit.headers": "Гравець|До|Після|Примітка",
    "submit.more": "… і ще {count}.",
    "submit.replays": "Через це подання буде перераховано турніри: {names}",
    "submit.confirm": "Підтвердити",
    "submit.cancel": "Скасувати",
    "submit.no_pending": "Вашого подання з таким токеном немає.",
    "submit.saved": "Записано: {name}, версія {version}.",
    "submit.stale": (
        "Не записано: {name} змінився після попереднього перегляду (тепер версія "
        "{version}). Подайте знову, щоб побачити актуальний перегляд."
    ),
    "cmd.playerdata": "дані гравця для положень: /playerdata <ID> [розділ.ключ <JSON | ->]",
    "playerdata.saved": "Збережено {key} для {player}.",
    "playerdata.bad_json": "Значення — некоректний JSON: {error}.",
    "submit.cancelled": "Скасовано; нічого не записано.",
    # --- .xlsx submissions (handlers/spreadsheet.py) ---------------------------------------
    "sheet.not_xlsx": (
        "{file} — не коректна книга Excel (.xlsx); збережіть її знову як .xlsx "
        "або надішліть результати текстом."
    ),
    "sheet.encrypted": (
        "{file} захищений паролем або це старий файл .xls; збережіть його як книгу .xlsx "
        "без пароля."
    ),
    "sheet.macros": (
        "{file} містить макроси, такі файли не приймаються; збережіть його як звичайну книгу .xlsx."
    ),
    "sheet.too_large": (
        "{file} після розпакування більший за {limit} МБ; надішліть книгу лише з результатами."
    ),
    "sheet.no_sheet": "У {file} немає робочого аркуша.",
    "sheet.bad_cell": "{file}, рядок {row}, стовпець {column}: клітинку не вдається прочитати.",
    "sheet.error_cell": (
        "{file}, рядок {row}, стовпець {column}: у клітинці помилка {value}; виправте "
        "формулу або введіть значення."
    ),
    "sheet.no_value": (
        "{file}, рядок {row}, стовпець {column}: формула не має обчисленого значення; "
        "відкрийте файл у табличному редакторі та збережіть знову."
    ),
    "sheet.unsupported": (
        "Формат {system} не можна отримати з таблиці; надішліть його текстовий файл."
    ),
    "sheet.where": "(номери рядків — рядки аркуша «{sheet}»: {cell})",
    "publish.done": "Опубліковано список «{discipline}» на {date}: {size} гравців.",
    "publish.exists": "Список «{discipline}» на {date} вже опубліковано.",
    "publish.future": "Список не може бути датований пізніше за сьогодні ({today}).",
    "publish.bad_date": "Дата — у вигляді РРРР-ММ-ДД.",
    "cmd.why": "звідки взялися очки: /why <турнір> [гравець]",
    "cmd.history": "рейтинг у часі та що зараз враховується: /history [гравець]",
    "cmd.subscribe": "отримувати оголошення про списки: /subscribe <дисципліна> [me]",
    "cmd.unsubscribe": "більше не отримувати оголошення: /unsubscribe <дисципліна> [me]",
    "why.no_tournament": "Турнір «{query}» не знайдено.",
    "why.choose": "Під «{query}» підходять кілька турнірів; уточніть код:",
    "why.no_award": "Гравець {player} не має нарахувань у турнірі {tournament}.",
    "history.headers": "Список|#|Рейтинг|Звання",
    "history.caption": "{discipline}: рейтинг у часі",
    "history.counted": "Що враховується в поточному списку:",
    "sub.on": "Підписку оформлено: оголошення «{discipline}» надходитимуть сюди.",
    "sub.on_me": (
        "Підписку оформлено: після кожного списку «{discipline}» вам надійде особисте "
        "повідомлення про ваш рядок."
    ),
    "sub.already_on": "Підписка на «{discipline}» вже є.",
    "sub.off": "Підписку на «{discipline}» скасовано.",
    "sub.already_off": "Підписки на «{discipline}» тут не було.",
    "cmd.pairing": "жеребкування наступного туру турніру з отелло: /pairing <турнір>",
    "cmd.standings": "турнірна таблиця турніру з отелло: /standings <турнір>",
    "cmd.round": "ввести результати туру з отелло (під командою): /round <турнір>",
    "othello.unknown_tournament": "Турнір з отелло «{query}» не знайдено.",
    "othello.pairing_title": (
        "{name}: жеребкування {round}-го туру з {total} ({system}, seed {seed})"
    ),
    "othello.pairing_headers": "Стіл|Чорні|Білі",
    "othello.byes": "Без пари (BYE): {players}",
    "othello.no_pairing.one": "{name}: зіграно {total} тур із {total}, жеребкування більше немає.",
    "othello.no_pairing.few": "{name}: зіграно всі {total} тури, жеребкування більше немає.",
    "othello.no_pairing.many": "{name}: зіграно всі {total} турів, жеребкування більше немає.",
    "othello.standings_title": "{name}: таблиця після {round}-го туру з {total}",
    "othello.ifrl_title.one": (
        "{name}: підсумковий особистий список (IFRL) після {round} з {total} туру"
    ),
    "othello.ifrl_title.few": (
        "{name}: підсумковий особистий список (IFRL) після {round} з {total} турів"
    ),
    "othello.ifrl_title.many": (
        "{name}: підсумковий особистий список (IFRL) після {round} з {total} турів"
    ),
    "othello.standings_headers": "#|Гравець|Країна|Очки|BQ|Фішки|Примітка",
    "othello.round_empty": "Вставте результати {round}-го туру під командою, по партії в рядку.",
    "othello.round_refused": (
        "{round}-й тур не прийнято, нічого не записано"
        " (рядки рахуються з першого рядка під командою): {error}"
    ),
    "othello.publish_on_confirm": "Жеребкування нижче буде опубліковано після підтвердження.",
    # --- game reports (handlers/reports/) ---------------------------------------------------
    "cmd.openreports": "відкрити турнір для повідомлень гравців про партії",
    "cmd.closereports": "закрити турнір для повідомлень про партії",
    "cmd.report": "повідомити про зіграну партію (суперник підтверджує)",
    "cmd.reports": "повідомлення про партії, що чекають на вашу відповідь",
    "cmd.gameok": "підтвердити партію, про яку повідомив суперник",
    "cmd.gamedispute": "оскаржити партію, про яку повідомив суперник",
    "cmd.gameapprove": "затвердити партію (або вирішити спір на користь того, хто повідомив)",
    "cmd.gamereject": "відхилити повідомлення про партію",
    "reports.opened": (
        "Турнір {tournament} ({name}, {discipline}) відкрито: гравці повідомляють про"
        " партії командою /report {tournament} <ID суперника> <win|loss|draw> [рахунок]."
    ),
    "reports.already_open": "Турнір {tournament} вже відкрито для повідомлень про партії.",
    "reports.closed": (
        "Турнір {tournament} закрито для нових повідомлень про партії; на вже подані"
        " можна відповісти."
    ),
    "reports.not_open": (
        "У вашій федерації немає турніру {tournament}, відкритого для повідомлень про партії."
    ),
    "reports.to_confirm": "Партії, про які повідомили суперники, — підтвердьте або оскаржте:",
    "reports.sent": "Ваші повідомлення, що ще чекають на відповідь:",
    "reports.to_decide": "Повідомлення, що чекають на рішення директора:",
    "reports.none": "Немає повідомлень про партії, що чекають на вашу відповідь.",
    "report.unlinked": (
        "Спершу пов'яжіть акаунт зі своїм ID у федерації (/link <ID>): про партію"
        " повідомляє лише гравець."
    ),
    "report.self": "Не можна повідомити про партію проти самого себе.",
    "report.score_mismatch": "Рахунок {score} не відповідає «{result}» (ваш рахунок — першим).",
    "report.duplicate": (
        "Про вашу партію з {opponent} у {tournament} вже повідомлено (#{report}),"
        " відповіді ще немає; одна партія — одне повідомлення."
    ),
    "report.created": (
        "Повідомлення #{report} записано: {result} проти {opponent} у {tournament}."
        " Партію зараховують після підтвердження суперником."
    ),
    "report.result_win1": "перемога",
    "report.result_win2": "поразка",
    "report.result_draw": "нічия",
    "report.line": (
        "#{report} {tournament}: {reporter} повідомляє: {result} проти {opponent} ({state})"
    ),
    "report.state_reported": "чекає на суперника",
    "report.state_confirmed": "підтверджено, чекає на директора",
    "report.state_disputed": "оскаржено, вирішує директор",
    "report.state_approved": "зараховано",
    "report.state_rejected": "відхилено",
    "report.confirm": "✓ Підтвердити #{report}",
    "report.dispute": "✗ Оскаржити #{report}",
    "report.approve": "✓ Затвердити #{report}",
    "report.reject": "✗ Відхилити #{report}",
    "report.not_yours": "Повідомлення #{report} не чекає на вашу відповідь.",
    "report.unknown": "Повідомлення про партію #{report} немає.",
    "report.not_waiting": "Повідомлення #{report}: {state} — робити нічого.",
    "report.disputed": "Повідомлення #{report} оскаржено: вирішує директор {federation}.",
    "report.awaits_director": (
        "Повідомлення #{report} підтверджено; партію буде зараховано після затвердження"
        " директором {federation}."
    ),
    "report.counted": (
        "Повідомлення #{report} зараховано: партію внесено до {tournament} (версія {version})."
    ),
    "report.rejected": "Повідомлення #{report} відхилено, його не зараховано.",
    "report.rate_refused": "Партію не зараховано, нічого не записано: {error}",
    # --- federation management (handlers/admin.py) ---------------------------------------------
    "cmd.disciplines": "дисципліни (рейтингові списки) федерацій",
    "cmd.discipline": "додати дисципліну (адміністратори)",
    "cmd.roles": "хто має роль у федерації",
    "cmd.unlink": "скасувати помилковий зв'язок акаунта з гравцем",
    "disciplines.title": "Дисципліни:",
    "disciplines.headers": "Федерація|Код|Назва|Система|Календар",
    "disciplines.none": "Дисциплін поки немає.",
    "discipline.added": (
        "Дисципліну {code} ({name}) додано до {federation}: система {system}, списки {calendar}."
    ),
    "discipline.exists": "Дисципліна з кодом {code} вже є (коди унікальні в усіх федераціях).",
    "discipline.bad_system": "Невідома система «{system}». Системи: {known}.",
    "discipline.bad_calendar": "Невідомий календар «{calendar}». Календарі: {known}.",
    "discipline.no_adapter": (
        "Увага: рушій {system} ще не під'єднано до бази; результати до цієї дисципліни"
        " поки не приймаються."
    ),
    "roles.title": "Ролі в {federation}:",
    "roles.headers": "Акаунт|Ім'я|Роль|Пов'язаний гравець",
    "roles.none": "Жоден акаунт не має ролі в {federation} (усі — гравці).",
    "unlink.done": "Зв'язок із гравцем {player} знято: {accounts}.",
    "unlink.none": "З гравцем {player} немає такого пов'язаного акаунта.",
    # -- announcements (fedrank/handlers/announcements.py) --------------------------------------
    "ann.title": "{discipline}: список на {date}",
    "ann.since": "Зміни від списку на {date}:",
    "ann.promotions": "Підвищення: {items}",
    "ann.demotions": "Пониження: {items}",
    "ann.new_titles": "Нові звання: {items}",
    "ann.movers": "Найбільші переміщення: {items}",
    "ann.entrants": "Уперше в списку: {items}",
    "ann.left": "Вибули зі списку (їхні результати вийшли за вікно обліку): {items}",
    "ann.no_changes": "Без змін.",
    "ann.top": "Перші {n} з {size}; повний список у вкладеннях (CSV, XLSX, HTML).",
    "ann.col_position": "Місце",
    "ann.col_id": "ID",
    "ann.col_player": "Гравець",
    "ann.col_rating": "Рейтинг",
    "ann.col_title": "Звання",
    "ann.personal_title": "{discipline}, список на {date}: ваш рядок",
    "ann.personal_line": "Місце {position} з {size}, рейтинг {rating}, звання {title}.",
    "ann.personal_before": (
        "У попередньому списку: місце {position}, рейтинг {rating}, звання {title}."
    ),
    "ann.personal_new": "Ви в списку вперше.",
    "ann.personal_left": (
        "Вас більше немає в списку (ваші результати вийшли за вікно обліку); у "
        "попередньому ви були на місці {position}."
    ),
    # --- /whatif (handlers/whatif.py) ------------------------------------------------------------
    "cmd.whatif": "що змінило б місце в турнірі: /whatif <турнір> <місце> [гравець]",
    "whatif.title": "Що, якби {player} посів {place}-е місце в турнірі {tournament}?",
    "whatif.headers": "Що|Зараз|З цим місцем|Примітка",
    "whatif.nothing_written": "Це лише розрахунок: нічого не змінено.",
    "whatif.no_tournament": "Немає збереженого турніру «{query}».",
    "whatif.choose": "Під «{query}» підходять кілька турнірів; вкажіть код:",
    "whatif.unlinked": (
        "Вкажіть гравця (/whatif <турнір> <місце> <гравець>) або пов'яжіть акаунт: /link <ID>."
    ),
    "whatif.other_federation": "{player} не належить до федерації турніру {tournament}.",
    "whatif.unsupported": (
        "Система {system} не вміє моделювати місця: її показники не залежать від місця"
        " в одному турнірі."
    ),
    "whatif.refused": "Так змоделювати не можна: {error}",
    # -- qualification windows (fedrank/handlers/qualification/) -----------------------------
    "cmd.qualify": "відкрити кваліфікацію на турнір",
    "cmd.qualification": "кваліфікація: список, резерв, кожне місце",
    "cmd.qconfirm": "підтвердити запропоноване місце",
    "cmd.qdecline": "відмовитися від запропонованого місця",
    "qual.created": (
        "Кваліфікацію {id} відкрито: {event} ({discipline}), {event_date}, квота {quota} "
        "(з них Президією: {presidium}). Список буде зафіксовано {date}, запрошення підуть того "
        "ж дня."
    ),
    "qual.created_past": (
        "Кваліфікацію {id} відкрито: {event} ({discipline}), {event_date}, квота {quota} "
        "(з них Президією: {presidium}). Дата кваліфікації {date} вже минула: список на цю дату "
        "буде зафіксовано, а запрошення підуть під час найближчого запуску планувальника."
    ),
    "qual.bad_quota": "Квота — ціле число не менше 1, а не «{quota}».",
    "qual.no_rules": (
        "Для «{discipline}» у fedrank немає правил кваліфікації (вони є лише в маджонгу ФМР)."
    ),
    "qual.too_many_presidium": (
        "Місць Президії ({places}) більше за квоту {quota} (п. 3.7 положення)."
    ),
    "qual.rule": "Правила цього не допускають: {error}",
    "qual.not_found": "Відкритої кваліфікації {id} для вас немає.",
    "qual.invite_title": "Запрошення: {event}, {date}",
    "qual.invite_text": (
        "{player}, ви пройшли кваліфікацію ({discipline}). Підтвердьте участь або "
        "відмовтеся до {deadline} (15 днів); без відповіді місце перейде до резерву. Можна також "
        "надіслати /qconfirm {id} або /qdecline {id}."
    ),
    "qual.no_account": (
        "Гравець {player} не має пов'язаного акаунта: передайте йому запрошення сьогодні."
    ),
    "qual.button_confirm": "Підтвердити",
    "qual.button_decline": "Відмовитися",
    "qual.reminder": (
        "Нагадування: місце на «{event}» чекає на вашу відповідь до {deadline}. "
        "/qconfirm {id} або /qdecline {id}."
    ),
    "qual.expired": (
        "Відповідь щодо «{event}» (кваліфікація {id}) не надійшла вчасно: вас переведено "
        "до резерву."
    ),
    "qual.confirmed": "Підтверджено: місце на «{event}» (кваліфікація {id}) за вами.",
    "qual.declined": (
        "Відмову прийнято: місце на «{event}» (кваліфікація {id}) переходить наступному."
    ),
    "qual.cannot_answer": (
        "Кваліфікація {id}: у вас немає місця, що чекає відповіді (ваш статус: {state})."
    ),
    "qual.summary_filled": "Кваліфікація {id} ({event}): квоту заповнено, усі місця підтверджено.",
    "qual.summary_exhausted.one": (
        "Кваліфікація {id} ({event}): резерв вичерпано; {unfilled} місце лишилося незаповненим."
    ),
    "qual.summary_exhausted.few": (
        "Кваліфікація {id} ({event}): резерв вичерпано; {unfilled} місця лишилися незаповненими."
    ),
    "qual.summary_exhausted.many": (
        "Кваліфікація {id} ({event}): резерв вичерпано; {unfilled} місць лишилося незаповненими."
    ),
    "qual.refused": "Кваліфікацію {id} не можна зафіксувати: {error}",
    "qual.show_title": "Кваліфікація {id}: {event} ({discipline}), {event_date}",
    "qual.show_dates": "Дата кваліфікації {date}, квота {quota}, місць Президії {presidium}.",
    "qual.not_frozen": "Список ще не зафіксовано.",
    "qual.frozen_list": "Список, зафіксований на {date}:",
    "qual.slots": "Місця:",
    "qual.reserve": "Резерв за порядком: {players}",
    "qual.skipped": "Не члени федерації на дату кваліфікації (п. 3.2): {players}",
    "qual.unfilled": "Незаповнених місць: {unfilled}",
    "qual.col_player": "Гравець",
    "qual.col_source": "Підстава",
    "qual.col_state": "Статус",
    "qual.col_informed": "Повідомлено",
    "qual.col_deadline": "Строк",
    "qual.col_closed": "Закрито",
    "qual.source_presidium": "Президія",
    "qual.source_rating": "рейтинг",
    "qual.state_invited": "запрошено",
    "qual.state_confirmed": "підтвердив",
    "qual.state_declined": "відмовився",
    "qual.state_reserve": "резерв (не відповів вчасно)",
    "qual.state_none": "місце не пропонувалося",
    "report.notice_ask": "Суперник повідомив про партію: підтвердьте або оскаржте.",
    "report.notice_decide": "Повідомлення про партію чекає на рішення директора:",
    "reports.not_rated": (
        "Увага: адаптер {system} поки не рахує рейтинг за повідомленими партіями;"
        " зараховані партії зберігаються в турнірі й враховуються під час подання його"
        " результатів."
    ),
    "cmd.player": "картка гравця в реєстрі: /player <ID або ім'я>",
    "card.federation": "Федерація",
    "card.latin_name": "Латиницею",
    "card.club": "Клуб",
    "card.country": "Країна",
    "card.birth_date": "Дата народження",
    "card.sex": "Стать",
    "card.egd_pin": "EGD PIN",
    "card.memberships": "Членство",
    "card.no_membership": "не записано",
    "cmd.playeradd": (
        'додати гравця до реєстру: /playeradd <федерація> name="…" [стовпець=значення …]'
    ),
    "cmd.playeredit": "змінити гравця в реєстрі: /playeredit <ID> стовпець=значення …",
    "registry.added": "{player} додано до реєстру.",
    "registry.saved": "Збережено для {player}: {fields}.",
    "registry.unchanged": "Для {player} нічого не змінюється.",
    "registry.exists": "У реєстрі вже є {id}; змініть його через /playeredit.",
    # ── setup: begin (keys of the setup work go between begin and end) ──
    "setup.start_empty": (
        "Вітаю, {name}! Я fedrank. Жодної федерації ще не створено: оператор сервера створює її"
        ' командою fedrank federation add CODE "NAME" --timezone Area/City.'
    ),
    "setup.federation_added": (
        "Федерацію {code} ({name}) додано: часовий пояс {timezone}, оголошення мовою {language}."
    ),
    "setup.discipline_added": (
        "Дисципліну {code} ({name}) додано до {federation}: система {system}, списки {calendar}."
    ),
    "setup.bad_name": "Потрібна назва, не довша за {limit} символів.",
    "setup.bad_timezone": (
        "Невідомий часовий пояс «{timezone}»: вкажіть назву IANA на кшталт Area/City."
        " Найближчі: {close}."
    ),
    "setup.bad_federation_code": (
        "«{code}» не може бути кодом федерації: літера, далі літери, цифри, - або _ (не більше 32)."
    ),
    "setup.bad_language": "Невідома мова «{language}». Мови: {known}.",
    "setup.federation_exists": "Федерація {code} ({name}) вже існує.",
    "setup.no_federation_yet": (
        "Федерації «{code}» немає, як немає поки й інших: оператор створює федерацію командою"
        ' fedrank federation add CODE "NAME" --timezone Area/City.'
    ),
    "setup.bad_discipline_code": (
        "«{code}» не може бути кодом дисципліни: малі літери, цифри, '.', '-' або '_'"
        " (не більше 32)."
    ),
    "setup.no_adapter": (
        "fedrank поки не вміє рахувати списки {system}: дисципліну цієї системи не додано."
    ),
    "setup.discipline_refused": "Дисципліну системи {system} додати не можна: {why} ({rule}).",
    "setup.rmf_kind": (
        "у регламенті RMF два списки, спортивний маджонг (MCR) і сичуаньський маджонг, а"
        " «{code}» ({name}) не називає жодного; вкажіть MCR, sports або Sichuan у коді чи назві"
    ),
    "setup.discipline_exists": (
        "Дисципліна з кодом {code} вже є, у {federation} (коди унікальні в усіх федераціях)."
    ),
    "setup.unknown_discipline": "У {federation} немає дисципліни «{code}». Її дисципліни: {known}.",
    "setup.stored_tournaments": "турніри",
    "setup.stored_lists": "опубліковані списки",
    "setup.stored_qualifications": "відбори",
    "setup.stored_titles": "звання",
    "setup.cannot_remove": (
        "{code} не видалено: у ній є {stored}, а їх ніколи не видаляють. Вимкніть її"
        " (історія збережеться, нових списків не буде, результати не приймаються)."
    ),
    "setup.discipline_removed": (
        "Дисципліну {code} видалено з {federation} (історії в неї не було)."
    ),
    "setup.discipline_disabled": (
        "Дисципліну {code} федерації {federation} вимкнено: історія збережена, нові списки за"
        " її календарем не публікуються, результати не приймаються."
    ),
    "setup.already_disabled": "Дисципліна {code} вже вимкнена.",
    "setup.discipline_enabled": "Дисципліну {code} знову ввімкнено.",
    "setup.already_enabled": "Дисципліна {code} не вимкнена.",
    "setup.submit_disabled": (
        "Дисципліна {code} вимкнена й не приймає результатів (адміністратор вмикає її командою"
        " /discipline enable)."
    ),
    "setup.disabled": "вимкнена",
    # ── setup: end ──
    # ── links: begin (keys of the links work go between begin and end) ──
    "link.already_linked": "Ваш акаунт уже пов'язаний з {player}.",
    "link.relink_note": "Коли директор підтвердить запит, він замінить ваш зв'язок з {current}.",
    "link.too_many_requests": (
        "У вас уже {max} запитів на зв'язок в очікуванні; дочекайтеся відповіді директора, "
        "перш ніж просити знову."
    ),
    "link.code_locked": (
        "Забагато невірних кодів: зв'язок за кодом заблоковано до {until}. Спробуйте пізніше "
        "або надішліть /link лише з вашим ID, і директор підтвердить запит."
    ),
    "link.own_code": (
        "Не можна пов'язати себе кодом, який ви видали самі, або видати код гравцеві, яким ви "
        "просите стати: це має зробити інший директор або адміністратор {federation}."
    ),
    "link.replaced": "Він замінює ваш зв'язок з {player}.",
    "link.page.one": "Сторінка {page} з {pages} (очікує {total} запит).",
    "link.page.few": "Сторінка {page} з {pages} (очікують {total} запити).",
    "link.page.many": "Сторінка {page} з {pages} (очікують {total} запитів).",
    "link.pending_relink": (
        "№{request}: {account} просить пов'язати з {player} замість {current} (перепривʼязка)"
    ),
    "link.own_request_note": "ваш власний запит: його вирішує інший директор або адміністратор",
    "link.page_back": "‹ Назад",
    "link.page_next": "Далі ›",
    "link.own_request": (
        "Не можна підтвердити власний запит на зв'язок: це має зробити інший директор або "
        "адміністратор {federation}."
    ),
    "link.taken_now": (
        "{player} уже пов'язаний з іншим акаунтом цієї платформи: запит не можна підтвердити; "
        "відхиліть його."
    ),
    "link.approved_replaces": "Він замінює зв'язок {account} з {player}.",
    "link.name_one": (
        "Ви пов'язані з кількома гравцями: {players}. Вкажіть, кого ви маєте на увазі."
    ),
    # ── links: end ──
    # ── names: begin (keys of the names work go between begin and end) ──
    "names.title.one": (
        "У файлі {file} за реєстром {federation} не розпізнано {count} ім'я; поки нічого не "
        "записано:"
    ),
    "names.title.few": (
        "У файлі {file} за реєстром {federation} не розпізнано {count} імені; поки нічого не "
        "записано:"
    ),
    "names.title.many": (
        "У файлі {file} за реєстром {federation} не розпізнано {count} імен; поки нічого не "
        "записано:"
    ),
    "names.unknown": "{number}. рядок {line}: {name} — немає в реєстрі; найближчі: {candidates}",
    "names.unknown_none": "{number}. рядок {line}: {name} — немає в реєстрі",
    "names.ambiguous": "{number}. рядок {line}: {name} — у реєстрі кілька гравців: {candidates}",
    "names.bad_choice": "{number}. рядок {line}: {name} — гравця {id} не зареєстровано",
    "names.how": (
        "Відповідайте /names {token} 1=ID 2=new … (ID зареєстрованого гравця або new, щоб "
        "зареєструвати його з даними з файлу) або /names {token} new — зареєструвати всіх "
        "невідомих."
    ),
    "names.register_all": "Зареєструвати всіх невідомих",
    "names.new_players": (
        "Нові гравці, будуть зареєстровані після підтвердження ({count}): {players}"
    ),
    "names.bad_number": "У списку немає імені номер {number}.",
    "names.not_waiting": "Ця заявка не чекає на вибір імен.",
    "names.unsettled": "Спершу розберіться з іменами: /names {token} …",
    "names.stale": (
        "Реєстр змінився після попереднього перегляду ({reason}); нічого не записано. Надішліть "
        "файл знову."
    ),
    "names.id_elsewhere": (
        "{number}. рядок {line}: {name} — цей ID у реєстрі в гравця {candidates}: "
        "та сама людина чи новий?"
    ),
    "cmd.names": "розібрати невідомі імена файлу: /names <токен> 1=ID 2=new …",
    "names.name_elsewhere": (
        "{number}. рядок {line}: {name} — цього ID немає в реєстрі, а ім'я є: {candidates}"
    ),
    "names.no_such_name": "У списку немає «{name}».",
    # ── names: end ──
    # ── scheduler: begin (keys of the scheduler work go between begin and end) ──
    "schedule.failed_admin": (
        "Не вдалося опублікувати рейтинг-лист {discipline} ({code}) на {date}: {error}. "
        "Інші листи не затримуються; цей буде опубліковано повторно автоматично "
        "(наступна спроба {retry}). Операторам: fedrank schedule показує збої."
    ),
    "schedule.withdrawn": (
        "Рейтинг-лист {discipline} на {date} відкликано: будь ласка, не враховуйте його."
    ),
    # ── scheduler: end ──
    # ── figures: begin (keys of the figures work go between begin and end) ──
    "figures.forbidden": "Це може лише {role} федерації {federation}.",
    "figures.a_role.player": "гравець",
    "figures.a_role.director": "директор",
    "figures.a_role.admin": "адміністратор",
    "figures.players.one": "{n} гравець",
    "figures.players.few": "{n} гравці",
    "figures.players.many": "{n} гравців",
    "figures.publish_done": "Опубліковано список «{discipline}» на {date}: {players}.",
    "figures.publish_before_first": (
        "Список «{discipline}» не можна датувати {date}: це раніше за перший збережений "
        "результат ({first}), список був би порожнім."
    ),
    "figures.publish_no_results": (
        "Список «{discipline}» поки не можна опублікувати: у ньому немає жодного результату."
    ),
    "figures.playerdata_unknown_key": (
        "Жоден регламент цієї федерації не читає «{key}», тому це не збережено. Ключі: {valid}."
    ),
    "figures.why_other_federation": (
        "Турнір «{tournament}» належить до {federation}, а не до {own}: /why показує "
        "нарахування {player} у турнірах {own}."
    ),
    "figures.sub_no_record": (
        "У вас немає результатів у «{discipline}», тож надсилати вам про його списки нічого."
    ),
    "figures.reports_places": (
        "У «{discipline}» не можна повідомляти про партії: результати там — місця, їх подають "
        "цілком через /submit."
    ),
    "figures.qual_created_today": (
        "Кваліфікацію {id} відкрито: {event} ({discipline}), {event_date}, квота {quota} "
        "(з них Президією: {presidium}). Дата кваліфікації — сьогодні, {date}: список на цю "
        "дату буде зафіксовано, а запрошення підуть під час найближчого запуску планувальника."
    ),
    "figures.since": "Після списку на {date}: {stored}",
    "figures.since_none": "Поки не в опублікованому списку: {stored}",
    "figures.since_more": "і ще {count}",
    "figures.since_list": "Список на {date} показав би за збереженим зараз: місце "
    "{position} з {size}, рейтинг {value}",
    "figures.since_not_listed": "У списку на {date} {player} не було б.",
    "figures.title_listed": "Звання: {title}",
    "figures.list_since": (
        "Збережено після цього списку: {stored}. Список урахує це з наступної публікації; "
        "/rating показує цифри гравця з урахуванням цього."
    ),
    # ── figures: end ──
    # ── corrections: begin (keys of the corrections work go between begin and end) ──
    "corrections.identical": (
        "{name} збігається із записаною версією {version}: підтверджувати нічого, нічого "
        "не записано."
    ),
    "corrections.is_correction": (
        "Виправлення: {code} уже записано (версія {version}), це виправлення стане версією {next}."
    ),
    "corrections.no_replays": "Інші записані турніри не перераховуються.",
    "cmd.withdraw": (
        "зняти записаний турнір із рейтингів (нова версія, після попереднього "
        "перегляду): /withdraw <турнір>"
    ),
    "withdraw.unknown": "Немає записаного турніру, що відповідає «{query}».",
    "withdraw.choose": "Під «{query}» підходять кілька турнірів; вкажіть код:",
    "withdraw.already": (
        "{name} ({code}) уже знято (версія {version}); повторне подання результатів його відновить."
    ),
    "withdraw.preview_title": "Зняття турніру: {name}",
    "withdraw.explain.one": (
        "Підтвердження запише версію {next} без результатів: {count} учасник вийде з рейтингів. "
        "Версія {version} залишається в журналі, але більше не враховується."
    ),
    "withdraw.explain.few": (
        "Підтвердження запише версію {next} без результатів: {count} учасники вийдуть із "
        "рейтингів. Версія {version} залишається в журналі, але більше не враховується."
    ),
    "withdraw.explain.many": (
        "Підтвердження запише версію {next} без результатів: {count} учасників вийдуть із "
        "рейтингів. Версія {version} залишається в журналі, але більше не враховується."
    ),
    "withdraw.saved": "Знято: {name}, версія {version}.",
    # ── corrections: end ──
    # ── security: begin (keys of the security work go between begin and end) ──
    "grant.not_below": (
        "{account} — {held} федерації {federation}; з роллю «{role}» можна змінювати ролі лише"
        " тих, у кого роль нижча."
    ),
    "grant.too_high": "З роллю «{role}» у федерації {federation} можна надавати лише нижчі ролі.",
    "grant.last_admin": (
        "{account} — останній адміністратор федерації {federation}: спершу зробіть"
        " адміністратором інший акаунт (оператор завжди може це зробити: fedrank grant)."
    ),
    # ── security: end ──
    # ── files: begin (keys of the files work go between begin and end) ──
    "sheet.too_costly": (
        "{file} читається довше за {seconds} с або потребує більше {megabytes} МБ; надішліть "
        "книгу лише з результатами."
    ),
    "othello.no_state": (
        "У турніру {name} немає турів: його відкрито для звітів про ігри, а не завантажено "
        "файлом турніру. Спершу надішліть його файл командою /submit."
    ),
    # ── files: end ──
    # ── chat: begin (keys of the chat work go between begin and end) ──
    "cmd.tournaments": "останні збережені турніри з кодами: /tournaments [дисципліна]",
    "cmd.results": "результати збереженого турніру: /results <код або назва турніру>",
    "cmd.h2h": "особисті зустрічі двох гравців (ґо, отелло): /h2h <гравець> <гравець>",
    "tournaments.title": "Збережені турніри ({stored}), спершу нові",
    "tournaments.title_in": "{discipline}: збережені турніри ({stored}), спершу нові",
    "tournaments.count.one": "{n} турнір",
    "tournaments.count.few": "{n} турніри",
    "tournaments.count.many": "{n} турнірів",
    "tournaments.headers": "Код|Дата|Турнір|Гравці|Версія",
    "tournaments.discipline_header": "Дисципліна",
    "tournaments.none": "Збережених турнірів ще немає.",
    "tournaments.none_in": "Збережених турнірів дисципліни «{discipline}» ще немає.",
    "tournaments.page": "Сторінка {page} з {pages}.",
    "tournaments.hint": "Результати: /results <код>; звідки очки: /why <код> [гравець].",
    "results.no_tournament": "Немає збереженого турніру з кодом або назвою «{query}».",
    "results.choose": "Під «{query}» підходить кілька турнірів; повторіть з кодом:",
    "results.version": "версія {version}",
    "results.withdrawn": "Цей турнір відкликано: його результати більше не враховуються.",
    "results.empty": "У цій версії немає учасників.",
    "results.headers": "Місце|Гравець|Очки|Нараховано",
    "results.team_header": "Команда",
    "results.players.one": "{n} гравець",
    "results.players.few": "{n} гравці",
    "results.players.many": "{n} гравців",
    "results.why_hint": "Як нараховано кожному: /why {code} [гравець].",
    "top.bad_date": "«{date}» — не дата; пишіть РРРР-ММ-ДД.",
    "top.before_first": (
        "На {date} списку «{discipline}» ще не було: перший список — від {first}."
    ),
    "top.in_force": "На {date} чинний список від {list_date}.",
    "top.newer": "Відтоді опубліковано новіший список: {latest} (/top без дати).",
    "h2h.not_found": (
        "Не вдається знайти двох гравців у «{query}». Назвіть кожного за ID, PIN EGD або повним "
        "ім'ям, а імена з пробілами розділіть «;»: {usage}"
    ),
    "h2h.ambiguous": "«{query}» може означати кілька пар: {pairs}. Вкажіть ID гравців.",
    "h2h.place_based": (
        "{discipline} ({system}) ранжує гравців за місцями і не зберігає партій між двома "
        "гравцями, тож особистих зустрічей немає; вони є для ґо та отелло."
    ),
    "h2h.never": "У збережених турнірах вони одне з одним не грали.",
    "h2h.games.one": "{n} партія",
    "h2h.games.few": "{n} партії",
    "h2h.games.many": "{n} партій",
    "h2h.win.one": "{n} перемога",
    "h2h.win.few": "{n} перемоги",
    "h2h.win.many": "{n} перемог",
    "h2h.wins": "{player}: {wins}",
    "h2h.jigo": "Дзіґо: {count}",
    "h2h.draws": "Нічиї: {count}",
    "h2h.won": "перемога: {player}",
    "h2h.drawn": "нічия",
    "h2h.last": "Остання зустріч: {date}, {tournament} ({code}): {result}.",
    "h2h.headers": "Дата|Турнір|Тур|Результат",
    "h2h.several": "«{name}» — це кілька гравців: {players}.",
    "codes.saved": "Збережено: {name}, версія {version}, код {code}.",
    # ── chat: end ──
    # ── reports: begin (keys of the reports work go between begin and end) ──
    "cmd.league": "відкрити рейтингову клубну лігу го (дошка, контроль, офіційність)",
    "cmd.closeround": "закрити тур ліги: його партії обраховуються",
    "cmd.mygames": "ваші партії та повідомлення про них, зі станом",
    "league.bad_colour": "«{colour}» — не колір: напишіть black або white.",
    "league.colour_needed": (
        "Вкажіть, яким кольором ви грали: /report <турнір> <суперник> {result} black (або white)."
    ),
    "league.round_busy": (
        "Один із гравців уже має зараховану партію в турі {round}; спершу директор закриває "
        "тур (/closeround)."
    ),
    "league.bad_setting": "Не зрозуміло: {setting}",
    "league.not_go": (
        "{discipline} — не дисципліна го: ліги обраховують партії го. Використовуйте /openreports."
    ),
    "league.exists": "Турнір {tournament} у цій дисципліні вже є: оберіть інший код.",
    "league.yes": "офіційний",
    "league.no": "неофіційний",
    "league.mode_round": "Партії обраховуються, коли ви закриваєте тур командою /closeround.",
    "league.mode_immediate": "Кожна партія обраховується одразу, щойно зарахована.",
    "league.opened": (
        "Лігу {tournament} ({name}, {discipline}) відкрито {date}: дошка {size}×{size}, "
        "основний час {time} хв, {official}. Гравці повідомляють: /report {tournament} "
        "<суперник> <B+R|W+3.5|jigo|win|loss> [black|white]."
    ),
    "league.unknown": "Ліги {tournament} у цій дисципліні немає.",
    "league.immediate": "У {tournament} кожна партія обраховується одразу: закривати нічого.",
    "league.round_empty": (
        "У турі {round} турніру {tournament} ще немає зарахованих партій: обраховувати нічого."
    ),
    "league.round_closed.one": (
        "Тур {round} турніру {tournament} закрито: обраховано {games} партію, ліга — версія "
        "{version}."
    ),
    "league.round_closed.few": (
        "Тур {round} турніру {tournament} закрито: обраховано {games} партії, ліга — версія "
        "{version}."
    ),
    "league.round_closed.many": (
        "Тур {round} турніру {tournament} закрито: обраховано {games} партій, ліга — версія "
        "{version}."
    ),
    "league.changes": "ІК до → після турніру на сьогодні:",
    "league.replays": "Переобраховано наступних турнірів: {count}.",
    "league.use_league": (
        "Увага: партії, про які тут повідомляють, зберігаються, але не обраховуються. "
        "Рейтинговий клубний турнір го відкривається командою /league {discipline} <код> "
        "size=19 time=60 official=no."
    ),
    "league.counted_waiting": (
        "Повідомлення #{report} зараховано в {tournament}, тур {round}: партію буде "
        "обраховано, коли директор закриє тур."
    ),
    "league.counted_rated": (
        "Повідомлення #{report} зараховано й обраховано: {tournament} — версія {version}."
    ),
    "mygames.no_tournament": "У вас немає турніру {tournament}.",
    "mygames.none": "У вас поки немає повідомлень про партії.",
    "mygames.title": "Ваші партії ({count}), сторінка {page} з {pages}:",
    "mygames.next": "Наступна сторінка",
    "mygames.line": "#{report} {tournament}: {result} проти {opponent} — {state}",
    "mygames.state_reported": "повідомлено, чекає на суперника",
    "mygames.state_confirmed": "підтверджено, чекає на директора",
    "mygames.state_disputed": "оскаржено",
    "mygames.state_rejected": "відхилено",
    "mygames.state_rated": "обраховано",
    "mygames.state_counted": "зараховано (ще не обраховано)",
    "mygames.state_waiting_round": "підтверджено, обрахується при закритті туру",
    "league.bad_size": "Не зрозуміло: {setting} (дошка 9, 13 або 19)",
    "league.reports_opened": (
        "{tournament} ({name}, {discipline}) відкрито: гравці повідомляють про партії командою "
        "/report {tournament} <суперник> <B+R|W+3.5|jigo|win|loss> [black|white]."
    ),
    "cmd.roundstatus": "аркуш туру з отелло: узгоджені гравцями результати і чого бракує",
    "sheet.state_reported": "повідомлено (#{report}), чекає на суперника",
    "sheet.state_confirmed": "підтверджено (#{report}), чекає на директора",
    "sheet.state_disputed": "оскаржено (#{report}), вирішує директор",
    "sheet.missing": "немає результату",
    "sheet.incomplete": (
        "Тур {round} не заповнено: немає узгодженого результату за столом(ами) {tables}. "
        "/roundstatus показує аркуш; або вставте результати туру під командою."
    ),
    "sheet.not_paired": (
        "Ви не граєте з {opponent} у турі {round}: повідомте про партію опублікованого "
        "жеребкування (/pairing)."
    ),
    "sheet.discs_needed": "Вкажіть диски партії, наприклад win 40-24.\nВикористання: {usage}",
    "sheet.held": "Про партію цього столу в турі {round} вже повідомлено (#{report}).",
    "sheet.counted": (
        "Повідомлення #{report} узгоджено: партію внесено до аркуша туру {round} турніру "
        "{tournament}; тур вносить директор."
    ),
    "sheet.title": "{name}: тур {round}, узгоджено результатів: {done} з {tables}",
    "sheet.headers": "Стіл|Чорні|Білі|Результат",
    "sheet.complete": (
        "Усі результати є: /round {tournament} вносить тур (спершу попередній перегляд)."
    ),
    "sheet.enter": "Внести тур",
    "sheet.opened": (
        "Гравці повідомляють про партії опублікованого жеребкування з дисками; коли обидві "
        "сторони згодні, партія вноситься до аркуша туру (/roundstatus {tournament}), а /round "
        "{tournament} без вставленого тексту вносить тур."
    ),
    "cmd.propose": (
        "надіслати директорам таблицю результатів клубу: /propose <дисципліна> + таблиця або файл"
    ),
    "cmd.proposals": "запропоновані гравцями таблиці результатів, що чекають на ваше рішення",
    "cmd.proposalaccept": "прийняти запропоновану таблицю результатів: її збережено",
    "cmd.proposalreject": "відхилити запропоновану таблицю результатів із причиною",
    "proposal.title": "Запропонована таблиця результатів #{proposal}",
    "proposal.accept": "Прийняти",
    "proposal.reject": "Відхилити",
    "proposal.not_member": (
        "Таблиці результатів {federation} пропонують лише її гравці: спершу прив’яжіть акаунт "
        "до свого гравця там (/link)."
    ),
    "proposal.sent": (
        "Пропозицію #{proposal} надіслано директорам {federation}; вам повідомлять про їхнє "
        "рішення. Що вони бачать:"
    ),
    "proposal.none": "Запропонованих таблиць результатів, що чекають на ваше рішення, немає.",
    "proposal.unknown": "Пропозиції #{proposal} немає.",
    "proposal.decided": "Пропозиція #{proposal} вже в стані «{state}»: робити нічого.",
    "proposal.waiting": "чекає",
    "proposal.accepted": "прийнято",
    "proposal.rejected": "відхилено",
    "proposal.accepted_notice": "Вашу пропозицію #{proposal} прийнято: {name} збережено.",
    "proposal.rejected_notice": "Вашу пропозицію #{proposal} відхилено. Причина: {reason}",
    "proposal.accepted_reply": (
        "Пропозицію #{proposal} прийнято. Збережено: {name}, версія {version}, код {code}."
    ),
    "proposal.rejected_reply": "Пропозицію #{proposal} відхилено; автору повідомлено.",
    "report.places": (
        "У {discipline} результат — місця, а не партії: повідомляти про партію нічого. "
        "Надішліть таблицю результатів клубу директорам командою /propose {discipline} "
        "(таблиця під командою або файл)."
    ),
    # ── reports: end ──
    # ── qualify: begin (keys of the qualify work go between begin and end) ──
    "cmd.qualifications": "кваліфікаційні відбори: дати, квота, місця, терміни",
    "cmd.qrecord": "записати відповідь гравця на запрошення (отриману телефоном чи особисто)",
    "cmd.qrestore": "повернути місце, від якого відмовилися помилково",
    "cmd.notify": "куди надходять ваші особисті сповіщення: Telegram, Discord або обидва",
    "notify.current": (
        "{player}: особисті сповіщення надходять у {channel} (прив'язано: {accounts})."
    ),
    "notify.set": (
        "{player}: тепер особисті сповіщення надходять у {channel} (прив'язано: {accounts})."
    ),
    "notify.not_linked_there": (
        "Акаунт {channel} ще не прив'язано: доки його немає, сповіщення надходять на всі ваші "
        "акаунти."
    ),
    "notify.channel_telegram": "Telegram",
    "notify.channel_discord": "Discord",
    "notify.channel_both": "Telegram і Discord",
    "qual.no_such": "Кваліфікаційного відбору {id} немає.",
    "qual.not_open": (
        "Відбір {id} ({event}) ще не відкрито: список фіксується {date}, тоді ж надсилаються "
        "запрошення."
    ),
    "qual.closed": "Відбір {id} ({event}) закрито: турнір уже почався.",
    "qual.unlinked": (
        "Ваш акаунт не прив'язано до гравця федерації {federation}, тож місця у відборі {id} "
        "він не має. Прив'яжіть його командою /link або попросіть директора записати вашу "
        "відповідь."
    ),
    "qual.decline_sure": (
        "Ваше місце на турнірі {event} (відбір {id}) підтверджено. Відмова зараз означає "
        "остаточну втрату місця."
    ),
    "qual.lose_to": "Ваше місце перейде до гравця {player}.",
    "qual.lose_unfilled": "У резерві нікого не лишилося: місце залишиться незайнятим.",
    "qual.button_decline_sure": "Так, відмовитися",
    "qual.button_keep": "Зберегти місце",
    "qual.button_record_confirm": "Записати: згода",
    "qual.button_record_decline": "Записати: відмова",
    "qual.pass_on_text": (
        "Гравець {player} отримує місце у квоті ({discipline}), але акаунт гравця не "
        "прив'язано: повідомте про це сьогодні. Відповідь потрібна до {deadline} (15 днів). "
        "Запишіть відповідь кнопками або командою /qrecord {id} {fpid} confirm|decline [нотатка]."
    ),
    "qual.reminder_pass_on": (
        "Нагадування: від гравця {player} немає відповіді щодо турніру {event} (відбір {id}); "
        "термін — {deadline}. Акаунт не прив'язано: запишіть відповідь командою /qrecord {id} "
        "{fpid} confirm|decline [нотатка]."
    ),
    "qual.expired_directors": (
        "Від гравця {player} не надійшло відповіді щодо турніру {event} (відбір {id}) вчасно: "
        "гравця переведено до резерву (положення 000, п. 3.5)."
    ),
    "qual.expired_deadline": "Термін був до {deadline}.",
    "qual.passed_to": "Місце переходить до гравця {player}; на відповідь 15 днів.",
    "qual.passed_to_nobody": "У резерві нікого не лишилося: місце залишається незайнятим.",
    "qual.undelivered": (
        "Сповіщення про відбір для гравця {player} щодо турніру {event} (відбір {id}) не "
        "доставлено ({platform}: {error}). Зв'яжіться з гравцем інакше й запишіть відповідь."
    ),
    "qual.recorded_confirm": (
        "{director}: записано вашу відповідь щодо турніру {event} (відбір {id}) — згода, "
        "місце за вами."
    ),
    "qual.recorded_decline": (
        "{director}: записано вашу відповідь щодо турніру {event} (відбір {id}) — відмова від "
        "місця."
    ),
    "qual.offer_withdrawn": (
        "Місце на турнірі {event} (відбір {id}), запропоноване вам, повернуто гравцеві "
        "{player}: його відмова була помилкою. Ви залишаєтеся на початку резервного списку."
    ),
    "qual.cannot_record": (
        "Відбір {id}: у гравця {player} немає місця, що чекає такої відповіді (стан: {state})."
    ),
    "qual.recorded": "Записано: {player} — згода на місце на турнірі {event} (відбір {id}).",
    "qual.recorded_declined": (
        "Записано: {player} — відмова від місця на турнірі {event} (відбір {id})."
    ),
    "qual.restore_not_declined": "Відбір {id}: у гравця {player} немає відмови від місця.",
    "qual.restore_answered": (
        "Відбір {id}: місце гравця {player} повернути не можна — на запрошення гравця {other} "
        "вже є відповідь."
    ),
    "qual.restored": (
        "Відновлено: місце на турнірі {event} (відбір {id}) знову в гравця {player} ({state})."
    ),
    "qual.late_title": "Дата відбору {date} уже минула.",
    "qual.late_within_limit": (
        "Гравців треба поінформувати протягом 7 днів після неї, до {limit} (положення 000, п. 3.4)."
    ),
    "qual.late_limit_passed": (
        "Відтоді минуло днів: {days}; 7 днів на інформування гравців скінчилися {limit} "
        "(положення 000, п. 3.4)."
    ),
    "qual.late_choice_now": (
        "Поінформувати зараз: список на ту дату фіксується, гравців запрошено сьогодні, 15 днів "
        "на відповідь (до {deadline})."
    ),
    "qual.late_choice_date": (
        "Або задати іншу дату відбору за рішенням Президії (п. 3.3): {command}"
    ),
    "qual.button_inform_now": "Поінформувати зараз",
    "qual.created_now": (
        "Відбір {id} створено: {event} ({discipline}), {event_date}, квота {quota} (місць від "
        "Президії: {presidium}). Список на {date} зафіксовано зараз."
    ),
    "qual.invited_now": "Запрошено сьогодні: {count}; термін відповіді — {deadline}.",
    "qual.list_title": "Відбір {id}: {event} ({discipline}), {event_date}",
    "qual.list_dates": ("Дата відбору {date}, квота {quota} (від Президії: {presidium}); {state}."),
    "qual.list_places": (
        "Місця: підтверджено — {confirmed}, чекають відповіді — {invited}, відмов — {declined}, "
        "переведено до резерву — {reserve}."
    ),
    "qual.list_awaited": "  {player}: відповідь до {deadline}",
    "qual.list_awaited_unlinked": "  {player}: відповідь до {deadline} (акаунт не прив'язано)",
    "qual.list_yours": "Ваше місце: {state}; термін — {deadline}.",
    "qual.list_none": "Для вас немає кваліфікаційних відборів.",
    "qual.list_unlinked": (
        "Ваш акаунт не прив'язано до гравця, і ви не директор федерації, тож відбори вас поки "
        "не стосуються. Прив'яжіть акаунт командою /link."
    ),
    "qual.list_page.one": "Сторінка {page} з {pages} ({total} відбір).",
    "qual.list_page.few": "Сторінка {page} з {pages} ({total} відбори).",
    "qual.list_page.many": "Сторінка {page} з {pages} ({total} відборів).",
    "qual.button_show": "Докладніше: {id}",
    "qual.window_waiting": "чекає своєї дати",
    "qual.window_refused": "список не можна зафіксувати",
    "qual.window_open": "відкрито",
    "qual.window_filled": "квоту заповнено",
    "qual.window_closed": "закрито",
    "qual.state_waiting": "у резерві (пропозицію відкликано)",
    "qual.offer_withdrawn_directors": (
        "Місце на турнірі {event} (відбір {id}), запропоноване гравцеві {other}, повернуто "
        "гравцеві {player}. Акаунт гравця {other} не прив'язано: повідомте про це; гравець знову "
        "на початку резервного списку."
    ),
    # ── qualify: end ──
    # ── console: begin (keys of the console work go between begin and end) ──
    "console.welcome": "Консольний чат fedrank. /help — список команд, /quit — вихід.",
    "console.paste": (
        "Вставте таблицю; порожній рядок або рядок з однією крапкою завершує введення."
    ),
    "console.saved": "[файл збережено: {path}, байтів: {size}]",
    "console.no_file": "Файл не знайдено: {path}",
    "console.not_a_file": "{path} — тека, а не файл.",
    "console.unreadable": "Не вдається прочитати {path}: {reason}",
    "console.not_saved": "[файл {file} не збережено в {folder}: {reason}]",
    # ── console: end ──
    # ── formats: begin (keys of the formats work go between begin and end) ──
    "sheet.not_workbook": (
        "{file} — не придатна до читання книга (.xlsx, .xls або .ods); збережіть її знову або "
        "надішліть результати в CSV чи текстом."
    ),
    "upload.not_text": (
        "{file} — не текст у UTF-8, Windows-1251 чи GB18030 (рядок {line}); збережіть його "
        "як «CSV UTF-8» або як текст у UTF-8."
    ),
    "upload.read_text": "Файл прочитано як текст у кодуванні {encoding}.",
    "upload.read_csv": (
        "Файл прочитано як CSV у кодуванні {encoding}, роздільник клітинок — {separator}."
    ),
    "upload.semicolons": "крапка з комою",
    "upload.commas": "кома",
    "upload.tabs": "табуляція",
    # ── formats: end ──
    # ── site: begin (keys of the site work go between begin and end) ──
    "site.name": "Рейтинг-листи",
    "site.home": "Усі федерації",
    "site.languages": "Інші мови",
    "site.language_name": "Українська",
    "site.latest": "Останній лист",
    "site.no_list": "лист ще не опубліковано",
    "site.archive": "Усі листи",
    "site.lists": "Опубліковані листи",
    "site.list_title": "{discipline}: лист на {date}",
    "site.changes_since": "Зміни порівняно з листом на {date}.",
    "site.first_list": "Перший лист дисципліни.",
    "site.col_position": "Місце",
    "site.col_id": "ID",
    "site.col_player": "Гравець",
    "site.col_rating": "Рейтинг",
    "site.col_title": "Звання",
    "site.col_change": "Зміна",
    "site.col_date": "Дата",
    "site.col_tournament": "Турнір",
    "site.col_place": "Місце",
    "site.col_award": "Нарахування",
    "site.col_team": "Команда",
    "site.col_since": "З",
    "site.col_reason": "Підстава",
    "site.col_size": "Гравців",
    "site.new": "новий",
    "site.tournaments": "Турніри",
    "site.current": "Поточні показники",
    "site.position_of": "Місце {position} із {size} у листі на {date}.",
    "site.not_listed": "Немає в останньому листі ({date}).",
    "site.title_history": "Історія звань",
    "site.rating_history": "Історія рейтингу",
    "site.chart_label": "Рейтинг: {player}, {discipline}, за листами",
    "site.results": "Результати",
    "site.version": "версія {version}",
    "site.held_on": "Дата проведення: {date}",
    "site.trace": "Як розраховано кожне нарахування",
    "site.no_award": "без нарахувань",
    "site.json": "JSON",
    "site.previous_list": "Попередній лист",
    "site.list_link": "Лист на сайті: {url}",
    # ── site: end ──
}
