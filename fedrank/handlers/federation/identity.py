"""A federation's words and identity: names per language, logo, accent colour, contact, footer.

Set by the operator (``fedrank federation add | edit --name-ru … --logo FILE --accent '#0a5'
--contact … --footer …``, ``fedrank discipline add | edit --name-zh …``) and by an admin of the
federation in a chat (``/identity <federation> [field value…]``; a logo only from the CLI, as
a file on the server). Every value is checked completely before anything is written, and each
change is in the audit log (``federation.identity``, ``discipline.names``) with what it was
before. The site (:mod:`fedrank.handlers.site.identity`) and the list files read them.

- A name: at most 200 characters, no invisible control or bidi character (refused, not
  stripped: an admin should see what was wrong). An empty value clears the language's name.
- The accent: ``#rgb`` or ``#rrggbb``, kept in lower case.
- The contact line (300) and footer (500): text, the same characters refused.
- The logo: a PNG, JPEG or SVG file of at most :data:`MAX_LOGO` bytes, recognised by its first
  bytes (not its name); an SVG with a script, an event attribute, a ``javascript:`` address,
  a foreign object or anything loaded from outside is refused.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from fedrank.handlers.access import caller, require_role
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.denials import record_refusal
from fedrank.handlers.errors import UserError
from fedrank.handlers.federation.setup import MAX_NAME, Actor, discipline_of, federation_named
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.languages import LANGUAGES
from fedrank.handlers.wording.reply import Reply
from fedrank.handlers.wording.safetext import visible
from fedrank.storage.models import Discipline, Federation
from fedrank.storage.repos import Repos

MAX_CONTACT = 300
MAX_FOOTER = 500
#: A logo's size cap: a header image, not a photograph.
MAX_LOGO = 256 * 1024
ACCENT = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
#: What an SVG may not hold: it is served from the federation's own site.
_SVG_UNSAFE = re.compile(
    r"<\s*script|<\s*foreignobject|\son[a-z]+\s*=|javascript:|data:text/html|<\s*iframe"
    r"|<\s*embed|<\s*object|(?:xlink:)?href\s*=\s*[\"']?\s*(?:https?:|//)|<!entity",
    re.IGNORECASE,
)
#: The identity fields a chat or the CLI names, besides ``name-<language>``.
FIELDS = ("accent", "contact", "footer")


@dataclass(frozen=True, slots=True)
class Logo:
    """A logo file's bytes and its type (``png``, ``jpeg``, ``svg``)."""

    data: bytes
    kind: str


def _text(actor: Actor, field: str, value: str, limit: int) -> str:
    """A line of text as stored: trimmed, runs of spaces as one; refused when too long or
    holding an invisible or bidi control character."""
    if visible(value) != value or "\n" in value or "\r" in value or "\t" in value:
        raise UserError(t(actor.language, "identity.bad_characters", field=field))
    cleaned = " ".join(value.split())
    if len(cleaned) > limit:
        raise UserError(t(actor.language, "identity.too_long", field=field, limit=limit))
    return cleaned


def check_names(actor: Actor, names: Mapping[str, str]) -> dict[str, str]:
    """Names by language, checked; an empty name clears that language's."""
    out: dict[str, str] = {}
    for language, name in names.items():
        if language not in LANGUAGES:
            raise UserError(
                t(
                    actor.language,
                    "setup.bad_language",
                    language=language,
                    known=", ".join(LANGUAGES),
                )
            )
        out[language] = _text(actor, f"name-{language}", name, MAX_NAME)
    return out


def check_accent(actor: Actor, accent: str) -> str:
    """``#rgb`` or ``#rrggbb`` in lower case; empty clears it."""
    value = accent.strip()
    if value and not ACCENT.match(value):
        raise UserError(t(actor.language, "identity.bad_accent", accent=accent[:20]))
    return value.lower()


