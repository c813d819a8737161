"""fedrank's HTTP face: ``/healthz`` and ``/metrics`` for operators (``fedrank run --http``,
and the Telegram webhook's own server), and the federation's website routes.

It reads the database only through handlers (:mod:`fedrank.handlers.health`), never storage.
"""
