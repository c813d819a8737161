"""Every string a user sees, in the four languages fedrank speaks: en, ru, uk, zh.

Handlers build replies with :func:`t`; a test checks that every message exists in every
language with the same placeholders, so no user ever gets a half-translated bot.
"""

from __future__ import annotations

from fedrank.handlers.context import LANGUAGES

M = dict[str, str]

MESSAGES: dict[str, M] = {
    "start.greeting": {
        "en": "Hello, {name}! I am fedrank: I keep the official ratings of {federations}.",
        "ru": "Здравствуйте, {name}! Я fedrank: веду официальные рейтинги {federations}.",
        "uk": "Вітаю, {name}! Я fedrank: веду офіційні рейтинги {federations}.",
        "zh": "您好，{name}！我是 fedrank，负责 {federations} 的官方等级分。",
    },
    "start.what": {
        "en": "Ask /rating for your figures and why, /top for a list, /help for everything else.",
        "ru": "Спросите /rating — ваши показатели и их причины, /top — список, /help — остальное.",
        "uk": "Запитайте /rating — ваші показники та їх причини, /top — список, /help — решта.",
        "zh": "发送 /rating 查看您的成绩及其依据，/top 查看排名，/help 查看全部命令。",
    },
    "start.linked": {
        "en": "Your account is linked to {player}.",
        "ru": "Ваш аккаунт связан с игроком {player}.",
        "uk": "Ваш акаунт пов'язано з гравцем {player}.",
        "zh": "您的账号已关联到 {player}。",
    },
    "start.unlinked": {
        "en": "Link your account to your federation ID with /link <ID>.",
        "ru": "Свяжите аккаунт с вашим ID в федерации: /link <ID>.",
        "uk": "Пов'яжіть акаунт зі своїм ID у федерації: /link <ID>.",
        "zh": "请用 /link <ID> 将账号关联到您的协会编号。",
    },
    "help.title": {
        "en": "Commands:",
        "ru": "Команды:",
        "uk": "Команди:",
        "zh": "命令：",
    },
    "help.directors": {
        "en": "Director commands:",
        "ru": "Команды директора:",
        "uk": "Команди директора:",
        "zh": "裁判长命令：",
    },
    "cmd.start": {
        "en": "what this bot does",
        "ru": "что умеет бот",
        "uk": "що вміє бот",
        "zh": "本机器人的功能",
    },
    "cmd.help": {
        "en": "this list",
        "ru": "этот список",
        "uk": "цей список",
        "zh": "本列表",
    },
    "cmd.link": {
        "en": "link your account to your federation ID: /link <ID> [code]",
        "ru": "связать аккаунт с ID в федерации: /link <ID> [код]",
        "uk": "пов'язати акаунт з ID у федерації: /link <ID> [код]",
        "zh": "将账号关联到协会编号：/link <编号> [验证码]",
    },
    "cmd.rating": {
        "en": "your figures, or a player's: /rating [name or ID]",
        "ru": "ваши показатели или игрока: /rating [имя или ID]",
        "uk": "ваші показники або гравця: /rating [ім'я або ID]",
        "zh": "您或某位选手的成绩：/rating [姓名或编号]",
    },
    "cmd.top": {
        "en": "the top of a list: /top [discipline] [n]",
        "ru": "верх списка: /top [дисциплина] [n]",
        "uk": "верх списку: /top [дисципліна] [n]",
        "zh": "排行榜前列：/top [项目] [名次数]",
    },
    "cmd.lang": {
        "en": "choose the language: /lang en|ru|uk|zh",
        "ru": "выбрать язык: /lang en|ru|uk|zh",
        "uk": "обрати мову: /lang en|ru|uk|zh",
        "zh": "选择语言：/lang en|ru|uk|zh",
    },
    "cmd.links": {
        "en": "pending link requests",
        "ru": "ожидающие запросы на связь",
        "uk": "запити на зв'язок, що очікують",
        "zh": "待处理的关联申请",
    },
    "cmd.approve": {
        "en": "approve a link request: /approve <request>",
        "ru": "подтвердить запрос: /approve <номер>",
        "uk": "підтвердити запит: /approve <номер>",
        "zh": "批准关联申请：/approve <申请号>",
    },
    "cmd.reject": {
        "en": "reject a link request: /reject <request>",
        "ru": "отклонить запрос: /reject <номер>",
        "uk": "відхилити запит: /reject <номер>",
        "zh": "拒绝关联申请：/reject <申请号>",
    },
    "cmd.linkcode": {
        "en": "issue a one-time link code for a player: /linkcode <ID>",
        "ru": "выдать одноразовый код связи игроку: /linkcode <ID>",
        "uk": "видати одноразовий код зв'язку гравцю: /linkcode <ID>",
        "zh": "为选手生成一次性关联码：/linkcode <编号>",
    },
    "cmd.grant": {
        "en": "give an account a role: /grant <platform:user> <federation> <role>",
        "ru": "назначить роль: /grant <платформа:пользователь> <федерация> <роль>",
        "uk": "призначити роль: /grant <платформа:користувач> <федерація> <роль>",
        "zh": "授予角色：/grant <平台:用户> <协会> <角色>",
    },
    "error.unknown_command": {
        "en": "Unknown command /{command}. Send /help for the list.",
        "ru": "Неизвестная команда /{command}. Список: /help.",
        "uk": "Невідома команда /{command}. Список: /help.",
        "zh": "未知命令 /{command}。发送 /help 查看命令列表。",
    },
    "error.not_a_command": {
        "en": "I answer commands; send /help for the list.",
        "ru": "Я отвечаю на команды; список: /help.",
        "uk": "Я відповідаю на команди; список: /help.",
        "zh": "我只响应命令；发送 /help 查看列表。",
    },
    "error.internal": {
        "en": "Something went wrong on our side; nothing was changed. Please try again later.",
        "ru": "У нас что-то пошло не так; ничего не изменено. Попробуйте позже.",
        "uk": "У нас щось пішло не так; нічого не змінено. Спробуйте пізніше.",
        "zh": "服务器出现问题，未做任何更改。请稍后再试。",
    },
    "error.usage": {
        "en": "Usage: {usage}",
        "ru": "Использование: {usage}",
        "uk": "Використання: {usage}",
        "zh": "用法：{usage}",
    },
    "error.forbidden": {
        "en": "Only a {role} of {federation} may do this.",
        "ru": "Это может только {role} федерации {federation}.",
        "uk": "Це може лише {role} федерації {federation}.",
        "zh": "只有 {federation} 的{role}可以执行此操作。",
    },
    "error.not_director": {
        "en": "This command is for tournament directors.",
        "ru": "Эта команда — для директоров турниров.",
        "uk": "Ця команда — для директорів турнірів.",
        "zh": "此命令仅限裁判长使用。",
    },
    "role.player": {"en": "player", "ru": "игрок", "uk": "гравець", "zh": "选手"},
    "role.director": {"en": "director", "ru": "директор", "uk": "директор", "zh": "裁判长"},
    "role.admin": {
        "en": "administrator",
        "ru": "администратор",
        "uk": "адміністратор",
        "zh": "管理员",
    },
    "player.not_found": {
        "en": "No player matches “{query}”.",
        "ru": "Игрок «{query}» не найден.",
        "uk": "Гравця «{query}» не знайдено.",
        "zh": "未找到与“{query}”匹配的选手。",
    },
    "player.choose": {
        "en": "Several players match “{query}”; ask again with an ID:",
        "ru": "Под «{query}» подходят несколько игроков; уточните ID:",
        "uk": "Під «{query}» підходять кілька гравців; уточніть ID:",
        "zh": "有多位选手与“{query}”匹配，请使用编号再次查询：",
    },
    "rating.unlinked": {
        "en": "Your account is not linked yet: /link <federation ID>, or /rating <name or ID>.",
        "ru": "Аккаунт ещё не связан: /link <ваш ID>, или /rating <имя или ID>.",
        "uk": "Акаунт ще не пов'язано: /link <ваш ID>, або /rating <ім'я або ID>.",
        "zh": "您的账号尚未关联：/link <协会编号>，或 /rating <姓名或编号>。",
    },
    "rating.nothing": {
        "en": "No results are recorded for {player} yet.",
        "ru": "Для {player} пока нет результатов.",
        "uk": "Для {player} поки немає результатів.",
        "zh": "{player} 暂无成绩记录。",
    },
    "rating.position": {
        "en": "Position {position} of {size} in the list of {date}",
        "ru": "Место {position} из {size} в списке на {date}",
        "uk": "Місце {position} з {size} у списку на {date}",
        "zh": "{date} 排名：第 {position} 名，共 {size} 人",
    },
    "rating.rating": {
        "en": "Rating: {value}",
        "ru": "Рейтинг: {value}",
        "uk": "Рейтинг: {value}",
        "zh": "等级分：{value}",
    },
    "rating.title": {
        "en": "Title: {title} (since {since})",
        "ru": "Звание: {title} (с {since})",
        "uk": "Звання: {title} (з {since})",
        "zh": "级别：{title}（自 {since} 起）",
    },
    "rating.points": {
        "en": "Points: {points}",
        "ru": "Очки: {points}",
        "uk": "Очки: {points}",
        "zh": "积分：{points}",
    },
    "rating.next": {
        "en": "Next: {next}",
        "ru": "Дальше: {next}",
        "uk": "Далі: {next}",
        "zh": "下一目标：{next}",
    },
    "top.no_list": {
        "en": "No list of {discipline} has been published yet.",
        "ru": "Список «{discipline}» ещё не публиковался.",
        "uk": "Список «{discipline}» ще не публікувався.",
        "zh": "{discipline} 尚未发布排名。",
    },
    "top.title": {
        "en": "{discipline}: list of {date} (top {count} of {size})",
        "ru": "{discipline}: список на {date} (первые {count} из {size})",
        "uk": "{discipline}: список на {date} (перші {count} з {size})",
        "zh": "{discipline}：{date} 排名（前 {count} 名，共 {size} 人）",
    },
    "top.headers": {
        "en": "#|Player|Rating|Title",
        "ru": "#|Игрок|Рейтинг|Звание",
        "uk": "#|Гравець|Рейтинг|Звання",
        "zh": "#|选手|等级分|级别",
    },
    "top.unknown_discipline": {
        "en": "Unknown discipline “{query}”. Disciplines: {known}.",
        "ru": "Неизвестная дисциплина «{query}». Дисциплины: {known}.",
        "uk": "Невідома дисципліна «{query}». Дисципліни: {known}.",
        "zh": "未知项目“{query}”。可选项目：{known}。",
    },
    "top.choose": {
        "en": "Which list? /top <discipline> [n]. Disciplines: {known}.",
        "ru": "Какой список? /top <дисциплина> [n]. Дисциплины: {known}.",
        "uk": "Який список? /top <дисципліна> [n]. Дисципліни: {known}.",
        "zh": "哪个排名？/top <项目> [名次数]。可选项目：{known}。",
    },
    "top.bad_count": {
        "en": "The number of places must be a whole number from 1 to {max}.",
        "ru": "Число мест — целое от 1 до {max}.",
        "uk": "Кількість місць — ціле від 1 до {max}.",
        "zh": "名次数必须是 1 到 {max} 之间的整数。",
    },
    "lang.set": {
        "en": "Language set to English.",
        "ru": "Язык: русский.",
        "uk": "Мова: українська.",
        "zh": "语言已设为中文。",
    },
    "link.status_linked": {
        "en": "Your account is linked to {player}.",
        "ru": "Ваш аккаунт связан с игроком {player}.",
        "uk": "Ваш акаунт пов'язано з гравцем {player}.",
        "zh": "您的账号已关联到 {player}。",
    },
    "link.requested": {
        "en": "Request #{request} to link you to {player} is sent; a director of {federation} "
        "will confirm it. If a director gave you a code, send /link {id} <code>.",
        "ru": "Запрос №{request} на связь с игроком {player} отправлен; его подтвердит "
        "директор {federation}. Если директор дал вам код, отправьте /link {id} <код>.",
        "uk": "Запит №{request} на зв'язок із гравцем {player} надіслано; його підтвердить "
        "директор {federation}. Якщо директор дав вам код, надішліть /link {id} <код>.",
        "zh": "已提交第 {request} 号申请，将您关联到 {player}；{federation} 的裁判长确认后生效。"
        "如裁判长给了您验证码，请发送 /link {id} <验证码>。",
    },
    "link.already_requested": {
        "en": "Your request #{request} for {player} is waiting for a director.",
        "ru": "Ваш запрос №{request} на игрока {player} ждёт директора.",
        "uk": "Ваш запит №{request} на гравця {player} чекає на директора.",
        "zh": "您关联 {player} 的第 {request} 号申请正在等待裁判长处理。",
    },
    "link.taken": {
        "en": "{player} is already linked to another account; ask a director.",
        "ru": "{player} уже связан с другим аккаунтом; обратитесь к директору.",
        "uk": "{player} вже пов'язаний з іншим акаунтом; зверніться до директора.",
        "zh": "{player} 已关联到其他账号，请联系裁判长。",
    },
    "link.done": {
        "en": "Done: your account is now linked to {player}.",
        "ru": "Готово: ваш аккаунт связан с игроком {player}.",
        "uk": "Готово: ваш акаунт пов'язано з гравцем {player}.",
        "zh": "完成：您的账号已关联到 {player}。",
    },
    "link.bad_code": {
        "en": "This code is not valid for {id} (wrong, used or expired). Ask a director for a "
        "new one.",
        "ru": "Код не подходит для {id} (неверный, использован или истёк). Попросите новый у "
        "директора.",
        "uk": "Код не підходить для {id} (невірний, використаний або прострочений). Попросіть "
        "новий у директора.",
        "zh": "该验证码对 {id} 无效（错误、已使用或已过期）。请向裁判长索取新的验证码。",
    },
    "link.none_pending": {
        "en": "No link requests are waiting.",
        "ru": "Запросов на связь нет.",
        "uk": "Запитів на зв'язок немає.",
        "zh": "没有待处理的关联申请。",
    },
    "link.pending_line": {
        "en": "#{request}: {account} asks to be {player}",
        "ru": "№{request}: {account} просит связать с {player}",
        "uk": "№{request}: {account} просить пов'язати з {player}",
        "zh": "第 {request} 号：{account} 申请关联 {player}",
    },
    "link.no_request": {
        "en": "There is no pending request #{request}.",
        "ru": "Нет ожидающего запроса №{request}.",
        "uk": "Немає запиту №{request}, що очікує.",
        "zh": "不存在待处理的第 {request} 号申请。",
    },
    "link.approved": {
        "en": "Request #{request} approved: {account} is now {player}.",
        "ru": "Запрос №{request} подтверждён: {account} теперь {player}.",
        "uk": "Запит №{request} підтверджено: {account} тепер {player}.",
        "zh": "第 {request} 号申请已批准：{account} 已关联到 {player}。",
    },
    "link.rejected": {
        "en": "Request #{request} rejected.",
        "ru": "Запрос №{request} отклонён.",
        "uk": "Запит №{request} відхилено.",
        "zh": "第 {request} 号申请已拒绝。",
    },
    "link.code_issued": {
        "en": "One-time code for {player}: {code} (valid until {until}). Give it to the player "
        "in person; he sends /link {id} {code}.",
        "ru": "Одноразовый код для {player}: {code} (действует до {until}). Передайте его игроку "
        "лично; он отправит /link {id} {code}.",
        "uk": "Одноразовий код для {player}: {code} (дійсний до {until}). Передайте його гравцю "
        "особисто; він надішле /link {id} {code}.",
        "zh": "{player} 的一次性验证码：{code}（有效期至 {until}）。请当面交给选手，"
        "由其发送 /link {id} {code}。",
    },
    "grant.done": {
        "en": "{account} is now {role} of {federation}.",
        "ru": "{account} теперь {role} федерации {federation}.",
        "uk": "{account} тепер {role} федерації {federation}.",
        "zh": "{account} 现为 {federation} 的{role}。",
    },
    "grant.no_account": {
        "en": "No account {account} has written to the bot yet.",
        "ru": "Аккаунт {account} ещё не писал боту.",
        "uk": "Акаунт {account} ще не писав боту.",
        "zh": "账号 {account} 尚未与机器人对话。",
    },
    "federation.unknown": {
        "en": "Unknown federation “{query}”. Federations: {known}.",
        "ru": "Неизвестная федерация «{query}». Федерации: {known}.",
        "uk": "Невідома федерація «{query}». Федерації: {known}.",
        "zh": "未知协会“{query}”。可选协会：{known}。",
    },
    "cmd.submit": {
        "en": "submit results: /submit <discipline> with a file or a pasted table",
        "ru": "подать результаты: /submit <дисциплина> с файлом или таблицей",
        "uk": "подати результати: /submit <дисципліна> з файлом або таблицею",
        "zh": "提交成绩：/submit <项目>，附文件或粘贴表格",
    },
    "cmd.confirm": {
        "en": "write a previewed submission: /confirm <token>",
        "ru": "записать проверенную подачу: /confirm <токен>",
        "uk": "записати перевірене подання: /confirm <токен>",
        "zh": "确认写入已预览的提交：/confirm <令牌>",
    },
    "cmd.cancel": {
        "en": "drop a previewed submission: /cancel <token>",
        "ru": "отменить подачу: /cancel <токен>",
        "uk": "скасувати подання: /cancel <токен>",
        "zh": "取消已预览的提交：/cancel <令牌>",
    },
    "cmd.publish": {
        "en": "publish a list now: /publish <discipline> [YYYY-MM-DD]",
        "ru": "опубликовать список: /publish <дисциплина> [ГГГГ-ММ-ДД]",
        "uk": "опублікувати список: /publish <дисципліна> [РРРР-ММ-ДД]",
        "zh": "立即发布排名：/publish <项目> [YYYY-MM-DD]",
    },
    "submit.too_large": {
        "en": "The file is larger than {limit} MB.",
        "ru": "Файл больше {limit} МБ.",
        "uk": "Файл більший за {limit} МБ.",
        "zh": "文件超过 {limit} MB。",
    },
    "submit.not_text": {
        "en": "{file} is not UTF-8 text.",
        "ru": "{file} — не текст в UTF-8.",
        "uk": "{file} — не текст у UTF-8.",
        "zh": "{file} 不是 UTF-8 文本。",
    },
    "submit.empty": {
        "en": "Attach the results file or paste the table after the command.",
        "ru": "Приложите файл результатов или вставьте таблицу после команды.",
        "uk": "Додайте файл результатів або вставте таблицю після команди.",
        "zh": "请附上成绩文件，或在命令后粘贴表格。",
    },
    "submit.no_adapter": {
        "en": "Results of {system} cannot be submitted here yet.",
        "ru": "Результаты системы {system} пока нельзя подавать.",
        "uk": "Результати системи {system} поки не можна подавати.",
        "zh": "暂不支持提交 {system} 的成绩。",
    },
    "submit.refused": {
        "en": "Not accepted, nothing was written: {error}",
        "ru": "Не принято, ничего не записано: {error}",
        "uk": "Не прийнято, нічого не записано: {error}",
        "zh": "未接受，未写入任何数据：{error}",
    },
    "submit.preview_title": {
        "en": "Preview: {name}",
        "ru": "Предпросмотр: {name}",
        "uk": "Попередній перегляд: {name}",
        "zh": "预览：{name}",
    },
    "submit.headers": {
        "en": "Player|Before|After|Note",
        "ru": "Игрок|До|После|Примечание",
        "uk": "Гравець|До|Після|Примітка",
        "zh": "选手|之前|之后|备注",
    },
    "submit.more": {
        "en": "… and {count} more.",
        "ru": "… и ещё {count}.",
        "uk": "… і ще {count}.",
        "zh": "……另有 {count} 条。",
    },
    "submit.replays": {
        "en": "Stored tournaments re-rated because of this submission: {names}",
        "ru": "Из-за этой подачи будут пересчитаны турниры: {names}",
        "uk": "Через це подання буде перераховано турніри: {names}",
        "zh": "此次提交将重算以下已存比赛：{names}",
    },
    "submit.confirm": {"en": "Confirm", "ru": "Подтвердить", "uk": "Підтвердити", "zh": "确认"},
    "submit.cancel": {"en": "Cancel", "ru": "Отменить", "uk": "Скасувати", "zh": "取消"},
    "submit.no_pending": {
        "en": "There is no submission of yours waiting under this token.",
        "ru": "Вашей подачи с таким токеном нет.",
        "uk": "Вашого подання з таким токеном немає.",
        "zh": "没有您以此令牌等待确认的提交。",
    },
    "submit.saved": {
        "en": "Saved: {name}, version {version}.",
        "ru": "Записано: {name}, версия {version}.",
        "uk": "Записано: {name}, версія {version}.",
        "zh": "已保存：{name}，第 {version} 版。",
    },
    "submit.stale": {
        "en": "Not written: {name} changed since this preview (it is at version {version} now). "
        "Submit it again to see the current preview.",
        "ru": "Не записано: {name} изменился после предпросмотра (теперь версия {version}). "
        "Подайте заново, чтобы увидеть актуальный предпросмотр.",
        "uk": "Не записано: {name} змінився після попереднього перегляду (тепер версія "
        "{version}). Подайте знову, щоб побачити актуальний перегляд.",
        "zh": "未写入：预览之后 {name} 已有变动（现为第 {version} 版）。请重新提交以查看最新预览。",
    },
    "cmd.playerdata": {
        "en": "a player's data for the rulebooks: /playerdata <ID> [section.key <JSON | ->]",
        "ru": "данные игрока для положений: /playerdata <ID> [раздел.ключ <JSON | ->]",
        "uk": "дані гравця для положень: /playerdata <ID> [розділ.ключ <JSON | ->]",
        "zh": "规则所需的选手资料：/playerdata <编号> [分区.键 <JSON | ->]",
    },
    "playerdata.saved": {
        "en": "Saved {key} for {player}.",
        "ru": "Сохранено {key} для {player}.",
        "uk": "Збережено {key} для {player}.",
        "zh": "已为 {player} 保存 {key}。",
    },
    "playerdata.bad_json": {
        "en": "The value is not valid JSON: {error}.",
        "ru": "Значение — не корректный JSON: {error}.",
        "uk": "Значення — некоректний JSON: {error}.",
        "zh": "该值不是有效的 JSON：{error}。",
    },
    "submit.cancelled": {
        "en": "Cancelled; nothing was written.",
        "ru": "Отменено; ничего не записано.",
        "uk": "Скасовано; нічого не записано.",
        "zh": "已取消，未写入任何数据。",
    },
    # --- .xlsx submissions (handlers/spreadsheet.py) ---------------------------------------
    "sheet.not_xlsx": {
        "en": "{file} is not a valid Excel workbook (.xlsx); save it again as .xlsx or send "
        "the results as text.",
        "ru": "{file} — не корректная книга Excel (.xlsx); сохраните её заново как .xlsx "
        "или пришлите результаты текстом.",
        "uk": "{file} — не коректна книга Excel (.xlsx); збережіть її знову як .xlsx "
        "або надішліть результати текстом.",
        "zh": "{file} 不是有效的 Excel 工作簿（.xlsx）；请重新另存为 .xlsx，或以文本发送成绩。",
    },
    "sheet.encrypted": {
        "en": "{file} is password-protected or an old .xls file; save it as an .xlsx "
        "workbook without a password.",
        "ru": "{file} защищён паролем или это старый файл .xls; сохраните его как книгу .xlsx "
        "без пароля.",
        "uk": "{file} захищений паролем або це старий файл .xls; збережіть його як книгу .xlsx "
        "без пароля.",
        "zh": "{file} 有密码保护或是旧的 .xls 文件；请另存为不带密码的 .xlsx 工作簿。",
    },
    "sheet.macros": {
        "en": "{file} contains macros, which are not accepted; save it as a plain .xlsx workbook.",
        "ru": "{file} содержит макросы, такие файлы не принимаются; сохраните его как обычную "
        "книгу .xlsx.",
        "uk": "{file} містить макроси, такі файли не приймаються; збережіть його як звичайну "
        "книгу .xlsx.",
        "zh": "{file} 含有宏，不予接受；请另存为普通的 .xlsx 工作簿。",
    },
    "sheet.too_large": {
        "en": "{file} is larger than {limit} MB once unpacked; send a workbook with the "
        "results only.",
        "ru": "{file} после распаковки больше {limit} МБ; пришлите книгу только с результатами.",
        "uk": "{file} після розпакування більший за {limit} МБ; надішліть книгу лише з "
        "результатами.",
        "zh": "{file} 解压后超过 {limit} MB；请只发送包含成绩的工作簿。",
    },
    "sheet.no_sheet": {
        "en": "{file} has no worksheet.",
        "ru": "В {file} нет рабочего листа.",
        "uk": "У {file} немає робочого аркуша.",
        "zh": "{file} 中没有工作表。",
    },
    "sheet.bad_cell": {
        "en": "{file}, row {row}, column {column}: the cell cannot be read.",
        "ru": "{file}, строка {row}, столбец {column}: ячейку не удаётся прочитать.",
        "uk": "{file}, рядок {row}, стовпець {column}: клітинку не вдається прочитати.",
        "zh": "{file}，第 {row} 行，第 {column} 列：无法读取该单元格。",
    },
    "sheet.error_cell": {
        "en": "{file}, row {row}, column {column}: the cell holds the error {value}; fix the "
        "formula or type the value.",
        "ru": "{file}, строка {row}, столбец {column}: в ячейке ошибка {value}; исправьте "
        "формулу или введите значение.",
        "uk": "{file}, рядок {row}, стовпець {column}: у клітинці помилка {value}; виправте "
        "формулу або введіть значення.",
        "zh": "{file}，第 {row} 行，第 {column} 列：单元格的值为错误 {value}；"
        "请修正公式或直接输入数值。",
    },
    "sheet.no_value": {
        "en": "{file}, row {row}, column {column}: the formula has no computed value; open the "
        "file in a spreadsheet and save it again.",
        "ru": "{file}, строка {row}, столбец {column}: у формулы нет вычисленного значения; "
        "откройте файл в табличном редакторе и сохраните заново.",
        "uk": "{file}, рядок {row}, стовпець {column}: формула не має обчисленого значення; "
        "відкрийте файл у табличному редакторі та збережіть знову.",
        "zh": "{file}，第 {row} 行，第 {column} 列：公式没有计算结果；"
        "请在电子表格软件中打开并重新保存。",
    },
    "sheet.unsupported": {
        "en": "The {system} format cannot come from a spreadsheet; send its text file.",
        "ru": "Формат {system} нельзя получить из таблицы; пришлите его текстовый файл.",
        "uk": "Формат {system} не можна отримати з таблиці; надішліть його текстовий файл.",
        "zh": "{system} 格式无法由电子表格生成；请发送其文本文件。",
    },
    "sheet.where": {
        "en": "(line numbers are the rows of the worksheet “{sheet}”: {cell})",
        "ru": "(номера строк — строки листа «{sheet}»: {cell})",
        "uk": "(номери рядків — рядки аркуша «{sheet}»: {cell})",
        "zh": "（行号即工作表“{sheet}”的行号：{cell}）",
    },
    "publish.done": {
        "en": "Published the list of {discipline} on {date}: {size} players.",
        "ru": "Опубликован список «{discipline}» на {date}: {size} игроков.",
        "uk": "Опубліковано список «{discipline}» на {date}: {size} гравців.",
        "zh": "已发布 {discipline} {date} 排名：共 {size} 人。",
    },
    "publish.exists": {
        "en": "The list of {discipline} on {date} was already published.",
        "ru": "Список «{discipline}» на {date} уже опубликован.",
        "uk": "Список «{discipline}» на {date} вже опубліковано.",
        "zh": "{discipline} {date} 排名已发布过。",
    },
    "publish.future": {
        "en": "A list cannot be dated after today ({today}).",
        "ru": "Список не может быть датирован позже сегодняшнего дня ({today}).",
        "uk": "Список не може бути датований пізніше за сьогодні ({today}).",
        "zh": "排名日期不能晚于今天（{today}）。",
    },
    "publish.bad_date": {
        "en": "The date must be YYYY-MM-DD.",
        "ru": "Дата — в виде ГГГГ-ММ-ДД.",
        "uk": "Дата — у вигляді РРРР-ММ-ДД.",
        "zh": "日期格式须为 YYYY-MM-DD。",
    },
    "cmd.why": {
        "en": "the reason behind an award: /why <tournament> [player]",
        "ru": "откуда взялись очки: /why <турнир> [игрок]",
        "uk": "звідки взялися очки: /why <турнір> [гравець]",
        "zh": "某项积分的计算依据：/why <比赛> [选手]",
    },
    "cmd.history": {
        "en": "rating over time and what counts now: /history [player]",
        "ru": "рейтинг во времени и что сейчас учитывается: /history [игрок]",
        "uk": "рейтинг у часі та що зараз враховується: /history [гравець]",
        "zh": "等级分走势及当前计入的成绩：/history [选手]",
    },
    "cmd.subscribe": {
        "en": "list announcements here: /subscribe <discipline> [me]",
        "ru": "получать объявления о списках: /subscribe <дисциплина> [me]",
        "uk": "отримувати оголошення про списки: /subscribe <дисципліна> [me]",
        "zh": "在此接收排名公告：/subscribe <项目> [me]",
    },
    "cmd.unsubscribe": {
        "en": "stop the announcements: /unsubscribe <discipline> [me]",
        "ru": "больше не получать объявления: /unsubscribe <дисциплина> [me]",
        "uk": "більше не отримувати оголошення: /unsubscribe <дисципліна> [me]",
        "zh": "停止接收公告：/unsubscribe <项目> [me]",
    },
    "why.no_tournament": {
        "en": "No tournament matches “{query}”.",
        "ru": "Турнир «{query}» не найден.",
        "uk": "Турнір «{query}» не знайдено.",
        "zh": "未找到与“{query}”匹配的比赛。",
    },
    "why.choose": {
        "en": "Several tournaments match “{query}”; ask again with a code:",
        "ru": "Под «{query}» подходят несколько турниров; уточните код:",
        "uk": "Під «{query}» підходять кілька турнірів; уточніть код:",
        "zh": "有多项比赛与“{query}”匹配，请使用代码再次查询：",
    },
    "why.no_award": {
        "en": "{player} has no award in {tournament}.",
        "ru": "У игрока {player} нет начислений в турнире {tournament}.",
        "uk": "Гравець {player} не має нарахувань у турнірі {tournament}.",
        "zh": "{player} 在 {tournament} 中没有积分记录。",
    },
    "history.headers": {
        "en": "List|#|Rating|Title",
        "ru": "Список|#|Рейтинг|Звание",
        "uk": "Список|#|Рейтинг|Звання",
        "zh": "排名日期|#|等级分|级别",
    },
    "history.caption": {
        "en": "{discipline}: rating over time",
        "ru": "{discipline}: рейтинг во времени",
        "uk": "{discipline}: рейтинг у часі",
        "zh": "{discipline}：等级分走势",
    },
    "history.counted": {
        "en": "What counts in the current list:",
        "ru": "Что учитывается в текущем списке:",
        "uk": "Що враховується в поточному списку:",
        "zh": "当前排名计入的成绩：",
    },
    "sub.on": {
        "en": "Subscribed: announcements of {discipline} will come here.",
        "ru": "Подписка оформлена: объявления «{discipline}» будут приходить сюда.",
        "uk": "Підписку оформлено: оголошення «{discipline}» надходитимуть сюди.",
        "zh": "已订阅：{discipline} 的公告将发送到这里。",
    },
    "sub.on_me": {
        "en": "Subscribed: after each list of {discipline} you get a private message about your "
        "own line.",
        "ru": "Подписка оформлена: после каждого списка «{discipline}» вам придёт личное "
        "сообщение о вашей строке.",
        "uk": "Підписку оформлено: після кожного списку «{discipline}» вам надійде особисте "
        "повідомлення про ваш рядок.",
        "zh": "已订阅：每次发布 {discipline} 排名后，您将私下收到关于本人排名的消息。",
    },
    "sub.already_on": {
        "en": "Already subscribed to {discipline}.",
        "ru": "Подписка на «{discipline}» уже есть.",
        "uk": "Підписка на «{discipline}» вже є.",
        "zh": "已订阅过 {discipline}。",
    },
    "sub.off": {
        "en": "Unsubscribed from {discipline}.",
        "ru": "Подписка на «{discipline}» отменена.",
        "uk": "Підписку на «{discipline}» скасовано.",
        "zh": "已取消订阅 {discipline}。",
    },
    "sub.already_off": {
        "en": "There was no subscription to {discipline} here.",
        "ru": "Подписки на «{discipline}» здесь не было.",
        "uk": "Підписки на «{discipline}» тут не було.",
        "zh": "此处没有订阅 {discipline}。",
    },
    "cmd.pairing": {
        "en": "the next round's pairing of an Othello tournament: /pairing <tournament>",
        "ru": "жеребьёвка следующего тура турнира по отелло: /pairing <турнир>",
        "uk": "жеребкування наступного туру турніру з отелло: /pairing <турнір>",
        "zh": "黑白棋比赛下一轮的配对：/pairing <比赛>",
    },
    "cmd.standings": {
        "en": "the standings of an Othello tournament: /standings <tournament>",
        "ru": "турнирная таблица турнира по отелло: /standings <турнир>",
        "uk": "турнірна таблиця турніру з отелло: /standings <турнір>",
        "zh": "黑白棋比赛的排名：/standings <比赛>",
    },
    "cmd.round": {
        "en": "enter an Othello round's results (pasted below the command): /round <tournament>",
        "ru": "ввести результаты тура по отелло (под командой): /round <турнир>",
        "uk": "ввести результати туру з отелло (під командою): /round <турнір>",
        "zh": "录入黑白棋一轮的结果（粘贴在命令下方）：/round <比赛>",
    },
    "othello.unknown_tournament": {
        "en": "No Othello tournament matches '{query}'.",
        "ru": "Турнир по отелло «{query}» не найден.",
        "uk": "Турнір з отелло «{query}» не знайдено.",
        "zh": "没有与“{query}”匹配的黑白棋比赛。",
    },
    "othello.pairing_title": {
        "en": "{name}: pairing of round {round} of {total} ({system}, seed {seed})",
        "ru": "{name}: жеребьёвка {round}-го тура из {total} ({system}, seed {seed})",
        "uk": "{name}: жеребкування {round}-го туру з {total} ({system}, seed {seed})",
        "zh": "{name}：第 {round} 轮（共 {total} 轮）配对（{system}，种子 {seed}）",
    },
    "othello.pairing_headers": {
        "en": "Table|Black|White",
        "ru": "Стол|Чёрные|Белые",
        "uk": "Стіл|Чорні|Білі",
        "zh": "台号|黑方|白方",
    },
    "othello.byes": {
        "en": "Bye: {players}",
        "ru": "Без пары (BYE): {players}",
        "uk": "Без пари (BYE): {players}",
        "zh": "轮空：{players}",
    },
    "othello.no_pairing": {
        "en": "{name}: all {total} rounds are played; no pairing is due.",
        "ru": "{name}: сыграны все {total} туров, жеребьёвки больше нет.",
        "uk": "{name}: зіграно всі {total} турів, жеребкування більше немає.",
        "zh": "{name}：全部 {total} 轮已赛完，不再配对。",
    },
    "othello.standings_title": {
        "en": "{name}: standings after round {round} of {total}",
        "ru": "{name}: таблица после {round}-го тура из {total}",
        "uk": "{name}: таблиця після {round}-го туру з {total}",
        "zh": "{name}：第 {round} 轮后排名（共 {total} 轮）",
    },
    "othello.ifrl_title": {
        "en": "{name}: individual final ranking list (IFRL) after {round} of {total} rounds",
        "ru": "{name}: итоговый личный список (IFRL) после {round} из {total} туров",
        "uk": "{name}: підсумковий особистий список (IFRL) після {round} з {total} турів",
        "zh": "{name}：个人最终排名（IFRL），{round}/{total} 轮后",
    },
    "othello.standings_headers": {
        "en": "#|Player|Country|Points|BQ|Discs|Note",
        "ru": "#|Игрок|Страна|Очки|BQ|Фишки|Примечание",
        "uk": "#|Гравець|Країна|Очки|BQ|Фішки|Примітка",
        "zh": "#|选手|国家|积分|BQ|子数|备注",
    },
    "othello.round_empty": {
        "en": "Paste the results of round {round} below the command, one game a line.",
        "ru": "Вставьте результаты {round}-го тура под командой, по партии в строке.",
        "uk": "Вставте результати {round}-го туру під командою, по партії в рядку.",
        "zh": "请在命令下方粘贴第 {round} 轮的结果，每行一局。",
    },
    "othello.round_refused": {
        "en": "Round {round} not accepted, nothing was written"
        " (lines count from the first line below the command): {error}",
        "ru": "{round}-й тур не принят, ничего не записано"
        " (строки считаются с первой строки под командой): {error}",
        "uk": "{round}-й тур не прийнято, нічого не записано"
        " (рядки рахуються з першого рядка під командою): {error}",
        "zh": "第 {round} 轮未被接受，未写入任何数据（行号从命令下方第一行算起）：{error}",
    },
    "othello.publish_on_confirm": {
        "en": "The pairing below is published when you confirm.",
        "ru": "Жеребьёвка ниже будет опубликована после подтверждения.",
        "uk": "Жеребкування нижче буде опубліковано після підтвердження.",
        "zh": "确认后将公布以下配对。",
    },
    # --- game reports (handlers/reports.py) ---------------------------------------------------
    "cmd.openreports": {
        "en": "open a tournament for players' game reports",
        "ru": "открыть турнир для сообщений игроков о партиях",
        "uk": "відкрити турнір для повідомлень гравців про партії",
        "zh": "开放比赛，允许选手报告对局",
    },
    "cmd.closereports": {
        "en": "stop game reports in a tournament",
        "ru": "закрыть турнир для сообщений о партиях",
        "uk": "закрити турнір для повідомлень про партії",
        "zh": "停止比赛的对局报告",
    },
    "cmd.report": {
        "en": "report a game you played (your opponent confirms it)",
        "ru": "сообщить о сыгранной партии (соперник подтверждает)",
        "uk": "повідомити про зіграну партію (суперник підтверджує)",
        "zh": "报告您下过的对局（由对手确认）",
    },
    "cmd.reports": {
        "en": "game reports waiting for you",
        "ru": "сообщения о партиях, ждущие вашего ответа",
        "uk": "повідомлення про партії, що чекають на вашу відповідь",
        "zh": "等待您处理的对局报告",
    },
    "cmd.gameok": {
        "en": "confirm a game your opponent reported",
        "ru": "подтвердить партию, о которой сообщил соперник",
        "uk": "підтвердити партію, про яку повідомив суперник",
        "zh": "确认对手报告的对局",
    },
    "cmd.gamedispute": {
        "en": "dispute a game your opponent reported",
        "ru": "оспорить партию, о которой сообщил соперник",
        "uk": "оскаржити партію, про яку повідомив суперник",
        "zh": "对对手报告的对局提出异议",
    },
    "cmd.gameapprove": {
        "en": "approve a reported game (or settle a dispute for the reporter)",
        "ru": "утвердить партию (или решить спор в пользу сообщившего)",
        "uk": "затвердити партію (або вирішити спір на користь того, хто повідомив)",
        "zh": "批准报告的对局（或按报告方裁决争议）",
    },
    "cmd.gamereject": {
        "en": "reject a reported game",
        "ru": "отклонить сообщение о партии",
        "uk": "відхилити повідомлення про партію",
        "zh": "驳回对局报告",
    },
    "reports.opened": {
        "en": "{tournament} ({name}, {discipline}) is open: players may report their games"
        " with /report {tournament} <opponent ID> <win|loss|draw> [score].",
        "ru": "Турнир {tournament} ({name}, {discipline}) открыт: игроки сообщают о партиях"
        " командой /report {tournament} <ID соперника> <win|loss|draw> [счёт].",
        "uk": "Турнір {tournament} ({name}, {discipline}) відкрито: гравці повідомляють про"
        " партії командою /report {tournament} <ID суперника> <win|loss|draw> [рахунок].",
        "zh": "{tournament}（{name}，{discipline}）已开放：选手可用 /report {tournament}"
        " <对手编号> <win|loss|draw> [比分] 报告对局。",
    },
    "reports.already_open": {
        "en": "{tournament} is already open for game reports.",
        "ru": "Турнир {tournament} уже открыт для сообщений о партиях.",
        "uk": "Турнір {tournament} вже відкрито для повідомлень про партії.",
        "zh": "{tournament} 已经开放对局报告。",
    },
    "reports.closed": {
        "en": "{tournament} is closed for new game reports; reports already made can still"
        " be answered.",
        "ru": "Турнир {tournament} закрыт для новых сообщений о партиях; на уже поданные"
        " можно ответить.",
        "uk": "Турнір {tournament} закрито для нових повідомлень про партії; на вже подані"
        " можна відповісти.",
        "zh": "{tournament} 已停止接收新的对局报告；已提交的报告仍可处理。",
    },
    "reports.not_open": {
        "en": "No tournament {tournament} of your federation is open for game reports.",
        "ru": "В вашей федерации нет турнира {tournament}, открытого для сообщений о партиях.",
        "uk": "У вашій федерації немає турніру {tournament}, відкритого для повідомлень про"
        " партії.",
        "zh": "您的协会没有开放对局报告的比赛 {tournament}。",
    },
    "reports.to_confirm": {
        "en": "Games your opponents reported — confirm or dispute:",
        "ru": "Партии, о которых сообщили соперники, — подтвердите или оспорьте:",
        "uk": "Партії, про які повідомили суперники, — підтвердьте або оскаржте:",
        "zh": "对手报告的对局——请确认或提出异议：",
    },
    "reports.sent": {
        "en": "Your reports still waiting:",
        "ru": "Ваши сообщения, ещё ждущие ответа:",
        "uk": "Ваші повідомлення, що ще чекають на відповідь:",
        "zh": "您提交的仍在等待的报告：",
    },
    "reports.to_decide": {
        "en": "Reports for a director to decide:",
        "ru": "Сообщения, ждущие решения директора:",
        "uk": "Повідомлення, що чекають на рішення директора:",
        "zh": "待裁判长决定的报告：",
    },
    "reports.none": {
        "en": "No game reports are waiting for you.",
        "ru": "Нет сообщений о партиях, ждущих вашего ответа.",
        "uk": "Немає повідомлень про партії, що чекають на вашу відповідь.",
        "zh": "没有等待您处理的对局报告。",
    },
    "report.unlinked": {
        "en": "Link your account to your federation ID first (/link <ID>): only a player can"
        " report a game.",
        "ru": "Сначала свяжите аккаунт с вашим ID в федерации (/link <ID>): о партии сообщает"
        " только игрок.",
        "uk": "Спершу пов'яжіть акаунт зі своїм ID у федерації (/link <ID>): про партію"
        " повідомляє лише гравець.",
        "zh": "请先用 /link <ID> 关联您的协会编号：只有选手本人可以报告对局。",
    },
    "report.self": {
        "en": "You cannot report a game against yourself.",
        "ru": "Нельзя сообщить о партии против самого себя.",
        "uk": "Не можна повідомити про партію проти самого себе.",
        "zh": "不能报告与自己的对局。",
    },
    "report.score_mismatch": {
        "en": "The score {score} does not match '{result}' (your score comes first).",
        "ru": "Счёт {score} не соответствует '{result}' (ваш счёт — первым).",
        "uk": "Рахунок {score} не відповідає '{result}' (ваш рахунок — першим).",
        "zh": "比分 {score} 与“{result}”不符（您的得分在前）。",
    },
    "report.duplicate": {
        "en": "Your game with {opponent} in {tournament} is already reported (#{report}) and"
        " waiting; one report per game.",
        "ru": "О вашей партии с {opponent} в {tournament} уже сообщено (#{report}), ответа"
        " ещё нет; одна партия — одно сообщение.",
        "uk": "Про вашу партію з {opponent} у {tournament} вже повідомлено (#{report}),"
        " відповіді ще немає; одна партія — одне повідомлення.",
        "zh": "您在 {tournament} 与 {opponent} 的对局已报告（#{report}），仍在等待；"
        "每局只报告一次。",
    },
    "report.created": {
        "en": "Report #{report} recorded: {result} against {opponent} in {tournament}. It counts"
        " once your opponent confirms.",
        "ru": "Сообщение #{report} записано: {result} против {opponent} в {tournament}. Партия"
        " засчитывается после подтверждения соперником.",
        "uk": "Повідомлення #{report} записано: {result} проти {opponent} у {tournament}."
        " Партію зараховують після підтвердження суперником.",
        "zh": "报告 #{report} 已记录：在 {tournament} 对 {opponent} {result}。对手确认后生效。",
    },
    "report.result_win1": {"en": "win", "ru": "победа", "uk": "перемога", "zh": "胜"},
    "report.result_win2": {"en": "loss", "ru": "поражение", "uk": "поразка", "zh": "负"},
    "report.result_draw": {"en": "draw", "ru": "ничья", "uk": "нічия", "zh": "和"},
    "report.line": {
        "en": "#{report} {tournament}: {reporter} reports {result} against {opponent} ({state})",
        "ru": "#{report} {tournament}: {reporter} сообщает: {result} против {opponent} ({state})",
        "uk": "#{report} {tournament}: {reporter} повідомляє: {result} проти {opponent} ({state})",
        "zh": "#{report} {tournament}：{reporter} 报告对 {opponent} {result}（{state}）",
    },
    "report.state_reported": {
        "en": "waiting for the opponent",
        "ru": "ждёт соперника",
        "uk": "чекає на суперника",
        "zh": "等待对手确认",
    },
    "report.state_confirmed": {
        "en": "confirmed, waiting for a director",
        "ru": "подтверждено, ждёт директора",
        "uk": "підтверджено, чекає на директора",
        "zh": "已确认，等待裁判长批准",
    },
    "report.state_disputed": {
        "en": "disputed, a director decides",
        "ru": "оспорено, решает директор",
        "uk": "оскаржено, вирішує директор",
        "zh": "有争议，由裁判长决定",
    },
    "report.state_approved": {
        "en": "counted",
        "ru": "засчитано",
        "uk": "зараховано",
        "zh": "已计入",
    },
    "report.state_rejected": {
        "en": "rejected",
        "ru": "отклонено",
        "uk": "відхилено",
        "zh": "已驳回",
    },
    "report.confirm": {
        "en": "✓ Confirm #{report}",
        "ru": "✓ Подтвердить #{report}",
        "uk": "✓ Підтвердити #{report}",
        "zh": "✓ 确认 #{report}",
    },
    "report.dispute": {
        "en": "✗ Dispute #{report}",
        "ru": "✗ Оспорить #{report}",
        "uk": "✗ Оскаржити #{report}",
        "zh": "✗ 异议 #{report}",
    },
    "report.approve": {
        "en": "✓ Approve #{report}",
        "ru": "✓ Утвердить #{report}",
        "uk": "✓ Затвердити #{report}",
        "zh": "✓ 批准 #{report}",
    },
    "report.reject": {
        "en": "✗ Reject #{report}",
        "ru": "✗ Отклонить #{report}",
        "uk": "✗ Відхилити #{report}",
        "zh": "✗ 驳回 #{report}",
    },
    "report.not_yours": {
        "en": "No report #{report} is waiting for your answer.",
        "ru": "Сообщение #{report} не ждёт вашего ответа.",
        "uk": "Повідомлення #{report} не чекає на вашу відповідь.",
        "zh": "没有等待您答复的报告 #{report}。",
    },
    "report.unknown": {
        "en": "There is no game report #{report}.",
        "ru": "Сообщения о партии #{report} нет.",
        "uk": "Повідомлення про партію #{report} немає.",
        "zh": "没有对局报告 #{report}。",
    },
    "report.not_waiting": {
        "en": "Report #{report} is {state}: nothing to do.",
        "ru": "Сообщение #{report}: {state} — делать нечего.",
        "uk": "Повідомлення #{report}: {state} — робити нічого.",
        "zh": "报告 #{report}：{state}，无需处理。",
    },
    "report.disputed": {
        "en": "Report #{report} disputed: a director of {federation} decides.",
        "ru": "Сообщение #{report} оспорено: решает директор {federation}.",
        "uk": "Повідомлення #{report} оскаржено: вирішує директор {federation}.",
        "zh": "报告 #{report} 已提出异议：由 {federation} 的裁判长决定。",
    },
    "report.awaits_director": {
        "en": "Report #{report} confirmed; it counts once a director of {federation} approves it.",
        "ru": "Сообщение #{report} подтверждено; партия будет засчитана после утверждения"
        " директором {federation}.",
        "uk": "Повідомлення #{report} підтверджено; партію буде зараховано після затвердження"
        " директором {federation}.",
        "zh": "报告 #{report} 已确认；{federation} 的裁判长批准后生效。",
    },
    "report.counted": {
        "en": "Report #{report} counted: the game is in {tournament} (version {version}).",
        "ru": "Сообщение #{report} засчитано: партия внесена в {tournament} (версия {version}).",
        "uk": "Повідомлення #{report} зараховано: партію внесено до {tournament} (версія"
        " {version}).",
        "zh": "报告 #{report} 已计入：对局已写入 {tournament}（第 {version} 版）。",
    },
    "report.rejected": {
        "en": "Report #{report} rejected; it does not count.",
        "ru": "Сообщение #{report} отклонено и не засчитывается.",
        "uk": "Повідомлення #{report} відхилено, його не зараховано.",
        "zh": "报告 #{report} 已驳回，不计入。",
    },
    "report.rate_refused": {
        "en": "The game was not counted, nothing was written: {error}",
        "ru": "Партия не засчитана, ничего не записано: {error}",
        "uk": "Партію не зараховано, нічого не записано: {error}",
        "zh": "对局未计入，未写入任何数据：{error}",
    },
    # --- federation management (handlers/admin.py) ---------------------------------------------
    "cmd.disciplines": {
        "en": "the disciplines (rating lists) of each federation",
        "ru": "дисциплины (рейтинг-листы) федераций",
        "uk": "дисципліни (рейтингові списки) федерацій",
        "zh": "各协会的项目（等级分榜单）",
    },
    "cmd.discipline": {
        "en": "add a discipline (admins)",
        "ru": "добавить дисциплину (администраторы)",
        "uk": "додати дисципліну (адміністратори)",
        "zh": "添加项目（管理员）",
    },
    "cmd.roles": {
        "en": "who holds a role in a federation",
        "ru": "у кого есть роль в федерации",
        "uk": "хто має роль у федерації",
        "zh": "协会中担任角色的账号",
    },
    "cmd.unlink": {
        "en": "undo a wrong link of an account to a player",
        "ru": "отменить ошибочную связь аккаунта с игроком",
        "uk": "скасувати помилковий зв'язок акаунта з гравцем",
        "zh": "撤销账号与选手的错误关联",
    },
    "disciplines.title": {
        "en": "Disciplines:",
        "ru": "Дисциплины:",
        "uk": "Дисципліни:",
        "zh": "项目：",
    },
    "disciplines.headers": {
        "en": "Federation|Code|Name|System|Calendar",
        "ru": "Федерация|Код|Название|Система|Календарь",
        "uk": "Федерація|Код|Назва|Система|Календар",
        "zh": "协会|代码|名称|体系|发布周期",
    },
    "disciplines.none": {
        "en": "No disciplines yet.",
        "ru": "Дисциплин пока нет.",
        "uk": "Дисциплін поки немає.",
        "zh": "暂无项目。",
    },
    "discipline.added": {
        "en": "Discipline {code} ({name}) added to {federation}: system {system}, lists"
        " {calendar}.",
        "ru": "Дисциплина {code} ({name}) добавлена в {federation}: система {system},"
        " списки {calendar}.",
        "uk": "Дисципліну {code} ({name}) додано до {federation}: система {system},"
        " списки {calendar}.",
        "zh": "已为 {federation} 添加项目 {code}（{name}）：体系 {system}，榜单 {calendar}。",
    },
    "discipline.exists": {
        "en": "A discipline with the code {code} exists already (codes are unique across"
        " federations).",
        "ru": "Дисциплина с кодом {code} уже есть (коды уникальны во всех федерациях).",
        "uk": "Дисципліна з кодом {code} вже є (коди унікальні в усіх федераціях).",
        "zh": "代码为 {code} 的项目已存在（代码在所有协会中唯一）。",
    },
    "discipline.bad_system": {
        "en": "Unknown system “{system}”. Systems: {known}.",
        "ru": "Неизвестная система «{system}». Системы: {known}.",
        "uk": "Невідома система «{system}». Системи: {known}.",
        "zh": "未知体系“{system}”。可选体系：{known}。",
    },
    "discipline.bad_calendar": {
        "en": "Unknown calendar “{calendar}”. Calendars: {known}.",
        "ru": "Неизвестный календарь «{calendar}». Календари: {known}.",
        "uk": "Невідомий календар «{calendar}». Календарі: {known}.",
        "zh": "未知发布周期“{calendar}”。可选：{known}。",
    },
    "discipline.no_adapter": {
        "en": "Note: the {system} engine is not wired to the database yet; submissions to this"
        " discipline are refused until it is.",
        "ru": "Внимание: движок {system} ещё не подключён к базе; результаты в эту дисциплину"
        " пока не принимаются.",
        "uk": "Увага: рушій {system} ще не під'єднано до бази; результати до цієї дисципліни"
        " поки не приймаються.",
        "zh": "注意：{system} 引擎尚未接入数据库，在此之前该项目不接受成绩提交。",
    },
    "roles.title": {
        "en": "Roles in {federation}:",
        "ru": "Роли в {federation}:",
        "uk": "Ролі в {federation}:",
        "zh": "{federation} 的角色：",
    },
    "roles.headers": {
        "en": "Account|Name|Role|Linked player",
        "ru": "Аккаунт|Имя|Роль|Связанный игрок",
        "uk": "Акаунт|Ім'я|Роль|Пов'язаний гравець",
        "zh": "账号|名称|角色|关联选手",
    },
    "roles.none": {
        "en": "No account holds a role in {federation} (everyone is a player).",
        "ru": "Ни у одного аккаунта нет роли в {federation} (все — игроки).",
        "uk": "Жоден акаунт не має ролі в {federation} (усі — гравці).",
        "zh": "{federation} 中没有账号担任角色（所有人均为选手）。",
    },
    "unlink.done": {
        "en": "Unlinked from {player}: {accounts}.",
        "ru": "Связь с игроком {player} снята: {accounts}.",
        "uk": "Зв'язок із гравцем {player} знято: {accounts}.",
        "zh": "已解除与 {player} 的关联：{accounts}。",
    },
    "unlink.none": {
        "en": "No such account is linked to {player}.",
        "ru": "С игроком {player} нет такого связанного аккаунта.",
        "uk": "З гравцем {player} немає такого пов'язаного акаунта.",
        "zh": "没有这样的账号关联到 {player}。",
    },
    # -- announcements (fedrank/handlers/announcements.py) --------------------------------------
    "ann.title": {
        "en": "{discipline}: the list of {date}",
        "ru": "{discipline}: список на {date}",
        "uk": "{discipline}: список на {date}",
        "zh": "{discipline}：{date} 排名表",
    },
    "ann.since": {
        "en": "Changes since the list of {date}:",
        "ru": "Изменения со списка на {date}:",
        "uk": "Зміни від списку на {date}:",
        "zh": "自 {date} 排名表以来的变化：",
    },
    "ann.promotions": {
        "en": "Promotions: {items}",
        "ru": "Повышения: {items}",
        "uk": "Підвищення: {items}",
        "zh": "升级：{items}",
    },
    "ann.demotions": {
        "en": "Demotions: {items}",
        "ru": "Понижения: {items}",
        "uk": "Пониження: {items}",
        "zh": "降级：{items}",
    },
    "ann.new_titles": {
        "en": "New titles: {items}",
        "ru": "Новые звания: {items}",
        "uk": "Нові звання: {items}",
        "zh": "新称号：{items}",
    },
    "ann.movers": {
        "en": "Largest moves: {items}",
        "ru": "Самые большие перемещения: {items}",
        "uk": "Найбільші переміщення: {items}",
        "zh": "名次变化最大：{items}",
    },
    "ann.entrants": {
        "en": "New in the list: {items}",
        "ru": "Впервые в списке: {items}",
        "uk": "Уперше в списку: {items}",
        "zh": "新上榜：{items}",
    },
    "ann.left": {
        "en": "Left the list (their results left the window): {items}",
        "ru": "Выбыли из списка (их результаты вышли за окно учёта): {items}",
        "uk": "Вибули зі списку (їхні результати вийшли за вікно обліку): {items}",
        "zh": "离榜（成绩已超出计算期）：{items}",
    },
    "ann.no_changes": {
        "en": "No changes.",
        "ru": "Без изменений.",
        "uk": "Без змін.",
        "zh": "没有变化。",
    },
    "ann.top": {
        "en": "Top {n} of {size}; the full list is attached (CSV, XLSX, HTML).",
        "ru": "Первые {n} из {size}; полный список во вложениях (CSV, XLSX, HTML).",
        "uk": "Перші {n} з {size}; повний список у вкладеннях (CSV, XLSX, HTML).",
        "zh": "前 {n} 名（共 {size} 名）；完整排名见附件（CSV、XLSX、HTML）。",
    },
    "ann.col_position": {"en": "Place", "ru": "Место", "uk": "Місце", "zh": "名次"},
    "ann.col_id": {"en": "ID", "ru": "ID", "uk": "ID", "zh": "编号"},
    "ann.col_player": {"en": "Player", "ru": "Игрок", "uk": "Гравець", "zh": "选手"},
    "ann.col_rating": {"en": "Rating", "ru": "Рейтинг", "uk": "Рейтинг", "zh": "等级分"},
    "ann.col_title": {"en": "Title", "ru": "Звание", "uk": "Звання", "zh": "称号"},
    "ann.personal_title": {
        "en": "{discipline}, the list of {date}: your line",
        "ru": "{discipline}, список на {date}: ваша строка",
        "uk": "{discipline}, список на {date}: ваш рядок",
        "zh": "{discipline}，{date} 排名表：您的成绩",
    },
    "ann.personal_line": {
        "en": "Place {position} of {size}, rating {rating}, title {title}.",
        "ru": "Место {position} из {size}, рейтинг {rating}, звание {title}.",
        "uk": "Місце {position} з {size}, рейтинг {rating}, звання {title}.",
        "zh": "第 {position} 名（共 {size} 名），等级分 {rating}，称号 {title}。",
    },
    "ann.personal_before": {
        "en": "On the previous list: place {position}, rating {rating}, title {title}.",
        "ru": "В предыдущем списке: место {position}, рейтинг {rating}, звание {title}.",
        "uk": "У попередньому списку: місце {position}, рейтинг {rating}, звання {title}.",
        "zh": "上一期：第 {position} 名，等级分 {rating}，称号 {title}。",
    },
    "ann.personal_new": {
        "en": "You are in the list for the first time.",
        "ru": "Вы в списке впервые.",
        "uk": "Ви в списку вперше.",
        "zh": "您首次上榜。",
    },
    "ann.personal_left": {
        "en": "You are no longer in the list (your results left the window); you were "
        "number {position} on the previous one.",
        "ru": "Вас больше нет в списке (ваши результаты вышли за окно учёта); в предыдущем "
        "вы были на месте {position}.",
        "uk": "Вас більше немає в списку (ваші результати вийшли за вікно обліку); у "
        "попередньому ви були на місці {position}.",
        "zh": "您已不在榜上（成绩已超出计算期）；上一期您排第 {position} 名。",
    },
    # --- /whatif (handlers/whatif.py) ------------------------------------------------------------
    "cmd.whatif": {
        "en": "what a place in a tournament would change: /whatif <tournament> <place> [player]",
        "ru": "что изменило бы место в турнире: /whatif <турнир> <место> [игрок]",
        "uk": "що змінило б місце в турнірі: /whatif <турнір> <місце> [гравець]",
        "zh": "某比赛中取得某名次会带来什么变化：/whatif <比赛> <名次> [选手]",
    },
    "whatif.title": {
        "en": "What if {player} had finished {place} in {tournament}?",
        "ru": "Что, если бы {player} занял {place}-е место в турнире {tournament}?",
        "uk": "Що, якби {player} посів {place}-е місце в турнірі {tournament}?",
        "zh": "如果 {player} 在 {tournament} 中获得第 {place} 名会怎样？",
    },
    "whatif.headers": {
        "en": "What|As stored|With that place|Note",
        "ru": "Что|Сейчас|С этим местом|Примечание",
        "uk": "Що|Зараз|З цим місцем|Примітка",
        "zh": "项目|现有|取得该名次后|备注",
    },
    "whatif.nothing_written": {
        "en": "A simulation only: nothing was changed.",
        "ru": "Это только расчёт: ничего не изменено.",
        "uk": "Це лише розрахунок: нічого не змінено.",
        "zh": "仅为模拟计算，未做任何更改。",
    },
    "whatif.no_tournament": {
        "en": "No stored tournament matches “{query}”.",
        "ru": "Нет сохранённого турнира «{query}».",
        "uk": "Немає збереженого турніру «{query}».",
        "zh": "没有与“{query}”匹配的已保存比赛。",
    },
    "whatif.choose": {
        "en": "Several tournaments match “{query}”; give the code:",
        "ru": "Под «{query}» подходят несколько турниров; укажите код:",
        "uk": "Під «{query}» підходять кілька турнірів; вкажіть код:",
        "zh": "有多个比赛与“{query}”匹配，请给出代码：",
    },
    "whatif.unlinked": {
        "en": "Name the player (/whatif <tournament> <place> <player>) or link your account"
        " with /link <ID>.",
        "ru": "Укажите игрока (/whatif <турнир> <место> <игрок>) или свяжите аккаунт: /link <ID>.",
        "uk": "Вкажіть гравця (/whatif <турнір> <місце> <гравець>) або пов'яжіть акаунт:"
        " /link <ID>.",
        "zh": "请指明选手（/whatif <比赛> <名次> <选手>），或用 /link <ID> 关联账号。",
    },
    "whatif.other_federation": {
        "en": "{player} is not a player of the federation of {tournament}.",
        "ru": "{player} не состоит в федерации турнира {tournament}.",
        "uk": "{player} не належить до федерації турніру {tournament}.",
        "zh": "{player} 不是 {tournament} 所属协会的选手。",
    },
    "whatif.unsupported": {
        "en": "The {system} system cannot simulate places: its figures do not come from a"
        " place in one tournament.",
        "ru": "Система {system} не умеет моделировать места: её показатели не зависят от места"
        " в одном турнире.",
        "uk": "Система {system} не вміє моделювати місця: її показники не залежать від місця"
        " в одному турнірі.",
        "zh": "{system} 体系无法模拟名次：其成绩并非来自单个比赛的名次。",
    },
    "whatif.refused": {
        "en": "Cannot simulate that: {error}",
        "ru": "Так смоделировать нельзя: {error}",
        "uk": "Так змоделювати не можна: {error}",
        "zh": "无法模拟：{error}",
    },
    # -- qualification windows (fedrank/handlers/qualification.py) -----------------------------
    "cmd.qualify": {
        "en": "create a qualification window for an event",
        "ru": "открыть квалификацию на турнир",
        "uk": "відкрити кваліфікацію на турнір",
        "zh": "为赛事创建资格选拔",
    },
    "cmd.qualification": {
        "en": "a qualification: the list, the reserve, each place",
        "ru": "квалификация: список, резерв, каждое место",
        "uk": "кваліфікація: список, резерв, кожне місце",
        "zh": "资格选拔：名单、替补及各名额状态",
    },
    "cmd.qconfirm": {
        "en": "accept a place you were offered",
        "ru": "подтвердить предложенное место",
        "uk": "підтвердити запропоноване місце",
        "zh": "接受获得的参赛名额",
    },
    "cmd.qdecline": {
        "en": "decline a place you were offered",
        "ru": "отказаться от предложенного места",
        "uk": "відмовитися від запропонованого місця",
        "zh": "放弃获得的参赛名额",
    },
    "qual.created": {
        "en": "Qualification {id} created: {event} ({discipline}) on {event_date}, quota {quota} "
        "({presidium} by the Presidium). The list will be frozen on {date} and the invitations "
        "sent the same day.",
        "ru": "Квалификация {id} открыта: {event} ({discipline}), {event_date}, квота {quota} "
        "(из них Президиумом: {presidium}). Список будет зафиксирован {date}, приглашения уйдут "
        "в тот же день.",
        "uk": "Кваліфікацію {id} відкрито: {event} ({discipline}), {event_date}, квота {quota} "
        "(з них Президією: {presidium}). Список буде зафіксовано {date}, запрошення підуть того "
        "ж дня.",
        "zh": "资格选拔 {id} 已创建：{event}（{discipline}），{event_date}，名额 {quota}"
        "（主席团指定 {presidium} 名）。名单将于 {date} 冻结，邀请当天发出。",
    },
    "qual.created_past": {
        "en": "Qualification {id} created: {event} ({discipline}) on {event_date}, quota {quota} "
        "({presidium} by the Presidium). Its qualification date {date} has passed: the list of "
        "that date is frozen and the invitations sent at the scheduler's next run (within "
        "minutes).",
        "ru": "Квалификация {id} открыта: {event} ({discipline}), {event_date}, квота {quota} "
        "(из них Президиумом: {presidium}). Дата квалификации {date} уже прошла: список на эту "
        "дату будет зафиксирован, а приглашения уйдут при ближайшем запуске планировщика.",
        "uk": "Кваліфікацію {id} відкрито: {event} ({discipline}), {event_date}, квота {quota} "
        "(з них Президією: {presidium}). Дата кваліфікації {date} вже минула: список на цю дату "
        "буде зафіксовано, а запрошення підуть під час найближчого запуску планувальника.",
        "zh": "资格选拔 {id} 已创建：{event}（{discipline}），{event_date}，名额 {quota}"
        "（主席团指定 {presidium} 名）。资格日期 {date} 已过：将冻结该日排名，"
        "并在调度程序下次运行时发出邀请。",
    },
    "qual.bad_quota": {
        "en": "The quota must be a whole number of at least 1, not '{quota}'.",
        "ru": "Квота — целое число не меньше 1, а не «{quota}».",
        "uk": "Квота — ціле число не менше 1, а не «{quota}».",
        "zh": "名额必须是不小于 1 的整数，而不是“{quota}”。",
    },
    "qual.no_rules": {
        "en": "{discipline} has no qualification rules in fedrank (only RMF mahjong has them).",
        "ru": "Для «{discipline}» в fedrank нет правил квалификации (они есть только у маджонга "
        "ФМР).",
        "uk": "Для «{discipline}» у fedrank немає правил кваліфікації (вони є лише в маджонгу "
        "ФМР).",
        "zh": "fedrank 中 {discipline} 没有资格选拔规则（仅俄罗斯麻将联合会有）。",
    },
    "qual.too_many_presidium": {
        "en": "{places} Presidium places exceed the quota {quota} (seed 000 section 3.7).",
        "ru": "Мест Президиума ({places}) больше квоты {quota} (п. 3.7 положения).",
        "uk": "Місць Президії ({places}) більше за квоту {quota} (п. 3.7 положення).",
        "zh": "主席团指定名额 {places} 超过总名额 {quota}（条例第 3.7 条）。",
    },
    "qual.rule": {
        "en": "Refused by the rules: {error}",
        "ru": "Правила этого не допускают: {error}",
        "uk": "Правила цього не допускають: {error}",
        "zh": "规则不允许：{error}",
    },
    "qual.not_found": {
        "en": "There is no open qualification {id} for you.",
        "ru": "Открытой квалификации {id} для вас нет.",
        "uk": "Відкритої кваліфікації {id} для вас немає.",
        "zh": "没有与您相关的资格选拔 {id}。",
    },
    "qual.invite_title": {
        "en": "Invitation: {event}, {date}",
        "ru": "Приглашение: {event}, {date}",
        "uk": "Запрошення: {event}, {date}",
        "zh": "邀请：{event}，{date}",
    },
    "qual.invite_text": {
        "en": "{player}, you have qualified for a place in {discipline}. Please confirm or "
        "decline by {deadline} (15 days); without an answer the place passes to the reserve. "
        "Or send /qconfirm {id} or /qdecline {id}.",
        "ru": "{player}, вы прошли квалификацию ({discipline}). Подтвердите участие или "
        "откажитесь до {deadline} (15 дней); без ответа место перейдёт резерву. Можно также "
        "отправить /qconfirm {id} или /qdecline {id}.",
        "uk": "{player}, ви пройшли кваліфікацію ({discipline}). Підтвердьте участь або "
        "відмовтеся до {deadline} (15 днів); без відповіді місце перейде до резерву. Можна також "
        "надіслати /qconfirm {id} або /qdecline {id}.",
        "zh": "{player}，您已获得 {discipline} 的参赛资格。请在 {deadline} 之前（15 天内）确认或"
        "放弃；逾期未答复，名额将转给替补。也可发送 /qconfirm {id} 或 /qdecline {id}。",
    },
    "qual.no_account": {
        "en": "{player} has no linked account: please pass this invitation on today.",
        "ru": "У игрока {player} нет связанного аккаунта: передайте ему приглашение сегодня.",
        "uk": "Гравець {player} не має пов'язаного акаунта: передайте йому запрошення сьогодні.",
        "zh": "{player} 没有关联账号：请于今天转告此邀请。",
    },
    "qual.button_confirm": {
        "en": "Confirm",
        "ru": "Подтвердить",
        "uk": "Підтвердити",
        "zh": "确认",
    },
    "qual.button_decline": {
        "en": "Decline",
        "ru": "Отказаться",
        "uk": "Відмовитися",
        "zh": "放弃",
    },
    "qual.reminder": {
        "en": "Reminder: your place in {event} waits for your answer until {deadline}. "
        "/qconfirm {id} or /qdecline {id}.",
        "ru": "Напоминание: место на «{event}» ждёт вашего ответа до {deadline}. "
        "/qconfirm {id} или /qdecline {id}.",
        "uk": "Нагадування: місце на «{event}» чекає на вашу відповідь до {deadline}. "
        "/qconfirm {id} або /qdecline {id}.",
        "zh": "提醒：{event} 的名额等待您在 {deadline} 之前答复。"
        "/qconfirm {id} 或 /qdecline {id}。",
    },
    "qual.expired": {
        "en": "Your answer for {event} (qualification {id}) did not come in time: you are now "
        "on the reserve list.",
        "ru": "Ответ по «{event}» (квалификация {id}) не пришёл вовремя: вы переведены в резерв.",
        "uk": "Відповідь щодо «{event}» (кваліфікація {id}) не надійшла вчасно: вас переведено "
        "до резерву.",
        "zh": "您未按时答复 {event}（资格选拔 {id}），已转入替补名单。",
    },
    "qual.confirmed": {
        "en": "Confirmed: your place in {event} (qualification {id}) is yours.",
        "ru": "Подтверждено: место на «{event}» (квалификация {id}) за вами.",
        "uk": "Підтверджено: місце на «{event}» (кваліфікація {id}) за вами.",
        "zh": "已确认：您获得 {event}（资格选拔 {id}）的名额。",
    },
    "qual.declined": {
        "en": "Declined: your place in {event} (qualification {id}) passes to the next player.",
        "ru": "Отказ принят: место на «{event}» (квалификация {id}) переходит следующему.",
        "uk": "Відмову прийнято: місце на «{event}» (кваліфікація {id}) переходить наступному.",
        "zh": "已放弃：{event}（资格选拔 {id}）的名额转给下一位选手。",
    },
    "qual.cannot_answer": {
        "en": "Qualification {id}: you hold no place that awaits an answer (your state: {state}).",
        "ru": "Квалификация {id}: у вас нет места, ждущего ответа (ваш статус: {state}).",
        "uk": "Кваліфікація {id}: у вас немає місця, що чекає відповіді (ваш статус: {state}).",
        "zh": "资格选拔 {id}：您没有待答复的名额（当前状态：{state}）。",
    },
    "qual.summary_filled": {
        "en": "Qualification {id} ({event}): the quota is filled, every place confirmed.",
        "ru": "Квалификация {id} ({event}): квота заполнена, все места подтверждены.",
        "uk": "Кваліфікація {id} ({event}): квоту заповнено, усі місця підтверджено.",
        "zh": "资格选拔 {id}（{event}）：名额已满，全部确认。",
    },
    "qual.summary_exhausted": {
        "en": "Qualification {id} ({event}): the reserve is exhausted; {unfilled} place(s) "
        "stay unfilled.",
        "ru": "Квалификация {id} ({event}): резерв исчерпан; незаполненных мест: {unfilled}.",
        "uk": "Кваліфікація {id} ({event}): резерв вичерпано; незаповнених місць: {unfilled}.",
        "zh": "资格选拔 {id}（{event}）：替补已用尽，{unfilled} 个名额空缺。",
    },
    "qual.refused": {
        "en": "Qualification {id} cannot be frozen: {error}",
        "ru": "Квалификацию {id} нельзя зафиксировать: {error}",
        "uk": "Кваліфікацію {id} не можна зафіксувати: {error}",
        "zh": "资格选拔 {id} 无法冻结：{error}",
    },
    "qual.show_title": {
        "en": "Qualification {id}: {event} ({discipline}), {event_date}",
        "ru": "Квалификация {id}: {event} ({discipline}), {event_date}",
        "uk": "Кваліфікація {id}: {event} ({discipline}), {event_date}",
        "zh": "资格选拔 {id}：{event}（{discipline}），{event_date}",
    },
    "qual.show_dates": {
        "en": "Qualification date {date}, quota {quota}, Presidium places {presidium}.",
        "ru": "Дата квалификации {date}, квота {quota}, мест Президиума {presidium}.",
        "uk": "Дата кваліфікації {date}, квота {quota}, місць Президії {presidium}.",
        "zh": "资格日期 {date}，名额 {quota}，主席团指定 {presidium} 名。",
    },
    "qual.not_frozen": {
        "en": "The list is not frozen yet.",
        "ru": "Список ещё не зафиксирован.",
        "uk": "Список ще не зафіксовано.",
        "zh": "名单尚未冻结。",
    },
    "qual.frozen_list": {
        "en": "The list frozen on {date}:",
        "ru": "Список, зафиксированный на {date}:",
        "uk": "Список, зафіксований на {date}:",
        "zh": "{date} 冻结的名单：",
    },
    "qual.slots": {"en": "Places:", "ru": "Места:", "uk": "Місця:", "zh": "名额："},
    "qual.reserve": {
        "en": "Reserve, in order: {players}",
        "ru": "Резерв по порядку: {players}",
        "uk": "Резерв за порядком: {players}",
        "zh": "替补顺序：{players}",
    },
    "qual.skipped": {
        "en": "Not members on the qualification date (section 3.2): {players}",
        "ru": "Не члены федерации на дату квалификации (п. 3.2): {players}",
        "uk": "Не члени федерації на дату кваліфікації (п. 3.2): {players}",
        "zh": "资格日期时非会员（第 3.2 条）：{players}",
    },
    "qual.unfilled": {
        "en": "Unfilled places: {unfilled}",
        "ru": "Незаполненных мест: {unfilled}",
        "uk": "Незаповнених місць: {unfilled}",
        "zh": "空缺名额：{unfilled}",
    },
    "qual.col_player": {"en": "Player", "ru": "Игрок", "uk": "Гравець", "zh": "选手"},
    "qual.col_source": {"en": "Basis", "ru": "Основание", "uk": "Підстава", "zh": "依据"},
    "qual.col_state": {"en": "State", "ru": "Статус", "uk": "Статус", "zh": "状态"},
    "qual.col_informed": {
        "en": "Informed",
        "ru": "Извещён",
        "uk": "Повідомлено",
        "zh": "通知日期",
    },
    "qual.col_deadline": {"en": "Deadline", "ru": "Срок", "uk": "Строк", "zh": "截止"},
    "qual.col_closed": {"en": "Closed", "ru": "Закрыто", "uk": "Закрито", "zh": "结束"},
    "qual.source_presidium": {
        "en": "Presidium",
        "ru": "Президиум",
        "uk": "Президія",
        "zh": "主席团",
    },
    "qual.source_rating": {"en": "rating", "ru": "рейтинг", "uk": "рейтинг", "zh": "等级分"},
    "qual.state_invited": {
        "en": "invited",
        "ru": "приглашён",
        "uk": "запрошено",
        "zh": "已邀请",
    },
    "qual.state_confirmed": {
        "en": "confirmed",
        "ru": "подтвердил",
        "uk": "підтвердив",
        "zh": "已确认",
    },
    "qual.state_declined": {
        "en": "declined",
        "ru": "отказался",
        "uk": "відмовився",
        "zh": "已放弃",
    },
    "qual.state_reserve": {
        "en": "reserve (no answer in time)",
        "ru": "резерв (не ответил вовремя)",
        "uk": "резерв (не відповів вчасно)",
        "zh": "替补（未按时答复）",
    },
    "qual.state_none": {
        "en": "not offered a place",
        "ru": "место не предлагалось",
        "uk": "місце не пропонувалося",
        "zh": "未获名额",
    },
    "report.notice_ask": {
        "en": "Your opponent reported a game: confirm it or dispute it.",
        "ru": "Соперник сообщил о партии: подтвердите или оспорьте.",
        "uk": "Суперник повідомив про партію: підтвердьте або оскаржте.",
        "zh": "对手报告了一局对局：请确认或提出异议。",
    },
    "report.notice_decide": {
        "en": "A game report waits for a director:",
        "ru": "Сообщение о партии ждёт решения директора:",
        "uk": "Повідомлення про партію чекає на рішення директора:",
        "zh": "一份对局报告等待裁判长处理：",
    },
    "reports.not_rated": {
        "en": "Note: the {system} adapter does not rate reported games yet; counted games are"
        " stored in the tournament and rated when its results are submitted.",
        "ru": "Внимание: адаптер {system} пока не рассчитывает рейтинг по сообщённым партиям;"
        " засчитанные партии хранятся в турнире и учитываются при подаче его результатов.",
        "uk": "Увага: адаптер {system} поки не рахує рейтинг за повідомленими партіями;"
        " зараховані партії зберігаються в турнірі й враховуються під час подання його"
        " результатів.",
        "zh": "注意：{system} 适配器尚不能根据报告的对局计算等级分；已计入的对局保存在比赛中，"
        "提交该比赛成绩时再计算。",
    },
}


def t(language: str, key: str, /, **values: object) -> str:
    """The message ``key`` in ``language`` (English if unknown), with ``values`` filled in."""
    entry = MESSAGES[key]
    template = entry.get(language) or entry["en"]
    return template.format(**values)


def missing_translations() -> list[tuple[str, str]]:
    """(key, language) pairs without a translation: must stay empty."""
    return [(k, lang) for k, entry in MESSAGES.items() for lang in LANGUAGES if lang not in entry]
