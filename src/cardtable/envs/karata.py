"""Karata as numbers: a turn is built card by card, so every action is small.

A whole Karata turn (``turn 7H 7S ask H last``) is a sequence of cards, far too many to
enumerate; the game already factors it into steps, and so do the actions. The seat keeps the
turn while it builds:

* ``0..53``: add a card to the turn, by the card (the 54 cards in deck order: clubs ace to
  king, diamonds, hearts, spades, then the black and the red joker).
* ``54``: pass (play nothing and pick).
* ``55 + 2 * r + l``: finish the turn with request ``r`` (``0``: none, ``1..4``: the suits
  C, D, H, S, then ``5..58`` a card, in deck order) and ``l = 1`` to declare last card.

**Observation**, seat-relative: your hand, the cards of the turn being built, the top of the
pile and every card in the pile (each a 54-wide row of 0/1), the request (a suit or a card),
the pending bomb, the direction of play; for each seat from yours round the table, its hand
size, whether it has declared last card, whether it has left, whether it is to act; and the
size of the deck.

>>> from cardtable.games.karata.config import KarataRules
>>> encoding = KarataEncoding(KarataRules())
>>> encoding.actions, encoding.action_text(0), encoding.action_text(54)
(173, 'play AC', 'pass')
>>> encoding.action_text(55), encoding.action_text(58), encoding.action_text(172)
('finish', 'finish ask C last', 'finish ask RJ last')
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.decisions import Decision
from cardtable.engine.sight import Seen
from cardtable.envs.encoding import Encoding, EncodingError, unit
from cardtable.games.karata.cards import SUITS, deck
from cardtable.games.karata.config import DECK_SIZE, KarataRules
from cardtable.games.karata.decisions import Finish, Pass, Play
from cardtable.games.karata.state import DECK, PILE, PLAY, hand_names

CARDS: tuple[str, ...] = tuple(card.key for card in deck())
REQUESTS: tuple[str, ...] = ("", *SUITS, *CARDS)
PASS_ACTION = len(CARDS)
FINISH_ACTION = PASS_ACTION + 1
_PER_SEAT = 4
_BIG_HAND = 20.0
_BIG_BOMB = 10.0


class KarataEncoding(Encoding):
    """Karata's actions and observations under one ruleset (see the module)."""

    def __init__(self, rules: KarataRules) -> None:
        super().__init__()
        self.rules = rules
        self.seats = rules.players
        self.actions = FINISH_ACTION + 2 * len(REQUESTS)
        self.longest = 100_000
        self._card = {key: index for index, key in enumerate(CARDS)}
        self._request = {key: index for index, key in enumerate(REQUESTS)}
        cards = len(CARDS)
        self._staged_at = cards
        self._top_at = 2 * cards
        self._pile_at = 3 * cards
        self._request_at = 4 * cards - 1  # request 0 (none) has no column
        self._table_at = self._request_at + len(REQUESTS)
        self._seats_at = self._table_at + 3
        self.size = self._seats_at + _PER_SEAT * self.seats
        self._hands = hand_names(self.seats)

    def indices(self, seen: Seen, decisions: Sequence[Decision]) -> list[int]:
        found = []
        for decision in decisions:
            if isinstance(decision, Play) and decision.card in self._card:
                found.append(self._card[decision.card])
            elif isinstance(decision, Pass):
                found.append(PASS_ACTION)
            elif isinstance(decision, Finish) and decision.request in self._request:
                request = self._request[decision.request]
                found.append(FINISH_ACTION + 2 * request + decision.last)
            else:
                raise EncodingError(f"{decision.text()!r} is not a Karata move of one step")
        return found

    def action_text(self, index: int) -> str:
        if 0 <= index < PASS_ACTION:
            return f"play {CARDS[index]}"
        if index == PASS_ACTION:
            return "pass"
        if FINISH_ACTION <= index < self.actions:
            request, last = divmod(index - FINISH_ACTION, 2)
            return Finish(REQUESTS[request], bool(last)).text()
        raise EncodingError(f"no action {index}: Karata has {self.actions}")

    def write(self, seen: Seen, me: int, out: list[float]) -> None:
        card = self._card
        for held in seen.cards(self._hands[me]):
            out[card[held.key]] = 1.0
        for staged in seen.zone(PLAY).cards or ():
            out[self._staged_at + card[staged.key]] = 1.0
        pile = seen.zone(PILE).cards or ()
        if pile:
            out[self._top_at + card[pile[-1].key]] = 1.0
        for played in pile:
            out[self._pile_at + card[played.key]] = 1.0
        public = seen.public
        request = self._request[public["request"]]
        if request:
            out[self._request_at + request] = 1.0
        at = self._table_at
        out[at] = unit(public["bomb"] / _BIG_BOMB)
        out[at + 1] = public["direction"] > 0
        out[at + 2] = seen.size(DECK) / DECK_SIZE
        declared = public["declared"]
        left = set(public["out"])
        seats = self.seats
        to_act = seen.to_act
        for place in range(seats):
            seat = (me + place) % seats
            at = self._seats_at + place * _PER_SEAT
            out[at] = unit(seen.size(self._hands[seat]) / _BIG_HAND)
            out[at + 1] = declared[seat]
            out[at + 2] = seat in left
            out[at + 3] = seat == to_act
