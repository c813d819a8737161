"""A federation set up and kept: federations and disciplines (:mod:`.setup`, ``fedrank
federation``/``discipline``), ``/disciplines``, ``/discipline``, ``/roles``, ``/unlink``
(:mod:`.admin`), ``/playerdata`` (:mod:`.playerdata`) and the players' registry: ``/player``,
``/playeradd``, ``/playeredit`` and ``fedrank players`` (:mod:`.registry`).
"""
