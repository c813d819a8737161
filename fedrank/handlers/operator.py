"""What the operator's use cases share (each capability's ``operator`` module, which
:mod:`fedrank.cli` calls: :mod:`.results.operator`, :mod:`.federation.operator`,
:mod:`.federation.registry.operator`, :mod:`.publication.operator`): the refusal they raise,
the system ids a command's help names, and the errors that are the operator's input refused
rather than a bug.

Light on purpose: ``fedrank --help`` imports it, so it loads no database and no engine package.
"""

from __future__ import annotations

from fedrank.engines.kernel import EngineError
from fedrank.engines.registry import SYSTEMS
from fedrank.handlers.errors import UserError

#: The system ids of RULES.md, in their order (``fedrank calc`` and ``discipline add`` name them).
SYSTEM_IDS: tuple[str, ...] = tuple(SYSTEMS)


class OperatorError(UserError):
    """The operator's request refused, in English: the CLI prints it as one line (exit code 2)."""


#: Refusals that reach the CLI from below the use cases (an engine refusing a file, a rule it
#: cannot apply): one line and exit code 2, as :class:`OperatorError`, never an internal error.
INPUT_ERRORS: tuple[type[Exception], ...] = (OperatorError, EngineError)
