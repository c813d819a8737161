"""fedrank's HTTP face: the federation's website (:mod:`.site`, also built to a folder), and
``/healthz`` and ``/metrics`` for operators (``fedrank run --http``, and the Telegram webhook's
own server).

It reads the database only through handlers, never storage.
"""
