"""The Python client's tournaments, against a real server over real sockets (uvicorn in a
thread of this process, on each database): a knockout created, entered by people and computer
players, started when full, a person withdrawing, played to its winner by the server in the
background; and refusals raised with the server's code."""

from __future__ import annotations

from collections.abc import Iterator

import anyio
import pytest

from cardtable.client import Accounts, ServerRefused, Tournaments
from cardtable.protocol.tournaments import CreateTournament
from tests.client.helpers import SHORT_WAR
from tests.client.test_accounts_client import served
from tests.server.accounts.test_routes import PASSWORD
from tests.server.conftest import database_url, postgres_url, sqlite_url

__all__ = ["database_url", "postgres_url", "sqlite_url"]

pytestmark = pytest.mark.anyio


@pytest.fixture
def url(database_url: str) -> Iterator[str]:
    with served(database_url, no_show_seconds=1) as found:
        yield found


async def test_a_knockout_of_people_and_computers_runs_to_its_winner(url: str) -> None:
    async with Accounts(url) as ann, Accounts(url) as bob:
        await ann.sign_up("ann", PASSWORD)
        await bob.sign_up("bob", PASSWORD)
        hosts, enters = Tournaments(ann), Tournaments(bob)
        made = await hosts.create(
            CreateTournament(
                name="Cup", game="war", ruleset=SHORT_WAR, format="knockout",
                computers=True, most_entrants=4,
            )
        )  # fmt: skip
        assert (made.state, made.hosting) == ("open", True)
        await hosts.join(made.id)
        await enters.join(made.id)
        with pytest.raises(ServerRefused) as caught:
            await enters.add_computer(made.id, "random")
        assert caught.value.code == "forbidden"
        await hosts.add_computer(made.id, "random")
        full = await hosts.add_computer(made.id, "random")  # four: it starts when full
        assert len(full.field) == 4
        with pytest.raises(ServerRefused) as closed:
            await enters.join(made.id)
        assert closed.value.code in ("already_entered", "tournament_closed")
        with anyio.fail_after(60):
            while (await enters.get(made.id)).state != "running":
                await anyio.sleep(0.2)
        left = await enters.leave(made.id)  # withdraws: bob's match is conceded
        assert left.me is not None
        assert left.me.withdrawn
        with anyio.fail_after(90):
            while (page := await hosts.get(made.id)).state != "finished":
                await anyio.sleep(0.3)
        assert page.winner is not None
        assert page.winner != "bob"
        assert next(s.place for s in page.standings) == 1
        listed = await Tournaments(ann).list("finished")
        assert [t.id for t in listed.tournaments] == [made.id]
