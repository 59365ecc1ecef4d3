"""The conformance suite: every contract of the kit (:mod:`cardtable.testing`) on every
registered game, built in or an installed plug-in, under each of its example rulesets.

The contracts live in the package so that a plug-in's author runs the same ones
(``cardtable conformance GAME``, or :class:`~cardtable.testing.suite.ConformanceSuite` in
their own tests); here they are one test each, ``test_<contract>[<game>-rules<n>]``.
"""

from __future__ import annotations

from cardtable.games import find, names
from cardtable.testing.suite import ConformanceSuite


class TestEveryGame(ConformanceSuite):
    """Every registered game keeps every contract."""

    games = tuple(find(name) for name in names())
