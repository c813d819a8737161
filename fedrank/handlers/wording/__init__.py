"""How fedrank speaks, under every use case: the message catalogue (:mod:`.i18n`), the systems'
stored words and phrases in the reader's language (:mod:`.words`, :mod:`.phrases`), what /help
says (:mod:`.helptext`), the transport-neutral answer (:mod:`.reply`), players and figures as
replies write them (:mod:`.common`) and text that cannot play tricks (:mod:`.safetext`).

Nothing here imports a use case: the packages beside it build on it.
"""
