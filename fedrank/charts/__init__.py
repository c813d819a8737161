"""A rating history drawn: laid out as data first (:mod:`.layout`), then drawn as the bot's PNG
(:mod:`.png`, with its bitmap font :mod:`.font`) and the website's SVG (:mod:`.svg`), so both
agree on every tick, label and line.

The caller passes the figures: this package imports no handlers and no storage.
"""
