"""The words of a tournament refuse what cannot be: a table, a result, a round, settings."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from cardtable.tournaments.model import Result, Round, Table, TournamentError, place_points
from cardtable.tournaments.settings import Settings


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda: Table(()), "at least one entrant"),
        (lambda: Table(("ana", "ana")), "sits twice"),
        (lambda: Result(()), "are not places"),
        (lambda: Result((1, 3)), "are not places"),
        (lambda: Result((1, 1, 2)), "skip or repeat"),
        (lambda: Result((1, 2), forfeits=(2,)), "not at the table"),
        (lambda: Round(1, (Table(("a", "b")),), (None, None)), "one result"),
        (lambda: Round(1, (Table(("a", "b")), Table(("b",)))), "seats an entrant twice"),
        (lambda: Round(1, (Table(("a", "b")),), (Result((1, 2, 3)),)), "exactly the seats"),
        (lambda: Round(1, (Table(("a", "b")),)).with_result(1, Result((1, 2))), "no table 1"),
    ],
)
def test_what_cannot_be_is_refused(make: Callable[[], object], reason: str) -> None:
    with pytest.raises(TournamentError, match=reason):
        make()


@pytest.mark.parametrize(
    ("settings", "reason"),
    [
        ({"format": "league"}, "no format 'league'"),
        ({"format": "swiss", "rounds": 3, "seeding": "age"}, "no seeding 'age'"),
        ({"format": "knockout", "seats": 1}, "at least 2"),
        ({"format": "knockout", "seats": 4, "fewest": 5}, "from 2 to its 4 seats"),
        ({"format": "swiss"}, "1 to 30 rounds"),
        ({"format": "swiss", "rounds": 31}, "1 to 30 rounds"),
        ({"format": "knockout", "rounds": 3}, "only a Swiss"),
        ({"format": "round_robin", "seats": 3}, "two-player"),
        ({"format": "swiss", "rounds": 2, "advance": 2}, "only a knockout"),
    ],
)
def test_settings_that_make_no_tournament_are_refused(
    settings: dict[str, Any], reason: str
) -> None:
    with pytest.raises(TournamentError, match=reason):
        Settings(**settings)
    with pytest.raises(TournamentError):
        Settings.from_json(settings)


def test_settings_from_json_refuse_unknown_or_missing_fields() -> None:
    with pytest.raises(TournamentError, match="unknown tournament settings: colour"):
        Settings.from_json({"format": "knockout", "colour": "red"})
    with pytest.raises(TournamentError, match="not valid"):
        Settings.from_json({"seats": 2})
    knockout = Settings(format="knockout", seats=4, fewest=3, advance=2, seeding="random")
    assert Settings.from_json(knockout.to_json()) == knockout


def test_points_by_place_at_every_table_size() -> None:
    assert place_points((1,)) == (Fraction(1),)
    assert place_points((1, 1)) == (Fraction(1, 2), Fraction(1, 2))
    assert place_points((3, 1, 2)) == (Fraction(0), Fraction(1), Fraction(1, 2))
    assert sum(place_points((1, 2, 2, 4, 5, 6))) == 3  # six seats share 3 points
    assert Result((1, 2), forfeits=(1,)).points() == (Fraction(1), Fraction(0))
    assert Result((1, 1), forfeits=(0,)).points() == (Fraction(0), Fraction(1, 2))
