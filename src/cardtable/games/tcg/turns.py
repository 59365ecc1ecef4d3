"""What the seat to act in the Kata TCG may do now, and why not: the checks that both its legal
moves and the plan of each decision are made of, so that the two cannot disagree.

Each condition is written once: the cards a seat can pay for (:func:`payable`), the ways of
playing each kind of card (:data:`WAYS`: which put a minion on the board, which choose a
target) and those the rules have (:func:`allowed_ways`), whether the board has room for a
minion (:func:`has_room`), which characters a card chooses among (:func:`aim`) and whether it
may go without a target (:func:`skips_target`), whether a minion is awake (:func:`awake`) and
has an attack left (:func:`attacks_left`). The checks word the first of them a decision
fails as the refusal a player is given, an ``IllegalDecision`` with its code, or return
``None``: :func:`play_problem` (with :func:`way_problem`) and :func:`attack_problem`, which
``plan`` raises. :func:`moves` makes, with the same predicates, the decisions no check
refuses, which ``legal`` lists.

>>> from cardtable.games.tcg.scenario import scenario
>>> from cardtable.games.tcg.config import TcgRules
>>> state = scenario(hands=([2, 5], []), slots=(3, 0), rules=TcgRules(minions=True))
>>> [move.text() for move in moves(state, 0)]
['play #0 @p1', 'play #0 minion']
>>> problem = play_problem(state, 0, Play(1))
>>> print(problem.code, problem.reason, sep=": ")
cannot_afford: you cannot afford Damage 5: it costs 5 mana and you have 3
>>> print(play_problem(state, 0, Play(0)).reason)
choose what Damage 2 attacks: @p1 or one of their minions (@#ID)
>>> play_problem(state, 0, Play(0, target=Target.hero(1))) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.cards import Card
from cardtable.engine.characters import Target
from cardtable.engine.decisions import Decision
from cardtable.engine.errors import IllegalDecision
from cardtable.games.tcg.actions import ATTACKS, AWAKE
from cardtable.games.tcg.cards import TcgCard
from cardtable.games.tcg.config import TcgRules
from cardtable.games.tcg.decisions import HEAL, MINION, Attack, Play
from cardtable.games.tcg.state import TcgState
from cardtable.games.tcg.targets import characters, price

ATTACKED = "enemy"
"""The filter (:func:`~.targets.characters`) of the characters a seat may attack: the opposing
hero, then the opposing minions in board order."""

# -- paying -----------------------------------------------------------------------------------


def payable(state: TcgState, seat: int, cards: Sequence[Card] | None = None) -> list[Card]:
    """The cards among ``cards`` (by default the hand of ``seat``) that ``seat`` has the mana
    to play now, in their order: those whose price is at most its mana.

    >>> from cardtable.games.tcg.scenario import scenario
    >>> state = scenario(hands=([0, 4, 2], []), slots=(3, 0))
    >>> [card.id for card in payable(state, 0)]
    [0, 2]
    """
    mana = state.heroes[seat].mana.value
    found: list[Card] = []
    printed = not state.live and not state.components  # nothing modified: printed costs hold
    for card in state.hands[seat].cards if cards is None else cards:
        definition: Any = card.definition  # a TcgCard, read unchecked: this is the hot path
        if (definition.cost if printed else price(state, card)) <= mana:
            found.append(card)
    return found


def _unaffordable(state: TcgState, seat: int, card: Card) -> IllegalDecision:
    return IllegalDecision(
        f"you cannot afford {card.definition.name}: it costs {price(state, card)} mana and "
        f"you have {state.heroes[seat].mana.value}",
        code="cannot_afford",
    )


# -- the ways of playing a card ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Way:
    """A way of playing a card: its ``mode`` (``""``: the card's own way), whether it puts a
    minion on the board, and whether it may choose a target (see :func:`aim`)."""

    mode: str
    minion: bool = False
    aims: bool = False


WAYS: Mapping[str, Mapping[str, Way]] = {
    "value": {"": Way("", aims=True), HEAL: Way(HEAL), MINION: Way(MINION, minion=True)},
    "spell": {"": Way("", aims=True)},
    "minion": {"": Way("", minion=True, aims=True)},
}
"""The ways of playing each kind of card, by mode, in the order ``legal`` lists them, where
the rules have them: a value card its own way (an attack, or a card drawer's draw), as a heal
or as a minion; a spell or a minion card as it is. Only a card's own way chooses a target.

>>> [way.mode for way in WAYS["value"].values() if not way.aims]
['heal', 'minion']
"""


def allowed_ways(rules: TcgRules) -> tuple[str, ...]:
    """The modes ``rules`` have: a card's own way always, a heal with healing, a minion with
    minions (which bring minions' attacks, and a choice of target to value cards' attacks).

    >>> allowed_ways(TcgRules()), allowed_ways(TcgRules(healing=True, minions=True))
    (('',), ('', 'heal', 'minion'))
    """
    if rules.healing:
        return _EVERY_MODE if rules.minions else _HEALING
    return _MINIONS if rules.minions else _OWN_WAY


_OWN_WAY = ("",)
_HEALING = ("", HEAL)
_MINIONS = ("", MINION)
_EVERY_MODE = ("", HEAL, MINION)


def has_room(state: TcgState, seat: int) -> bool:
    """Whether ``seat`` has a board with room for one more minion (boards come with
    minions)."""
    return bool(state.boards) and not state.boards[seat].full


# -- aiming -----------------------------------------------------------------------------------


def aim(state: TcgState, card: Card, ways: tuple[str, ...]) -> str | None:
    """The filter (:func:`~.targets.characters`) of the characters ``card``, played its own
    way under rules that have ``ways`` (:func:`allowed_ways`), chooses among, or ``None`` when
    it takes no target: a spell's or a minion card's chosen target, or, with minions, the
    target of a value card's attack (without them an attack always hits the opposing hero;
    a card drawer draws).

    >>> from cardtable.games.tcg.scenario import scenario
    >>> state = scenario(hands=([3], []), rules=TcgRules(minions=True))
    >>> aim(state, state.cards[0], ("", MINION)), aim(state, state.cards[0], ("",))
    ('enemy', None)
    """
    definition = card.definition
    assert isinstance(definition, TcgCard)
    if definition.kind != "value":
        return definition.chooses
    if MINION in ways and state.stat(card, "draw") == 0 and state.stat(card, "damage") > 0:
        return ATTACKED
    return None


def skips_target(definition: TcgCard, targets: Sequence[Target]) -> bool:
    """Whether a card that aims may be played naming no target when it has ``targets`` to
    choose among: a minion card with nobody to choose arrives all the same (a spell with
    nothing to aim at cannot be played)."""
    return not targets and definition.kind == "minion"


# -- minions ----------------------------------------------------------------------------------


def awake(state: TcgState, minion: Card) -> bool:
    """Whether ``minion`` is awake: it was on the board when its owner's turn began."""
    stat = state.tracked(minion, AWAKE)
    return stat is not None and stat.value > 0


def attacks_left(state: TcgState, minion: Card) -> bool:
    """Whether ``minion`` has an attack left this turn."""
    stat = state.tracked(minion, ATTACKS)
    return stat is not None and stat.value > 0


# -- the checks -------------------------------------------------------------------------------


def play_problem(state: TcgState, seat: int, play: Play) -> IllegalDecision | None:
    """Why ``seat``, whose turn it is, may not make ``play`` now (``None``: it may).

    >>> from cardtable.games.tcg.scenario import scenario
    >>> state = scenario(hands=([1], [1]), slots=(1, 0))
    >>> print(play_problem(state, 0, Play(1)).reason)
    card #1 is not in your hand
    """
    if not 0 <= play.card < len(state.cards):
        return IllegalDecision(f"there is no card #{play.card}", code="no_such_card")
    card = state.cards[play.card]
    if card not in state.hands[seat].cards:
        return IllegalDecision(f"card #{play.card} is not in your hand", code="not_your_card")
    if not payable(state, seat, (card,)):
        return _unaffordable(state, seat, card)
    mode, target = play.mode, play.target
    if not mode and target is None and not state.rules.ruleset.minions:
        definition: Any = card.definition
        if definition.kind == "value":
            return None  # its own way makes no minion, and without minions aims at nothing
    return way_problem(state, seat, card, mode, target)


def way_problem(
    state: TcgState, seat: int, card: Card, mode: str, target: Target | None
) -> IllegalDecision | None:
    """Why ``seat`` cannot play ``card`` in ``mode`` at ``target`` (``None``: naming none),
    whatever it costs (``None``: it can).

    >>> from cardtable.games.tcg.scenario import scenario
    >>> state = scenario(hands=([1], []), rules=TcgRules(minions=True))
    >>> print(way_problem(state, 0, state.cards[0], HEAL, None).reason)
    these rules have no healing: play the card as it is
    """
    definition = card.definition
    assert isinstance(definition, TcgCard)
    name = definition.name
    spoken = definition.kind != "value"  # a spell or a minion card, named as it is
    way = WAYS[definition.kind].get(mode)
    if way is None:
        if spoken:
            reason = f"{name} is a {definition.kind}: play it as it is"
        else:
            reason = f"{mode!r} is not a way to play a card"
        return IllegalDecision(reason, code="wrong_mode")
    rules: TcgRules = state.rules.ruleset
    ways = allowed_ways(rules)
    if mode not in ways:
        variation = "healing" if mode == HEAL else "minions"
        return IllegalDecision(
            f"these rules have no {variation}: play the card as it is", code="not_in_these_rules"
        )
    if way.minion and not has_room(state, seat):
        return IllegalDecision(
            f"your board is full: at most {rules.board_size} minions at a time", code="board_full"
        )
    among = aim(state, card, ways) if way.aims else None
    if among is None:
        if target is None:
            return None
        if spoken:
            reason = f"{name} takes no target"
        elif way.aims and aim(state, card, (MINION,)) is not None:  # an attack
            reason = "without minions an attack always hits the opposing hero"
        else:
            reason = f"{name} played this way takes no target"
        return IllegalDecision(reason, code="takes_no_target")
    targets = characters(state, seat, among)
    if target is None:
        if skips_target(definition, targets):
            return None
        if spoken:
            named = " ".join(f"@{choice.text()}" for choice in targets)
            reason = f"choose a target for {name}: {named or 'none now'}"
        else:
            reason = f"choose what {name} attacks: @p{1 - seat} or one of their minions (@#ID)"
        return IllegalDecision(reason, code="target_needed")
    if target in targets:
        return None
    if spoken:
        return IllegalDecision(
            f"{target.text()} is not a target {name} may choose", code="invalid_target"
        )
    return _not_attackable(seat, target)


def attack_problem(state: TcgState, seat: int, attack: Attack) -> IllegalDecision | None:
    """Why ``seat``, whose turn it is, may not make ``attack`` now (``None``: it may).

    >>> from cardtable.games.tcg.scenario import scenario
    >>> state = scenario(boards=([3], [2]), asleep=([0], []), rules=TcgRules(minions=True))
    >>> print(attack_problem(state, 0, Attack(0, Target.hero(1))).reason)
    Damage 3 is asleep: a minion cannot attack in its first turn
    """
    if MINION not in allowed_ways(state.rules.ruleset):
        return IllegalDecision("these rules have no minions", code="not_in_these_rules")
    if not 0 <= attack.minion < len(state.cards):
        return IllegalDecision(f"there is no card #{attack.minion}", code="no_such_card")
    minion = state.cards[attack.minion]
    if minion not in state.boards[seat].cards:
        return IllegalDecision(f"#{attack.minion} is not one of your minions", code="not_your_card")
    name = minion.definition.name
    if not awake(state, minion):
        return IllegalDecision(
            f"{name} is asleep: a minion cannot attack in its first turn", code="asleep"
        )
    if not attacks_left(state, minion):
        return IllegalDecision(f"{name} has already attacked this turn", code="already_attacked")
    if attack.target not in characters(state, seat, ATTACKED):
        return _not_attackable(seat, attack.target)
    return None


def _not_attackable(seat: int, target: Target) -> IllegalDecision:
    return IllegalDecision(
        f"{target.text()} cannot be attacked: choose the opposing hero (@p{1 - seat}) or one "
        "of their minions",
        code="invalid_target",
    )


# -- the decisions no check refuses -----------------------------------------------------------


def moves(state: TcgState, seat: int) -> list[Decision]:
    """Every decision no check refuses ``seat``, whose turn it is, but ending the turn and
    conceding: the plays of the cards it can pay for, in hand order, each card in its ways
    (:data:`WAYS`) in turn, its own way naming no target, then each target; then its minions'
    attacks, in board order, each at each target in turn.

    >>> from cardtable.games.tcg.scenario import scenario
    >>> rules = TcgRules(healing=True, minions=True, board_size=1)
    >>> state = scenario(hands=([2], []), boards=([1], [3]), slots=(2, 0), rules=rules)
    >>> [move.text() for move in moves(state, 0)]
    ['play #0 @p1', 'play #0 @#2', 'play #0 heal', 'attack #1 @p1', 'attack #1 @#2']
    """
    ways = allowed_ways(state.rules.ruleset)
    room = has_room(state, seat)
    found: dict[str, list[Target]] = {}  # the characters of each filter, found once
    made: list[Decision] = []
    for card in payable(state, seat):
        definition = card.definition
        assert isinstance(definition, TcgCard)
        for way in WAYS[definition.kind].values():
            mode = way.mode
            if mode not in ways or (way.minion and not room):
                continue
            among = aim(state, card, ways) if way.aims else None
            if among is None:
                made.append(Play(card.id, mode))
                continue
            targets = found.get(among)
            if targets is None:
                targets = found[among] = characters(state, seat, among)
            if skips_target(definition, targets):
                made.append(Play(card.id, mode))
            made.extend(Play(card.id, mode, target) for target in targets)
    if MINION in ways:
        targets = found.get(ATTACKED)
        if targets is None:
            targets = characters(state, seat, ATTACKED)
        for minion in state.boards[seat].cards:
            if awake(state, minion) and attacks_left(state, minion):
                made.extend(Attack(minion.id, target) for target in targets)
    return made
