"""Accounts and sessions over REST, on the real app and both databases: signing up and in,
the session cookie and header, throttled guesses, sessions, password and name changes,
deletion, disabled accounts, cross-site requests, and secrets kept out of logs."""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

import httpx2
import pytest
from starlette.testclient import TestClient

from cardtable.server.accounts import AccountStore
from cardtable.server.accounts.routes import COOKIE, HEADER
from cardtable.server.accounts.service import Accounts
from cardtable.server.accounts.tokens import new_guest_token
from cardtable.server.security import PasswordHasher
from tests.server.helpers import server

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
"""Hashing for tests: the same argon2id, at almost no cost."""
OWN = {"Origin": "http://testserver"}
"""The Origin header of the server's own pages (the test client's base URL)."""
T = TypeVar("T")
FOREIGN = {"Origin": "https://evil.example"}
PASSWORD = "correct horse battery staple"
NEW_PASSWORD = "purple monkey dishwasher tune"


@contextmanager
def app(database_url: str, **settings: Any) -> Iterator[TestClient]:
    with server(database_url, password_hasher=CHEAP, **settings) as client:
        yield client


def people(client: TestClient) -> Accounts:
    found: Accounts = client.app.state.services.people  # type: ignore[attr-defined]
    return found


def store(client: TestClient) -> AccountStore:
    return people(client).store


def call(client: TestClient, function: Callable[..., Awaitable[T]], *args: Any) -> T:
    """``function(*args)`` on the app's event loop."""
    assert client.portal is not None
    return client.portal.call(function, *args)


def sign_up(client: TestClient, username: str = "Fox", **body: Any) -> dict[str, Any]:
    answer = client.post("/api/accounts", json={"username": username, "password": PASSWORD,
                                                **body}, headers=OWN)  # fmt: skip
    assert answer.status_code == 201, answer.text
    signed: dict[str, Any] = answer.json()
    return signed


def token_of(client: TestClient, username: str = "Fox", password: str = PASSWORD) -> str:
    """A new session's token, asked for in the body as a program signs in: on another
    device, without the client's cookie (a sign-in ends the session the client shows)."""
    kept = httpx2.Cookies(client.cookies)
    client.cookies.clear()
    try:
        answer = client.post(
            "/api/session", json={"username": username, "password": password, "token": True}
        )
    finally:
        client.cookies = kept
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["token"]
    return token


def header(token: str) -> dict[str, str]:
    return {HEADER: token}


def refusal(answer: Any) -> tuple[int, str, str | None, str | None]:
    body = answer.json()
    return answer.status_code, body["code"], body["refusal"], body["field"]


def test_signing_up_sets_a_cookie_that_signs_in(database_url: str) -> None:
    with app(database_url) as client:
        answer = client.post(
            "/api/accounts",
            json={"username": "Fox", "password": PASSWORD, "display_name": "  Fox M. "},
            headers=OWN,
        )
        assert answer.status_code == 201, answer.text
        body = answer.json()
        assert body["token"] is None  # not asked for: only the cookie has it
        assert body["account"]["username"] == "Fox"
        assert body["account"]["display_name"] == "Fox M."
        assert body["session"]["current"] is True
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith(f"{COOKIE}=")
        flags = {part.strip().lower() for part in cookie.split(";")[1:]}
        assert {"httponly", "samesite=lax", "path=/", "max-age=2592000"} <= flags
        assert "secure" not in flags  # plain HTTP here
        token = client.cookies[COOKIE]
        assert token not in answer.text

        who = client.get("/api/session")
        assert who.status_code == 200, who.text
        assert who.json()["account"] == body["account"]
        assert who.json()["session"]["id"] == body["session"]["id"]
        assert who.json()["token"] is None


