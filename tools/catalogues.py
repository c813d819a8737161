"""Turn the Python message dicts into fedrank's gettext catalogue (issue 20), and compile it.

Until the branches that still add keys to the dict modules are merged, the dicts are the source
and ``fedrank/locales/<lang>/LC_MESSAGES/fedrank.po`` (+ ``.mo``) are generated from them:

    python tools/catalogues.py            # dicts -> .po -> .mo (the dicts must exist)
    python tools/catalogues.py --compile  # .po -> .mo only (what a translator's edit needs)
    python tools/catalogues.py --check    # exit 1 if a run would change any file

Read, each imported by its file path (so the merged files work whatever imports them):

- ``fedrank/handlers/wording/i18n/{en,ru,uk,zh}.py``: ``MESSAGES``, a flat ``key -> text`` dict each;
- ``fedrank/bot/telegram/i18n.py``, ``fedrank/bot/discord/i18n.py``: ``MESSAGES``,
  ``key -> {language: text}``; the Discord module's ``NAMES`` (``command -> {language: name}``)
  become ``name.<command>`` entries (English: the command itself).

Three keys ``<base>.one``, ``<base>.few`` and ``<base>.many`` become one plural entry, msgid and
msgid_plural ``<base>``, with the CLDR forms of each language (en: one, other; ru and uk: one,
few, many; zh: one form). The transport keys of :data:`SHARED` are one key for both transports
(the texts must agree). Output is sorted by msgid, with no dates in the headers, so the same
dicts always give byte-identical files, and a second run changes nothing.

Development-time only (needs Babel, the ``dev`` extra); fedrank itself reads the ``.mo`` files
with the standard library's :mod:`gettext`.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import struct
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import ModuleType

from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

LANGUAGES = ("en", "ru", "uk", "zh")
DOMAIN = "fedrank"
ROOT = Path(__file__).resolve().parent.parent

#: (language, key) -> text, for the singular messages.
Texts = dict[str, dict[str, str]]
#: (language, base) -> the forms in gettext's order for that language.
Plurals = dict[str, dict[str, tuple[str, ...]]]

#: Keys of the two transports whose texts were the same in every language: one key for both.
SHARED: dict[str, tuple[str, ...]] = {
    "bot.throttled": ("tg.throttled", "dc.throttled"),
    "bot.table_file": ("tg.table_file", "dc.table_file"),
    "bot.file_too_large": ("tg.file_too_large", "dc.file_too_large"),
    "bot.file_failed": ("tg.file_failed", "dc.file_failed"),
    "bot.type_to_press": ("tg.type_to_press", "dc.type_to_press"),
}

#: The CLDR categories that make up each language's gettext forms, in order: the dict keys
#: ``<base>.one`` / ``.few`` / ``.many`` give them (``many`` stands for CLDR's ``other``).
FORMS: dict[str, tuple[str, ...]] = {
    "en": ("one", "many"),
    "ru": ("one", "few", "many"),
    "uk": ("one", "few", "many"),
    "zh": ("many",),
}
SUFFIXES = (".one", ".few", ".many")

HEADER_COMMENT = (
    "# fedrank's messages in {name}.\n"
    "# msgid is the message key, msgstr its text; placeholders in braces\n"
    "# such as {{player}} stay as they are. How to edit: docs/translating.md."
)
NAMES = {"en": "English", "ru": "Russian", "uk": "Ukrainian", "zh": "Chinese"}


class CatalogueError(Exception):
    """The dict modules cannot be turned into one catalogue (the message says why)."""


# ── reading the dict modules ──────────────────────────────────────────────────────────────


def _module(path: Path) -> ModuleType:
    name = "_catalogue_" + "_".join(path.relative_to(path.parents[3]).with_suffix("").parts)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise CatalogueError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_dicts(root: Path) -> Texts:
    """Every message of the six dict modules under ``root``: ``language -> key -> text``."""
    texts: Texts = {lang: {} for lang in LANGUAGES}
    for lang in LANGUAGES:
        texts[lang].update(_module(root / "fedrank/handlers/wording/i18n" / f"{lang}.py").MESSAGES)
    transports: list[tuple[str, dict[str, dict[str, str]]]] = []
    for transport in ("telegram", "discord"):
        path = root / "fedrank/bot" / transport / "i18n.py"
        if path.exists():
            module = _module(path)
            transports.append((transport, module.MESSAGES))
            for command, names in getattr(module, "NAMES", {}).items():
                transports.append((transport, {f"name.{command}": {"en": command, **names}}))
    renamed = {old: new for new, olds in SHARED.items() for old in olds}
    for transport, messages in transports:
        for key, entry in messages.items():
            target = renamed.get(key, key)
            for lang in LANGUAGES:
                if lang not in entry:
                    continue
                have = texts[lang].get(target)
                if have is not None and have != entry[lang]:
                    raise CatalogueError(
                        f"{key} ({transport}, {lang}) differs from the text already kept as"
                        f" {target}: {entry[lang]!r} != {have!r}"
                    )
                texts[lang][target] = entry[lang]
    return texts


def split_plurals(texts: Texts) -> tuple[Texts, Plurals]:
    """The ``.one/.few/.many`` triples taken out as plural entries, the rest left singular."""
    bases = sorted(
        {
            key.rsplit(".", 1)[0]
            for catalogue in texts.values()
            for key in catalogue
            if key.endswith(SUFFIXES)
        }
    )
    singular: Texts = {lang: dict(catalogue) for lang, catalogue in texts.items()}
    plurals: Plurals = {lang: {} for lang in texts}
    for base in bases:
        for lang, catalogue in singular.items():
            keys = [base + suffix for suffix in SUFFIXES]
            present = [key for key in keys if key in catalogue]
            if not present:
                continue
            if len(present) != len(keys):
                raise CatalogueError(f"{base}: {lang} has {present}, not all of {keys}")
            if base in catalogue:
                raise CatalogueError(f"{base} is both a message and a counted noun ({lang})")
            forms = {key.rsplit(".", 1)[1]: catalogue.pop(key) for key in keys}
            plurals[lang][base] = tuple(forms[form] for form in FORMS[lang])
    return singular, plurals


# ── writing the .po and .mo files ─────────────────────────────────────────────────────────


def plural_forms(lang: str) -> str:
    """The ``Plural-Forms`` header of ``lang``, as Babel writes it (CLDR's rules)."""
    return str(get_plural(lang))


def english_note(english: str | tuple[str, ...] | None) -> list[str]:
    """The extracted comment that shows the English text to a translator (Poedit's notes)."""
    if english is None:
        return []
    if isinstance(english, str):
        return [f"en: {english}"]
    # One comment: Babel drops a repeated line of a message's comments when it reads them back.
    return ["en: " + " | ".join(english)]


def catalog(lang: str, singular: Texts, plurals: Plurals) -> Catalog:
    """One language's catalogue: every key any language has, sorted, English as a note."""
    keys = sorted({key for catalogue in singular.values() for key in catalogue})
    bases = sorted({base for forms in plurals.values() for base in forms})
    cat = Catalog(
        locale=lang,
        domain=DOMAIN,
        header_comment=HEADER_COMMENT.format(name=NAMES.get(lang, lang)),
        project=DOMAIN,
        version="",
        fuzzy=False,
    )
    entries: list[Message] = []
    for key in keys:
        note = english_note(singular["en"].get(key))
        entries.append(Message(key, singular[lang].get(key, ""), auto_comments=note))
    for base in bases:
        note = english_note(plurals["en"].get(base))
        forms = plurals[lang].get(base, ("",) * len(FORMS[lang]))
        entries.append(Message((base, base), forms, auto_comments=note))
    for message in sorted(entries, key=lambda m: m.id if isinstance(m.id, str) else m.id[0]):
        cat[message.id] = message
    return cat


#: Header fields Babel writes that would make two runs differ (dates, Babel's version).
UNSTABLE = (b'"POT-Creation-Date: ', b'"PO-Revision-Date: ', b'"Generated-By: ')


def po_text(cat: Catalog) -> bytes:
    """The ``.po`` as ``pybabel update`` writes it, minus the header fields of :data:`UNSTABLE`."""
    out = io.BytesIO()
    write_po(out, cat)
    lines = out.getvalue().splitlines(keepends=True)
    return b"".join(line for line in lines if not line.startswith(UNSTABLE))


def mo_bytes(po: bytes) -> bytes:
    """The GNU ``.mo`` of a ``.po``: entries sorted by msgid, the ``.po``'s header as it is.

    Written here rather than by Babel's ``write_mo``, which stamps the current date into the
    header when the ``.po`` has none; this keeps the same ``.po`` giving the same bytes.
    """
    cat = read_po(io.BytesIO(po), domain=DOMAIN)
    pairs: list[tuple[bytes, bytes]] = [(b"", _header_value(po).encode())]
    for message in cat:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, str):
            assert isinstance(message.string, str)
            if message.string:
                pairs.append((message.id.encode(), message.string.encode()))
        else:
            forms = tuple(message.string)
            if all(forms):
                pairs.append(("\0".join(message.id).encode(), "\0".join(forms).encode()))
    pairs.sort()
    count = len(pairs)
    ids_start = 7 * 4 + 16 * count
    strs_start = ids_start + sum(len(key) + 1 for key, _ in pairs)
    table_ids: list[int] = []
    table_strs: list[int] = []
    ids = strs = b""
    for key, value in pairs:
        table_ids += [len(key), ids_start + len(ids)]
        table_strs += [len(value), strs_start + len(strs)]
        ids += key + b"\0"
        strs += value + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, count, 28, 28 + 8 * count, 0, 0)
    return head + struct.pack(f"<{4 * count}I", *table_ids, *table_strs) + ids + strs


