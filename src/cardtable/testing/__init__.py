"""The conformance kit: the contracts every game on cardtable must keep, for any game.

A game, built in or a plug-in, is played by random players under each of its
``example_rulesets()`` and checked: random playouts end and never raise, cards are conserved
across zones, replays are exact, states round-trip through JSON, copies are independent,
decision texts round-trip, refused and illegal decisions change nothing (or are penalised),
views and events do not depend on cards a seat cannot see, an event names only cards the seat
still sees afterwards (see :mod:`cardtable.testing.naming` for how events name cards),
determinisation agrees with the view, card ids follow no closed manifest, every view, event
and decision matches its schema, and refusals and outcomes carry documented codes.

Two ways to run them:

* in one call, without pytest: :func:`check_game` returns a :class:`Report`
  (``cardtable conformance GAME`` prints one);
* under pytest: subclass :class:`cardtable.testing.suite.ConformanceSuite` (the one module
  of the kit that imports pytest) in a test module, naming your games.

Each contract is a plain function (:data:`CONTRACTS`), within a :class:`Budget` of seeds,
decisions and states, so long games get fewer matches rather than slower checks.
"""

from cardtable.testing.catalogue import CONTRACTS, UnknownContract, find_contract
from cardtable.testing.contract import Budget, Check, Contract
from cardtable.testing.naming import Named, named_cards
from cardtable.testing.playing import random_decisions, seeds_within
from cardtable.testing.report import ContractBroken, Report, Verdict, check_game
from cardtable.testing.states import shuffle_hidden, state_text, view_text, zone_census

__all__ = [
    "CONTRACTS",
    "Budget",
    "Check",
    "Contract",
    "ContractBroken",
    "Named",
    "Report",
    "UnknownContract",
    "Verdict",
    "check_game",
    "find_contract",
    "named_cards",
    "random_decisions",
    "seeds_within",
    "shuffle_hidden",
    "state_text",
    "view_text",
    "zone_census",
]
