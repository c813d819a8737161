"""Tournament results, from a director's file to the ledger and back to the public:
``/submit``, ``/confirm``, ``/cancel`` (:mod:`.submission`), ``/names`` and the players a
confirmation registers (:mod:`.names`), ``/withdraw`` (:mod:`.withdraw`), corrections
(:mod:`.corrections`), ``/tournaments`` and ``/results`` (:mod:`.tournaments`), ``/propose``,
``/proposals``, ``/proposalaccept``, ``/proposalreject`` (:mod:`.proposals`) and Othello's
rounds: ``/pairing``, ``/standings``, ``/round``, ``/roundstatus`` (:mod:`.othello`).
"""
