"""What Karata tells the search player (see :class:`~cardtable.engine.facets.SearchHints`):
fewer finishes to weigh, playouts that play cards rather than pass at will, hand sizes to judge
a position by, only between turns, and what a seat infers from the turns it sees.

>>> from cardtable.games.karata.scenario import scenario
>>> hints = KarataSearch()
>>> state = scenario(hands=[["AS", "9C"], ["5C", "6D", "8H"]], pile=["7H"])
>>> round(hints.estimate(state, 0), 2), hints.quiet(state)
(0.57, True)
"""

from __future__ import annotations

from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.facets import SearchHints
from cardtable.engine.rng import Rng
from cardtable.engine.rulebook import RuleBook
from cardtable.games.karata.beliefs import KarataBeliefs
from cardtable.games.karata.config import KarataRules
from cardtable.games.karata.decisions import Finish, Play
from cardtable.games.karata.state import KarataState


class KarataSearch(SearchHints[KarataState]):
    """Karata's search hints."""

    def playout_move(self, state: KarataState, legal: Decisions, rng: Rng) -> Decision:
        """Two times in three a random card that may be played, else the default (pass, or
        finish the turn): random players that pass at will make endless playouts."""
        plays = [move for move in legal.moves if isinstance(move, Play)]
        if plays and rng.below(3):
            return plays[rng.below(len(plays))]
        assert legal.default is not None
        return legal.default

    def weighed(self, state: KarataState, legal: Decisions) -> tuple[Decision, ...]:
        """Every play and pass, but fewer finishes: where last card may be declared, only the
        finishes that declare it (a player who has not declared cannot win with the next
        turn); and where Aces may ask for any card, only the suits and the cards the player
        holds (a held card is one nobody else can give but with an Ace). That leaves a
        handful of finishes where the legal decisions list up to 116.

        >>> from cardtable.games.karata import GAME
        >>> from cardtable.games.karata.scenario import scenario
        >>> state = scenario(hands=[["AS", "9C", "KD"], ["5C"]], pile=["7H"])
        >>> GAME.decide(state, 0, Play("AS"))
        >>> legal = GAME.legal(state, 0)
        >>> len(legal.moves), [move.text() for move in GAME.search_hints.weighed(state, legal)]
        (58, ['finish ask C', 'finish ask D', 'finish ask H', 'finish ask S', \
'finish ask 9C', 'finish ask KD'])
        """
        moves = legal.moves
        finishes = [move for move in moves if isinstance(move, Finish)]
        if len(finishes) <= 1:
            return moves
        declaring = any(move.last for move in finishes)
        held = set(state.hand_keys(legal.seat))
        return tuple(
            move
            for move in moves
            if not isinstance(move, Finish)
            or (move.last == declaring and (len(move.request) <= 1 or move.request in held))
        )

    def estimate(self, state: KarataState, seat: int) -> float:
        """A share that grows as a hand shrinks: each player still at the table counts
        ``1 / (1 + cards in hand)``, and a player on last card counts double."""
        weights = [
            0.0
            if other in state.out
            else (2.0 if state.declared[other] else 1.0) / (1 + len(state.hands[other].cards))
            for other in range(state.seats)
        ]
        total = sum(weights)
        return weights[seat] / total if total else 1 / state.seats

    def quiet(self, state: KarataState) -> bool:
        """No turn under way: in the middle of one, the cards staged are in no hand and its
        effect (a request, a bomb, a jump) is still to come, so hand sizes mislead.

        >>> from cardtable.games.karata import GAME
        >>> from cardtable.games.karata.scenario import scenario
        >>> state = scenario(hands=[["4H", "4S"], ["5H"]], pile=["7H"])
        >>> GAME.search_hints.quiet(state)
        True
        >>> _ = GAME.decide(state, 0, Play("4H"))
        >>> GAME.search_hints.quiet(state)
        False
        """
        return not state.play.cards

    def beliefs(self, book: RuleBook, seat: int) -> KarataBeliefs | None:
        """What ``seat`` infers from the turns it sees: a player who picked rather than play
        held nothing that could start a turn there, and one who declared last card held no
        card that forbids it (see :mod:`~.beliefs`). With fines on a fine looks like a pass,
        so nothing is inferred."""
        rules: KarataRules = book.ruleset
        return None if rules.fines else KarataBeliefs(rules, seat)
