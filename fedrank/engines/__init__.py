"""The rulebooks as pure, deterministic Python: one package per system id of RULES.md.

Engines take dataclasses in and give dataclasses out; they never touch a database, a clock
or an event loop (the date is always an argument). The shared kernel is
:mod:`fedrank.engines.kernel`.
"""
