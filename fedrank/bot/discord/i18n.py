"""The Discord transport's own strings (not the use cases'), in en, ru, uk and zh.

Replies of the use cases are translated by :mod:`fedrank.handlers.i18n`; these are the lines the
transport itself writes (private answers, files, role sync) and the localized slash command
names. A test checks every message exists in every language with the same placeholders, and
that every localized name is a valid Discord command name.
"""

from __future__ import annotations

from fedrank.handlers.context import LANGUAGES

M = dict[str, str]

MESSAGES: dict[str, M] = {
    "dc.throttled": {
        "en": "Too many commands at once; please wait {seconds} s.",
        "ru": "Слишком много команд подряд; подождите {seconds} с.",
        "uk": "Забагато команд поспіль; зачекайте {seconds} с.",
        "zh": "命令发送过快，请等待 {seconds} 秒。",
    },
    "dc.help_roles": {
        "en": "Role sync in this server (directors who manage roles):",
        "ru": "Синхронизация ролей на этом сервере (директора с правом управлять ролями):",
        "uk": "Синхронізація ролей на цьому сервері (директори з правом керувати ролями):",
        "zh": "本服务器的身份组同步（有管理身份组权限的裁判长）：",
    },
    "dc.sent_privately": {
        "en": "I sent the answer to you in a direct message.",
        "ru": "Ответ отправлен вам в личные сообщения.",
        "uk": "Відповідь надіслано вам в особисті повідомлення.",
        "zh": "答复已私信发给您。",
    },
    "dc.dm_closed": {
        "en": "This answer is private and your direct messages are closed: use the slash"
        " command /{command} instead, or allow direct messages from this server.",
        "ru": "Этот ответ личный, а личные сообщения у вас закрыты: используйте"
        " slash-команду /{command} или разрешите личные сообщения с этого сервера.",
        "uk": "Ця відповідь особиста, а особисті повідомлення у вас закриті: скористайтеся"
        " slash-командою /{command} або дозвольте особисті повідомлення з цього сервера.",
        "zh": "此答复仅限本人查看，但您关闭了私信：请改用斜杠命令 /{command}，"
        "或允许来自此服务器的私信。",
    },
    "dc.table_file": {
        "en": "The table is long, so it is in the attached file {filename}.",
        "ru": "Таблица длинная, она в приложенном файле {filename}.",
        "uk": "Таблиця довга, вона в доданому файлі {filename}.",
        "zh": "表格较长，已放在附件 {filename} 中。",
    },
    "dc.answer_file": {
        "en": "The answer is long, so it is in the attached file {filename}.",
        "ru": "Ответ длинный, он в приложенном файле {filename}.",
        "uk": "Відповідь довга, вона в доданому файлі {filename}.",
        "zh": "答复较长，已放在附件 {filename} 中。",
    },
    "dc.type_to_press": {
        "en": "{label}: send {command}",
        "ru": "{label}: отправьте {command}",
        "uk": "{label}: надішліть {command}",
        "zh": "{label}：发送 {command}",
    },
    "dc.pressed": {
        "en": "{user} pressed: {label}",
        "ru": "{user} нажал(а): {label}",
        "uk": "{user} натиснув(ла): {label}",
        "zh": "{user} 点击了：{label}",
    },
    "dc.file_too_large": {
        "en": "The file is too large ({size} MB); the limit is {limit} MB.",
        "ru": "Файл слишком большой ({size} МБ); предел — {limit} МБ.",
        "uk": "Файл завеликий ({size} МБ); межа — {limit} МБ.",
        "zh": "文件过大（{size} MB），上限为 {limit} MB。",
    },
    "dc.file_failed": {
        "en": "I could not download the file; please send it again.",
        "ru": "Не удалось скачать файл; пришлите его ещё раз.",
        "uk": "Не вдалося завантажити файл; надішліть його ще раз.",
        "zh": "文件下载失败，请重新发送。",
    },
    "dc.modal_title": {
        "en": "Results: {discipline}",
        "ru": "Результаты: {discipline}",
        "uk": "Результати: {discipline}",
        "zh": "成绩：{discipline}",
    },
    "dc.modal_label": {
        "en": "The results table (or attach a file to /{command})",
        "ru": "Таблица результатов (или файл в /{command})",
        "uk": "Таблиця результатів (або файл у /{command})",
        "zh": "成绩表（或在 /{command} 中附上文件）",
    },
    "dc.guild_only": {
        "en": "This command works in a server, not in direct messages.",
        "ru": "Эта команда работает на сервере, а не в личных сообщениях.",
        "uk": "Ця команда працює на сервері, а не в особистих повідомленнях.",
        "zh": "此命令只能在服务器中使用，不能在私信中使用。",
    },
    "dc.need_manage_roles": {
        "en": "You need the Manage Roles permission in this server for this.",
        "ru": "Для этого нужно право «Управлять ролями» на этом сервере.",
        "uk": "Для цього потрібне право «Керувати ролями» на цьому сервері.",
        "zh": "此操作需要您在本服务器拥有“管理身份组”权限。",
    },
    "dc.role_sync_off": {
        "en": "Role sync is off for this bot (FEDRANK_DISCORD_ROLE_SYNC).",
        "ru": "Синхронизация ролей у этого бота выключена (FEDRANK_DISCORD_ROLE_SYNC).",
        "uk": "Синхронізацію ролей у цього бота вимкнено (FEDRANK_DISCORD_ROLE_SYNC).",
        "zh": "此机器人未开启身份组同步（FEDRANK_DISCORD_ROLE_SYNC）。",
    },
    "dc.role_bad_key": {
        "en": "A title is a name such as 2 dan, a value such as 1.5, or a threshold such as >=1.5.",
        "ru": "Звание — это название (например, 2 дан), значение (1.5) или порог (>=1.5).",
        "uk": "Звання — це назва (наприклад, 2 дан), значення (1.5) або поріг (>=1.5).",
        "zh": "级别可以是名称（如 2 dan）、数值（如 1.5）或阈值（如 >=1.5）。",
    },
    "dc.role_unusable": {
        "en": "I cannot give the role {role}: it is managed by Discord or an integration, or it"
        " is above my own highest role.",
        "ru": "Я не могу выдавать роль {role}: ею управляет Discord или интеграция, либо она"
        " выше моей высшей роли.",
        "uk": "Я не можу видавати роль {role}: нею керує Discord або інтеграція, або вона"
        " вища за мою найвищу роль.",
        "zh": "我无法授予身份组 {role}：它由 Discord 或集成管理，或高于我的最高身份组。",
    },
    "dc.role_mapped": {
        "en": "{discipline}: members whose title is {title} get the role {role}.",
        "ru": "{discipline}: участники со званием {title} получают роль {role}.",
        "uk": "{discipline}: учасники зі званням {title} отримують роль {role}.",
        "zh": "{discipline}：级别为 {title} 的成员将获得身份组 {role}。",
    },
    "dc.role_unmapped": {
        "en": "{discipline}: the title {title} no longer gives a role.",
        "ru": "{discipline}: звание {title} больше не даёт роли.",
        "uk": "{discipline}: звання {title} більше не дає ролі.",
        "zh": "{discipline}：级别 {title} 不再对应任何身份组。",
    },
    "dc.role_not_mapped": {
        "en": "{discipline}: the title {title} gives no role here.",
        "ru": "{discipline}: звание {title} здесь не даёт роли.",
        "uk": "{discipline}: звання {title} тут не дає ролі.",
        "zh": "{discipline}：级别 {title} 在此未对应任何身份组。",
    },
    "dc.role_maps_title": {
        "en": "Titles and roles in this server:",
        "ru": "Звания и роли на этом сервере:",
        "uk": "Звання та ролі на цьому сервері:",
        "zh": "本服务器的级别与身份组：",
    },
    "dc.role_maps_none": {
        "en": "No title gives a role in this server yet; a director sets one with /rolemap.",
        "ru": "На этом сервере звания пока не дают ролей; директор задаёт их командой /rolemap.",
        "uk": "На цьому сервері звання поки не дають ролей; директор задає їх командою /rolemap.",
        "zh": "本服务器尚未设置级别对应的身份组；裁判长可用 /rolemap 设置。",
    },
    "dc.role_synced": {
        "en": "Roles brought in step: linked members checked: {members}; roles given: {added};"
        " taken away: {removed}; could not be changed: {failed}.",
        "ru": "Роли приведены в соответствие: проверено участников — {members}, выдано ролей —"
        " {added}, снято — {removed}, не удалось изменить — {failed}.",
        "uk": "Ролі узгоджено: перевірено учасників — {members}, видано ролей — {added},"
        " знято — {removed}, не вдалося змінити — {failed}.",
        "zh": "身份组已同步：检查了 {members} 名已关联成员，授予 {added} 个，移除 {removed} 个，"
        "{failed} 个无法更改。",
    },
    "dc.cmd.rolemap": {
        "en": "give a Discord role to holders of a title: /rolemap <discipline> <role> <title>",
        "ru": "выдавать роль Discord обладателям звания: /rolemap <дисциплина> <роль> <звание>",
        "uk": "видавати роль Discord власникам звання: /rolemap <дисципліна> <роль> <звання>",
        "zh": "为某级别的持有者授予 Discord 身份组：/rolemap <项目> <身份组> <级别>",
    },
    "dc.cmd.roleunmap": {
        "en": "stop giving a role for a title: /roleunmap <discipline> <title>",
        "ru": "перестать выдавать роль за звание: /roleunmap <дисциплина> <звание>",
        "uk": "припинити видавати роль за звання: /roleunmap <дисципліна> <звання>",
        "zh": "停止为某级别授予身份组：/roleunmap <项目> <级别>",
    },
    "dc.cmd.rolemaps": {
        "en": "the titles that give roles in this server",
        "ru": "звания, которые дают роли на этом сервере",
        "uk": "звання, які дають ролі на цьому сервері",
        "zh": "本服务器中对应身份组的级别",
    },
    "dc.cmd.rolesync": {
        "en": "bring linked members' roles in step with their titles now",
        "ru": "сейчас привести роли связанных участников в соответствие со званиями",
        "uk": "зараз узгодити ролі пов'язаних учасників зі званнями",
        "zh": "立即按级别同步已关联成员的身份组",
    },
    "dc.arg.player": {
        "en": "a player's name or federation ID (yours if empty)",
        "ru": "имя игрока или ID в федерации (ваш, если пусто)",
        "uk": "ім'я гравця або ID у федерації (ваш, якщо порожньо)",
        "zh": "选手姓名或协会编号（留空则为您本人）",
    },
    "dc.arg.discipline": {
        "en": "the discipline's code, e.g. rmf-mcr",
        "ru": "код дисциплины, например rmf-mcr",
        "uk": "код дисципліни, наприклад rmf-mcr",
        "zh": "项目代码，例如 rmf-mcr",
    },
    "dc.arg.file": {
        "en": "the results file",
        "ru": "файл результатов",
        "uk": "файл результатів",
        "zh": "成绩文件",
    },
    "dc.arg.title": {
        "en": "a title (2 dan), a value (1.5) or a threshold (>=1.5)",
        "ru": "звание (2 дан), значение (1.5) или порог (>=1.5)",
        "uk": "звання (2 дан), значення (1.5) або поріг (>=1.5)",
        "zh": "级别（2 dan）、数值（1.5）或阈值（>=1.5）",
    },
    "dc.arg.tournament": {
        "en": "the tournament's code or part of its name",
        "ru": "код турнира или часть его названия",
        "uk": "код турніру або частина його назви",
        "zh": "比赛代码或名称的一部分",
    },
    "dc.arg.count": {
        "en": "how many lines (1-50)",
        "ru": "сколько строк (1-50)",
        "uk": "скільки рядків (1-50)",
        "zh": "显示多少行（1-50）",
    },
    "dc.arg.language": {
        "en": "the language of the answers",
        "ru": "язык ответов",
        "uk": "мова відповідей",
        "zh": "答复所用的语言",
    },
    "dc.arg.me": {
        "en": "news about your own figures, by direct message",
        "ru": "новости о ваших показателях, в личные сообщения",
        "uk": "новини про ваші показники, в особисті повідомлення",
        "zh": "通过私信接收您本人成绩的变化",
    },
    "dc.arg.id": {
        "en": "the player's federation ID",
        "ru": "ID игрока в федерации",
        "uk": "ID гравця у федерації",
        "zh": "选手的协会编号",
    },
    "dc.arg.code": {
        "en": "the one-time code a director gave you (if you have one)",
        "ru": "одноразовый код от директора (если он у вас есть)",
        "uk": "одноразовий код від директора (якщо він у вас є)",
        "zh": "裁判长给您的一次性验证码（如有）",
    },
    "dc.arg.request": {
        "en": "the number of the link request",
        "ru": "номер запроса на связь",
        "uk": "номер запиту на зв'язок",
        "zh": "关联申请的编号",
    },
    "dc.arg.page": {
        "en": "the page of the list (ten requests a page)",
        "ru": "страница списка (по десять запросов)",
        "uk": "сторінка списку (по десять запитів)",
        "zh": "列表的页码（每页十个申请）",
    },
    "dc.arg.account": {
        "en": "the account as platform:user, e.g. discord:123456789",
        "ru": "аккаунт в виде платформа:пользователь, например discord:123456789",
        "uk": "акаунт у вигляді платформа:користувач, наприклад discord:123456789",
        "zh": "账号，格式为 平台:用户，例如 discord:123456789",
    },
    "dc.arg.federation": {
        "en": "the federation's code",
        "ru": "код федерации",
        "uk": "код федерації",
        "zh": "协会代码",
    },
    "dc.arg.role": {
        "en": "the role in the federation",
        "ru": "роль в федерации",
        "uk": "роль у федерації",
        "zh": "在协会中的角色",
    },
    "dc.arg.token": {
        "en": "the submission's code shown with its preview",
        "ru": "код подачи, показанный в предпросмотре",
        "uk": "код подання, показаний у попередньому перегляді",
        "zh": "预览中显示的提交代码",
    },
    "dc.arg.date": {
        "en": "the list date, YYYY-MM-DD (today if empty)",
        "ru": "дата списка, ГГГГ-ММ-ДД (сегодня, если пусто)",
        "uk": "дата списку, РРРР-ММ-ДД (сьогодні, якщо порожньо)",
        "zh": "排名日期，YYYY-MM-DD（留空则为今天）",
    },
    "dc.arg.arguments": {
        "en": "what you would type after the command",
        "ru": "то, что вы написали бы после команды",
        "uk": "те, що ви написали б після команди",
        "zh": "通常在命令后输入的内容",
    },
    "dc.arg.opponent": {
        "en": "your opponent's federation ID",
        "ru": "ID соперника в федерации",
        "uk": "ID суперника у федерації",
        "zh": "对手的协会编号",
    },
    "dc.arg.result": {
        "en": "your result",
        "ru": "ваш результат",
        "uk": "ваш результат",
        "zh": "您的结果",
    },
    "dc.arg.score": {
        "en": "the score from your side, e.g. 40-24",
        "ru": "счёт с вашей стороны, например 40-24",
        "uk": "рахунок з вашого боку, наприклад 40-24",
        "zh": "从您的角度的比分，例如 40-24",
    },
    "dc.arg.size": {
        "en": "the board: 9, 13 or 19",
        "ru": "доска: 9, 13 или 19",
        "uk": "дошка: 9, 13 або 19",
        "zh": "棋盘：9、13 或 19",
    },
    "dc.arg.time": {
        "en": "minutes of main time per player",
        "ru": "основное время на игрока, минут",
        "uk": "основний час на гравця, хвилин",
        "zh": "每方基本用时（分钟）",
    },
    "dc.arg.official": {
        "en": "an official tournament (K3, seed 002 §4.3)",
        "ru": "официальный турнир (K3, seed 002 §4.3)",
        "uk": "офіційний турнір (K3, seed 002 §4.3)",
        "zh": "正式比赛（K3，seed 002 §4.3）",
    },
    "dc.arg.rating": {
        "en": "when games are rated: when a round closes, or at once",
        "ru": "когда обсчитываются партии: при закрытии тура или сразу",
        "uk": "коли обраховуються партії: при закритті туру або одразу",
        "zh": "何时计算对局：一轮结束时，或即刻",
    },
    "dc.arg.proposal": {
        "en": "the number of the proposed result sheet",
        "ru": "номер предложенной таблицы результатов",
        "uk": "номер запропонованої таблиці результатів",
        "zh": "提交的成绩表编号",
    },
    "dc.arg.reason": {
        "en": "why (the proposer is told)",
        "ru": "причина (автору сообщат)",
        "uk": "причина (автору повідомлять)",
        "zh": "理由（会告知提交者）",
    },
    "dc.arg.report": {
        "en": "the number of the game report",
        "ru": "номер отчёта о партии",
        "uk": "номер звіту про партію",
        "zh": "对局报告编号",
    },
    "dc.arg.tournament_code": {
        "en": "the tournament's code, e.g. league-2026",
        "ru": "код турнира, например league-2026",
        "uk": "код турніру, наприклад league-2026",
        "zh": "比赛代码，例如 league-2026",
    },
    "dc.arg.tournament_name": {
        "en": "its name, for a new tournament",
        "ru": "название, для нового турнира",
        "uk": "назва, для нового турніру",
        "zh": "名称（新比赛时填写）",
    },
    "dc.arg.qualification": {
        "en": "the number of the qualification window",
        "ru": "номер квалификационного окна",
        "uk": "номер кваліфікаційного вікна",
        "zh": "资格选拔的编号",
    },
    "dc.arg.event_date": {
        "en": "the event's date, YYYY-MM-DD",
        "ru": "дата соревнования, ГГГГ-ММ-ДД",
        "uk": "дата змагання, РРРР-ММ-ДД",
        "zh": "赛事日期，YYYY-MM-DD",
    },
    "dc.arg.quota": {
        "en": "how many places the federation has",
        "ru": "сколько мест у федерации",
        "uk": "скільки місць має федерація",
        "zh": "协会拥有的名额数",
    },
    "dc.arg.event_name": {
        "en": "the event's name",
        "ru": "название соревнования",
        "uk": "назва змагання",
        "zh": "赛事名称",
    },
    "dc.arg.presidium": {
        "en": "federation IDs of the Presidium's places, separated by commas",
        "ru": "ID игроков на места Президиума, через запятую",
        "uk": "ID гравців на місця Президії, через кому",
        "zh": "主席团名额选手的协会编号，用逗号分隔",
    },
    "dc.arg.qualification_date": {
        "en": "the Presidium's qualification date, YYYY-MM-DD (the rule's date if empty)",
        "ru": "дата квалификации от Президиума, ГГГГ-ММ-ДД (по правилу, если пусто)",
        "uk": "дата кваліфікації від Президії, РРРР-ММ-ДД (за правилом, якщо порожньо)",
        "zh": "主席团确定的资格日期，YYYY-MM-DD（留空则按规则）",
    },
    "dc.arg.tie": {
        "en": "the Presidium's order of tied players: federation IDs, separated by commas",
        "ru": "порядок игроков с равными очками от Президиума: ID через запятую",
        "uk": "порядок гравців з рівними очками від Президії: ID через кому",
        "zh": "主席团对同分选手的排序：协会编号，用逗号分隔",
    },
    "dc.arg.place": {
        "en": "the place to imagine",
        "ru": "место, которое представить",
        "uk": "місце, яке уявити",
        "zh": "假设的名次",
    },
    "dc.arg.system": {
        "en": "the rating system (engine) of the discipline",
        "ru": "рейтинговая система (движок) дисциплины",
        "uk": "рейтингова система (рушій) дисципліни",
        "zh": "该项目的等级分体系（引擎）",
    },
    "dc.arg.calendar": {
        "en": "when its lists are published",
        "ru": "когда публикуются её списки",
        "uk": "коли публікуються її списки",
        "zh": "排名的发布周期",
    },
    "dc.arg.discipline_code": {
        "en": "the new discipline's code, e.g. rmf-mcr",
        "ru": "код новой дисциплины, например rmf-mcr",
        "uk": "код нової дисципліни, наприклад rmf-mcr",
        "zh": "新项目的代码，例如 rmf-mcr",
    },
    "dc.arg.discipline_name": {
        "en": "the discipline's name",
        "ru": "название дисциплины",
        "uk": "назва дисципліни",
        "zh": "项目名称",
    },
    "dc.arg.results_file": {
        "en": "the round's results file (without it a form opens)",
        "ru": "файл результатов тура (без него откроется форма)",
        "uk": "файл результатів туру (без нього відкриється форма)",
        "zh": "本轮成绩文件（不附文件则打开表单）",
    },
    "dc.arg.discord_role": {
        "en": "the Discord role to give",
        "ru": "роль Discord, которую выдавать",
        "uk": "роль Discord, яку видавати",
        "zh": "要授予的 Discord 身份组",
    },
    # ── chat: begin (keys of the chat work go between begin and end) ──
    "dc.arg.first_player": {
        "en": "a player: federation ID, EGD PIN or full name",
        "ru": "игрок: ID в федерации, PIN EGD или полное имя",
        "uk": "гравець: ID у федерації, PIN EGD або повне ім'я",
        "zh": "选手：协会编号、EGD PIN 或全名",
    },
    "dc.arg.second_player": {
        "en": "the other player: federation ID, EGD PIN or full name",
        "ru": "второй игрок: ID в федерации, PIN EGD или полное имя",
        "uk": "другий гравець: ID у федерації, PIN EGD або повне ім'я",
        "zh": "另一名选手：协会编号、EGD PIN 或全名",
    },
    "dc.arg.tournament_named": {
        "en": "the tournament's code or name",
        "ru": "код или название турнира",
        "uk": "код або назва турніру",
        "zh": "比赛的代码或名称",
    },
    "dc.arg.result_page": {
        "en": "the page (1 if empty)",
        "ru": "страница (1, если пусто)",
        "uk": "сторінка (1, якщо порожньо)",
        "zh": "页码（留空则为 1）",
    },
    "dc.arg.list_on": {
        "en": "the list in force on this date, YYYY-MM-DD (the current list if empty)",
        "ru": "список, действовавший на эту дату, ГГГГ-ММ-ДД (текущий, если пусто)",
        "uk": "список, чинний на цю дату, РРРР-ММ-ДД (поточний, якщо порожньо)",
        "zh": "该日期有效的排名，YYYY-MM-DD（留空则为当前排名）",
    },
    # ── chat: end ──
}

