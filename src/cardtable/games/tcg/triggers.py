"""Card triggers become ordinary engine card reactions, built from card data.

For each card with triggers, :func:`trigger_reactions` makes one named
:class:`~cardtable.engine.Reaction` per trigger (``id#0``, ``id#1``...), listening to the
action its moment is made of. The engine calls it for the card in any zone; the reaction
checks the rest (its own card played or dead, its owner's turn, the card on the board...) and
resolves the trigger's effects. No card is special-cased in Python.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card
from cardtable.engine.characters import Damage, Target
from cardtable.engine.deaths import Died
from cardtable.engine.events import DamageEvent
from cardtable.engine.reactions import Reaction
from cardtable.games.tcg.actions import EndTurn, PlayCard, StartTurn
from cardtable.games.tcg.cards import TcgCard
from cardtable.games.tcg.decisions import MINION
from cardtable.games.tcg.effects import resolve
from cardtable.games.tcg.state import TcgState
from cardtable.games.tcg.targets import on_board
from cardtable.games.tcg.vocabulary import Trigger

_LISTENS: dict[str, tuple[type[Action[Any]], ...]] = {
    "played": (PlayCard,),
    "dies": (Died,),
    "turn_start": (StartTurn,),
    "turn_end": (EndTurn,),
    "damaged": (Damage,),
    "spell_cast": (PlayCard,),
}


def trigger_reactions(cards: Iterable[TcgCard]) -> list[Reaction]:
    """The reactions every trigger of ``cards`` becomes, named as the cards name them."""
    made = []
    for card in cards:
        for name, trigger in zip(card.reactions, card.triggers, strict=True):
            told = trigger.when == "damaged"  # whether a blow landed: its event says
            made.append(Reaction(name, _LISTENS[trigger.when], _responder(trigger), told=told))
    return made


def _responder(trigger: Trigger) -> Any:
    when = trigger.when

    def respond(
        state: TcgState, action: Any, source: Card | None, told: Any = None
    ) -> list[Action[Any]] | None:
        if source is None or source.owner is None:
            return None
        seat = source.owner
        chosen = None
        if when == "played":
            if not isinstance(action, PlayCard) or action.card is not source:
                return None
            chosen = action.target
        elif when == "dies":
            if action.card != source.id:
                return None
        elif when in ("turn_start", "turn_end"):
            if action.seat != seat or not on_board(state, source):
                return None
        elif when == "damaged":  # told the Damage's event: which blows landed
            if not on_board(state, source) or not _hurt(state, told, source, trigger.filter):
                return None
        elif not _cast(state, action, source):
            return None
        return resolve(state, trigger.effects, seat=seat, source=source, chosen=chosen)

    return respond


def _hurt(state: TcgState, blow: DamageEvent, source: Card, filter: str) -> bool:
    """Whether ``blow`` (a ``Damage``'s event) really hurt a character ``filter`` names, seen
    from ``source``."""
    for struck in blow.hits:
        if struck.amount <= 0 or struck.shielded:
            continue
        target = Target.parse(struck.target)
        if target.card is None:
            continue
        hit = state.cards[target.card]
        if filter == "self" and hit is source:
            return True
        if filter != "self" and on_board(state, hit):
            friendly = hit.owner == source.owner
            if filter in ("minion", "any") or (filter == "friendly_minion") == friendly:
                return True
    return False


def _cast(state: TcgState, action: PlayCard, source: Card) -> bool:
    """Whether ``action`` is ``source``'s owner casting a spell (anything but a minion)."""
    if action.seat != source.owner or action.card is source or not on_board(state, source):
        return False
    definition = action.card.definition
    return action.mode != MINION and getattr(definition, "kind", "value") != "minion"
