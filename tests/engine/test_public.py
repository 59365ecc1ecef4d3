"""A game's public data declared as typed fields of its state: made, copied, written and
loaded by the engine alone."""

from __future__ import annotations

from dataclasses import dataclass, fields
from types import SimpleNamespace
from typing import Any, NamedTuple, cast

import pytest

from cardtable.engine import RecordError, Rng, RuleBook, Stat, State, public_field, shortcut
from cardtable.engine.public import fields_of, public_shape
from cardtable.engine.zones import Stack


class Step(NamedTuple):
    seat: int
    moves: int


@dataclass(frozen=True, slots=True)
class Last:
    seat: int
    card: str | None
    note: str | None = None


class Table(State):
    """Every kind of value a public field may hold."""

    scores: list[int] = public_field(per_seat=0)
    order: list[int] = public_field(factory=list, seats=True)
    steps: list[list[Step]] = public_field(factory=list)
    last: Last | None = public_field(None)
    lives: list[Stat] = public_field(factory=list)
    seen: list[str] = public_field(factory=list, keyed="cards", since=2)
    mood: str = public_field("calm")
    piles: list[Stack] = shortcut()

    def bind_zones(self) -> None:
        self.piles = [cast(Stack, zone) for zone in self.zones.values()]

    def check_public(self) -> None:
        if self.mood not in ("calm", "tense"):
            raise RecordError(f"mood: {self.mood!r} is no mood")


def table(seats: int = 2, version: int = 2) -> Table:
    game = SimpleNamespace(name="test", version=version)
    book = RuleBook(game=cast(Any, game), ruleset=None)
    state = Table(book, Rng(0), seats=seats)
    state.add_zone(Stack("pile"))
    state.bind_zones()
    return state


def test_a_new_state_holds_each_fields_default() -> None:
    state = table(seats=3)
    assert state.scores == [0, 0, 0]
    assert (state.order, state.steps, state.last, state.seen, state.mood) == (
        [],
        [],
        None,
        [],
        "calm",
    )
    assert table().scores is not table().scores


def test_the_json_is_written_from_the_declarations() -> None:
    state = table()
    state.scores[1] = 4
    state.steps = [[Step(0, 2), Step(1, 0)]]
    state.last = Last(1, None)
    state.lives = [Stat(30, 21)]
    state.seen = ["QH"]
    assert state.public() == {
        "scores": [0, 4],
        "order": [],
        "steps": [[{"seat": 0, "moves": 2}, {"seat": 1, "moves": 0}]],
        "last": {"seat": 1, "card": None},
        "lives": [[30, 21]],
        "seen": {"cards": ["QH"]},
        "mood": "calm",
    }


def test_a_field_of_a_later_version_is_left_out_of_an_older_ones_json() -> None:
    state = table(version=1)
    assert "seen" not in state.public()
    loaded = table(version=1)
    loaded.load_public(state.public())
    assert loaded.seen == []


def test_a_copy_shares_nothing_that_changes_and_binds_its_shortcuts() -> None:
    state = table()
    state.steps = [[Step(0, 1)]]
    state.lives = [Stat(5)]
    clone = state.copy()
    clone.scores[0] += 1
    clone.steps[0].append(Step(1, 1))
    clone.lives[0].value -= 2
    assert (state.scores, state.steps, state.lives[0].value) == ([0, 0], [[Step(0, 1)]], 5)
    assert clone.piles == [clone.zones["pile"]]
    assert clone.piles[0] is not state.piles[0]


def test_loading_gives_back_what_was_written() -> None:
    state = table()
    state.order = [1, 0]
    state.steps = [[Step(1, 3)]]
    state.last = Last(0, "7S", note="late")
    state.lives = [Stat(9, 2)]
    state.seen = ["2D", "JS"]
    loaded = table()
    loaded.load_public(state.public())
    assert loaded.public() == state.public()
    assert loaded.steps == [[Step(1, 3)]]
    assert isinstance(loaded.steps[0][0], Step)
    assert loaded.last == Last(0, "7S", note="late")


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"scores": [1]}, "test scores: expected one value per seat, 2 in all"),
        ({"scores": [1, True]}, "test scores: expected int, got bool"),
        ({"order": [0, 5]}, "test order: 5 is not a seat of this match"),
        ({"order": [1, 1]}, "test order: a seat is listed twice"),
        ({"steps": [[{"seat": 0}]]}, "test steps: no field 'moves'"),
        ({"steps": [[{"seat": 0, "moves": 1, "x": 2}]]}, "test steps: unknown field 'x'"),
        ({"last": {"seat": 0, "card": 7}}, "test last.card: expected str or null, got int"),
        ({"lives": [[1, 2, 3]]}, "stat: expected \\[base, value\\]"),
        ({"seen": ["QH"]}, "test seen: expected an object holding only 'cards'"),
        ({"mood": "angry"}, "mood: 'angry' is no mood"),
        ({"weather": "rain"}, "public data: unknown field 'weather'"),
    ],
)
def test_bad_public_data_is_refused_with_what_is_wrong(
    change: dict[str, Any], problem: str
) -> None:
    data = {**table().public(), **change}
    state = table()
    state.scores[0] = 7
    with pytest.raises(RecordError, match=problem):
        state.load_public(data)
    assert state.scores == [7, 0]  # nothing changed


def test_a_missing_field_is_refused_and_a_views_extra_facts_are_left_aside() -> None:
    data = table().public()
    del data["mood"]
    with pytest.raises(RecordError, match="public data: mood is missing"):
        table().load_public(data)
    state = table()
    state.load_public({**table().public(), "variations": ["x"]}, view=True)
    assert state.mood == "calm"


def test_the_shape_of_the_json_is_made_from_the_declarations() -> None:
    shape = public_shape(Table, extra={"shown": bool})
    assert shape.__name__ == "TablePublic"
    names = [field.name for field in fields(shape)]
    assert names == ["scores", "order", "steps", "last", "lives", "mood", "shown", "seen"]
    assert [field.name for field in fields_of(Table)][:2] == ["scores", "order"]


def test_a_type_the_engine_cannot_keep_is_refused_naming_its_field() -> None:
    class Odd(State):
        things: set[int] = public_field(factory=set)

    with pytest.raises(TypeError, match=r"Odd\.things"):
        fields_of(Odd)


def test_json_as_written_is_loaded_at_once_and_anything_else_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """JSON as the state writes it is read by code written out from the declarations; JSON
    that is valid but written otherwise is read alike, through the checking code."""
    state = table()
    state.order = [1, 0]
    state.steps = [[Step(1, 3)]]
    state.last = Last(0, None, note="late")
    state.lives = [Stat(9, 2)]
    state.seen = ["2D"]
    written = state.public()
    checked = table()
    checked.load_public({key: written[key] for key in reversed(written)})  # keys reordered
    checked.load_public({**written, "last": {"note": "late", "card": None, "seat": 0}})

    def refuse(self: State, data: object, view: bool) -> dict[str, Any]:
        raise AssertionError("read through the checking code")

    monkeypatch.setattr(State, "_checked_public", refuse)
    loaded = table()
    loaded.load_public(written)
    assert loaded.public() == checked.public() == written
    assert loaded.last == checked.last == Last(0, None, note="late")
    older = table(version=1)
    older.load_public(table(version=1).public())
    assert older.seen == []
