"""The rule book: what a state needs at run time from its game and ruleset.

A state holds a reference to its rule book (shared by every copy, never serialised): the
game, the validated ruleset, the rule reactions, the catalogue of reactions cards may name,
the card definitions by key, the step bound, and the checks: reactions that run immediately
after an action of the type they listen to (state-based rules such as "a hero at 0 health
loses"), instead of queueing further actions.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card, CardDef
from cardtable.engine.reactions import Reaction, ReactionTable, Respond
from cardtable.engine.viewcache import ViewCache

if TYPE_CHECKING:
    from cardtable.engine.game import Game

DEFAULT_STEP_LIMIT = 10_000

Route = tuple[tuple[tuple[Respond, bool], ...], tuple[Respond, ...], bool, bool]
"""For one action type: rule reactions (each with whether it is told the action's event),
checks, whether it may fizzle, whether it executes."""


class RuleBook:
    """Everything about a match that is fixed by its game and ruleset."""

    __slots__ = (
        "game",
        "ruleset",
        "rules",
        "checks",
        "catalogue",
        "cards",
        "step_limit",
        "routes",
        "template",
        "numbered",
        "views",
    )

    def __init__(
        self,
        *,
        game: Game[Any, Any],
        ruleset: Any,
        rules: Sequence[Reaction] = (),
        catalogue: Mapping[str, Reaction] | None = None,
        cards: Mapping[str, CardDef] | None = None,
        step_limit: int = DEFAULT_STEP_LIMIT,
        checks: Sequence[Reaction] = (),
    ) -> None:
        self.game = game
        self.ruleset = ruleset
        self.rules = ReactionTable(rules)
        self.catalogue: Mapping[str, Reaction] = catalogue or {}
        self.cards: Mapping[str, CardDef] = cards or {}
        self.step_limit = step_limit
        self.checks = ReactionTable(checks)
        self.routes: dict[type, Route] = {}
        self.template: Any = None
        """A new match's state before its opening actions, copied by every set-up."""
        self.numbered: dict[Card, dict[int, Card]] = {}
        """For each card :func:`~cardtable.engine.numbering.shuffle_ids` gave a new id, its
        copy under each id it was given: made once, shared by every match of this rule book."""
        self.views = ViewCache()
        """The card and zone views the matches of this rule book have shown (see
        :mod:`~cardtable.engine.viewcache`)."""

    def route(self, kind: type[Action[Any]]) -> Route:
        """How the processor treats actions of type ``kind`` (computed once per type)."""
        found = self.routes.get(kind)
        if found is None:
            found = self.routes[kind] = (
                tuple((item.respond, item.told) for item in self.rules.for_type(kind)),
                tuple(item.respond for item in self.checks.for_type(kind)),
                kind.can_execute is not Action.can_execute,
                kind.execute is not Action.execute,
            )
        return found

    def card(self, key: str) -> CardDef:
        """The definition of the card with this key (``KeyError`` when unknown)."""
        return self.cards[key]

    def card_reaction(self, name: str) -> Reaction:
        try:
            return self.catalogue[name]
        except KeyError:
            raise KeyError(f"no reaction named {name!r} in {self.game.name}'s catalogue") from None


RULESETS_REMEMBERED = 128
"""For how many rulesets a game keeps their rule books, and whatever else it makes per
ruleset (the least recently used go first): rulesets come from players, so nothing made for
one may be kept for good."""


class RuleBooks:
    """The rule books one game has built, by ruleset: its own, bounded cache (the least
    recently used ruleset's goes first), which a game at an older version of its rules does
    not share.

    >>> built = []
    >>> books = RuleBooks(lambda ruleset: built.append(ruleset) or ruleset.upper(), size=2)
    >>> books.get("a"), books.get("a"), books.get("b"), books.get("c"), books.get("a")
    ('A', 'A', 'B', 'C', 'A')
    >>> built
    ['a', 'b', 'c', 'a']
    """

    __slots__ = ("_build", "_by_identity", "_by_value", "_size")

    def __init__(self, build: Callable[[Any], Any], *, size: int = RULESETS_REMEMBERED) -> None:
        self._build = build
        self._size = size
        self._by_value: OrderedDict[Any, Any] = OrderedDict()
        self._by_identity: dict[int, tuple[Any, Any]] = {}
        """The books last asked for, by the identity of their ruleset (kept alive here, so
        ids are not reused): a ruleset with many cards is slow to hash, and matches are
        usually made from the same object."""

    def __len__(self) -> int:
        return len(self._by_value)

    def get(self, ruleset: Any) -> Any:
        """The rule book of ``ruleset``, built the first time it is asked for."""
        known = self._by_identity.get(id(ruleset))
        if known is not None and known[0] is ruleset:
            return known[1]
        books = self._by_value
        book = books.get(ruleset)
        if book is None:
            book = books[ruleset] = self._build(ruleset)
            if len(books) > self._size:
                books.popitem(last=False)
        else:
            books.move_to_end(ruleset)
        if len(self._by_identity) >= self._size // 2:
            self._by_identity.clear()
        self._by_identity[id(ruleset)] = (ruleset, book)
        return book
