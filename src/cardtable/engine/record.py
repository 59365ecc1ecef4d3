"""Match records: ruleset + where the match began + the ordered decisions, as versioned
JSON. One format for every game.

A match begins either from a seed (the rules deal it: ``seed``) or from a position built
beforehand (a game's ``scenario()``, a loaded state: ``start``, the whole state as
:meth:`Game.state_to_json <cardtable.engine.game.Game.state_to_json>` writes it, its
generator included). A record is the whole match: replaying it reproduces the final state
exactly (the same SHA-256 hash of the canonical state JSON). The full ruleset is inlined
(card pool and decks included), so editing a data file never breaks an old replay.

>>> record = Record(game="tcg", ruleset={}, seed=7, seats=("random", "greedy"),
...                 decisions=((0, "end"),))
>>> Record.from_json(record.to_json()) == record
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.engine.errors import RecordError
from cardtable.engine.json import JsonObject, JsonValue, as_int, as_list, as_object, as_str
from cardtable.engine.outcome import Outcome

RECORD_FORMAT = "cardtable-record"
RECORD_VERSION = 1
"""The format of a record that begins from a seed."""
RECORD_VERSION_WITH_START = 2
"""The format of a record that begins from a built position (``start``): a reader of
version 1 alone refuses it rather than deal a different match."""

ENGINE_VERSION = 1
"""Bumped whenever a change in the engine (its generator, the order it processes actions in)
would make an existing record replay differently."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Record:
    """Everything needed to replay a match."""

    game: str
    ruleset: JsonObject
    seed: int
    seats: tuple[str, ...]
    decisions: tuple[tuple[int, str], ...]
    outcome: Outcome | None = None
    final_hash: str | None = None
    meta: JsonObject = field(default_factory=dict)
    engine_version: int = ENGINE_VERSION
    game_version: int = 1
    start: JsonObject | None = None
    """The position the match began from (a state's JSON), or ``None``: it began from
    ``seed`` (which a match from a position does not use)."""

    def to_json(self) -> JsonObject:
        decisions: list[JsonValue] = [[seat, text] for seat, text in self.decisions]
        started: JsonObject = {} if self.start is None else {"start": self.start}
        return {
            "format": RECORD_FORMAT,
            "format_version": RECORD_VERSION if self.start is None else RECORD_VERSION_WITH_START,
            "engine_version": self.engine_version,
            "game": self.game,
            "game_version": self.game_version,
            "ruleset": self.ruleset,
            "seed": self.seed,
            "seats": list(self.seats),
            "decisions": decisions,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "final_hash": self.final_hash,
            "meta": self.meta,
            **started,
        }

    @classmethod
    def from_json(cls, value: object) -> Record:
        data = as_object(value, "record")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError("this is not a cardtable match record")
        version = as_int(data.get("format_version"), "record format_version")
        if version not in (RECORD_VERSION, RECORD_VERSION_WITH_START):
            raise RecordError(
                f"record format version {version} is not supported (this cardtable reads "
                f"versions {RECORD_VERSION} and {RECORD_VERSION_WITH_START})"
            )
        start = data.get("start")
        if (start is not None) != (version == RECORD_VERSION_WITH_START):
            raise RecordError(
                f"a record of format version {version} "
                + ("begins from no position" if start is None else "cannot begin from a position")
            )
        decisions: list[tuple[int, str]] = []
        for index, item in enumerate(as_list(data.get("decisions"), "record decisions")):
            pair = as_list(item, f"decision {index + 1}")
            if len(pair) != 2:
                raise RecordError(f"decision {index + 1}: expected [seat, text]")
            decisions.append(
                (as_int(pair[0], f"decision {index + 1} seat"), as_str(pair[1], "decision text"))
            )
        raw_outcome = data.get("outcome")
        raw_hash = data.get("final_hash")
        return cls(
            engine_version=as_int(data.get("engine_version"), "record engine_version"),
            game_version=as_int(data.get("game_version"), "record game_version"),
            game=as_str(data.get("game"), "record game"),
            ruleset=as_object(data.get("ruleset"), "record ruleset"),
            seed=as_int(data.get("seed"), "record seed"),
            seats=tuple(as_str(s, "record seat") for s in as_list(data.get("seats"), "seats")),
            decisions=tuple(decisions),
            outcome=None if raw_outcome is None else Outcome.from_json(raw_outcome),
            final_hash=None if raw_hash is None else as_str(raw_hash, "record final_hash"),
            meta=as_object(data.get("meta", {}), "record meta"),
            start=None if start is None else as_object(start, "record start"),
        )

    def save(self, path: Path) -> None:
        """Write the record as indented JSON (``RecordError`` when the file cannot be written)."""
        try:
            path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        except OSError as error:
            raise RecordError(f"cannot write {path}: {error.strerror or error}") from None

    @classmethod
    def load(cls, path: Path) -> Record:
        """Read a record file, with errors that name the file and what is wrong."""
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a text file") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(
                f"{path}, line {error.lineno}: not valid JSON ({error.msg})"
            ) from None
        except (ValueError, RecursionError) as error:
            raise RecordError(f"{path}: not a record this program can read ({error})") from None
        try:
            return cls.from_json(data)
        except RecordError as error:
            raise RecordError(f"{path}: {error.reason}") from None
