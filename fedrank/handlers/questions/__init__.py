"""What players ask: ``/rating`` and ``/top`` (:mod:`.ratings`), ``/why`` and ``/history``
(:mod:`.players`), ``/h2h`` (:mod:`.h2h`), ``/whatif`` (:mod:`.whatif`), what is stored since a
discipline's last list (:mod:`.since`) and the suggestions while a user types an option
(:mod:`.suggest`, Discord's autocomplete).
"""
