"""The operator's command line, ``fedrank``: one module per command group, assembled in
:mod:`fedrank.cli.app`. The console script ``fedrank = "fedrank.cli:main"`` enters here."""

from fedrank.cli.app import main

__all__ = ["main"]
