"""What each card is and does, for every key of the deck, and for text that is no card."""

from __future__ import annotations

from cardtable.games.karata import cards


def test_every_key_of_the_deck_is_answered_as_computed() -> None:
    every = cards.keys()
    assert len(every) == 54
    for key in sorted(every):
        rank, letter = ("X", "") if key in ("BJ", "RJ") else (key[:-1], key[-1])
        assert (cards.face(key), cards.suit(key)) == (rank, letter)
        assert cards.bomb(key) == (rank in ("2", "3", "X"))
        assert cards.question(key) == (rank in ("Q", "8"))
        assert cards.special(key) == (rank not in ("4", "5", "6", "7", "9", "10"))
        assert cards.ace_value(key) == (2 if key == "AS" else 1 if rank == "A" else 0)
        assert cards.plays_anywhere(key) == (rank in ("A", "X"))
        assert cards.blocks_last_card(key) == (rank in ("A", "J", "K", "2", "3", "X"))


def test_text_that_is_no_card_is_answered_too_and_not_kept() -> None:
    """A request names a suit or a card; answers for other text are worked out when asked,
    and the tables keep only the 54 keys."""
    assert (cards.face("QZ"), cards.suit("QZ"), cards.question("QZ")) == ("Q", "Z", True)
    assert (cards.face("7"), cards.special("7")) == ("", True)
    assert cards.face("7H") == "7"
    for lookup in (cards.face, cards.suit, cards.question, cards.special):
        table = getattr(lookup, "__self__", None)
        assert isinstance(table, dict)
        assert set(table) == cards.keys()
