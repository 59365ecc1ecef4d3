"""The conformance kit under pytest: one test a contract, parametrised over your games.

The only module of :mod:`cardtable.testing` that imports pytest. Subclass
:class:`ConformanceSuite` in a test module, name your games, and pytest runs every contract on
each of their example rulesets::

    from cardtable.testing.suite import ConformanceSuite
    from highcard import GAME

    class TestHighCard(ConformanceSuite):
        games = (GAME,)

which pytest reports as ``TestHighCard::test_replay_is_exact[highcard-rules0]`` and so on:
``test_`` and the contract's name, then the game and the ruleset's place among its
``example_rulesets()``. ``pytest -k replay_is_exact`` runs one contract.

The contracts are plain ``assert`` statements in the kit's modules; for pytest's detailed
comparisons in their failures, have it rewrite them: ``pytest.register_assert_rewrite(
"cardtable.testing")`` in a ``conftest.py``, before anything imports the kit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import pytest

from cardtable.engine import Game
from cardtable.testing.catalogue import CONTRACTS, find_contract
from cardtable.testing.contract import Budget, Contract

Pair = tuple[Game[Any, Any], Any]
"""A game and one of its rulesets: what each test is given, as ``pair``."""


def pairs_of(games: Sequence[Game[Any, Any]]) -> list[Pair]:
    """Every (game, example ruleset) pair of ``games``, in order."""
    return [(game, ruleset) for game in games for ruleset in game.example_rulesets()]


def pair_id(pair: Pair) -> str:
    """A pair's test id: the game's name and the ruleset's place, ``war-rules1``.

    >>> from cardtable.games import find
    >>> war = find("war")
    >>> pair_id((war, war.example_rulesets()[1]))
    'war-rules1'
    """
    game, ruleset = pair
    index = game.example_rulesets().index(ruleset)
    return f"{game.name}-rules{index}"


class ConformanceSuite:
    """Every contract of the kit as a test method, run on each example ruleset of ``games``.

    Not collected itself (its name does not start with ``Test``); a subclass that is sets:
    """

    games: ClassVar[Sequence[Game[Any, Any]]] = ()
    """The games to check."""
    budget: ClassVar[Budget] = Budget()
    """How much of each game the contracts play."""
    expected_breaks: ClassVar[Mapping[tuple[str, str], str]] = {}
    """Contracts a game is known to break, ``(contract, game name)`` to why. They still run,
    as strict expected failures: the suite fails as soon as one passes, so a fix is noticed
    (and its entry removed)."""

    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        """Parametrise each contract's test over the pairs of :attr:`games`."""
        if "pair" not in metafunc.fixturenames:
            return
        contract = find_contract(metafunc.definition.originalname)
        for contract_name, _ in self.expected_breaks:
            find_contract(contract_name)  # a misspelt entry is an error, not a silent pass
        params = []
        for pair in pairs_of(self.games):
            why = self.expected_breaks.get((contract.name, pair[0].name))
            marks = () if why is None else (pytest.mark.xfail(reason=why, strict=True),)
            params.append(pytest.param(pair, id=pair_id(pair), marks=marks))
        metafunc.parametrize("pair", params)


def _test_of(contract: Contract) -> Callable[[ConformanceSuite, Pair], None]:
    def test(self: ConformanceSuite, pair: Pair) -> None:
        game, ruleset = pair
        contract.check(game, ruleset, self.budget)

    test.__name__ = test.__qualname__ = f"test_{contract.name}"
    test.__doc__ = contract.check.__doc__
    return test


for _contract in CONTRACTS:
    setattr(ConformanceSuite, f"test_{_contract.name}", _test_of(_contract))
