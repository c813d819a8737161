"""The Telegram transport's own strings (not the use cases'), in en, ru, uk and zh.

Replies of the use cases are translated by :mod:`fedrank.handlers.i18n`; these are the few
messages the transport itself sends: throttling, files, private answers in groups. A test checks
that every message exists in every language with the same placeholders.
"""

from __future__ import annotations

from fedrank.handlers.context import LANGUAGES

M = dict[str, str]

MESSAGES: dict[str, M] = {
    "tg.throttled": {
        "en": "Too many commands at once; please wait {seconds} s.",
        "ru": "Слишком много команд подряд; подождите {seconds} с.",
        "uk": "Забагато команд поспіль; зачекайте {seconds} с.",
        "zh": "命令发送过快，请等待 {seconds} 秒。",
    },
    "tg.sent_privately": {
        "en": "I sent the answer to you in a private chat.",
        "ru": "Ответ отправлен вам в личные сообщения.",
        "uk": "Відповідь надіслано вам в особисті повідомлення.",
        "zh": "答复已私信发给您。",
    },
    "tg.open_private": {
        "en": "This answer is private: open a chat with me, press Start, then ask again.",
        "ru": "Этот ответ личный: откройте чат со мной, нажмите «Старт» и спросите снова.",
        "uk": "Ця відповідь особиста: відкрийте чат зі мною, натисніть «Старт» і запитайте знову.",
        "zh": "此答复仅限本人查看：请打开与我的私聊，点击“开始”，然后再问一次。",
    },
    "tg.file_too_large": {
        "en": "The file is too large ({size} MB); the limit is {limit} MB.",
        "ru": "Файл слишком большой ({size} МБ); предел — {limit} МБ.",
        "uk": "Файл завеликий ({size} МБ); межа — {limit} МБ.",
        "zh": "文件过大（{size} MB），上限为 {limit} MB。",
    },
    "tg.file_failed": {
        "en": "I could not download the file; please send it again.",
        "ru": "Не удалось скачать файл; пришлите его ещё раз.",
        "uk": "Не вдалося завантажити файл; надішліть його ще раз.",
        "zh": "文件下载失败，请重新发送。",
    },
    "tg.file_hint": {
        "en": "To submit results, send the file with the caption /submit <discipline>.",
        "ru": "Чтобы подать результаты, отправьте файл с подписью /submit <дисциплина>.",
        "uk": "Щоб подати результати, надішліть файл з підписом /submit <дисципліна>.",
        "zh": "提交成绩时，请发送文件并附上说明 /submit <项目>。",
    },
    "tg.table_file": {
        "en": "The table is long, so it is in the attached file {filename}.",
        "ru": "Таблица длинная, она в приложенном файле {filename}.",
        "uk": "Таблиця довга, вона в доданому файлі {filename}.",
        "zh": "表格较长，已放在附件 {filename} 中。",
    },
    "tg.type_to_press": {
        "en": "{label}: send {command}",
        "ru": "{label}: отправьте {command}",
        "uk": "{label}: надішліть {command}",
        "zh": "{label}：发送 {command}",
    },
    "tg.pressed": {
        "en": "Pressed: {label}",
        "ru": "Нажато: {label}",
        "uk": "Натиснуто: {label}",
        "zh": "已点击：{label}",
    },
}


def t(language: str, key: str, **values: object) -> str:
    """The message ``key`` in ``language`` (English if unknown), with ``values`` filled in."""
    entry = MESSAGES[key]
    template = entry.get(language) or entry["en"]
    return template.format(**values)


def missing_translations() -> list[tuple[str, str]]:
    """(key, language) pairs without a translation: must stay empty."""
    return [(k, lang) for k, entry in MESSAGES.items() for lang in LANGUAGES if lang not in entry]
