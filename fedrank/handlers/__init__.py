"""Transport-neutral use cases: a command line and its context in, a ``Reply`` out.

The top holds what every use case shares (:mod:`.dispatch`, :mod:`.commands`, :mod:`.context`,
:mod:`.errors`, :mod:`.access`, :mod:`.codes`, :mod:`.denials`, :mod:`.notify`, :mod:`.health`);
the use cases are grouped in packages by what they serve, and ``docs/architecture.md`` has the
table "command -> package". :mod:`.wording` sits at the bottom: every package may use it, it
uses none of them.
"""
