"""Accounts' passwords: the policy, the common list shipped, and hashing off the event loop."""

from __future__ import annotations

import os
import sys
import threading
import time
from importlib import resources
from typing import Literal

import anyio
import argon2
import pytest

from cardtable.server.accounts import passwords
from cardtable.server.accounts.errors import AccountError
from cardtable.server.accounts.passwords import (
    DUMMY_HASH,
    HASHING_CONCURRENCY,
    HASHING_NICENESS,
    MAX_PASSWORD_CHARS,
    MIN_PASSWORD_CHARS,
    PasswordHashing,
    Verdict,
    check,
    check_new_password,
    common_passwords,
    default_concurrency,
    default_hashing,
    hash_new,
)
from cardtable.server.security import DEFAULT_HASHER, HASH_PARAMETERS, PasswordHasher

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
"""A fast argon2 hasher, so that the tests of the logic do not spend the real one's cost."""


def refusal(password: str, username: str = "fox") -> AccountError:
    with pytest.raises(AccountError) as caught:
        check_new_password(password, username=username)
    assert caught.value.field == "password"
    return caught.value


# -- the policy -------------------------------------------------------------------------------


def test_a_phrase_of_words_is_a_good_password() -> None:
    check_new_password("correct horse battery staple", username="fox")
    check_new_password("x" * MIN_PASSWORD_CHARS, username="fox")
    check_new_password("y" * MAX_PASSWORD_CHARS, username="fox")


def test_too_short() -> None:
    error = refusal("x" * (MIN_PASSWORD_CHARS - 1))
    assert error.code == "password_too_short"
    assert error.reason == (
        "a password holds at least 10 characters, not 9; a few words make a good one"
    )


def test_too_long() -> None:
    error = refusal("x" * (MAX_PASSWORD_CHARS + 1))
    assert error.code == "password_too_long"
    assert error.reason == "a password holds at most 128 characters, not 129"
    assert refusal("x" * 100_000).code == "password_too_long"


def test_length_counts_after_nfkc() -> None:
    # nine full-width letters are nine characters, and "ﬃ" (one ligature) is three
    assert refusal("\uff41" * 9).code == "password_too_short"
    check_new_password("\ufb03" + "x" * 7, username="fox")


def test_text_that_is_not_unicode() -> None:
    error = refusal("long enough \ud800")
    assert error.code == "password_characters"
    assert error.reason == "a password must be Unicode text; U+D800 alone is no character"


@pytest.mark.parametrize(
    "password", ["foxmulder1", "FOXMULDER1", "my name is FoxMulder", "\uff26oxmulder!!"]
)
def test_the_username_or_a_password_holding_it(password: str) -> None:
    error = refusal(password, username="FoxMulder")
    assert error.code == "password_like_username"
    assert error.reason == "a password may not be the username nor hold it, in capitals or not"


def test_the_username_is_compared_by_its_key() -> None:
    assert refusal("\uff26\uff4f\uff58mulder99", username="foxmulder").code == (
        "password_like_username"
    )


@pytest.mark.parametrize("password", ["qwertyuiop", "QwertyUIOP", "1234567890", "password123"])
def test_a_common_password_is_refused_in_any_case(password: str) -> None:
    error = refusal(password)
    assert error.code == "password_common"
    assert error.reason == (
        f"that password is {password.lower()!r}, one of the 10,000 passwords people choose "
        "most often; choose another"
    )


@pytest.mark.parametrize(
    ("password", "common"), [("Dragon2024!!", "dragon"), ("!!sunshine!!", "sunshine")]
)
def test_a_common_password_with_digits_or_symbols_around_is_refused(
    password: str, common: str
) -> None:
    error = refusal(password)
    assert error.code == "password_common"
    assert error.reason.startswith(
        f"that password is {common!r} with digits or symbols around it, one of the 10,000"
    )


def test_the_common_list_ships_with_the_package_and_says_where_it_comes_from() -> None:
    text = resources.files("cardtable.server.accounts").joinpath("common-passwords.txt")
    lines = text.read_text("utf-8").splitlines()
    assert lines[0].startswith("# ")
    assert "zxcvbn" in lines[0]
    assert "MIT" in lines[0]
    words = lines[1:]
    assert len(words) == len(set(words)) == 10_000
    assert words[:3] == ["123456", "password", "12345678"]
    assert all(word == word.lower() and len(word) >= 4 for word in words)
    assert common_passwords() == frozenset(words)


