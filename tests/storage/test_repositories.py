"""The shims kept for the branches being merged name the very objects of their new homes."""

import fedrank.storage.db
import fedrank.storage.game_reports
import fedrank.storage.repositories
import fedrank.storage.roles
from fedrank.storage import database, records, repos
from fedrank.storage.repos import game_reports, roles


def test_the_shims_re_export_the_new_modules() -> None:
    for shim, home in (
        (fedrank.storage.repositories, repos),
        (fedrank.storage.game_reports, game_reports),
        (fedrank.storage.roles, roles),
        (fedrank.storage.db, database),
    ):
        for name in shim.__all__:
            assert getattr(shim, name) is getattr(home, name, None) or (
                getattr(shim, name) is getattr(records, name)
            ), (shim.__name__, name)
    for name in ("Repos", "rating_cards", "latest_top", "discipline_by_code", "account_language"):
        assert name in fedrank.storage.repositories.__all__
