"""Ranks and the orders games choose for them."""

from __future__ import annotations

import pytest

from cardtable.cards import (
    ACE,
    ACE_HIGH,
    ACE_LOW,
    KING,
    MAX_RANK,
    QUEEN,
    SEVEN,
    STANDARD_RANKS,
    TWO,
    DeckError,
    Rank,
    RankOrder,
    ace_high,
)


def test_rank_forms() -> None:
    assert [rank.text for rank in STANDARD_RANKS] == [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ]  # fmt: skip
    assert [rank.title for rank in (ACE, TWO, QUEEN)] == ["Ace", "Two", "Queen"]
    assert Rank(14).text == "14"
    assert Rank(14).title == "Fourteen"
    assert Rank(40).title == "Forty"
    assert Rank(99).title == "Ninety-nine"
    assert not Rank(14).standard
    assert KING.standard


@pytest.mark.parametrize("value", [0, -1, MAX_RANK + 1])
def test_ranks_outside_their_range_are_refused(value: int) -> None:
    with pytest.raises(DeckError, match=f"ranks go from 1 \\(ace\\) to {MAX_RANK}, not {value}"):
        Rank(value)


def test_a_rank_is_a_whole_number() -> None:
    with pytest.raises(TypeError):
        Rank(True)


def test_ace_high_and_ace_low() -> None:
    assert ACE_HIGH.strength(ACE) == 13
    assert ACE_HIGH.strength(TWO) == 1
    assert ACE_LOW.strength(ACE) == 1
    assert ACE_LOW.strength(KING) == 13
    assert ACE_HIGH.beats(ACE, KING)
    assert not ACE_LOW.beats(ACE, KING)
    assert not ACE_HIGH.beats(KING, KING)
    assert ACE_HIGH.highest == ACE
    assert ACE_HIGH.lowest == TWO
    assert ACE_HIGH.rank(12) == KING
    assert len(ACE_HIGH) == 13
    assert TWO in ACE_HIGH


def test_ace_high_orders_of_any_size() -> None:
    assert [rank.text for rank in ace_high(1)] == ["A"]
    assert ace_high(8).lowest == SEVEN
    assert ace_high(13) == ACE_HIGH
    long = ace_high(16)
    assert [rank.text for rank in long] == [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "14", "15", "16", "A",
    ]  # fmt: skip
    assert len(ace_high(MAX_RANK)) == MAX_RANK
    for count in (0, MAX_RANK + 1):
        with pytest.raises(DeckError, match=f"a deck has 1 to {MAX_RANK} ranks, not {count}"):
            ace_high(count)


def test_rank_orders_refuse_what_they_cannot_order() -> None:
    with pytest.raises(DeckError, match="at least one rank"):
        RankOrder(())
    with pytest.raises(DeckError, match="each rank once"):
        RankOrder.of([ACE, ACE])
    with pytest.raises(DeckError, match="Two is not a rank of this order"):
        ace_high(3).strength(TWO)
    with pytest.raises(DeckError, match="strengths go from 1 to 3, not 4"):
        ace_high(3).rank(4)
