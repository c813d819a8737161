"""Who a chat account is and what it may do: ``/start`` and ``/lang`` (:mod:`.start`),
``/link``, ``/links``, ``/approve``, ``/reject``, ``/linkcode`` (:mod:`.linking`), ``/grant``
(:mod:`.grants`), role sync's rules (:mod:`.roles`), what transports need to know of an account
(:mod:`.presence`) and who gets which command menu (:mod:`.menus`).

The checks every write repeats stay at the top of handlers (:mod:`fedrank.handlers.access`,
:mod:`fedrank.handlers.denials`): every package needs them.
"""