def test_a_program_gets_the_token_in_the_body_and_sends_it_in_a_header(
    database_url: str,
) -> None:
    with app(database_url) as client:
        answer = client.post(
            "/api/accounts", json={"username": "Fox", "password": PASSWORD, "token": True}
        )
        assert answer.status_code == 201, answer.text
        assert "set-cookie" not in answer.headers
        token = answer.json()["token"]
        assert len(token) == 43
        assert client.get("/api/session").json()["code"] == "not_logged_in"
        assert client.get("/api/session", headers=header(token)).status_code == 200


def test_the_cookie_is_secure_over_https(database_url: str) -> None:
    with app(database_url) as client:
        answer = client.post(
            "https://testserver/api/accounts",
            json={"username": "Fox", "password": PASSWORD},
            headers={"Origin": "https://testserver"},
        )
        assert answer.status_code == 201, answer.text
        assert "secure" in answer.headers["set-cookie"].lower()


@pytest.mark.parametrize("taken", ["fox", "FOX", "\uff26\uff4f\uff58", " Fox "])
def test_a_username_is_taken_in_any_case_or_width(database_url: str, taken: str) -> None:
    with app(database_url) as client:
        sign_up(client)
        answer = client.post(
            "/api/accounts",
            json={"username": taken, "password": NEW_PASSWORD, "token": True},
            headers=OWN,
        )
        assert refusal(answer) == (409, "username_taken", None, None)
        assert "set-cookie" not in answer.headers
        # Nothing changed: the first account keeps its password, the second has none.
        assert token_of(client, "fox", PASSWORD)
        wrong = client.post("/api/session", json={"username": "fox", "password": NEW_PASSWORD})
        assert wrong.json()["code"] == "wrong_password"


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"username": "fx"}, "username_too_short", "username"),
        ({"username": "f" * 30}, "username_too_long", "username"),
        ({"username": "fox mulder"}, "username_characters", "username"),
        ({"username": "<b>fox</b>"}, "username_characters", "username"),
        ({"username": "_fox"}, "username_punctuation", "username"),
        ({"username": "12345"}, "username_no_letter", "username"),
        ({"username": "f\u043ex"}, "username_mixed_scripts", "username"),
        ({"username": "Admin"}, "username_reserved", "username"),
        ({"password": "short"}, "password_too_short", "password"),
        ({"password": "x" * 129}, "password_too_long", "password"),
        ({"password": "Password123!"}, "password_common", "password"),
        ({"password": "my name is Fox, hi"}, "password_like_username", "password"),
        ({"display_name": "   "}, "display_name_empty", "display_name"),
        ({"display_name": "x" * 33}, "display_name_too_long", "display_name"),
        ({"display_name": "Fox\u202e"}, "display_name_characters", "display_name"),
    ],
)
def test_what_the_rules_refuse_is_refused_naming_the_rule_and_the_field(
    database_url: str, body: dict[str, str], code: str, field: str
) -> None:
    with app(database_url) as client:
        answer = client.post(
            "/api/accounts", json={"username": "Fox", "password": PASSWORD, **body}, headers=OWN
        )
        assert refusal(answer) == (422, "bad_account", code, field), answer.text
        assert "set-cookie" not in answer.headers
        assert client.post("/api/session", json={"username": "Fox", "password": PASSWORD}).json()[
            "code"
        ] in ("wrong_password", "too_many")


def test_bodies_past_their_bounds_are_refused_unread(database_url: str) -> None:
    with app(database_url) as client:
        for body in (
            {"username": "f" * 65, "password": PASSWORD},
            {"username": "Fox", "password": "x" * 513},
            {"username": "Fox", "password": PASSWORD, "display_name": "x" * 129},
            {"username": "Fox", "password": PASSWORD, "admin": True},
        ):
            answer = client.post("/api/accounts", json=body, headers=OWN)
            assert refusal(answer)[:2] == (422, "bad_message"), answer.text


