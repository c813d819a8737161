"""A tournament fact a submission's file lacks, asked in the chat instead of refused.

When the only problems of a file are facts its system declares (:mod:`fedrank.handlers.systems.
facts`) that neither the file, the submission's ``KEY=VALUE`` nor the discipline's default give,
the director is asked for the first of them with a button per value; each button sends
``/facts <token> KEY=VALUE``, which prepares the file again with it (and asks the next one, or
shows the preview).
"""

from __future__ import annotations

from typing import Final

from fedrank.engines.kernel import EngineError, InputError, MissingFactError
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.handlers.systems.facts import declared
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply, bold, code

FACTS_USAGE: Final = "/facts <token> KEY=VALUE …"


def missing_facts(adapter: SystemAdapter, error: EngineError) -> list[str]:
    """The keys of the declared facts ``error`` says are given nowhere, in file order; empty
    when it says anything else too (then the file is refused with every problem)."""
    if not isinstance(error, InputError):
        return []
    known = declared(adapter.facts)
    keys: list[str] = []
    for problem in error.problems():
        if not isinstance(problem, MissingFactError) or problem.fact not in known:
            return []
        if problem.fact not in keys:
            keys.append(problem.fact)
    return keys


def ask_fact(
    language: str, adapter: SystemAdapter, keys: list[str], token: str, filename: str
) -> Reply:
    """The question for the first fact of ``keys``, a button per value (a whole number's
    buttons are common values; any other is typed with ``/facts``)."""
    fact = declared(adapter.facts)[keys[0]]
    reply = Reply().line(
        bold(t(language, "facts.ask_title", file=filename)),
    )
    reply.line(t(language, "facts.ask", key=fact.key, rule=fact.rule, expected=fact.expected()))
    if len(keys) > 1:
        reply.line(t(language, "facts.ask_more", keys=", ".join(keys[1:])))
    reply.line(t(language, "facts.ask_typed"), code(f"/facts {token} {fact.key}=…"))
    for value in fact.choices:
        reply.button(f"{fact.key}={value}", f"/facts {token} {fact.key}={value}")
    return reply
