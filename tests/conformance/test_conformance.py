"""The conformance suite: every contract of the kit (:mod:`cardtable.testing`) on every
registered game, built in or an installed plug-in, under each of its example rulesets.

The contracts live in the package so that a plug-in's author runs the same ones
(``cardtable conformance GAME``, or :class:`~cardtable.testing.suite.ConformanceSuite` in
their own tests); here they are one test each, ``test_<contract>[<game>-rules<n>]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from cardtable.games import find, names
from cardtable.testing.suite import ConformanceSuite


class TestEveryGame(ConformanceSuite):
    """Every registered game keeps every contract."""

    games = tuple(find(name) for name in names())
    expected_breaks: ClassVar[Mapping[tuple[str, str], str]] = {
        ("events_name_only_cards_still_seen", "karata"): (
            "Karata's views forget cards its events showed everybody: the set-up's turn_up "
            "event names the special cards turned up and buried under the deck, and a finish "
            "event names cards that a pick in the same decision recycles from the pile into "
            "the deck; neither is visible, nor named in public data, afterwards"
        ),
    }