def test_a_display_name_of_markup_is_kept_as_text(database_url: str) -> None:
    with app(database_url) as client:
        signed = sign_up(client, display_name="<b>Fox</b>")
        assert signed["account"]["display_name"] == "<b>Fox</b>"
        changed = client.put(
            "/api/account/display-name",
            json={"display_name": "<script>x()</script>"},
            headers=OWN,
        )
        assert changed.status_code == 200, changed.text
        assert changed.json()["display_name"] == "<script>x()</script>"
        too_long = client.put(
            "/api/account/display-name", json={"display_name": "x" * 40}, headers=OWN
        )
        assert refusal(too_long) == (422, "bad_account", "display_name_too_long", "display_name")
        assert client.get("/api/session").json()["account"]["display_name"] == (
            "<script>x()</script>"
        )


def test_a_wrong_password_and_an_unknown_name_are_refused_alike_then_slowed_down(
    database_url: str,
) -> None:
    with app(database_url, login_tries=1) as client:
        sign_up(client)
        client.cookies.clear()
        wrong = client.post("/api/session", json={"username": "Fox", "password": "not it at all"})
        unknown = client.post("/api/session", json={"username": "Wolf", "password": PASSWORD})
        assert refusal(wrong) == (403, "wrong_password", None, None)
        assert refusal(unknown) == (403, "wrong_password", None, None)
        assert wrong.json()["message"] == unknown.json()["message"] == "wrong username or password"
        nul = client.post("/api/session", json={"username": "F\u0000x", "password": PASSWORD})
        assert refusal(nul)[:2] == (403, "wrong_password")  # a name no database can hold
        again = client.post("/api/session", json={"username": "fox", "password": "still not it"})
        assert refusal(again) == (429, "too_many", None, None)
        assert int(again.headers["Retry-After"]) >= 1
        assert "set-cookie" not in again.headers


def test_signing_in_to_ones_own_account_does_not_forgive_an_addresss_wrong_guesses(
    database_url: str,
) -> None:
    """An attacker with an account of its own cannot clear its address's count by signing in
    to it between guesses: a right password withdraws its own try, not the wrong ones."""
    with app(database_url, login_tries=1) as client:
        sign_up(client, "Wolf")
        client.cookies.clear()
        free = people(client).by_address.free
        guessed = 0
        for round_ in range(3):
            for n in range(free - 1):
                answer = client.post(
                    "/api/session",
                    json={"username": f"victim{round_}x{n}", "password": "a guess at it"},
                )
                if answer.json()["code"] == "too_many":
                    break
                assert answer.json()["code"] == "wrong_password"
                guessed += 1
            client.post("/api/session", json={"username": "Wolf", "password": PASSWORD})
            client.cookies.clear()
        assert guessed == free  # the address's free tries, and no more


