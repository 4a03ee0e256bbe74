"""The meld solver: can a hand meet its contract or opening, its best lay-down, and how many
cards it still lacks.

Everything works on faces (52 naturals counted per hand, and a joker count) rather than
on physical ids, since two 7♥ of two packs are interchangeable; ids come back only when an
:class:`Arrangement` is built. The rooms: ``tables`` (what a rule set implies, in the one
cache), ``candidates`` (the melds a hand could lay), ``arrangement`` (building the answer),
``generic`` and ``free`` (free melding), ``slots``, ``contract`` and ``needed`` (contracts),
``opening`` (threshold games).
"""

from kalooki.engine.solver.arrangement import Arrangement
from kalooki.engine.solver.contract import best_contract, contract_lay_exists
from kalooki.engine.solver.free import best_melds, melds_exist
from kalooki.engine.solver.needed import can_meet_contract, cards_needed
from kalooki.engine.solver.opening import best_opening, can_open, cards_to_open, fewest_points

__all__ = ["Arrangement", "best_contract", "best_melds", "best_opening", "can_meet_contract",
           "can_open", "cards_needed", "cards_to_open", "contract_lay_exists", "fewest_points",
           "melds_exist"]