# -- hashing ----------------------------------------------------------------------------------


class Recording(PasswordHasher):
    """A cheap hasher that notes the thread it runs in, how many run at once, and may dawdle."""

    def __init__(self, *, seconds: float = 0.0) -> None:
        super().__init__(time_cost=1, memory_cost=8, parallelism=1)
        self.seconds = seconds
        self.threads: list[threading.Thread] = []
        self.niceness: list[int] = []
        self.verified: list[str] = []
        self.running = 0
        self.most = 0
        self._lock = threading.Lock()

    def _work(self) -> None:
        with self._lock:
            self.threads.append(threading.current_thread())
            if hasattr(os, "getpriority"):
                self.niceness.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
            self.running += 1
            self.most = max(self.most, self.running)
        time.sleep(self.seconds)
        with self._lock:
            self.running -= 1

    def hash(self, password: str | bytes, *, salt: bytes | None = None) -> str:
        self._work()
        return super().hash(password, salt=salt)

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
        self._work()
        self.verified.append(hash if isinstance(hash, str) else hash.decode())
        return super().verify(hash, password)


def recording(
    seconds: float = 0.0, concurrency: int | None = None
) -> tuple[Recording, PasswordHashing]:
    """A recording hasher and hashing with it, its records starting after the dummy hash."""
    hasher = Recording(seconds=seconds)
    hashing = PasswordHashing(hasher, concurrency=concurrency)
    hasher.threads.clear()
    hasher.niceness.clear()
    hasher.most = 0
    return hasher, hashing


@pytest.mark.anyio
async def test_a_hash_checks_its_password_and_no_other() -> None:
    hashing = PasswordHashing(CHEAP)
    stored = await hash_new("correct horse battery staple", hashing=hashing)
    assert stored.startswith("$argon2id$v=19$m=8,t=1,p=1$")
    assert "correct horse" not in stored
    assert await check("correct horse battery staple", stored, hashing=hashing) == Verdict(
        valid=True, needs_rehash=False
    )
    assert await check("correct horse battery stapler", stored, hashing=hashing) == Verdict(
        valid=False, needs_rehash=False
    )
    assert await hash_new("same", hashing=hashing) != await hash_new("same", hashing=hashing)


@pytest.mark.anyio
async def test_a_password_is_checked_as_nfkc_so_any_keyboard_types_it() -> None:
    hashing = PasswordHashing(CHEAP)
    stored = await hashing.hash_new("pass word 42")
    assert (await hashing.check("\uff50\uff41\uff53\uff53 word \uff14\uff12", stored)).valid


@pytest.mark.anyio
async def test_a_hash_of_other_parameters_needs_making_anew() -> None:
    stored = await PasswordHashing(CHEAP).hash_new("correct horse battery staple")
    verdict = await PasswordHashing().check("correct horse battery staple", stored)  # defaults
    assert verdict == Verdict(valid=True, needs_rehash=True)
    wrong = await PasswordHashing().check("not the password", stored)
    assert wrong == Verdict(valid=False, needs_rehash=False)  # a wrong password says no more


@pytest.mark.anyio
async def test_a_stored_hash_that_is_no_argon2_hash_is_an_error_not_a_wrong_guess() -> None:
    with pytest.raises(ValueError, match="not an argon2 hash"):
        await PasswordHashing(CHEAP).check("correct horse", "plain text")


@pytest.mark.anyio
async def test_an_overlong_or_broken_password_is_wrong_without_hashing() -> None:
    hasher, hashing = recording()
    stored = CHEAP.hash("x")
    assert await hashing.check("x" * 1025, stored) == Verdict(valid=False)
    assert await hashing.check("x\ud800", stored) == Verdict(valid=False)
    assert hasher.threads == []


@pytest.mark.anyio
async def test_an_unknown_username_is_checked_against_the_dummy_hash() -> None:
    hasher, hashing = recording()
    assert await check("any password", None, hashing=hashing) == Verdict(valid=False)
    assert await hashing.dummy_check("any password") == Verdict(valid=False)
    assert hasher.verified == [hashing.dummy_hash, hashing.dummy_hash]
    # made with the hasher's own parameters, so it costs what a real check costs
    assert not hasher.check_needs_rehash(hashing.dummy_hash)