# Localized slash command names (Discord: lower case, letters, digits, - and _, at most 32).
NAMES: dict[str, M] = {
    "start": {"ru": "старт", "uk": "старт", "zh": "开始"},
    "help": {"ru": "помощь", "uk": "довідка", "zh": "帮助"},
    "link": {"ru": "связать", "uk": "зв_язати", "zh": "关联"},
    "rating": {"ru": "рейтинг", "uk": "рейтинг", "zh": "等级分"},
    "top": {"ru": "топ", "uk": "топ", "zh": "排行"},
    "why": {"ru": "почему", "uk": "чому", "zh": "依据"},
    "history": {"ru": "история", "uk": "історія", "zh": "历史"},
    "subscribe": {"ru": "подписаться", "uk": "підписатися", "zh": "订阅"},
    "unsubscribe": {"ru": "отписаться", "uk": "відписатися", "zh": "退订"},
    "lang": {"ru": "язык", "uk": "мова", "zh": "语言"},
    "links": {"ru": "запросы", "uk": "запити", "zh": "关联申请"},
    "approve": {"ru": "одобрить", "uk": "схвалити", "zh": "批准"},
    "reject": {"ru": "отклонить", "uk": "відхилити", "zh": "拒绝"},
    "linkcode": {"ru": "код_связи", "uk": "код_зв_язку", "zh": "关联码"},
    "grant": {"ru": "назначить", "uk": "призначити", "zh": "授权"},
    "submit": {"ru": "подать", "uk": "подати", "zh": "提交"},
    "confirm": {"ru": "подтвердить", "uk": "підтвердити", "zh": "确认"},
    "cancel": {"ru": "отменить", "uk": "скасувати", "zh": "取消"},
    "publish": {"ru": "опубликовать", "uk": "опублікувати", "zh": "发布"},
    "report": {"ru": "партия", "uk": "партія", "zh": "报告对局"},
    "reports": {"ru": "отчёты", "uk": "звіти", "zh": "对局报告"},
    "gameok": {"ru": "партия_да", "uk": "партія_так", "zh": "确认对局"},
    "gamedispute": {"ru": "партия_спор", "uk": "партія_спір", "zh": "异议对局"},
    "openreports": {"ru": "открыть_отчёты", "uk": "відкрити_звіти", "zh": "开放报告"},
    "closereports": {"ru": "закрыть_отчёты", "uk": "закрити_звіти", "zh": "关闭报告"},
    "gameapprove": {"ru": "утвердить_партию", "uk": "затвердити_партію", "zh": "批准对局"},
    "gamereject": {"ru": "отклонить_партию", "uk": "відхилити_партію", "zh": "驳回对局"},
    "league": {"ru": "лига", "uk": "ліга", "zh": "联赛"},
    "closeround": {"ru": "закрыть_тур", "uk": "закрити_тур", "zh": "结束本轮"},
    "mygames": {"ru": "мои_партии", "uk": "мої_партії", "zh": "我的对局"},
    "roundstatus": {"ru": "лист_тура", "uk": "аркуш_туру", "zh": "本轮成绩单"},
    "propose": {"ru": "предложить", "uk": "запропонувати", "zh": "提交成绩表"},
    "proposals": {"ru": "предложения", "uk": "пропозиції", "zh": "成绩表提交"},
    "proposalaccept": {"ru": "принять_таблицу", "uk": "прийняти_таблицю", "zh": "接受成绩表"},
    "proposalreject": {"ru": "отклонить_таблицу", "uk": "відхилити_таблицю", "zh": "拒绝成绩表"},
    "qualify": {"ru": "квалификация_новая", "uk": "кваліфікація_нова", "zh": "新建资格选拔"},
    "qualification": {"ru": "квалификация", "uk": "кваліфікація", "zh": "资格选拔"},
    "qconfirm": {"ru": "принять_место", "uk": "прийняти_місце", "zh": "接受名额"},
    "qdecline": {"ru": "отказаться_от_места", "uk": "відмовитися_від_місця", "zh": "放弃名额"},
    "whatif": {"ru": "что_если", "uk": "що_якщо", "zh": "假如"},
    "pairing": {"ru": "пары", "uk": "пари", "zh": "配对"},
    "standings": {"ru": "таблица", "uk": "таблиця", "zh": "积分榜"},
    "round": {"ru": "тур", "uk": "тур", "zh": "轮次"},
    "disciplines": {"ru": "дисциплины", "uk": "дисципліни", "zh": "项目列表"},
    "discipline": {"ru": "дисциплина", "uk": "дисципліна", "zh": "项目"},
    "roles": {"ru": "роли", "uk": "ролі", "zh": "角色"},
    "unlink": {"ru": "отвязать", "uk": "відв_язати", "zh": "解除关联"},
    "rolemap": {"ru": "роль_звания", "uk": "роль_звання", "zh": "级别身份组"},
    "roleunmap": {"ru": "убрать_роль", "uk": "прибрати_роль", "zh": "取消级别身份组"},
    "rolemaps": {"ru": "роли_званий", "uk": "ролі_звань", "zh": "级别身份组列表"},
    "rolesync": {"ru": "синхр_ролей", "uk": "синхр_ролей", "zh": "同步身份组"},
}


def t(language: str, key: str, **values: object) -> str:
    """The message ``key`` in ``language`` (English if unknown), with ``values`` filled in."""
    entry = MESSAGES[key]
    template = entry.get(language) or entry["en"]
    return template.format(**values)


def missing_translations() -> list[tuple[str, str]]:
    """(key, language) pairs without a translation: must stay empty."""
    missing = [(k, lang) for k, e in MESSAGES.items() for lang in LANGUAGES if lang not in e]
    missing += [
        (f"name.{k}", lang) for k, e in NAMES.items() for lang in LANGUAGES[1:] if lang not in e
    ]
    return missing
