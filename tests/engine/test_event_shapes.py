"""Events declared once: one class gives an event's JSON, what each seat sees of it, its
words and its schema."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from typing import Literal, get_type_hints

import pytest

import cardtable
from cardtable.engine import EventShape, RecordError, event, secret
from cardtable.engine.events import Hit, unsaid
from cardtable.engine.json import JsonObject
from cardtable.engine.wording import Names

NAMES = Names(["Ann", "Bob"].__getitem__)
HIT = {"target": "p1", "amount": 2, "life": 5}


@event
class Picked(EventShape):
    """A player picked cards: only they see which."""

    kind = "pick"
    seat: int
    count: int
    cards: list[str] | None = secret(to="seat")
    reason: str | None = None
    hits: list[Hit] = dataclasses.field(default_factory=list)
    why: object = unsaid(default=None)

    def words(self, names: Names) -> str:
        shown = f": {', '.join(self.cards)}" if self.cards else ""
        return f"{names.seat(self.seat)} picks {self.count}{shown}"


def test_a_secret_field_is_seen_by_its_seat_only() -> None:
    told = Picked(seat=1, count=2, cards=["QH", "2C"])
    assert told.event(1) == {
        "type": "pick",
        "seat": 1,
        "count": 2,
        "cards": ["QH", "2C"],
        "hits": [],
    }
    assert told.event(0) == {"type": "pick", "seat": 1, "count": 2, "cards": None, "hits": []}
    assert told.event(None) == told.event(0)


def test_an_optional_field_is_left_out_while_it_is_none_and_unsaid_ones_never_written() -> None:
    told = Picked(seat=0, count=1, cards=None, reason="fine", why="kept for redaction")
    assert told.to_json() == {
        "type": "pick",
        "seat": 0,
        "count": 1,
        "cards": None,
        "reason": "fine",
        "hits": [],
    }
    hit = Picked(seat=0, count=0, cards=None, hits=[Hit("p1", 2, 5)]).to_json()["hits"]
    assert hit == [{"target": "p1", "amount": 2, "life": 5}]


def test_an_event_reads_back_from_its_json_and_says_its_words() -> None:
    told = Picked(seat=1, count=2, cards=["QH", "2C"], hits=[Hit("#3", 1, 0, True)])
    back = Picked.from_json(told.to_json())
    assert back == told
    assert back.hits[0].shielded is True
    assert back.words(NAMES) == "Bob picks 2: QH, 2C"
    assert Picked.from_json(told.event(0)).words(NAMES) == "Bob picks 2"


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"type": "deal", "seat": 0}, "not a pick event"),
        ({"type": "pick", "seat": 0, "cards": None}, "pick event: no field 'count'"),
        (
            {"type": "pick", "seat": "0", "count": 1, "cards": None, "hits": []},
            "expected int, got str",
        ),
        ({"type": "pick", "seat": 0, "count": 1, "cards": None, "x": 1}, "unknown field 'x'"),
        (
            {"type": "pick", "seat": 0, "count": 1, "cards": None, "hits": [[]]},
            "hits: expected an object, got list",
        ),
        (
            {"type": "pick", "seat": 0, "count": 1, "cards": None, "hits": [HIT | {"life": True}]},
            "hits.life: expected int, got bool",
        ),
    ],
)
def test_json_that_is_not_the_event_is_refused(data: dict[str, object], problem: str) -> None:
    with pytest.raises(RecordError, match=problem):
        Picked.from_json(data)


def test_json_as_written_is_read_at_once_and_anything_else_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """JSON as events are written is read by code written out from the declaration; JSON
    that is valid but written otherwise is read alike, through the checking code."""
    told = Picked(seat=1, count=2, cards=["QH"], reason="bomb", hits=[Hit("#3", 1, 0, True)])
    written = told.to_json()
    reordered = {key: written[key] for key in reversed(written)}
    hits = [{"life": 0, "shielded": True, "amount": 1, "target": "#3"}]
    assert Picked.from_json(reordered) == Picked.from_json({**written, "hits": hits}) == told

    def refuse(*arguments: object) -> None:
        raise AssertionError("read through the checking code")

    monkeypatch.setattr("cardtable.engine.events.record_values", refuse)
    assert Picked.from_json(written) == told
    assert Picked.from_json(told.event(0)) == Picked(
        seat=1, count=2, cards=None, reason="bomb", hits=told.hits
    )
    shielded = Picked.from_json({**written, "hits": [HIT, {**HIT, "shielded": None}]}).hits
    assert shielded == [Hit("p1", 2, 5), Hit("p1", 2, 5)]


def test_words_from_json_read_it_as_written_with_a_server_text_and_refuse_anything_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A log words an event from its JSON (which a server may have given a ``text``) as
    :meth:`from_json` reads it, at once; JSON that is not the event is a ``RecordError``."""
    told = Picked(seat=1, count=2, cards=["QH"], hits=[Hit("#3", 1, 0, True)])
    written = told.event(1)
    assert written is not None
    assert Picked.words_from_json(written, NAMES) == "Bob picks 2: QH"
    assert Picked.words_from_json({**written, "hits": [HIT]}, NAMES) == "Bob picks 2: QH"
    reordered = {key: written[key] for key in reversed(written)}
    assert Picked.words_from_json({**reordered, "text": "said"}, NAMES) == "Bob picks 2: QH"

    def refuse(*arguments: object) -> None:
        raise AssertionError("read through the checking code")

    with monkeypatch.context() as patched:
        patched.setattr("cardtable.engine.events.record_values", refuse)
        assert Picked.words_from_json({**written, "text": "said"}, NAMES) == "Bob picks 2: QH"
        assert Picked.words_from_json(told.event(0), NAMES) == "Bob picks 2"
    for data, problem in [
        ({**written, "seat": "1"}, "expected int, got str"),
        ({**written, "hits": [HIT | {"life": True}]}, "hits.life: expected int, got bool"),
        ({**written, "text": "said", "x": 1}, "unknown field 'x'"),
        ({**written, "type": "deal"}, "not a pick event"),
        ([written], "not a pick event"),
    ]:
        with pytest.raises(RecordError, match=problem):
            Picked.words_from_json(data, NAMES)


