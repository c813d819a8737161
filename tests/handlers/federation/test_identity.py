"""Names per language and a federation's identity: checked completely, admins only, audited."""

from __future__ import annotations

from sqlalchemy import select

from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.errors import UserError
from fedrank.handlers.federation import identity
from fedrank.handlers.federation.setup import Actor
from fedrank.storage.database import Database
from fedrank.storage.models import AuditLog
from tests.conftest import user
from tests.factories import NOW, make_director, seed_federation
from tests.handlers.federation.test_admin import make_admin

ACTOR = Actor(None, "en", NOW)
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
SVG = (
    b'<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">'
    b'<rect width="8" height="8"/></svg>'
)


def refused(work: object) -> str:
    try:
        work()  # type: ignore[operator]
    except UserError as exc:
        return exc.message
    raise AssertionError("not refused")


def test_values_are_checked() -> None:
    assert identity.check_accent(ACTOR, "#0A5") == "#0a5"
    assert identity.check_accent(ACTOR, "#00aa55") == "#00aa55"
    assert identity.check_accent(ACTOR, "") == ""
    for bad in ("0a5", "#0a", "#0a55", "red", "#00aa55;}body{", "#ggg"):
        assert "not a colour" in refused(lambda bad=bad: identity.check_accent(ACTOR, bad))
    assert identity.check_names(ACTOR, {"zh": " 中国  桥牌协会 "}) == {"zh": "中国 桥牌协会"}
    bidi = "Evil\u202ename"
    assert "text-direction" in refused(lambda: identity.check_names(ACTOR, {"ru": bidi}))
    assert "at most 200" in refused(lambda: identity.check_names(ACTOR, {"en": "x" * 201}))
    assert "fr" in refused(lambda: identity.check_names(ACTOR, {"fr": "Fédération"}))


def test_a_logo_is_png_jpeg_or_a_harmless_svg_within_the_cap() -> None:
    assert identity.check_logo(ACTOR, PNG).kind == "png"
    assert identity.check_logo(ACTOR, b"\xff\xd8\xff\xe0" + b"\x00" * 16).kind == "jpeg"
    assert identity.check_logo(ACTOR, SVG).kind == "svg"
    assert "PNG, JPEG or SVG" in refused(lambda: identity.check_logo(ACTOR, b"GIF89a...."))
    too_big = PNG + b"\x00" * identity.MAX_LOGO
    assert "256 KiB" in refused(lambda: identity.check_logo(ACTOR, too_big))
    for unsafe in (
        b"<svg><script>alert(1)</script></svg>",
        b'<svg onload="alert(1)"></svg>',
        b'<svg><a href="javascript:alert(1)"><rect/></a></svg>',
        b'<svg><image href="https://tracker.example/x.png"/></svg>',
        b"<svg><foreignObject><div/></foreignObject></svg>",
    ):
        assert "refused" in refused(lambda unsafe=unsafe: identity.check_logo(ACTOR, unsafe))


async def test_an_admin_sets_names_and_identity_in_chat_and_it_is_audited(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    await make_admin(db, "adm")
    reply = (await dispatch(services, user("adm"), "/identity RMF name-zh 俄罗斯麻将联合会")).plain
    assert "Saved: name-zh." in reply and "name-zh: 俄罗斯麻将联合会" in reply
    await dispatch(services, user("adm"), "/identity RMF accent #0A5")
    await dispatch(services, user("adm"), "/identity RMF contact info@rmf.example, +7 495 000")
    reply = (
        await dispatch(services, user("adm"), "/identity RMF rmf-mcr name-ru Спортивный маджонг")
    ).plain
    assert "rmf-mcr: ru: Спортивный маджонг" in reply
    async with db.read() as repos:
        fed = await repos.federations.by_code("RMF")
        assert fed is not None
        assert fed.names == {"zh": "俄罗斯麻将联合会"}
        assert (fed.accent, fed.contact) == ("#0a5", "info@rmf.example, +7 495 000")
        disc = await repos.federations.discipline_by_code("rmf-mcr")
        assert disc is not None and disc.names == {"ru": "Спортивный маджонг"}
        actions = list(await repos.session.scalars(select(AuditLog.action).order_by(AuditLog.id)))
    assert actions.count("federation.names") == 1 and actions.count("federation.identity") == 2
    assert "discipline.names" in actions
    # an empty value clears
    await dispatch(services, user("adm"), "/identity RMF accent")
    async with db.read() as repos:
        fed = await repos.federations.by_code("RMF")
        assert fed is not None and fed.accent is None


async def test_a_director_or_a_bad_value_is_refused_writing_nothing(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    await make_director(db, "dir")
    await make_admin(db, "adm")
    denied = (await dispatch(services, user("dir"), "/identity RMF name-en Hijacked")).plain
    assert "Hijacked" not in denied
    bad = (await dispatch(services, user("adm"), "/identity RMF name-en Evil\u202eName")).plain
    assert "text-direction" in bad
    colour = (await dispatch(services, user("adm"), "/identity RMF accent blue")).plain
    assert "not a colour" in colour
    async with db.read() as repos:
        fed = await repos.federations.by_code("RMF")
        assert fed is not None and fed.names == {} and fed.accent is None
        actions = list(await repos.session.scalars(select(AuditLog.action)))
    # each refusal kept; the director's also as a denied access
    assert actions.count("federation.identity.refused") == 3 and "access.denied" in actions


async def test_rating_names_the_federation_and_discipline_in_the_asker_language(
    services: Services, db: Database
) -> None:
    await seed_federation(db)
    await make_admin(db, "adm")
    await dispatch(services, user("adm"), "/identity RMF name-ru Федерация маджонга России")
    await dispatch(services, user("adm"), "/identity RMF rmf-mcr name-ru Спортивный маджонг")
    ru = (await dispatch(services, user("u", language="ru"), "/rating RMF-001")).plain
    assert "Федерация маджонга России" in ru and "Спортивный маджонг" in ru
    en = (await dispatch(services, user("u"), "/rating RMF-001")).plain
    assert "Russian Mahjong Federation" in en
