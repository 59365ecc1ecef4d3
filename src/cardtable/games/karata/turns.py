"""What makes a Karata turn legal, and what a finished turn does: pure functions of card keys.

A turn starts from the :class:`Table`: the pile's top card, the active request (a suit letter,
a card's key, or nothing) and the pick pending on the player (a bomb's count, or 0). A request
and a bomb are never both active: a turn that ends in a bomb either satisfied the request
with its first card, or began with an Ace, after which only Aces can follow. Each
function returns a :class:`Problem`, the reason a player would be given, in plain words, with
its refusal code, or ``None`` when all is well; :func:`settle` works out what a finished turn
leaves for the next player.

>>> table = Table(top="7H")
>>> first_problem("7S", table, KarataRules()) is None
True
>>> problem = first_problem("9S", table, KarataRules())
>>> print(problem.code, problem.reason, sep=": ")
must_follow_suit_or_face: The Nine of Spades does not match the Seven of Hearts: play the same \
face or suit, an Ace or a Joker
>>> next_problem(("QH",), "4H", KarataRules()) is None  # an answer to a question
True
>>> next_problem(("7H",), "JH", KarataRules())
Problem(code='must_follow_face', reason='A Jack cannot follow the Seven of Hearts: after a \
Seven only another Seven can come')
>>> settle(("QH", "AS"), Table(top="7H"), KarataRules()).aces_left
2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.games.karata.cards import (
    ACE,
    JOKER,
    JUMP,
    KICKBACK,
    SUITS,
    ace_value,
    blocks_last_card,
    bomb,
    card_name,
    face,
    keys,
    plays_anywhere,
    question,
    special,
    suit,
    suit_name,
)
from cardtable.games.karata.config import KarataRules

_FACE_WORDS = {
    "A": "Ace",
    "2": "Two",
    "3": "Three",
    "4": "Four",
    "5": "Five",
    "6": "Six",
    "7": "Seven",
    "8": "Eight",
    "9": "Nine",
    "10": "Ten",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
    JOKER: "Joker",
}


@dataclass(frozen=True, slots=True)
class Table:
    """What a turn starts from: the pile's ``top``, the active ``request`` (a suit letter, a
    card's key, or ``""``) and the ``bomb`` count pending on the player (0: none)."""

    top: str
    request: str = ""
    bomb: int = 0


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a turn (or a card of it, or its finish) is refused: the refusal ``code`` (one of
    :data:`~.errors.REFUSAL_CODES` or the engine's) and the ``reason`` a player is given."""

    code: str
    reason: str


@dataclass(frozen=True, slots=True)
class Settled:
    """What a finished turn leaves.

    ``request`` stays active for the next player unless the turn cleared it (a request partly
    paid becomes the requested card's suit); ``aces_left`` is what the turn's Aces have left
    for a new request (1: a suit; 2 or more: a card or a suit). ``bomb`` is what the next
    player must pick, ``unanswered`` whether the turn ended on a question (the player picks 1),
    ``jumps`` and ``kings`` count Jacks and Kings, and ``again`` says an even number of Kings
    gives the player another turn.
    """

    request: str
    aces_left: int
    bomb: int
    unanswered: bool
    jumps: int
    kings: int
    again: bool


def face_word(key: str) -> str:
    """``Seven``, ``Joker``."""
    return _FACE_WORDS[face(key)]


def article(word: str) -> str:
    return f"an {word}" if word[0] in "AEIOU" else f"a {word}"


def the(key: str) -> str:
    """``the Nine of Spades``, ``the Black Joker``."""
    return f"the {card_name(key)}"


def is_suit(request: str) -> bool:
    return request in SUITS


def request_words(request: str) -> str:
    """``Hearts`` for a suit request, ``the Nine of Spades`` for a card request."""
    return suit_name(request) if is_suit(request) else the(request)


def satisfies(key: str, request: str) -> bool:
    """Whether ``key`` is what ``request`` asks for (that suit, or that very card)."""
    if is_suit(request):
        return suit(key) == request
    return key == request


def pick_count(key: str, rules: KarataRules) -> int:
    """What a bomb makes the next player pick."""
    return rules.pick_counts["J" if face(key) == JOKER else face(key)]


# -- the first card ---------------------------------------------------------------------------


def may_start(key: str, table: Table, rules: KarataRules) -> bool:
    """Whether ``key`` may start a turn on ``table``: :func:`first_problem` without the reason,
    for players that weigh many cards.

    >>> table = Table(top="7H")
    >>> may_start("7S", table, KarataRules()), may_start("9S", table, KarataRules())
    (True, False)
    """
    request = table.request
    if request and not satisfies(key, request) and face(key) != ACE:
        return False
    if table.bomb:
        return _may_counter(key, table)
    if request:
        return True
    top = table.top
    return (
        plays_anywhere(key)
        or plays_anywhere(top)
        or face(key) == face(top)
        or suit(key) == suit(top)
    )


def _may_counter(key: str, table: Table) -> bool:
    """Whether ``key`` answers the bomb on ``table``: an Ace blocks it; a Two or Three of its
    face or suit, or a Joker, counters it; only a Joker counters a Joker."""
    if face(key) == ACE:
        return True
    if not bomb(key):
        return False
    if face(table.top) == JOKER:
        return face(key) == JOKER
    return face(key) == JOKER or face(key) == face(table.top) or suit(key) == suit(table.top)


def first_problem(key: str, table: Table, rules: KarataRules) -> Problem | None:
    """Why ``key`` cannot start a turn on ``table`` (``None``: it can)."""
    if may_start(key, table, rules):
        return None
    request = table.request
    if request and not satisfies(key, request) and face(key) != ACE:
        what, name = (
            ("A suit", suit_name(request)) if is_suit(request) else ("A card", card_name(request))
        )
        return Problem("request_not_met", f"{what} has been requested: {name} (or play an Ace)")
    if table.bomb:
        return _bomb_problem(key, table)
    return Problem(
        "must_follow_suit_or_face",
        f"The {card_name(key)} does not match {the(table.top)}: play the same face or suit, "
        "an Ace or a Joker",
    )


def _bomb_problem(key: str, table: Table) -> Problem:
    """Why ``key``, which cannot answer the bomb on ``table``, cannot."""
    top = table.top
    pick = f"or pass to pick {table.bomb}"
    if not bomb(key):
        return Problem(
            "pending_pick",
            f"A bomb is on you: counter it with a bomb, block it with an Ace, {pick}",
        )
    if face(top) == JOKER:
        return Problem(
            "cannot_counter", f"Only a Joker counters a Joker (an Ace blocks it), {pick}"
        )
    return Problem(
        "cannot_counter",
        f"The {card_name(key)} cannot counter {the(top)}: a Two or Three must match its face "
        f"or suit (a Joker always may), {pick}",
    )


# -- the cards after it -----------------------------------------------------------------------


def may_follow(before: str, key: str, rules: KarataRules) -> bool:
    """Whether ``key`` may follow ``before`` within a turn: :func:`next_problem` without the
    reason, for players that weigh many turns.

    >>> may_follow("QH", "4H", KarataRules()), may_follow("7H", "JH", KarataRules())
    (True, False)
    """
    if question(before):
        return (
            rules.anything_answers
            or plays_anywhere(key)
            or face(key) == face(before)
            or suit(key) == suit(before)
        )
    return face(key) == face(before)


def next_problem(cards: Sequence[str], key: str, rules: KarataRules) -> Problem | None:
    """Why ``key`` cannot follow ``cards`` (the turn so far, at least one card)."""
    before = cards[-1]
    if may_follow(before, key, rules):
        return None
    if question(before):
        return Problem(
            "must_answer",
            f"The {card_name(key)} does not answer {the(before)}: answer with the same face "
            "or suit, an Ace or a Joker",
        )
    word, previous = face_word(key), face_word(before)
    if face(key) == ACE:
        reason = f"An Ace can only follow a question or another Ace, not {the(before)}"
    elif face(key) == JOKER:
        reason = f"A Joker can only follow a question or another Joker, not {the(before)}"
    else:
        reason = (
            f"{article(word)} cannot follow {the(before)}: after {article(previous)} only "
            f"another {previous} can come"
        )
    return Problem("must_follow_face", reason[0].upper() + reason[1:])


def turn_problem(cards: Sequence[str], table: Table, rules: KarataRules) -> Problem | None:
    """Why the whole sequence ``cards`` is not a legal turn (``None``: it is)."""
    if not cards:
        return Problem("empty_turn", "A turn plays at least one card (or pass to pick)")
    if len(set(cards)) != len(cards):
        return Problem("card_repeated", "A card can only be played once")
    problem = first_problem(cards[0], table, rules)
    for index in range(1, len(cards)):
        if problem is not None:
            return problem
        problem = next_problem(cards[:index], cards[index], rules)
    return problem


# -- what a turn leaves -----------------------------------------------------------------------


def settle(cards: Sequence[str], table: Table, rules: KarataRules) -> Settled:
    """What the legal turn ``cards`` leaves for the next player (see :class:`Settled`)."""
    values = sum(ace_value(card) for card in cards)
    first, last = cards[0], cards[-1]
    request = table.request
    if request and not satisfies(first, request):  # an Ace that does not satisfy it pays
        cost = 1 if is_suit(request) else 2
        if values >= cost:
            values -= cost
            request = ""
        elif not is_suit(request) and suit(request):  # one of two paid: only the suit is left
            request = suit(request)
            values = 0
        else:
            values = 0
    else:
        request = ""
    if table.bomb and face(first) == ACE:
        values -= 1  # the block: a bomb never meets a request, so the Ace paid for nothing else
    bombs = [card for card in cards if bomb(card)]
    pending = 0
    if bomb(last):
        if rules.cumulative_bombs:
            countered = table.bomb if bomb(first) else 0
            pending = countered + sum(pick_count(card, rules) for card in bombs)
        else:
            pending = pick_count(last, rules)
    return Settled(request, max(values, 0), pending, *_onward(cards))


def _onward(cards: Sequence[str]) -> tuple[bool, int, int, bool]:
    """How a finished turn hands play on, from its cards alone (the part of :class:`Settled`
    the table it met does not change), in the order of :class:`Settled`'s fields:
    ``unanswered``, ``jumps``, ``kings``, ``again``.

    >>> _onward(("KC", "KD")), _onward(("JH", "QH"))
    ((False, 0, 2, True), (True, 1, 0, False))
    """
    last = cards[-1]
    kings = sum(1 for card in cards if face(card) == KICKBACK)
    again = kings > 0 and kings % 2 == 0 and not (question(last) or bomb(last))
    return question(last), sum(1 for card in cards if face(card) == JUMP), kings, again


def request_problem(request: str, aces_left: int) -> Problem | None:
    """Why ``request`` cannot finish a turn whose Aces have ``aces_left`` (``None``: fine)."""
    if aces_left == 0:
        if request:
            return Problem(
                "cannot_request", "Only Aces make a request, and this turn has none left to spend"
            )
        return None
    if not request:
        if aces_left == 1:
            return Problem(
                "request_needed",
                "Your Ace asks for a suit: finish with ask and a suit (ask hearts)",
            )
        return Problem(
            "request_needed",
            "Your Aces ask for a card or a suit: finish with ask and one (ask 9S, ask hearts)",
        )
    if is_suit(request):
        return None
    if request not in keys():
        return Problem("cannot_request", f"{request!r} is neither a suit nor a card")
    if aces_left == 1:
        return Problem("cannot_request", "One Ace can only ask for a suit; two Aces ask for a card")
    return None


def requests(aces_left: int) -> tuple[str, ...]:
    """Every request a turn with ``aces_left`` may make, suits first."""
    if aces_left == 0:
        return ("",)
    if aces_left == 1:
        return SUITS
    cards = tuple(sorted(keys(), key=_card_order))
    return SUITS + cards


def _card_order(key: str) -> tuple[int, str]:
    return (SUITS.index(suit(key)) if suit(key) else len(SUITS), key)


def usual_request(hand: Sequence[str]) -> str:
    """The request a time-out makes: the suit the player holds most (ties: first in C, D,
    H, S order; clubs with no suited card left)."""
    counts = Counter(suit(card) for card in hand if suit(card))
    return max(SUITS, key=lambda letter: (counts[letter], -SUITS.index(letter)))


def last_card_problem(hand: Sequence[str], rules: KarataRules) -> Problem | None:
    """Why a player left holding ``hand`` after their turn cannot declare last card."""
    if not hand:
        return Problem("cannot_declare", "Last card is declared with cards left in your hand")
    if rules.last_card_check:
        blocking = [card for card in hand if blocks_last_card(card)]
        if blocking:
            return Problem(
                "cannot_declare",
                f"You cannot declare last card holding {the(blocking[0])}: not with an Ace, "
                "a bomb, a Jack or a King in hand",
            )
    return None


def wins(cards: Sequence[str], hand_after: Sequence[str], declared: bool) -> bool:
    """Whether a turn wins: it empties the hand, ends on a non-special card, and the player
    declared last card in an earlier turn."""
    return not hand_after and not special(cards[-1]) and declared
