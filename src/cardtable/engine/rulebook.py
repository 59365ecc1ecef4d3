"""The rule book: what a state needs at run time from its game and ruleset.

A state holds a reference to its rule book (shared by every copy, never serialised): the
game, the validated ruleset, the rule reactions, the catalogue of reactions cards may name,
the card definitions by key, the step bound, and the checks: reactions that run immediately
after an action of the type they listen to (state-based rules such as "a hero at 0 health
loses"), instead of queueing further actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card, CardDef
from cardtable.engine.reactions import Reaction, ReactionTable, Respond
from cardtable.engine.viewcache import ViewCache

if TYPE_CHECKING:
    from cardtable.engine.game import Game

DEFAULT_STEP_LIMIT = 10_000

Route = tuple[tuple[Respond, ...], tuple[Respond, ...], bool, bool]
"""For one action type: rule reactions, checks, whether it may fizzle, whether it executes."""


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
                tuple(item.respond for item in self.rules.for_type(kind)),
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
