"""High Card keeps every contract of cardtable's conformance kit."""

from cardtable.testing.suite import ConformanceSuite
from highcard import GAME


class TestHighCard(ConformanceSuite):
    games = (GAME,)