def test_a_record_of_plain_values_is_made_once_for_the_values_it_holds() -> None:
    """A hit read twice is one record; values of another type are never taken for it."""
    one = HIT | {"amount": 1}
    first = Picked.from_json({**Picked(seat=0, count=0, cards=None).to_json(), "hits": [one]})
    again = Picked.from_json({**first.to_json(), "hits": [dict(one)]})
    assert first.hits[0] is again.hits[0]
    with pytest.raises(RecordError, match=r"hits\.amount: expected int, got bool"):
        Picked.from_json({**first.to_json(), "hits": [one | {"amount": True}]})


def test_an_event_that_writes_its_own_json_is_seen_through_it() -> None:
    @event
    class Counted(EventShape):
        kind = "counted"
        count: int

        def to_json(self) -> JsonObject:
            return {"type": self.kind, "count": self.count, "twice": 2 * self.count}

    told = Counted(count=2)
    assert told.event(0) == told.to_json() == {"type": "counted", "count": 2, "twice": 4}


def test_the_schema_shape_has_the_type_as_a_literal_and_no_unsaid_field() -> None:
    shape = Picked.schema_shape()
    hints = get_type_hints(shape)
    assert hints["type"] == Literal["pick"]
    assert "why" not in hints
    assert [field.name for field in dataclasses.fields(shape)][:3] == ["type", "seat", "count"]


def test_an_event_without_a_kind_is_refused() -> None:
    with pytest.raises(TypeError, match="says its kind"):

        @event
        class Nameless(EventShape):
            seat: int


def test_no_action_keeps_a_result_on_itself() -> None:
    """An action is what was asked, the same before and after it ran: what it did is in the
    event it returns (a reaction that needs it is ``told``). No ``execute`` in the engine or
    the games assigns to the action itself."""
    source = Path(cardtable.__file__).parent
    kept: list[str] = []
    for path in sorted(source.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            for method in node.body:
                if not isinstance(method, ast.FunctionDef) or method.name != "execute":
                    continue
                for statement in ast.walk(method):
                    targets: list[ast.expr] = []
                    if isinstance(statement, ast.Assign):
                        targets = statement.targets
                    elif isinstance(statement, ast.AugAssign | ast.AnnAssign):
                        targets = [statement.target]
                    kept.extend(
                        f"{path.relative_to(source)}: {node.name}.{target.attr}"
                        for target in targets
                        if isinstance(target, ast.Attribute)
                        and isinstance(target.value, ast.Name)
                        and target.value.id == "self"
                    )
    assert kept == []