def test_the_dummy_hash_has_the_servers_parameters() -> None:
    assert argon2.extract_parameters(DUMMY_HASH) == HASH_PARAMETERS
    assert PasswordHashing().dummy_hash == DUMMY_HASH
    assert PasswordHashing(CHEAP).dummy_hash != DUMMY_HASH


@pytest.mark.anyio
async def test_hashing_and_checking_run_in_worker_threads() -> None:
    hasher, hashing = recording()
    stored = await hashing.hash_new("correct horse battery staple")
    await hashing.check("correct horse battery staple", stored)
    await hashing.check("correct horse battery staple", None)
    assert len(hasher.threads) == 3
    assert all(thread is not threading.main_thread() for thread in hasher.threads)
    assert threading.current_thread() is threading.main_thread()


@pytest.mark.anyio
async def test_the_event_loop_keeps_running_while_hashes_run() -> None:
    _, hashing = recording(seconds=0.3)
    done: dict[str, float] = {}

    async def hash_one(name: str) -> None:
        await hashing.hash_new("correct horse battery staple")
        done[name] = time.monotonic()

    async def quick() -> None:
        await anyio.sleep(0.01)
        done["quick"] = time.monotonic()

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(hash_one, "first")
        tasks.start_soon(hash_one, "second")
        tasks.start_soon(quick)
    assert done["quick"] < min(done["first"], done["second"])


@pytest.mark.anyio
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a thread's niceness is Linux's")
async def test_hashes_run_below_the_event_loops_priority() -> None:
    """argon2's lanes are threads: at the loop's priority they crowd it off the cores."""
    hasher, hashing = recording()
    await hashing.hash_new("correct horse battery staple")
    await hashing.check("correct horse battery staple", None)
    assert len(hasher.niceness) == 2
    assert all(nice >= HASHING_NICENESS for nice in hasher.niceness)
    loop = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    assert loop < HASHING_NICENESS  # the loop's own thread is left as it was


@pytest.mark.anyio
async def test_at_most_the_limiters_count_run_at_once() -> None:
    for concurrency in (1, HASHING_CONCURRENCY):
        hasher, hashing = recording(seconds=0.05, concurrency=concurrency)
        async with anyio.create_task_group() as tasks:
            for _ in range(6):
                tasks.start_soon(hashing.hash_new, "correct horse battery staple")
        assert hasher.most == concurrency
        assert len(hasher.threads) == 6


def test_as_many_run_at_once_as_the_cores_keep_busy() -> None:
    # a hash of the server's 4 lanes keeps 4 cores busy: one at a time on 2 cores, 2 on 8
    assert [default_concurrency(cores) for cores in (1, 2, 4, 7, 8, 64)] == [1, 1, 1, 1, 2, 2]
    assert default_concurrency(2, lanes=1) == 2
    assert PasswordHashing(CHEAP, concurrency=2).concurrency == 2
    assert PasswordHashing(CHEAP).concurrency == default_concurrency(lanes=1)


def test_a_limiter_needs_room_for_one() -> None:
    with pytest.raises(ValueError, match="at least one hash"):
        PasswordHashing(CHEAP, concurrency=0)


@pytest.mark.anyio
async def test_the_real_defaults_round_trip() -> None:
    """The one test that pays argon2id's real cost (64 MiB, 3 passes, 4 lanes)."""
    assert default_hashing() is default_hashing()
    assert default_hashing().hasher is DEFAULT_HASHER
    stored = await hash_new("correct horse battery staple")
    assert argon2.extract_parameters(stored) == HASH_PARAMETERS
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert await check("correct horse battery staple", stored) == Verdict(valid=True)
    assert await check("Correct horse battery staple", stored) == Verdict(valid=False)


def test_the_module_says_its_numbers() -> None:
    assert (MIN_PASSWORD_CHARS, MAX_PASSWORD_CHARS, HASHING_CONCURRENCY) == (10, 128, 2)
    assert (HASH_PARAMETERS.type, HASH_PARAMETERS.memory_cost) == (argon2.Type.ID, 65536)
    assert (HASH_PARAMETERS.time_cost, HASH_PARAMETERS.parallelism) == (3, 4)
    assert passwords.COMMON_PASSWORDS_FILE == "common-passwords.txt"