def _header_value(po: bytes) -> str:
    text = po.decode()
    start = text.index('msgid ""\nmsgstr ""\n') + len('msgid ""\nmsgstr ""\n')
    lines: list[str] = []
    for line in text[start:].splitlines():
        if not line.startswith('"'):
            break
        lines.append(line[1:-1].replace("\\n", "\n").replace('\\"', '"'))
    return "".join(lines)


# ── the command ───────────────────────────────────────────────────────────────────────────


def locale_dir(root: Path, lang: str) -> Path:
    return root / "fedrank/locales" / lang / "LC_MESSAGES"


def outputs_from_dicts(root: Path) -> dict[Path, bytes]:
    singular, plurals = split_plurals(read_dicts(root))
    out: dict[Path, bytes] = {}
    for lang in LANGUAGES:
        po = po_text(catalog(lang, singular, plurals))
        out[locale_dir(root, lang) / f"{DOMAIN}.po"] = po
        out[locale_dir(root, lang) / f"{DOMAIN}.mo"] = mo_bytes(po)
    return out


def outputs_from_po(root: Path) -> dict[Path, bytes]:
    out: dict[Path, bytes] = {}
    for lang in LANGUAGES:
        po = (locale_dir(root, lang) / f"{DOMAIN}.po").read_bytes()
        out[locale_dir(root, lang) / f"{DOMAIN}.mo"] = mo_bytes(po)
    return out