def check_logo(actor: Actor, data: bytes) -> Logo:
    """The logo's type from its first bytes; refused when too big, of another type, or an
    SVG that could run or load anything."""
    if len(data) > MAX_LOGO:
        raise UserError(t(actor.language, "identity.logo_too_big", limit=MAX_LOGO // 1024))
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return Logo(data, "png")
    if data.startswith(b"\xff\xd8\xff"):
        return Logo(data, "jpeg")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UserError(t(actor.language, "identity.logo_type")) from None
    if not re.search(r"<svg[\s>]", text, re.IGNORECASE):
        raise UserError(t(actor.language, "identity.logo_type"))
    if _SVG_UNSAFE.search(text):
        raise UserError(t(actor.language, "identity.logo_script"))
    return Logo(data, "svg")


async def set_names(
    repos: Repos,
    actor: Actor,
    federation: Federation,
    names: Mapping[str, str],
    discipline: Discipline | None = None,
) -> None:
    """Set (or with an empty value clear) the federation's, or its ``discipline``'s, name in
    the languages given; audited with the names before and after. The caller checked the role."""
    checked = check_names(actor, names)
    if not checked:
        return
    target: Federation | Discipline = discipline if discipline is not None else federation
    before = {str(k): str(v) for k, v in (target.names or {}).items()}
    after = {k: v for k, v in {**before, **checked}.items() if v}
    target.names = after  # a new dict: the JSON column sees the change
    await repos.audit.log(
        "discipline.names" if discipline is not None else "federation.names",
        at=actor.now,
        account_id=actor.account_id,
        federation_id=federation.id,
        subject=discipline.code if discipline is not None else federation.code,
        details={"before": before, "after": after},
    )


async def set_identity(
    repos: Repos,
    actor: Actor,
    federation: Federation,
    *,
    accent: str | None = None,
    contact: str | None = None,
    footer: str | None = None,
    logo: bytes | None = None,
    clear_logo: bool = False,
) -> list[str]:
    """Set the identity fields given (an empty text clears one); the fields changed. All are
    checked before any is written; audited as ``federation.identity`` (a logo by its type and
    size, not its bytes)."""
    changes: dict[str, str | None] = {}
    if accent is not None:
        changes["accent"] = check_accent(actor, accent) or None
    if contact is not None:
        changes["contact"] = _text(actor, "contact", contact, MAX_CONTACT) or None
    if footer is not None:
        changes["footer"] = _text(actor, "footer", footer, MAX_FOOTER) or None
    checked_logo = check_logo(actor, logo) if logo is not None else None
    before = {key: getattr(federation, key) for key in changes}
    for key, value in changes.items():
        setattr(federation, key, value)
    details: dict[str, object] = {"before": before, "after": dict(changes)}
    if checked_logo is not None:
        federation.logo = checked_logo.data
        federation.logo_type = checked_logo.kind
        details["logo"] = f"{checked_logo.kind}, {len(checked_logo.data)} bytes"
    elif clear_logo:
        federation.logo = None
        federation.logo_type = None
        details["logo"] = None
    changed = [*changes, *(["logo"] if checked_logo is not None or clear_logo else [])]
    if changed:
        await repos.audit.log(
            "federation.identity",
            at=actor.now,
            account_id=actor.account_id,
            federation_id=federation.id,
            subject=federation.code,
            details=details,
        )
    return changed


def identity_lines(language: str, federation: Federation, disciplines: list[Discipline]) -> str:
    """The federation's names and identity as an admin or the operator reads them back."""
    none = "—"
    lines = [t(language, "identity.title", code=federation.code)]
    for lang in LANGUAGES:
        lines.append(f"name-{lang}: {(federation.names or {}).get(lang) or none}")
    lines.append(f"accent: {federation.accent or none}")
    lines.append(f"contact: {federation.contact or none}")
    lines.append(f"footer: {federation.footer or none}")
    lines.append(f"logo: {federation.logo_type or none}")
    for discipline in disciplines:
        names = discipline.names or {}
        shown = ", ".join(f"{lang}: {names[lang]}" for lang in LANGUAGES if names.get(lang))
        lines.append(f"{discipline.code}: {shown or none}")
    return "\n".join(lines)


# --- the admin's chat command --------------------------------------------------------------

USAGE = (
    "/identity <federation> [discipline] "
    "[name-en|name-ru|name-uk|name-zh|accent|contact|footer <value…>]"
)


def _field(word: str) -> bool:
    return word in FIELDS or word in {f"name-{lang}" for lang in LANGUAGES}


async def identity_command(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/identity <federation>`` shows the names and identity; ``/identity <federation>
    <field> <value…>`` sets one field (an empty value clears it), ``/identity <federation>
    <discipline> name-<language> <value…>`` a discipline's name (admins of the federation
    only). A refusal is answered and kept in the audit log."""
    try:
        return await _identity(services, ctx, args)
    except UserError as exc:
        await record_refusal(services, ctx, "federation.identity.refused", args, exc.message)
        raise


async def _identity(services: Services, ctx: RequestContext, args: str) -> Reply:
    words = args.split(maxsplit=1)
    if not words:
        raise UserError(t(ctx.language, "error.usage", usage=USAGE))
    fed_code, rest = words[0], (words[1] if len(words) == 2 else "")
    discipline_code: str | None = None
    field, value = "", ""
    if rest:
        first, _, tail = rest.partition(" ")
        if not _field(first.lower()):
            discipline_code = first
            first, _, tail = tail.strip().partition(" ")
            if not first.lower().startswith("name-"):
                raise UserError(t(ctx.language, "error.usage", usage=USAGE))
        field, value = first.lower(), tail.strip()
        if not _field(field):
            raise UserError(t(ctx.language, "error.usage", usage=USAGE))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        actor = Actor(account.id, ctx.language, services.now())
        federation = await federation_named(repos, actor, fed_code)
        await require_role(repos, ctx, account, federation, "admin")
        if field.startswith("name-"):
            discipline = (
                await discipline_of(repos, actor, federation, discipline_code)
                if discipline_code is not None
                else None
            )
            await set_names(repos, actor, federation, {field[5:]: value}, discipline)
        elif field:
            await set_identity(
                repos,
                actor,
                federation,
                accent=value if field == "accent" else None,
                contact=value if field == "contact" else None,
                footer=value if field == "footer" else None,
            )
        disciplines = list(await repos.federations.disciplines(federation.id))
        shown = identity_lines(ctx.language, federation, disciplines)
    saved = [t(ctx.language, "identity.saved", field=field)] if field else []
    return Reply.text(*saved, *shown.split("\n"))