def test_guesses_sent_at_once_are_all_counted_before_any_is_checked(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    guesses = 20
    with app(database_url) as client:
        sign_up(client)
        client.cookies.clear()
        checked: list[str] = []
        real = PasswordHasher.verify

        def verify(self: PasswordHasher, stored: str | bytes, password: str | bytes) -> bool:
            checked.append(str(password))
            return real(self, stored, password)

        monkeypatch.setattr(PasswordHasher, "verify", verify)
        now = time.time()
        people(client).clock = lambda: now  # the guesses arrive at one moment
        start = threading.Barrier(guesses)

        def guess(number: int) -> Any:
            start.wait()
            return client.post(
                "/api/session", json={"username": "Fox", "password": f"guess number {number}"}
            )

        with ThreadPoolExecutor(guesses) as pool:
            answers = list(pool.map(guess, range(guesses)))
        free = people(client).by_name.free
        assert len(checked) == free  # the rest never reached argon2
        codes = sorted(answer.json()["code"] for answer in answers)
        assert codes == ["too_many"] * (guesses - free) + ["wrong_password"] * free
        # The right password waits its turn too, then gets in.
        assert (
            client.post("/api/session", json={"username": "Fox", "password": PASSWORD}).json()[
                "code"
            ]
            == "too_many"
        )
        people(client).clock = lambda: now + 10.0
        assert token_of(client)


def test_signing_in_replaces_the_session_the_client_held(database_url: str) -> None:
    with app(database_url) as client:
        sign_up(client)
        first = client.cookies[COOKIE]
        answer = client.post(
            "/api/session", json={"username": "Fox", "password": PASSWORD}, headers=OWN
        )
        assert answer.status_code == 200, answer.text
        second = client.cookies[COOKIE]
        assert second != first
        assert client.get("/api/session", headers=header(first)).status_code == 401
        assert client.get("/api/session").status_code == 200
        sessions = client.get("/api/sessions").json()
        assert [session["current"] for session in sessions] == [True]


def test_signing_out_ends_the_session_and_clears_the_cookie(database_url: str) -> None:
    with app(database_url) as client:
        sign_up(client)
        token = client.cookies[COOKIE]
        refused = client.delete("/api/session")  # by the cookie, without an Origin
        assert refusal(refused) == (403, "forbidden_origin", None, None)
        assert client.get("/api/session", headers=header(token)).status_code == 200
        answer = client.delete("/api/session", headers=OWN)
        assert answer.status_code == 204
        assert 'cardtable_session=""' in answer.headers["set-cookie"]
        assert COOKIE not in client.cookies
        assert refusal(client.get("/api/session", headers=header(token)))[:2] == (
            401,
            "not_logged_in",
        )
        assert client.delete("/api/session", headers=OWN).status_code == 204  # again: nothing


def test_signing_out_everywhere_ends_the_other_devices_sessions_too(database_url: str) -> None:
    with app(database_url) as client:
        sign_up(client)
        phone = token_of(client)
        assert client.get("/api/session", headers=header(phone)).status_code == 200
        assert len(client.get("/api/sessions").json()) == 2
        answer = client.delete("/api/sessions", headers=OWN)
        assert answer.status_code == 204
        assert client.get("/api/session").status_code == 401
        assert client.get("/api/session", headers=header(phone)).status_code == 401


def test_sessions_are_listed_with_the_current_one_marked_and_never_a_token(
    database_url: str,
) -> None:
    with app(database_url) as client:
        sign_up(client)
        tokens = [client.cookies[COOKIE], token_of(client), token_of(client)]
        answer = client.get("/api/sessions", headers=header(tokens[1]))
        assert answer.status_code == 200
        listed = answer.json()
        assert len(listed) == 3
        assert [session["current"] for session in listed].count(True) == 1
        assert all(re.fullmatch("[0-9a-f]{16}", session["id"]) for session in listed)
        assert not any(token in answer.text for token in tokens)
        assert {session["user_agent"] for session in listed} == {"testclient"}


def test_only_ones_own_sessions_can_be_ended(database_url: str) -> None:
    with app(database_url) as client:
        sign_up(client)
        fox = client.cookies[COOKIE]
        client.cookies.clear()
        wolf = client.post(
            "/api/accounts", json={"username": "Wolf", "password": PASSWORD, "token": True}
        ).json()["token"]
        foxes = client.get("/api/sessions", headers=header(fox)).json()
        refused = client.delete(f"/api/sessions/{foxes[0]['id']}", headers=header(wolf))
        assert refusal(refused) == (404, "not_found", None, None)
        assert client.get("/api/session", headers=header(fox)).status_code == 200
        assert refusal(client.delete("/api/sessions/0123456789abcdef", headers=header(wolf)))[
            1
        ] == ("not_found")

        other = token_of(client, "Fox")
        mine = {s["id"]: s for s in client.get("/api/sessions", headers=header(fox)).json()}
        other_id = next(id_ for id_, s in mine.items() if not s["current"])
        assert client.delete(f"/api/sessions/{other_id}", headers=header(fox)).status_code == 204
        assert client.get("/api/session", headers=header(other)).status_code == 401
        assert client.get("/api/session", headers=header(fox)).status_code == 200


def test_a_session_ends_after_its_idle_time_unless_used(database_url: str) -> None:
    day = 24 * 3600.0
    with app(database_url, session_idle_days=30) as client:
        now = [time.time()]
        people(client).clock = lambda: now[0]
        sign_up(client)
        used = token_of(client)
        idle = token_of(client)
        now[0] += 29 * day
        answer = client.get("/api/session")
        assert answer.status_code == 200
        assert f"{COOKIE}=" in answer.headers["set-cookie"]  # the cookie lives on too
        assert client.get("/api/session", headers=header(used)).status_code == 200
        now[0] += 2 * day
        assert refusal(client.get("/api/session", headers=header(idle)))[:2] == (
            401,
            "not_logged_in",
        )
        assert client.get("/api/session", headers=header(used)).status_code == 200
        assert client.get("/api/session").status_code == 200


def test_a_forged_token_signs_no_one_in(database_url: str) -> None:
    with app(database_url) as client:
        sign_up(client)
        token = client.cookies[COOKIE]
        client.cookies.clear()
        for forged in (token[:-1] + ("A" if token[-1] != "A" else "B"), "x", "x" * 256):
            answer = client.get("/api/session", headers=header(forged))
            assert refusal(answer)[:2] == (401, "not_logged_in")
            client.cookies.set(COOKIE, forged)
            assert refusal(client.get("/api/session"))[:2] == (401, "not_logged_in")
            client.cookies.clear()
        assert refusal(client.get("/api/session"))[:2] == (401, "not_logged_in")


def test_changing_the_password_ends_the_other_sessions(database_url: str) -> None:
    with app(database_url) as client:
        sign_up(client)
        phone = token_of(client)
        wrong = client.put(
            "/api/account/password",
            json={"current_password": "not the password", "new_password": NEW_PASSWORD},
            headers=OWN,
        )
        assert refusal(wrong) == (403, "wrong_password", None, None)
        weak = client.put(
            "/api/account/password",
            json={"current_password": PASSWORD, "new_password": "password1"},
            headers=OWN,
        )
        assert refusal(weak) == (422, "bad_account", "password_too_short", "new_password")
        assert client.get("/api/session", headers=header(phone)).status_code == 200
        answer = client.put(
            "/api/account/password",
            json={"current_password": PASSWORD, "new_password": NEW_PASSWORD},
            headers=OWN,
        )
        assert answer.status_code == 204, answer.text
        assert client.get("/api/session").status_code == 200  # this one stays
        assert client.get("/api/session", headers=header(phone)).status_code == 401
        old = client.post("/api/session", json={"username": "Fox", "password": PASSWORD})
        assert refusal(old)[:2] == (403, "wrong_password")
        assert token_of(client, "Fox", NEW_PASSWORD)


def test_a_deleted_account_cannot_sign_in_and_its_name_is_free_again(database_url: str) -> None:
    with app(database_url) as client:
        signed = sign_up(client)
        phone = token_of(client)
        wrong = client.request("DELETE", "/api/account", json={"password": "no"}, headers=OWN)
        assert refusal(wrong) == (403, "wrong_password", None, None)
        answer = client.request("DELETE", "/api/account", json={"password": PASSWORD}, headers=OWN)
        assert answer.status_code == 204, answer.text
        assert client.get("/api/session", headers=header(phone)).status_code == 401
        assert client.get("/api/session").status_code == 401
        gone = client.post("/api/session", json={"username": "Fox", "password": PASSWORD})
        assert refusal(gone) == (403, "wrong_password", None, None)
        again = sign_up(client, "fox")
        assert again["account"]["id"] != signed["account"]["id"]
        row = call(client, store(client).account_by_id, signed["account"]["id"])
        assert row is not None
        assert row.username is None
        assert row.password_hash is None


def test_a_change_signed_in_by_the_cookie_must_come_from_the_servers_own_pages(
    database_url: str,
) -> None:
    with app(database_url, origins=("https://play.example",)) as client:
        sign_up(client)
        token = client.cookies[COOKIE]
        for headers in (FOREIGN, {}, {"Origin": "null"}):
            answer = client.put(
                "/api/account/display-name", json={"display_name": "Hacked"}, headers=headers
            )
            assert refusal(answer) == (403, "forbidden_origin", None, None), headers
            gone = client.delete("/api/sessions", headers=headers)
            assert refusal(gone)[:2] == (403, "forbidden_origin")
        assert client.get("/api/session").json()["account"]["display_name"] == "Fox"
        assert len(client.get("/api/sessions").json()) == 1
        for origin in ("http://testserver", "https://play.example"):
            answer = client.put(
                "/api/account/display-name",
                json={"display_name": f"Fox of {origin[-7:]}"},
                headers={"Origin": origin},
            )
            assert answer.status_code == 200, answer.text
        # A program's header needs no Origin (no other site can make a browser send it).
        client.cookies.clear()
        answer = client.put(
            "/api/account/display-name", json={"display_name": "Fox"}, headers=header(token)
        )
        assert answer.status_code == 200, answer.text


def test_signing_in_or_up_from_a_foreign_page_is_refused(database_url: str) -> None:
    with app(database_url) as client:
        refused = client.post(
            "/api/accounts", json={"username": "Fox", "password": PASSWORD}, headers=FOREIGN
        )
        assert refusal(refused) == (403, "forbidden_origin", None, None)
        assert "set-cookie" not in refused.headers
        sign_up(client)
        client.cookies.clear()
        login = client.post(
            "/api/session", json={"username": "Fox", "password": PASSWORD}, headers=FOREIGN
        )
        assert refusal(login) == (403, "forbidden_origin", None, None)
        assert "set-cookie" not in login.headers
        listed = client.get("/api/sessions", headers=header(token_of(client))).json()
        assert len(listed) == 2  # the sign-up's and this one


def test_a_disabled_account_cannot_sign_in_and_its_sessions_are_gone(database_url: str) -> None:
    with app(database_url) as client:
        signed = sign_up(client)
        phone = token_of(client)
        accounts = store(client)
        call(client, accounts.disable_account, signed["account"]["id"], time.time())
        assert client.get("/api/session").status_code == 401
        assert client.get("/api/session", headers=header(phone)).status_code == 401
        right = client.post("/api/session", json={"username": "Fox", "password": PASSWORD})
        assert refusal(right) == (403, "account_disabled", None, None)
        wrong = client.post("/api/session", json={"username": "Fox", "password": "not it at all"})
        assert refusal(wrong) == (403, "wrong_password", None, None)


def test_sign_ups_are_limited_per_address(database_url: str) -> None:
    with app(database_url, signup_burst=2, signups_per_hour=1.0) as client:
        sign_up(client, "Fox")
        sign_up(client, "Wolf")
        answer = client.post(
            "/api/accounts", json={"username": "Bear", "password": PASSWORD}, headers=OWN
        )
        assert refusal(answer) == (429, "too_many", None, None)
        assert 1 <= int(answer.headers["Retry-After"]) <= 3600


def test_signing_up_as_a_guest_takes_the_guests_seats(database_url: str) -> None:
    with app(database_url) as client:
        accounts = store(client)
        issued = new_guest_token()
        guest = call(client, accounts.create_guest, issued.hash, time.time())
        signed = sign_up(client, guest_token=issued.secret)
        row = call(client, accounts.guest_by_id, guest.id)
        assert row is not None
        assert row.upgraded_to == signed["account"]["id"]
        sign_up(client, "Wolf", guest_token="no guest's token")  # passed over


def test_an_old_hash_is_made_anew_at_sign_in(database_url: str) -> None:
    with app(database_url) as client:
        signed = sign_up(client)
        stronger = PasswordHasher(time_cost=2, memory_cost=16, parallelism=1)
        people(client).hashing.hasher = stronger
        assert token_of(client)
        row = call(client, store(client).account_by_id, signed["account"]["id"])
        assert row is not None
        assert row.password_hash is not None
        assert not stronger.check_needs_rehash(row.password_hash)


def test_passwords_and_tokens_never_reach_the_logs(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)  # (a database driver's debugging shows a query's values)
    with caplog.at_level(logging.DEBUG, logger="cardtable"), app(database_url) as client:
        signed = client.post(
            "/api/accounts", json={"username": "Fox", "password": PASSWORD}, headers=OWN
        )
        assert signed.status_code == 201
        tokens = [client.cookies[COOKIE]]
        tokens.append(token_of(client))
        client.post("/api/session", json={"username": "Fox", "password": "wrong " + PASSWORD})
        client.post("/api/session", json={"username": PASSWORD, "password": PASSWORD})
        client.put(
            "/api/account/password",
            json={"current_password": PASSWORD, "new_password": NEW_PASSWORD},
            headers=OWN,
        )
        assert PASSWORD not in signed.text
        assert tokens[0] not in signed.text
    logged = "\n".join(
        f"{record.getMessage()} {record.args!r} {record.exc_text or ''}"
        for record in caplog.records
    )
    assert "signed in" in logged  # something was logged
    for secret in (PASSWORD, NEW_PASSWORD, *tokens):
        assert secret not in logged


def test_a_cookie_whose_session_ended_is_cleared_but_a_header_leaves_the_cookie_alone(
    database_url: str,
) -> None:
    """A browser left holding a dead session's cookie is told to drop it, so it stops
    sending it; a program's dead header token says nothing about the cookie beside it."""
    with app(database_url) as client:
        sign_up(client)
        phone = token_of(client)
        ended = client.delete("/api/sessions", headers=header(phone))  # everywhere, from the phone
        assert ended.status_code == 204
        answer = client.get("/api/session")
        assert refusal(answer)[:2] == (401, "not_logged_in")
        assert 'cardtable_session=""' in answer.headers["set-cookie"]
        assert COOKIE not in client.cookies
        sign_up(client, "Wolf")
        alive = client.cookies[COOKIE]
        dead = client.get("/api/session", headers=header(phone))
        assert refusal(dead)[:2] == (401, "not_logged_in")
        assert "set-cookie" not in dead.headers
        assert client.cookies[COOKIE] == alive


def test_who_is_here_answers_guests_and_people_alike_without_an_error(
    database_url: str,
) -> None:
    """A page asks once who is here: 200 for anyone (a browser reports a 401 as an error);
    a cookie whose session ended is cleared on the way."""
    with app(database_url) as client:
        nobody = client.get("/api/me")
        assert nobody.status_code == 200, nobody.text
        assert nobody.json() == {"account": None, "guest": False}
        make_room = client.post("/api/rooms", json={"game": "war", "name": "ann"}, headers=OWN)
        assert make_room.status_code == 201
        assert client.get("/api/me").json() == {"account": None, "guest": True}
        signed = sign_up(client)
        here = client.get("/api/me").json()
        assert here["account"] == signed["account"]
        assert here["guest"] is False  # the guest became the account
        assert "token" not in str(here)
        phone = token_of(client)
        assert client.get("/api/me", headers=header(phone)).json()["account"]["username"] == "Fox"
        assert client.delete("/api/sessions", headers=OWN).status_code == 204
        ended = client.get("/api/me")
        assert ended.status_code == 200
        assert ended.json() == {"account": None, "guest": False}
        assert COOKIE not in client.cookies  # the dead cookie is dropped
        dead = client.get("/api/me", headers=header(phone))
        assert (dead.status_code, dead.json()["account"]) == (200, None)