def duplicates(root: Path) -> Iterator[str]:
    """Telegram and Discord keys with the same text in every language that :data:`SHARED`
    does not join yet (printed as a hint: give them one ``bot.`` key)."""
    path_tg = root / "fedrank/bot/telegram/i18n.py"
    path_dc = root / "fedrank/bot/discord/i18n.py"
    if not (path_tg.exists() and path_dc.exists()):
        return
    tg, dc = _module(path_tg).MESSAGES, _module(path_dc).MESSAGES
    shared = {old for olds in SHARED.values() for old in olds}
    for key, entry in tg.items():
        twin = "dc." + key.removeprefix("tg.")
        if key not in shared and dc.get(twin) == entry:
            yield f"{key} = {twin}"


def write(files: dict[Path, bytes], check: bool) -> list[Path]:
    changed = [p for p, data in files.items() if not p.exists() or p.read_bytes() != data]
    if not check:
        for path in changed:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(files[path])
    return changed


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the project (default: this one)")
    parser.add_argument("--compile", action="store_true", help="only compile the .po into .mo")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    args = parser.parse_args(list(argv) if argv is not None else None)
    root: Path = args.root.resolve()
    try:
        files = outputs_from_po(root) if args.compile else outputs_from_dicts(root)
    except (CatalogueError, OSError) as error:
        print(f"catalogues: {error}", file=sys.stderr)
        return 2
    changed = write(files, args.check)
    for path in changed:
        print(f"{'stale' if args.check else 'wrote'} {path.relative_to(root)}")
    if not args.compile:
        for pair in duplicates(root):
            print(f"hint: same text in every language, consider one bot. key: {pair}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))  # the transport modules import fedrank (LANGUAGES)
    sys.exit(main())
