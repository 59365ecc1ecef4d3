"""Schemathesis against the server's own OpenAPI document, in-process.

Every phase schemathesis has (the document's examples, its coverage of edge values and wrong
methods, random requests, and sequences of requests that follow one another's answers) runs
against the real app on each storage backend, with a fixed seed and a bounded number of
examples per route, so that a run takes well under a minute and finds the same things every
time. Every response must keep the document's promises: no server error, a status the route
declares, a body and headers of the declared shapes, and every refusal a problem document
``{"code", "message"}``; and the server logs no traceback meanwhile.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import events, from_schema
from schemathesis.python import asgi

from cardtable.server.app import create_app
from cardtable.server.services import ServerConfig

EXAMPLES = 30
"""Examples per route and phase: about 25 seconds a backend on one core."""

SEED = 25
"""One seed, so that every run sends the same requests."""


@schemathesis.check
def refusals_are_problems(ctx: Any, response: Any, case: Any) -> None:
    """Every refusal is a problem document: a code and a sentence, and a finer code and a
    field only where there is one, nothing else."""
    if response.status_code < 400:
        return
    body = response.json()
    if not isinstance(body, dict) or set(body) != {"code", "message", "refusal", "field"}:
        raise AssertionError(f"a refusal that is not a problem document: {body!r}")
    if not all(isinstance(body[key], str) and body[key] for key in ("code", "message")):
        raise AssertionError(f"a problem document without a code or a sentence: {body!r}")
    finer = body["refusal"], body["field"]
    if any(value is not None and not (isinstance(value, str) and value) for value in finer):
        raise AssertionError(f"a problem document with an empty finer code or field: {body!r}")
    if body["field"] is not None and body["refusal"] is None:
        raise AssertionError(f"a problem document with a field and no finer code: {body!r}")


def _config() -> SchemathesisConfig:
    return SchemathesisConfig.from_dict(
        {
            "seed": SEED,
            "generation": {"max-examples": EXAMPLES, "deterministic": True},
            "checks": {
                # A body can fit the document and still be refused with 422: a ruleset the
                # game does not know, a deck its rules forbid, a name of control characters.
                # The document cannot say what each game accepts, so this check cannot hold.
                "positive_data_acceptance": {"enabled": False},
            },
        }
    )


def failures_of(schema: Any, sent: list[str]) -> Iterator[str]:
    """Each failed check and engine error of a run, in words, with the request that failed;
    ``sent`` gets the route of every request sent."""
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished):
            sent += [event.recorder.label] * len(event.recorder.interactions)
            for case_id, checks in event.recorder.checks.items():
                for check in checks:
                    if check.failure_info is None:
                        continue
                    failure = check.failure_info.failure
                    case = event.recorder.cases[case_id].value
                    yield (
                        f"{event.recorder.label}: {failure.title}: {failure.message}\n"
                        f"    {case.as_curl_command()}"
                    )
        elif isinstance(event, events.NonFatalError):
            yield f"{event.label}: {event.info.message}"
        elif isinstance(event, events.FatalError):
            yield f"schemathesis failed: {event.exception!r}"


def test_every_answer_keeps_the_documents_promises(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(ServerConfig(database_url=database_url, agent_delay=0.0))
    try:
        with caplog.at_level(logging.WARNING, logger="cardtable"):
            schema = schemathesis.openapi.from_asgi("/openapi.json", app, config=_config())
            sent: list[str] = []
            found = sorted(set(failures_of(schema, sent)))
    finally:
        asgi.shutdown_lifespans()
    assert not found, f"{len(found)} broken promises:\n" + "\n".join(found)
    routes = {f"{method.upper()} {path}" for path, item in app.openapi()["paths"].items()
              for method in item}  # fmt: skip
    assert routes <= set(sent), routes - set(sent)  # every route was tried
    assert len(sent) > 40 * len(routes), len(sent)
    tracebacks = [record.getMessage() for record in caplog.records if record.exc_info]
    assert not tracebacks, tracebacks
