"""Russian: every message of :mod:`fedrank.handlers.i18n`, by key."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "start.greeting": "Здравствуйте, {name}! Я fedrank: веду официальные рейтинги {federations}.",
    "start.what": (
        "Спросите /rating — ваши показатели и их причины, /top — список, /help — остальное."
    ),
    "start.linked": "Ваш аккаунт связан с игроком {player}.",
    "start.unlinked": "Свяжите аккаунт с вашим ID в федерации: /link <ID>.",
    "help.title": "Команды:",
    "help.directors": "Команды директора:",
    "cmd.start": "что умеет бот",
    "cmd.help": "этот список",
    "cmd.link": "связать аккаунт с ID в федерации: /link <ID> [код]",
    "cmd.rating": "ваши показатели или игрока: /rating [имя или ID]",
    "cmd.top": "верх списка, в том числе прошлого: /top [дисциплина] [n] [ГГГГ-ММ-ДД]",
    "cmd.lang": "выбрать язык: /lang en|ru|uk|zh",
    "cmd.links": "ожидающие запросы на связь",
    "cmd.approve": "подтвердить запрос: /approve <номер>",
    "cmd.reject": "отклонить запрос: /reject <номер>",
    "cmd.linkcode": "выдать одноразовый код связи игроку: /linkcode <ID>",
    "cmd.grant": "назначить роль: /grant <платформа:пользователь> <федерация> <роль>",
    "error.unknown_command": "Неизвестная команда /{command}. Список: /help.",
    "error.not_a_command": "Я отвечаю на команды; список: /help.",
    "error.internal": "У нас что-то пошло не так; ничего не изменено. Попробуйте позже.",
    "error.usage": "Использование: {usage}",
    "error.forbidden": "Это может только {role} федерации {federation}.",
    "error.not_director": "Эта команда — для директоров турниров.",
    "error.missing": "Ничего не сделано: запись {what} {key} не найдена (или уже удалена).",
    "role.player": "игрок",
    "role.director": "директор",
    "role.admin": "администратор",
    "player.not_found": "Игрок «{query}» не найден.",
    "player.choose": "Под «{query}» подходят несколько игроков; уточните ID:",
    "rating.unlinked": "Аккаунт ещё не связан: /link <ваш ID>, или /rating <имя или ID>.",
    "rating.nothing": "Для {player} пока нет результатов.",
    "rating.position": "Место {position} из {size} в списке на {date}",
    "rating.rating": "Рейтинг: {value}",
    "rating.title": "Звание: {title} (с {since})",
    "rating.points": "Очки: {points}",
    "rating.next": "Дальше: {next}",
    "top.no_list": "Список «{discipline}» ещё не публиковался.",
    "top.title": "{discipline}: список на {date} (первые {count} из {size})",
    "top.headers": "#|Игрок|Рейтинг|Звание",
    "top.unknown_discipline": "Неизвестная дисциплина «{query}». Дисциплины: {known}.",
    "top.choose": "Какой список? /top <дисциплина> [n]. Дисциплины: {known}.",
    "top.bad_count": "Число мест — целое от 1 до {max}.",
    "lang.set": "Язык: русский.",
    "link.status_linked": "Ваш аккаунт связан с игроком {player}.",
    "link.requested": (
        "Запрос №{request} на связь с игроком {player} отправлен; его подтвердит "
        "директор {federation}. Если директор дал вам код, отправьте /link {id} <код>."
    ),
    "link.already_requested": "Ваш запрос №{request} на игрока {player} ждёт директора.",
    "link.taken": "{player} уже связан с другим аккаунтом; обратитесь к директору.",
    "link.done": "Готово: ваш аккаунт связан с игроком {player}.",
    "link.bad_code": (
        "Код не подходит для {id} (неверный, использован или истёк). Попросите новый у директора."
    ),
    "link.none_pending": "Запросов на связь нет.",
    "link.pending_line": "№{request}: {account} просит связать с {player}",
    "link.no_request": "Нет ожидающего запроса №{request}.",
    "link.approved": "Запрос №{request} подтверждён: {account} теперь {player}.",
    "link.rejected": "Запрос №{request} отклонён.",
    "link.code_issued": (
        "Одноразовый код для {player}: {code} (действует до {until}). Передайте его игроку "
        "лично; он отправит /link {id} {code}."
    ),
    "grant.done": "{account} теперь {role} федерации {federation}.",
    "grant.no_account": "Аккаунт {account} ещё не писал боту.",
    "federation.unknown": "Неизвестная федерация «{query}». Федерации: {known}.",
    "cmd.submit": "подать результаты: /submit <дисциплина> с файлом или таблицей",
    "cmd.confirm": "записать проверенную подачу: /confirm <токен>",
    "cmd.cancel": "отменить подачу: /cancel <токен>",
    "cmd.publish": "опубликовать список: /publish <дисциплина> [ГГГГ-ММ-ДД]",
    "submit.too_large": "Файл больше {limit} МБ.",
    "submit.not_text": "{file} — не текст в UTF-8.",
    "submit.empty": "Приложите файл результатов или вставьте таблицу после команды.",
    "submit.no_adapter": "Результаты системы {system} пока нельзя подавать.",
    "submit.refused": "Не принято, ничего не записано: {error}",
    "submit.preview_title": "Предпросмотр: {name}",
    "submit.headers": "Игрок|До|После|Примечание",
    "submit.more": "… и ещё {count}.",
    "submit.replays": "Из-за этой подачи будут пересчитаны турниры: {names}",
    "submit.confirm": "Подтвердить",
    "submit.cancel": "Отменить",
    "submit.no_pending": "Вашей подачи с таким токеном нет.",
    "submit.saved": "Записано: {name}, версия {version}.",
    "submit.stale": (
        "Не записано: {name} изменился после предпросмотра (теперь версия {version}). "
        "Подайте заново, чтобы увидеть актуальный предпросмотр."
    ),
    "cmd.playerdata": "данные игрока для положений: /playerdata <ID> [раздел.ключ <JSON | ->]",
    "playerdata.saved": "Сохранено {key} для {player}.",
    "playerdata.bad_json": "Значение — не корректный JSON: {error}.",
    "submit.cancelled": "Отменено; ничего не записано.",
    # --- .xlsx submissions (handlers/spreadsheet.py) ---------------------------------------
    "sheet.not_xlsx": (
        "{file} — не корректная книга Excel (.xlsx); сохраните её заново как .xlsx "
        "или пришлите результаты текстом."
    ),
    "sheet.encrypted": (
        "{file} защищён паролем или это старый файл .xls; сохраните его как книгу .xlsx без пароля."
    ),
    "sheet.macros": (
        "{file} содержит макросы, такие файлы не принимаются; сохраните его как обычную "
        "книгу .xlsx."
    ),
    "sheet.too_large": (
        "{file} после распаковки больше {limit} МБ; пришлите книгу только с результатами."
    ),
    "sheet.no_sheet": "В {file} нет рабочего листа.",
    "sheet.bad_cell": "{file}, строка {row}, столбец {column}: ячейку не удаётся прочитать.",
    "sheet.error_cell": (
        "{file}, строка {row}, столбец {column}: в ячейке ошибка {value}; исправьте "
        "формулу или введите значение."
    ),
    "sheet.no_value": (
        "{file}, строка {row}, столбец {column}: у формулы нет вычисленного значения; "
        "откройте файл в табличном редакторе и сохраните заново."
    ),
    "sheet.unsupported": "Формат {system} нельзя получить из таблицы; пришлите его текстовый файл.",
    "sheet.where": "(номера строк — строки листа «{sheet}»: {cell})",
    "publish.done": "Опубликован список «{discipline}» на {date}: {size} игроков.",
    "publish.exists": "Список «{discipline}» на {date} уже опубликован.",
    "publish.future": "Список не может быть датирован позже сегодняшнего дня ({today}).",
    "publish.bad_date": "Дата — в виде ГГГГ-ММ-ДД.",
    "cmd.why": "откуда взялись очки: /why <турнир> [игрок]",
    "cmd.history": "рейтинг во времени и что сейчас учитывается: /history [игрок]",
    "cmd.subscribe": "получать объявления о списках: /subscribe <дисциплина> [me]",
    "cmd.unsubscribe": "больше не получать объявления: /unsubscribe <дисциплина> [me]",
    "why.no_tournament": "Турнир «{query}» не найден.",
    "why.choose": "Под «{query}» подходят несколько турниров; уточните код:",
    "why.no_award": "У игрока {player} нет начислений в турнире {tournament}.",
    "history.headers": "Список|#|Рейтинг|Звание",
    "history.caption": "{discipline}: рейтинг во времени",
    "history.counted": "Что учитывается в текущем списке:",
    "sub.on": "Подписка оформлена: объявления «{discipline}» будут приходить сюда.",
    "sub.on_me": (
        "Подписка оформлена: после каждого списка «{discipline}» вам придёт личное "
        "сообщение о вашей строке."
    ),
    "sub.already_on": "Подписка на «{discipline}» уже есть.",
    "sub.off": "Подписка на «{discipline}» отменена.",
    "sub.already_off": "Подписки на «{discipline}» здесь не было.",
    "cmd.pairing": "жеребьёвка следующего тура турнира по отелло: /pairing <турнир>",
    "cmd.standings": "турнирная таблица турнира по отелло: /standings <турнир>",
    "cmd.round": "ввести результаты тура по отелло (под командой): /round <турнир>",
    "othello.unknown_tournament": "Турнир по отелло «{query}» не найден.",
    "othello.pairing_title": (
        "{name}: жеребьёвка {round}-го тура из {total} ({system}, seed {seed})"
    ),
    "othello.pairing_headers": "Стол|Чёрные|Белые",
    "othello.byes": "Без пары (BYE): {players}",
    "othello.no_pairing.one": "{name}: сыгран {total} тур из {total}, жеребьёвки больше нет.",
    "othello.no_pairing.few": "{name}: сыграны все {total} тура, жеребьёвки больше нет.",
    "othello.no_pairing.many": "{name}: сыграны все {total} туров, жеребьёвки больше нет.",
    "othello.standings_title": "{name}: таблица после {round}-го тура из {total}",
    "othello.ifrl_title.one": "{name}: итоговый личный список (IFRL) после {round} из {total} тура",
    "othello.ifrl_title.few": (
        "{name}: итоговый личный список (IFRL) после {round} из {total} туров"
    ),
    "othello.ifrl_title.many": (
        "{name}: итоговый личный список (IFRL) после {round} из {total} туров"
    ),
    "othello.standings_headers": "#|Игрок|Страна|Очки|BQ|Фишки|Примечание",
    "othello.round_empty": "Вставьте результаты {round}-го тура под командой, по партии в строке.",
    "othello.round_refused": (
        "{round}-й тур не принят, ничего не записано"
        " (строки считаются с первой строки под командой): {error}"
    ),
    "othello.publish_on_confirm": "Жеребьёвка ниже будет опубликована после подтверждения.",
    # --- game reports (handlers/reports/) ---------------------------------------------------
    "cmd.openreports": "открыть турнир для сообщений игроков о партиях",
    "cmd.closereports": "закрыть турнир для сообщений о партиях",
    "cmd.report": "сообщить о сыгранной партии (соперник подтверждает)",
    "cmd.reports": "сообщения о партиях, ждущие вашего ответа",
    "cmd.gameok": "подтвердить партию, о которой сообщил соперник",
    "cmd.gamedispute": "оспорить партию, о которой сообщил соперник",
    "cmd.gameapprove": "утвердить партию (или решить спор в пользу сообщившего)",
    "cmd.gamereject": "отклонить сообщение о партии",
    "reports.opened": (
        "Турнир {tournament} ({name}, {discipline}) открыт: игроки сообщают о партиях"
        " командой /report {tournament} <ID соперника> <win|loss|draw> [счёт]."
    ),
    "reports.already_open": "Турнир {tournament} уже открыт для сообщений о партиях.",
    "reports.closed": (
        "Турнир {tournament} закрыт для новых сообщений о партиях; на уже поданные можно ответить."
    ),
    "reports.not_open": (
        "В вашей федерации нет турнира {tournament}, открытого для сообщений о партиях."
    ),
    "reports.to_confirm": "Партии, о которых сообщили соперники, — подтвердите или оспорьте:",
    "reports.sent": "Ваши сообщения, ещё ждущие ответа:",
    "reports.to_decide": "Сообщения, ждущие решения директора:",
    "reports.none": "Нет сообщений о партиях, ждущих вашего ответа.",
    "report.unlinked": (
        "Сначала свяжите аккаунт с вашим ID в федерации (/link <ID>): о партии сообщает"
        " только игрок."
    ),
    "report.self": "Нельзя сообщить о партии против самого себя.",
    "report.score_mismatch": "Счёт {score} не соответствует «{result}» (ваш счёт — первым).",
    "report.duplicate": (
        "О вашей партии с {opponent} в {tournament} уже сообщено (#{report}), ответа"
        " ещё нет; одна партия — одно сообщение."
    ),
    "report.created": (
        "Сообщение #{report} записано: {result} против {opponent} в {tournament}. Партия"
        " засчитывается после подтверждения соперником."
    ),
    "report.result_win1": "победа",
    "report.result_win2": "поражение",
    "report.result_draw": "ничья",
    "report.line": (
        "#{report} {tournament}: {reporter} сообщает: {result} против {opponent} ({state})"
    ),
    "report.state_reported": "ждёт соперника",
    "report.state_confirmed": "подтверждено, ждёт директора",
    "report.state_disputed": "оспорено, решает директор",
    "report.state_approved": "засчитано",
    "report.state_rejected": "отклонено",
    "report.confirm": "✓ Подтвердить #{report}",
    "report.dispute": "✗ Оспорить #{report}",
    "report.approve": "✓ Утвердить #{report}",
    "report.reject": "✗ Отклонить #{report}",
    "report.not_yours": "Сообщение #{report} не ждёт вашего ответа.",
    "report.unknown": "Сообщения о партии #{report} нет.",
    "report.not_waiting": "Сообщение #{report}: {state} — делать нечего.",
    "report.disputed": "Сообщение #{report} оспорено: решает директор {federation}.",
    "report.awaits_director": (
        "Сообщение #{report} подтверждено; партия будет засчитана после утверждения"
        " директором {federation}."
    ),
    "report.counted": (
        "Сообщение #{report} засчитано: партия внесена в {tournament} (версия {version})."
    ),
    "report.rejected": "Сообщение #{report} отклонено и не засчитывается.",
    "report.rate_refused": "Партия не засчитана, ничего не записано: {error}",
    # --- federation management (handlers/admin.py) ---------------------------------------------
    "cmd.disciplines": "дисциплины (рейтинг-листы) федераций",
    "cmd.discipline": "добавить дисциплину (администраторы)",
    "cmd.roles": "у кого есть роль в федерации",
    "cmd.unlink": "отменить ошибочную связь аккаунта с игроком",
    "disciplines.title": "Дисциплины:",
    "disciplines.headers": "Федерация|Код|Название|Система|Календарь",
    "disciplines.none": "Дисциплин пока нет.",
    "discipline.added": (
        "Дисциплина {code} ({name}) добавлена в {federation}: система {system}, списки {calendar}."
    ),
    "discipline.exists": "Дисциплина с кодом {code} уже есть (коды уникальны во всех федерациях).",
    "discipline.bad_system": "Неизвестная система «{system}». Системы: {known}.",
    "discipline.bad_calendar": "Неизвестный календарь «{calendar}». Календари: {known}.",
    "discipline.no_adapter": (
        "Внимание: движок {system} ещё не подключён к базе; результаты в эту дисциплину"
        " пока не принимаются."
    ),
    "roles.title": "Роли в {federation}:",
    "roles.headers": "Аккаунт|Имя|Роль|Связанный игрок",
    "roles.none": "Ни у одного аккаунта нет роли в {federation} (все — игроки).",
    "unlink.done": "Связь с игроком {player} снята: {accounts}.",
    "unlink.none": "С игроком {player} нет такого связанного аккаунта.",
    # -- announcements (fedrank/handlers/announcements.py) --------------------------------------
    "ann.title": "{discipline}: список на {date}",
    "ann.since": "Изменения со списка на {date}:",
    "ann.promotions": "Повышения: {items}",
    "ann.demotions": "Понижения: {items}",
    "ann.new_titles": "Новые звания: {items}",
    "ann.movers": "Самые большие перемещения: {items}",
    "ann.entrants": "Впервые в списке: {items}",
    "ann.left": "Выбыли из списка (их результаты вышли за окно учёта): {items}",
    "ann.no_changes": "Без изменений.",
    "ann.top": "Первые {n} из {size}; полный список во вложениях (CSV, XLSX, HTML).",
    "ann.col_position": "Место",
    "ann.col_id": "ID",
    "ann.col_player": "Игрок",
    "ann.col_rating": "Рейтинг",
    "ann.col_title": "Звание",
    "ann.personal_title": "{discipline}, список на {date}: ваша строка",
    "ann.personal_line": "Место {position} из {size}, рейтинг {rating}, звание {title}.",
    "ann.personal_before": (
        "В предыдущем списке: место {position}, рейтинг {rating}, звание {title}."
    ),
    "ann.personal_new": "Вы в списке впервые.",
    "ann.personal_left": (
        "Вас больше нет в списке (ваши результаты вышли за окно учёта); в предыдущем "
        "вы были на месте {position}."
    ),
    # --- /whatif (handlers/whatif.py) ------------------------------------------------------------
    "cmd.whatif": "что изменило бы место в турнире: /whatif <турнир> <место> [игрок]",
    "whatif.title": "Что, если бы {player} занял {place}-е место в турнире {tournament}?",
    "whatif.headers": "Что|Сейчас|С этим местом|Примечание",
    "whatif.nothing_written": "Это только расчёт: ничего не изменено.",
    "whatif.no_tournament": "Нет сохранённого турнира «{query}».",
    "whatif.choose": "Под «{query}» подходят несколько турниров; укажите код:",
    "whatif.unlinked": (
        "Укажите игрока (/whatif <турнир> <место> <игрок>) или свяжите аккаунт: /link <ID>."
    ),
    "whatif.other_federation": "{player} не состоит в федерации турнира {tournament}.",
    "whatif.unsupported": (
        "Система {system} не умеет моделировать места: её показатели не зависят от места"
        " в одном турнире."
    ),
    "whatif.refused": "Так смоделировать нельзя: {error}",
    # -- qualification windows (fedrank/handlers/qualification/) -----------------------------
    "cmd.qualify": "открыть квалификацию на турнир",
    "cmd.qualification": "квалификация: список, резерв, каждое место",
    "cmd.qconfirm": "подтвердить предложенное место",
    "cmd.qdecline": "отказаться от предложенного места",
    "qual.created": (
        "Квалификация {id} открыта: {event} ({discipline}), {event_date}, квота {quota} "
        "(из них Президиумом: {presidium}). Список будет зафиксирован {date}, приглашения уйдут "
        "в тот же день."
    ),
    "qual.created_past": (
        "Квалификация {id} открыта: {event} ({discipline}), {event_date}, квота {quota} "
        "(из них Президиумом: {presidium}). Дата квалификации {date} уже прошла: список на эту "
        "дату будет зафиксирован, а приглашения уйдут при ближайшем запуске планировщика."
    ),
    "qual.bad_quota": "Квота — целое число не меньше 1, а не «{quota}».",
    "qual.no_rules": (
        "Для «{discipline}» в fedrank нет правил квалификации (они есть только у маджонга ФМР)."
    ),
    "qual.too_many_presidium": (
        "Мест Президиума ({places}) больше квоты {quota} (п. 3.7 положения)."
    ),
    "qual.rule": "Правила этого не допускают: {error}",
    "qual.not_found": "Открытой квалификации {id} для вас нет.",
    "qual.invite_title": "Приглашение: {event}, {date}",
    "qual.invite_text": (
        "{player}, вы прошли квалификацию ({discipline}). Подтвердите участие или "
        "откажитесь до {deadline} (15 дней); без ответа место перейдёт резерву. Можно также "
        "отправить /qconfirm {id} или /qdecline {id}."
    ),
    "qual.no_account": (
        "У игрока {player} нет связанного аккаунта: передайте ему приглашение сегодня."
    ),
    "qual.button_confirm": "Подтвердить",
    "qual.button_decline": "Отказаться",
    "qual.reminder": (
        "Напоминание: место на «{event}» ждёт вашего ответа до {deadline}. "
        "/qconfirm {id} или /qdecline {id}."
    ),
    "qual.expired": (
        "Ответ по «{event}» (квалификация {id}) не пришёл вовремя: вы переведены в резерв."
    ),
    "qual.confirmed": "Подтверждено: место на «{event}» (квалификация {id}) за вами.",
    "qual.declined": "Отказ принят: место на «{event}» (квалификация {id}) переходит следующему.",
    "qual.cannot_answer": (
        "Квалификация {id}: у вас нет места, ждущего ответа (ваш статус: {state})."
    ),
    "qual.summary_filled": "Квалификация {id} ({event}): квота заполнена, все места подтверждены.",
    "qual.summary_exhausted.one": (
        "Квалификация {id} ({event}): резерв исчерпан; {unfilled} место осталось незаполненным."
    ),
    "qual.summary_exhausted.few": (
        "Квалификация {id} ({event}): резерв исчерпан; {unfilled} места остались незаполненными."
    ),
    "qual.summary_exhausted.many": (
        "Квалификация {id} ({event}): резерв исчерпан; {unfilled} мест осталось незаполненными."
    ),
    "qual.refused": "Квалификацию {id} нельзя зафиксировать: {error}",
    "qual.show_title": "Квалификация {id}: {event} ({discipline}), {event_date}",
    "qual.show_dates": "Дата квалификации {date}, квота {quota}, мест Президиума {presidium}.",
    "qual.not_frozen": "Список ещё не зафиксирован.",
    "qual.frozen_list": "Список, зафиксированный на {date}:",
    "qual.slots": "Места:",
    "qual.reserve": "Резерв по порядку: {players}",
    "qual.skipped": "Не члены федерации на дату квалификации (п. 3.2): {players}",
    "qual.unfilled": "Незаполненных мест: {unfilled}",
    "qual.col_player": "Игрок",
    "qual.col_source": "Основание",
    "qual.col_state": "Статус",
    "qual.col_informed": "Извещён",
    "qual.col_deadline": "Срок",
    "qual.col_closed": "Закрыто",
    "qual.source_presidium": "Президиум",
    "qual.source_rating": "рейтинг",
    "qual.state_invited": "приглашён",
    "qual.state_confirmed": "подтвердил",
    "qual.state_declined": "отказался",
    "qual.state_reserve": "резерв (не ответил вовремя)",
    "qual.state_none": "место не предлагалось",
    "report.notice_ask": "Соперник сообщил о партии: подтвердите или оспорьте.",
    "report.notice_decide": "Сообщение о партии ждёт решения директора:",
    "reports.not_rated": (
        "Внимание: адаптер {system} пока не рассчитывает рейтинг по сообщённым партиям;"
        " засчитанные партии хранятся в турнире и учитываются при подаче его результатов."
    ),
    "cmd.player": "карточка игрока в реестре: /player <ID или имя>",
    "card.federation": "Федерация",
    "card.latin_name": "Латиницей",
    "card.club": "Клуб",
    "card.country": "Страна",
    "card.birth_date": "Дата рождения",
    "card.sex": "Пол",
    "card.egd_pin": "EGD PIN",
    "card.memberships": "Членство",
    "card.no_membership": "не записано",
    "cmd.playeradd": (
        'добавить игрока в реестр: /playeradd <федерация> name="…" [столбец=значение …]'
    ),
    "cmd.playeredit": "изменить игрока в реестре: /playeredit <ID> столбец=значение …",
    "registry.added": "{player} добавлен в реестр.",
    "registry.saved": "Сохранено для {player}: {fields}.",
    "registry.unchanged": "Для {player} ничего не меняется.",
    "registry.exists": "В реестре уже есть {id}; измените его через /playeredit.",
    # ── setup: begin (keys of the setup work go between begin and end) ──
    "setup.start_empty": (
        "Здравствуйте, {name}! Я fedrank. Ни одна федерация ещё не создана: оператор сервера"
        ' создаёт её командой fedrank federation add CODE "NAME" --timezone Area/City.'
    ),
    "setup.federation_added": (
        "Федерация {code} ({name}) добавлена: часовой пояс {timezone}, объявления на языке"
        " {language}."
    ),
    "setup.discipline_added": (
        "Дисциплина {code} ({name}) добавлена в {federation}: система {system}, списки {calendar}."
    ),
    "setup.bad_name": "Нужно название, не длиннее {limit} символов.",
    "setup.bad_timezone": (
        "Неизвестный часовой пояс «{timezone}»: укажите имя IANA вида Area/City. Ближайшие:"
        " {close}."
    ),
    "setup.bad_federation_code": (
        "«{code}» не может быть кодом федерации: буква, затем буквы, цифры, - или _ (не больше 32)."
    ),
    "setup.bad_language": "Неизвестный язык «{language}». Языки: {known}.",
    "setup.federation_exists": "Федерация {code} ({name}) уже есть.",
    "setup.no_federation_yet": (
        "Федерации «{code}» нет, как нет пока и других: оператор создаёт федерацию командой"
        ' fedrank federation add CODE "NAME" --timezone Area/City.'
    ),
    "setup.bad_discipline_code": (
        "«{code}» не может быть кодом дисциплины: строчные буквы, цифры, '.', '-' или '_'"
        " (не больше 32)."
    ),
    "setup.no_adapter": (
        "fedrank пока не умеет считать списки {system}: дисциплина этой системы не добавлена."
    ),
    "setup.discipline_refused": "Дисциплину системы {system} добавить нельзя: {why} ({rule}).",
    "setup.rmf_kind": (
        "в регламенте ФСМ два списка, спортивный маджонг (MCR) и сычуаньский маджонг, а"
        " «{code}» ({name}) не называет ни один; укажите MCR, sports или Sichuan в коде или"
        " названии"
    ),
    "setup.discipline_exists": (
        "Дисциплина с кодом {code} уже есть, в {federation} (коды уникальны во всех федерациях)."
    ),
    "setup.unknown_discipline": ("В {federation} нет дисциплины «{code}». Её дисциплины: {known}."),
    "setup.stored_tournaments": "турниры",
    "setup.stored_lists": "опубликованные списки",
    "setup.stored_qualifications": "отборы",
    "setup.stored_titles": "звания",
    "setup.cannot_remove": (
        "{code} не удалена: в ней есть {stored}, а они не удаляются никогда. Отключите её"
        " (история сохранится, новых списков не будет, результаты не принимаются)."
    ),
    "setup.discipline_removed": (
        "Дисциплина {code} удалена из {federation} (истории у неё не было)."
    ),
    "setup.discipline_disabled": (
        "Дисциплина {code} федерации {federation} отключена: история сохранена, новые списки по"
        " её календарю не публикуются, результаты не принимаются."
    ),
    "setup.already_disabled": "Дисциплина {code} уже отключена.",
    "setup.discipline_enabled": "Дисциплина {code} снова включена.",
    "setup.already_enabled": "Дисциплина {code} не отключена.",
    "setup.submit_disabled": (
        "Дисциплина {code} отключена и не принимает результаты (администратор включает её"
        " командой /discipline enable)."
    ),
    "setup.disabled": "отключена",
    # ── setup: end ──
    # ── links: begin (keys of the links work go between begin and end) ──
    "link.already_linked": "Ваш аккаунт уже связан с {player}.",
    "link.relink_note": "Когда директор подтвердит запрос, он заменит вашу связь с {current}.",
    "link.too_many_requests": (
        "У вас уже {max} запросов на связь в ожидании; дождитесь ответа директора, прежде чем "
        "просить снова."
    ),
    "link.code_locked": (
        "Слишком много неверных кодов: связь по коду заблокирована до {until}. Попробуйте "
        "позже или отправьте /link только с вашим ID, и директор подтвердит запрос."
    ),
    "link.own_code": (
        "Нельзя связать себя кодом, который вы выдали сами, или выдать код игроку, которым вы "
        "просите стать: это должен сделать другой директор или администратор {federation}."
    ),
    "link.replaced": "Она заменяет вашу связь с {player}.",
    "link.page.one": "Страница {page} из {pages} (ожидает {total} запрос).",
    "link.page.few": "Страница {page} из {pages} (ожидают {total} запроса).",
    "link.page.many": "Страница {page} из {pages} (ожидают {total} запросов).",
    "link.pending_relink": (
        "№{request}: {account} просит связать с {player} вместо {current} (перепривязка)"
    ),
    "link.own_request_note": "ваш собственный запрос: его решает другой директор или администратор",
    "link.page_back": "‹ Назад",
    "link.page_next": "Далее ›",
    "link.own_request": (
        "Нельзя подтвердить собственный запрос на связь: это должен сделать другой директор "
        "или администратор {federation}."
    ),
    "link.taken_now": (
        "{player} уже связан с другим аккаунтом этой платформы: запрос нельзя подтвердить; "
        "отклоните его."
    ),
    "link.approved_replaces": "Она заменяет связь {account} с {player}.",
    "link.name_one": (
        "Вы связаны с несколькими игроками: {players}. Укажите, кого вы имеете в виду."
    ),
    # ── links: end ──
    # ── names: begin (keys of the names work go between begin and end) ──
    "names.title.one": (
        "В файле {file} по реестру {federation} не опознано {count} имя; пока ничего не записано:"
    ),
    "names.title.few": (
        "В файле {file} по реестру {federation} не опознаны {count} имени; пока ничего не записано:"
    ),
    "names.title.many": (
        "В файле {file} по реестру {federation} не опознано {count} имён; пока ничего не записано:"
    ),
    "names.unknown": "{number}. строка {line}: {name} — нет в реестре; ближайшие: {candidates}",
    "names.unknown_none": "{number}. строка {line}: {name} — нет в реестре",
    "names.ambiguous": (
        "{number}. строка {line}: {name} — в реестре несколько игроков: {candidates}"
    ),
    "names.bad_choice": "{number}. строка {line}: {name} — игрок {id} не зарегистрирован",
    "names.how": (
        "Ответьте /names {token} 1=ID 2=new … (ID зарегистрированного игрока или new, чтобы "
        "зарегистрировать его с данными из файла) или /names {token} new — зарегистрировать "
        "всех неизвестных."
    ),
    "names.register_all": "Зарегистрировать всех неизвестных",
    "names.new_players": (
        "Новые игроки, будут зарегистрированы при подтверждении ({count}): {players}"
    ),
    "names.bad_number": "В списке нет имени номер {number}.",
    "names.not_waiting": "Эта заявка не ждёт выбора имён.",
    "names.unsettled": "Сначала разберитесь с именами: /names {token} …",
    "names.stale": (
        "Реестр изменился после предпросмотра ({reason}); ничего не записано. Отправьте файл "
        "заново."
    ),
    "names.id_elsewhere": (
        "{number}. строка {line}: {name} — этот ID в реестре у игрока {candidates}: "
        "тот же человек или новый?"
    ),
    "cmd.names": "разобрать неизвестные имена файла: /names <токен> 1=ID 2=new …",
    "names.name_elsewhere": (
        "{number}. строка {line}: {name} — этого ID нет в реестре, а имя есть: {candidates}"
    ),
    "names.no_such_name": "В списке нет «{name}».",
    # ── names: end ──
    # ── scheduler: begin (keys of the scheduler work go between begin and end) ──
    "schedule.failed_admin": (
        "Не удалось опубликовать рейтинг-лист {discipline} ({code}) на {date}: {error}. "
        "Остальные листы не задерживаются; этот будет опубликован повторно автоматически "
        "(следующая попытка {retry}). Операторам: fedrank schedule показывает сбои."
    ),
    "schedule.withdrawn": (
        "Рейтинг-лист {discipline} на {date} отозван: пожалуйста, не учитывайте его."
    ),
    # ── scheduler: end ──
    # ── figures: begin (keys of the figures work go between begin and end) ──
    "figures.forbidden": "Это может только {role} федерации {federation}.",
    "figures.a_role.player": "игрок",
    "figures.a_role.director": "директор",
    "figures.a_role.admin": "администратор",
    "figures.players.one": "{n} игрок",
    "figures.players.few": "{n} игрока",
    "figures.players.many": "{n} игроков",
    "figures.publish_done": "Опубликован список «{discipline}» на {date}: {players}.",
    "figures.publish_before_first": (
        "Список «{discipline}» нельзя датировать {date}: это раньше первого сохранённого "
        "результата ({first}), список был бы пустым."
    ),
    "figures.publish_no_results": (
        "Список «{discipline}» пока нельзя опубликовать: в нём нет ни одного результата."
    ),
    "figures.playerdata_unknown_key": (
        "Ни один регламент этой федерации не читает «{key}», поэтому это не сохранено. "
        "Ключи: {valid}."
    ),
    "figures.why_other_federation": (
        "Турнир «{tournament}» относится к {federation}, а не к {own}: /why показывает "
        "начисления {player} в турнирах {own}."
    ),
    "figures.sub_no_record": (
        "У вас нет результатов в «{discipline}», так что присылать вам о его списках нечего."
    ),
    "figures.reports_places": (
        "В «{discipline}» нельзя сообщать о партиях: результаты там — места, они подаются "
        "целиком через /submit."
    ),
    "figures.qual_created_today": (
        "Квалификация {id} открыта: {event} ({discipline}), {event_date}, квота {quota} "
        "(из них Президиумом: {presidium}). Дата квалификации — сегодня, {date}: список на эту "
        "дату будет зафиксирован, а приглашения уйдут при ближайшем запуске планировщика."
    ),
    "figures.since": "После списка на {date}: {stored}",
    "figures.since_none": "Пока не в опубликованном списке: {stored}",
    "figures.since_more": "и ещё {count}",
    "figures.since_list": "Список на {date} показал бы по сохранённому сейчас: место "
    "{position} из {size}, рейтинг {value}",
    "figures.since_not_listed": "В списке на {date} {player} не было бы.",
    "figures.title_listed": "Звание: {title}",
    "figures.list_since": (
        "Сохранено после этого списка: {stored}. Список учтёт это со следующей публикации; "
        "/rating показывает цифры игрока с учётом этого."
    ),
    # ── figures: end ──
    # ── corrections: begin (keys of the corrections work go between begin and end) ──
    "corrections.identical": (
        "{name} совпадает с записанной версией {version}: подтверждать нечего, ничего не записано."
    ),
    "corrections.is_correction": (
        "Исправление: {code} уже записан (версия {version}), это исправление станет версией {next}."
    ),
    "corrections.no_replays": "Другие записанные турниры не пересчитываются.",
    "cmd.withdraw": (
        "снять записанный турнир из рейтингов (новая версия, после предпросмотра): "
        "/withdraw <турнир>"
    ),
    "withdraw.unknown": "Нет записанного турнира, подходящего под «{query}».",
    "withdraw.choose": "Под «{query}» подходят несколько турниров; укажите код:",
    "withdraw.already": (
        "{name} ({code}) уже снят (версия {version}); повторная подача результатов его восстановит."
    ),
    "withdraw.preview_title": "Снятие турнира: {name}",
    "withdraw.explain.one": (
        "Подтверждение запишет версию {next} без результатов: {count} участник уйдёт из "
        "рейтингов. Версия {version} остаётся в журнале, но больше не учитывается."
    ),
    "withdraw.explain.few": (
        "Подтверждение запишет версию {next} без результатов: {count} участника уйдут из "
        "рейтингов. Версия {version} остаётся в журнале, но больше не учитывается."
    ),
    "withdraw.explain.many": (
        "Подтверждение запишет версию {next} без результатов: {count} участников уйдут из "
        "рейтингов. Версия {version} остаётся в журнале, но больше не учитывается."
    ),
    "withdraw.saved": "Снят: {name}, версия {version}.",
    # ── corrections: end ──
    # ── security: begin (keys of the security work go between begin and end) ──
    "grant.not_below": (
        "{account} — {held} федерации {federation}; с ролью «{role}» можно менять роли только"
        " тех, у кого роль ниже."
    ),
    "grant.too_high": "С ролью «{role}» в федерации {federation} можно давать только роли ниже.",
    "grant.last_admin": (
        "{account} — последний администратор федерации {federation}: сначала сделайте"
        " администратором другой аккаунт (оператор всегда может это сделать: fedrank grant)."
    ),
    # ── security: end ──
    # ── files: begin (keys of the files work go between begin and end) ──
    "sheet.too_costly": (
        "{file} читается дольше {seconds} с или требует больше {megabytes} МБ; пришлите "
        "книгу только с результатами."
    ),
    "othello.no_state": (
        "У турнира {name} нет туров: он открыт для отчётов об играх, а не загружен файлом "
        "турнира. Сначала пришлите его файл командой /submit."
    ),
    # ── files: end ──
    # ── chat: begin (keys of the chat work go between begin and end) ──
    "cmd.tournaments": "последние сохранённые турниры с кодами: /tournaments [дисциплина]",
    "cmd.results": "результаты сохранённого турнира: /results <код или название турнира>",
    "cmd.h2h": "личные встречи двух игроков (го, отелло): /h2h <игрок> <игрок>",
    "tournaments.title": "Сохранённые турниры ({stored}), сначала новые",
    "tournaments.title_in": "{discipline}: сохранённые турниры ({stored}), сначала новые",
    "tournaments.count.one": "{n} турнир",
    "tournaments.count.few": "{n} турнира",
    "tournaments.count.many": "{n} турниров",
    "tournaments.headers": "Код|Дата|Турнир|Игроки|Версия",
    "tournaments.discipline_header": "Дисциплина",
    "tournaments.none": "Сохранённых турниров пока нет.",
    "tournaments.none_in": "Сохранённых турниров дисциплины «{discipline}» пока нет.",
    "tournaments.page": "Страница {page} из {pages}.",
    "tournaments.hint": "Результаты: /results <код>; откуда очки: /why <код> [игрок].",
    "results.no_tournament": "Нет сохранённого турнира с кодом или названием «{query}».",
    "results.choose": "Под «{query}» подходит несколько турниров; повторите с кодом:",
    "results.version": "версия {version}",
    "results.withdrawn": "Этот турнир отозван: его результаты больше не учитываются.",
    "results.empty": "В этой версии нет участников.",
    "results.headers": "Место|Игрок|Очки|Начислено",
    "results.team_header": "Команда",
    "results.players.one": "{n} игрок",
    "results.players.few": "{n} игрока",
    "results.players.many": "{n} игроков",
    "results.why_hint": "Как начислено каждому: /why {code} [игрок].",
    "top.bad_date": "«{date}» — не дата; пишите ГГГГ-ММ-ДД.",
    "top.before_first": (
        "На {date} списка «{discipline}» ещё не было: первый список — от {first}."
    ),
    "top.in_force": "На {date} действует список от {list_date}.",
    "top.newer": "С тех пор опубликован более новый список: {latest} (/top без даты).",
    "h2h.not_found": (
        "Не удаётся найти двух игроков в «{query}». Назовите каждого по ID, PIN EGD или полному "
        "имени, а имена с пробелами разделите «;»: {usage}"
    ),
    "h2h.ambiguous": "«{query}» может означать несколько пар: {pairs}. Укажите ID игроков.",
    "h2h.place_based": (
        "{discipline} ({system}) ранжирует игроков по местам и не хранит партий между двумя "
        "игроками, поэтому личных встреч нет; они есть для го и отелло."
    ),
    "h2h.never": "В сохранённых турнирах они друг с другом не играли.",
    "h2h.games.one": "{n} партия",
    "h2h.games.few": "{n} партии",
    "h2h.games.many": "{n} партий",
    "h2h.win.one": "{n} победа",
    "h2h.win.few": "{n} победы",
    "h2h.win.many": "{n} побед",
    "h2h.wins": "{player}: {wins}",
    "h2h.jigo": "Дзиго: {count}",
    "h2h.draws": "Ничьи: {count}",
    "h2h.won": "победа: {player}",
    "h2h.drawn": "ничья",
    "h2h.last": "Последняя встреча: {date}, {tournament} ({code}): {result}.",
    "h2h.headers": "Дата|Турнир|Тур|Результат",
    "h2h.several": "«{name}» — это несколько игроков: {players}.",
    "codes.saved": "Сохранено: {name}, версия {version}, код {code}.",
    # ── chat: end ──
    # ── reports: begin (keys of the reports work go between begin and end) ──
    "cmd.league": "открыть рейтинговую клубную лигу го (доска, контроль, официальность)",
    "cmd.closeround": "закрыть тур лиги: его партии обсчитываются",
    "cmd.mygames": "ваши партии и сообщения о них, с состоянием",
    "league.bad_colour": "«{colour}» — не цвет: напишите black или white.",
    "league.colour_needed": (
        "Укажите, каким цветом вы играли: /report <турнир> <соперник> {result} black (или white)."
    ),
    "league.round_busy": (
        "У одного из игроков уже есть засчитанная партия в туре {round}; сначала директор "
        "закрывает тур (/closeround)."
    ),
    "league.bad_setting": "Не понято: {setting}",
    "league.not_go": (
        "{discipline} — не дисциплина го: лиги обсчитывают партии го. Используйте /openreports."
    ),
    "league.exists": "Турнир {tournament} в этой дисциплине уже есть: выберите другой код.",
    "league.yes": "официальный",
    "league.no": "неофициальный",
    "league.mode_round": "Партии обсчитываются, когда вы закрываете тур командой /closeround.",
    "league.mode_immediate": "Каждая партия обсчитывается сразу, как только засчитана.",
    "league.opened": (
        "Лига {tournament} ({name}, {discipline}) открыта {date}: доска {size}×{size}, "
        "основное время {time} мин, {official}. Игроки сообщают: /report {tournament} "
        "<соперник> <B+R|W+3.5|jigo|win|loss> [black|white]."
    ),
    "league.unknown": "Лиги {tournament} в этой дисциплине нет.",
    "league.immediate": "В {tournament} каждая партия обсчитывается сразу: закрывать нечего.",
    "league.round_empty": (
        "В туре {round} турнира {tournament} ещё нет засчитанных партий: обсчитывать нечего."
    ),
    "league.round_closed.one": (
        "Тур {round} турнира {tournament} закрыт: обсчитана {games} партия, лига — версия "
        "{version}."
    ),
    "league.round_closed.few": (
        "Тур {round} турнира {tournament} закрыт: обсчитаны {games} партии, лига — версия "
        "{version}."
    ),
    "league.round_closed.many": (
        "Тур {round} турнира {tournament} закрыт: обсчитано {games} партий, лига — версия "
        "{version}."
    ),
    "league.changes": "ИК до → после турнира на сегодня:",
    "league.replays": "Пересчитано последующих турниров: {count}.",
    "league.use_league": (
        "Внимание: партии, о которых здесь сообщают, сохраняются, но не обсчитываются. "
        "Рейтинговый клубный турнир го открывается командой /league {discipline} <код> size=19 "
        "time=60 official=no."
    ),
    "league.counted_waiting": (
        "Сообщение #{report} засчитано в {tournament}, тур {round}: партия будет обсчитана, "
        "когда директор закроет тур."
    ),
    "league.counted_rated": (
        "Сообщение #{report} засчитано и обсчитано: {tournament} — версия {version}."
    ),
    "mygames.no_tournament": "У вас нет турнира {tournament}.",
    "mygames.none": "У вас пока нет сообщений о партиях.",
    "mygames.title": "Ваши партии ({count}), страница {page} из {pages}:",
    "mygames.next": "Следующая страница",
    "mygames.line": "#{report} {tournament}: {result} против {opponent} — {state}",
    "mygames.state_reported": "сообщено, ждёт соперника",
    "mygames.state_confirmed": "подтверждено, ждёт директора",
    "mygames.state_disputed": "оспорено",
    "mygames.state_rejected": "отклонено",
    "mygames.state_rated": "обсчитано",
    "mygames.state_counted": "засчитано (ещё не обсчитано)",
    "mygames.state_waiting_round": "подтверждено, обсчитается при закрытии тура",
    "league.bad_size": "Не понято: {setting} (доска 9, 13 или 19)",
    "league.reports_opened": (
        "{tournament} ({name}, {discipline}) открыт: игроки сообщают о партиях командой "
        "/report {tournament} <соперник> <B+R|W+3.5|jigo|win|loss> [black|white]."
    ),
    "cmd.roundstatus": "лист тура по отелло: согласованные игроками результаты и чего не хватает",
    "sheet.state_reported": "сообщено (#{report}), ждёт соперника",
    "sheet.state_confirmed": "подтверждено (#{report}), ждёт директора",
    "sheet.state_disputed": "оспорено (#{report}), решает директор",
    "sheet.missing": "нет результата",
    "sheet.incomplete": (
        "Тур {round} не заполнен: нет согласованного результата за столом(ами) {tables}. "
        "/roundstatus показывает лист; или вставьте результаты тура под командой."
    ),
    "sheet.not_paired": (
        "Вы не играете с {opponent} в туре {round}: сообщите о партии опубликованной "
        "жеребьёвки (/pairing)."
    ),
    "sheet.discs_needed": "Укажите диски партии, например win 40-24.\nИспользование: {usage}",
    "sheet.held": "О партии этого стола в туре {round} уже сообщено (#{report}).",
    "sheet.counted": (
        "Сообщение #{report} согласовано: партия внесена в лист тура {round} турнира "
        "{tournament}; тур вносит директор."
    ),
    "sheet.title": "{name}: тур {round}, согласовано результатов: {done} из {tables}",
    "sheet.headers": "Стол|Чёрные|Белые|Результат",
    "sheet.complete": "Все результаты есть: /round {tournament} вносит тур (сначала предпросмотр).",
    "sheet.enter": "Внести тур",
    "sheet.opened": (
        "Игроки сообщают о партиях опубликованной жеребьёвки с дисками; когда обе стороны "
        "согласны, партия вносится в лист тура (/roundstatus {tournament}), а /round "
        "{tournament} без вставленного текста вносит тур."
    ),
    "cmd.propose": (
        "отправить директорам таблицу результатов клуба: /propose <дисциплина> + таблица или файл"
    ),
    "cmd.proposals": "предложенные игроками таблицы результатов, ждущие вашего решения",
    "cmd.proposalaccept": "принять предложенную таблицу результатов: она сохраняется",
    "cmd.proposalreject": "отклонить предложенную таблицу результатов с причиной",
    "proposal.title": "Предложенная таблица результатов #{proposal}",
    "proposal.accept": "Принять",
    "proposal.reject": "Отклонить",
    "proposal.not_member": (
        "Таблицы результатов {federation} предлагают только её игроки: сначала привяжите "
        "аккаунт к своему игроку там (/link)."
    ),
    "proposal.sent": (
        "Предложение #{proposal} отправлено директорам {federation}; вам сообщат об их "
        "решении. Что они видят:"
    ),
    "proposal.none": "Предложенных таблиц результатов, ждущих вашего решения, нет.",
    "proposal.unknown": "Предложения #{proposal} нет.",
    "proposal.decided": "Предложение #{proposal} уже в состоянии «{state}»: делать нечего.",
    "proposal.waiting": "ждёт",
    "proposal.accepted": "принято",
    "proposal.rejected": "отклонено",
    "proposal.accepted_notice": "Ваше предложение #{proposal} принято: {name} сохранён.",
    "proposal.rejected_notice": "Ваше предложение #{proposal} отклонено. Причина: {reason}",
    "proposal.accepted_reply": (
        "Предложение #{proposal} принято. Сохранено: {name}, версия {version}, код {code}."
    ),
    "proposal.rejected_reply": "Предложение #{proposal} отклонено; автору сообщено.",
    "report.places": (
        "В {discipline} результат — места, а не партии: сообщать о партии нечего. Отправьте "
        "таблицу результатов клуба директорам командой /propose {discipline} (таблица под "
        "командой или файл)."
    ),
    # ── reports: end ──
    # ── qualify: begin (keys of the qualify work go between begin and end) ──
    "cmd.qualifications": "квалификационные отборы: даты, квота, места, сроки",
    "cmd.qrecord": "записать ответ игрока на приглашение (полученный по телефону или лично)",
    "cmd.qrestore": "вернуть место, от которого отказались по ошибке",
    "cmd.notify": "куда приходят ваши личные уведомления: Telegram, Discord или оба",
    "notify.current": "{player}: личные уведомления приходят в {channel} (привязано: {accounts}).",
    "notify.set": (
        "{player}: теперь личные уведомления приходят в {channel} (привязано: {accounts})."
    ),
    "notify.not_linked_there": (
        "Аккаунт {channel} пока не привязан: до его привязки уведомления приходят на все ваши "
        "аккаунты."
    ),
    "notify.channel_telegram": "Telegram",
    "notify.channel_discord": "Discord",
    "notify.channel_both": "Telegram и Discord",
    "qual.no_such": "Квалификационного отбора {id} нет.",
    "qual.not_open": (
        "Отбор {id} ({event}) ещё не открыт: список фиксируется {date}, тогда же рассылаются "
        "приглашения."
    ),
    "qual.closed": "Отбор {id} ({event}) закрыт: турнир уже начался.",
    "qual.unlinked": (
        "Ваш аккаунт не привязан к игроку федерации {federation}, поэтому места в отборе {id} "
        "у него нет. Привяжите его командой /link или попросите директора записать ваш ответ."
    ),
    "qual.decline_sure": (
        "Ваше место в турнире {event} (отбор {id}) подтверждено. Отказ сейчас означает потерю "
        "места окончательно."
    ),
    "qual.lose_to": "Ваше место перейдёт к игроку {player}.",
    "qual.lose_unfilled": "В резерве никого не осталось: место останется незанятым.",
    "qual.button_decline_sure": "Да, отказаться",
    "qual.button_keep": "Сохранить место",
    "qual.button_record_confirm": "Записать: согласие",
    "qual.button_record_decline": "Записать: отказ",
    "qual.pass_on_text": (
        "Игрок {player} получает место в квоте ({discipline}), но аккаунт у игрока не "
        "привязан: сообщите об этом сегодня. Ответ нужен до {deadline} (15 дней). Запишите "
        "ответ кнопками или командой /qrecord {id} {fpid} confirm|decline [заметка]."
    ),
    "qual.reminder_pass_on": (
        "Напоминание: от игрока {player} нет ответа по турниру {event} (отбор {id}); срок — "
        "{deadline}. Аккаунт не привязан: запишите ответ командой /qrecord {id} {fpid} "
        "confirm|decline [заметка]."
    ),
    "qual.expired_directors": (
        "От игрока {player} не поступило ответа по турниру {event} (отбор {id}) в срок: игрок "
        "переведён в резерв (положение 000, п. 3.5)."
    ),
    "qual.expired_deadline": "Срок был до {deadline}.",
    "qual.passed_to": "Место переходит к игроку {player}; у него 15 дней на ответ.",
    "qual.passed_to_nobody": "В резерве никого не осталось: место остаётся незанятым.",
    "qual.undelivered": (
        "Уведомление об отборе для игрока {player} по турниру {event} (отбор {id}) не "
        "доставлено ({platform}: {error}). Свяжитесь с игроком иначе и запишите ответ."
    ),
    "qual.recorded_confirm": (
        "{director}: записан ваш ответ по турниру {event} (отбор {id}) — вы согласны, место "
        "за вами."
    ),
    "qual.recorded_decline": (
        "{director}: записан ваш ответ по турниру {event} (отбор {id}) — отказ от места."
    ),
    "qual.offer_withdrawn": (
        "Место в турнире {event} (отбор {id}), предложенное вам, возвращено игроку {player}: "
        "его отказ был ошибкой. Вы остаётесь в начале резервного списка."
    ),
    "qual.cannot_record": (
        "Отбор {id}: у игрока {player} нет места, ожидающего такого ответа (состояние: {state})."
    ),
    "qual.recorded": "Записано: {player} — согласие на место в турнире {event} (отбор {id}).",
    "qual.recorded_declined": (
        "Записано: {player} — отказ от места в турнире {event} (отбор {id})."
    ),
    "qual.restore_not_declined": "Отбор {id}: у игрока {player} нет отказа от места.",
    "qual.restore_answered": (
        "Отбор {id}: место игрока {player} вернуть нельзя — на приглашение игрока {other} уже "
        "есть ответ."
    ),
    "qual.restored": (
        "Восстановлено: место в турнире {event} (отбор {id}) снова у игрока {player} ({state})."
    ),
    "qual.late_title": "Дата отбора {date} уже прошла.",
    "qual.late_within_limit": (
        "Игроков нужно проинформировать в течение 7 дней после неё, до {limit} (положение 000, "
        "п. 3.4)."
    ),
    "qual.late_limit_passed": (
        "С неё прошло дней: {days}; 7 дней на информирование игроков истекли {limit} "
        "(положение 000, п. 3.4)."
    ),
    "qual.late_choice_now": (
        "Проинформировать сейчас: список на ту дату фиксируется, игроки приглашаются сегодня, "
        "15 дней на ответ (до {deadline})."
    ),
    "qual.late_choice_date": (
        "Или задать другую дату отбора по решению Президиума (п. 3.3): {command}"
    ),
    "qual.button_inform_now": "Проинформировать сейчас",
    "qual.created_now": (
        "Отбор {id} создан: {event} ({discipline}), {event_date}, квота {quota} (мест от "
        "Президиума: {presidium}). Список на {date} зафиксирован сейчас."
    ),
    "qual.invited_now": "Приглашено сегодня: {count}; срок ответа — {deadline}.",
    "qual.list_title": "Отбор {id}: {event} ({discipline}), {event_date}",
    "qual.list_dates": ("Дата отбора {date}, квота {quota} (от Президиума: {presidium}); {state}."),
    "qual.list_places": (
        "Места: подтверждено — {confirmed}, ждут ответа — {invited}, отказов — {declined}, "
        "переведено в резерв — {reserve}."
    ),
    "qual.list_awaited": "  {player}: ответ до {deadline}",
    "qual.list_awaited_unlinked": "  {player}: ответ до {deadline} (аккаунт не привязан)",
    "qual.list_yours": "Ваше место: {state}; срок — {deadline}.",
    "qual.list_none": "Для вас нет квалификационных отборов.",
    "qual.list_unlinked": (
        "Ваш аккаунт не привязан к игроку, и вы не директор федерации, поэтому отборы вас пока "
        "не касаются. Привяжите аккаунт командой /link."
    ),
    "qual.list_page.one": "Страница {page} из {pages} ({total} отбор).",
    "qual.list_page.few": "Страница {page} из {pages} ({total} отбора).",
    "qual.list_page.many": "Страница {page} из {pages} ({total} отборов).",
    "qual.button_show": "Подробнее: {id}",
    "qual.window_waiting": "ждёт своей даты",
    "qual.window_refused": "список нельзя зафиксировать",
    "qual.window_open": "открыт",
    "qual.window_filled": "квота заполнена",
    "qual.window_closed": "закрыт",
    "qual.state_waiting": "в резерве (предложение отозвано)",
    "qual.offer_withdrawn_directors": (
        "Место в турнире {event} (отбор {id}), предложенное игроку {other}, возвращено игроку "
        "{player}. Аккаунт игрока {other} не привязан: сообщите об этом; игрок снова в начале "
        "резервного списка."
    ),
    # ── qualify: end ──
    # ── console: begin (keys of the console work go between begin and end) ──
    "console.welcome": "Консольный чат fedrank. /help — список команд, /quit — выход.",
    "console.paste": "Вставьте таблицу; пустая строка или строка с одной точкой завершает ввод.",
    "console.saved": "[файл сохранён: {path}, байт: {size}]",
    "console.no_file": "Файл не найден: {path}",
    "console.not_a_file": "{path} — папка, а не файл.",
    "console.unreadable": "Не удаётся прочитать {path}: {reason}",
    "console.not_saved": "[файл {file} не сохранён в {folder}: {reason}]",
    # ── console: end ──
    # ── formats: begin (keys of the formats work go between begin and end) ──
    "sheet.not_workbook": (
        "{file} — не читаемая книга (.xlsx, .xls или .ods); сохраните её заново или "
        "пришлите результаты в CSV или текстом."
    ),
    "upload.not_text": (
        "{file} — не текст в UTF-8, Windows-1251 или GB18030 (строка {line}); сохраните его "
        "как «CSV UTF-8» или как текст в UTF-8."
    ),
    "upload.read_text": "Файл прочитан как текст в кодировке {encoding}.",
    "upload.read_csv": (
        "Файл прочитан как CSV в кодировке {encoding}, разделитель ячеек — {separator}."
    ),
    "upload.semicolons": "точка с запятой",
    "upload.commas": "запятая",
    "upload.tabs": "табуляция",
    # ── formats: end ──
    # ── site: begin (keys of the site work go between begin and end) ──
    "site.name": "Рейтинг-листы",
    "site.home": "Все федерации",
    "site.languages": "Другие языки",
    "site.language_name": "Русский",
    "site.latest": "Последний лист",
    "site.no_list": "лист ещё не опубликован",
    "site.archive": "Все листы",
    "site.lists": "Опубликованные листы",
    "site.list_title": "{discipline}: лист на {date}",
    "site.changes_since": "Изменения по сравнению с листом на {date}.",
    "site.first_list": "Первый лист дисциплины.",
    "site.col_position": "Место",
    "site.col_id": "ID",
    "site.col_player": "Игрок",
    "site.col_rating": "Рейтинг",
    "site.col_title": "Звание",
    "site.col_change": "Изменение",
    "site.col_date": "Дата",
    "site.col_tournament": "Турнир",
    "site.col_place": "Место",
    "site.col_award": "Начисление",
    "site.col_team": "Команда",
    "site.col_since": "С",
    "site.col_reason": "Основание",
    "site.col_size": "Игроков",
    "site.new": "новый",
    "site.tournaments": "Турниры",
    "site.current": "Текущие показатели",
    "site.position_of": "Место {position} из {size} в листе на {date}.",
    "site.not_listed": "Нет в последнем листе ({date}).",
    "site.title_history": "История званий",
    "site.rating_history": "История рейтинга",
    "site.chart_label": "Рейтинг: {player}, {discipline}, по листам",
    "site.results": "Результаты",
    "site.version": "версия {version}",
    "site.held_on": "Дата проведения: {date}",
    "site.trace": "Как рассчитано каждое начисление",
    "site.no_award": "без начислений",
    "site.json": "JSON",
    "site.previous_list": "Предыдущий лист",
    "site.list_link": "Лист на сайте: {url}",
    # ── site: end ──
}
