"""A discipline's list, published and delivered: ``/publish`` (:mod:`.publish`), the
announcements and personal messages after it (:mod:`.announcements`), ``/subscribe`` and
``/unsubscribe`` (:mod:`.subscriptions`) and the list in the pairing programs' formats
(:mod:`.pairing_export`, ``fedrank export-ratings``).
"""
