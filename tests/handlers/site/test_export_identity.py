"""The list files carry their federation: its name in the file's language, contact and footer
where the format has a place (an XLSX's properties and printed header/footer, the HTML page);
the CSV stays a plain table that tools read back."""

from __future__ import annotations

import io
import zipfile

from fedrank.handlers.context import Services
from fedrank.handlers.federation import identity
from fedrank.handlers.federation.setup import Actor
from fedrank.handlers.site.export import export_list
from fedrank.storage.database import Database
from tests.factories import NOW, seed_federation


async def _identity(db: Database) -> None:
    actor = Actor(None, "en", NOW)
    async with db.transaction() as repos:
        fed = await repos.federations.by_code("RMF")
        assert fed is not None
        fed.language = "ru"
        await identity.set_names(repos, actor, fed, {"ru": "Федерация маджонга России"})
        disc = await repos.federations.discipline_by_code("rmf-mcr")
        await identity.set_names(repos, actor, fed, {"ru": "Спортивный маджонг"}, disc)
        await identity.set_identity(
            repos, actor, fed, contact="info@rmf.example & +7 495", footer="© RMF 2026"
        )


async def test_the_list_files_carry_the_federation(services: Services, db: Database) -> None:
    await seed_federation(db)
    await _identity(db)
    _, book = await export_list(services, "rmf-mcr", None, "xlsx")
    with zipfile.ZipFile(io.BytesIO(book)) as parts:
        core = parts.read("docProps/core.xml").decode()
        app = parts.read("docProps/app.xml").decode()
        sheet = parts.read("xl/worksheets/sheet1.xml").decode()
    assert "Спортивный маджонг" in core and "© RMF 2026" in core
    assert "<Company>Федерация маджонга России</Company>" in app
    assert "&amp;CФедерация маджонга России" in sheet
    assert "info@rmf.example &amp;&amp; +7 495" in sheet  # "&" doubled: shown, not a code
    _, page = await export_list(services, "rmf-mcr", None, "html")
    text = page.decode()
    assert "<p>Федерация маджонга России</p>" in text and "<h1>Спортивный маджонг" in text
    assert "<footer><p>info@rmf.example &amp; +7 495</p><p>© RMF 2026</p></footer>" in text
    _, table = await export_list(services, "rmf-mcr", None, "csv")
    first = table.decode("utf-8-sig").splitlines()[0]
    assert "Федерация" not in table.decode("utf-8-sig") and first.count(",") == 4
