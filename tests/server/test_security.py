"""Tokens, passwords, the failure throttle and the rate limit, with their numbers."""

from __future__ import annotations

import re

import pytest

from cardtable.server.security import (
    MAX_PASSWORD_LENGTH,
    PasswordHasher,
    PasswordTooLong,
    RateLimit,
    Throttle,
    hash_password,
    new_token,
    password_needs_rehash,
    same_token,
    token_hash,
    verify_password,
)

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
"""A fast argon2 hasher, so that the tests of the logic do not spend the real one's cost."""


# -- tokens -----------------------------------------------------------------------------------


def test_tokens_are_url_safe_carry_256_bits_and_never_repeat() -> None:
    tokens = {new_token() for _ in range(1000)}
    assert len(tokens) == 1000
    for token in tokens:
        assert re.fullmatch(r"[A-Za-z0-9_-]{43}", token)  # 43 base64 characters = 256 bits


def test_a_token_hash_is_the_hexadecimal_sha256_of_the_token() -> None:
    assert token_hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    token = new_token()
    assert token_hash(token) == token_hash(token)
    assert re.fullmatch(r"[0-9a-f]{64}", token_hash(token))
    assert token_hash(token) != token_hash(new_token())


def test_same_token_matches_only_the_token_the_hash_was_made_from() -> None:
    token = new_token()
    assert same_token(token, token_hash(token))
    assert not same_token(token[:-1], token_hash(token))
    assert not same_token(new_token(), token_hash(token))


# -- passwords --------------------------------------------------------------------------------


def test_the_default_hash_is_argon2id_and_verifies() -> None:
    stored = hash_password("correct horse")
    assert stored.startswith("$argon2id$")
    assert "correct horse" not in stored
    assert verify_password(stored, "correct horse")
    assert not verify_password(stored, "correct horsf")


def test_hashes_are_salted_yet_each_verifies() -> None:
    first, second = hash_password("pw", hasher=CHEAP), hash_password("pw", hasher=CHEAP)
    assert first != second
    assert verify_password(first, "pw", hasher=CHEAP)
    assert verify_password(second, "pw", hasher=CHEAP)


@pytest.mark.parametrize("guess", ["", "PW", "pw ", "p", "pw\x00", "pŵ"])
def test_a_wrong_password_is_false_not_an_error(guess: str) -> None:
    assert verify_password(hash_password("pw", hasher=CHEAP), guess, hasher=CHEAP) is False


def test_any_text_up_to_the_limit_is_a_password() -> None:
    for password in ("", "ключ 🔑", "x" * MAX_PASSWORD_LENGTH):
        assert verify_password(hash_password(password, hasher=CHEAP), password, hasher=CHEAP)


def test_a_password_past_the_limit_is_refused_before_hashing() -> None:
    too_long = "x" * (MAX_PASSWORD_LENGTH + 1)
    message = "a password may have at most 1024 characters, not 1025"
    with pytest.raises(PasswordTooLong, match=message):
        hash_password(too_long)
    stored = hash_password("x", hasher=CHEAP)
    with pytest.raises(PasswordTooLong, match=message):
        verify_password(stored, too_long, hasher=CHEAP)
    assert issubclass(PasswordTooLong, ValueError)


@pytest.mark.parametrize("stored", ["", "plain text", "$2b$12$bcryptlookingthing"])
def test_a_stored_hash_that_is_not_argon2_is_an_error_of_the_data(stored: str) -> None:
    with pytest.raises(ValueError, match="the stored password hash is not an argon2 hash"):
        verify_password(stored, "pw", hasher=CHEAP)
    with pytest.raises(ValueError, match="the stored password hash is not an argon2 hash"):
        password_needs_rehash(stored, hasher=CHEAP)


def test_a_hash_made_with_other_parameters_verifies_and_asks_for_a_rehash() -> None:
    stronger = PasswordHasher(time_cost=2, memory_cost=16, parallelism=1)
    stored = hash_password("pw", hasher=CHEAP)
    assert verify_password(stored, "pw", hasher=stronger)  # the parameters are in the hash
    assert password_needs_rehash(stored, hasher=stronger)
    assert not password_needs_rehash(stored, hasher=CHEAP)


# -- the throttle -----------------------------------------------------------------------------


def waits_after_failures(throttle: Throttle, count: int, *, now: float = 0.0) -> list[float]:
    """What ``check`` says right after each of ``count`` failures at the same moment."""
    waits = []
    for _ in range(count):
        throttle.failed("key", now)
        waits.append(throttle.check("key", now))
    return waits


def test_by_default_three_failures_are_free_then_waits_double_up_to_five_minutes() -> None:
    assert waits_after_failures(Throttle(), 13) == [
        0.0, 0.0, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 300.0, 300.0,
    ]  # fmt: skip


def test_the_delay_factor_and_cap_are_settings() -> None:
    throttle = Throttle(free=1, delay=0.5, factor=3.0, cap=10.0)
    assert waits_after_failures(throttle, 6) == [0.5, 1.5, 4.5, 10.0, 10.0, 10.0]
    assert Throttle(free=1).penalty(0) == 0.0  # no failure yet
    assert Throttle(free=1).penalty(1) == 1.0


def test_the_wait_counts_down_with_the_clock() -> None:
    throttle = Throttle(free=1, delay=4.0)
    throttle.failed("key", now=100.0)
    assert throttle.check("key", now=100.0) == 4.0
    assert throttle.check("key", now=101.0) == 3.0
    assert throttle.check("key", now=104.0) == 0.0
    assert throttle.check("key", now=105.0) == 0.0
    throttle.failed("key", now=105.0)  # the second failure: 8 seconds from it
    assert throttle.check("key", now=110.0) == 3.0
    assert throttle.check("key", now=113.0) == 0.0


def test_many_failures_never_overflow_the_delay() -> None:
    throttle = Throttle(free=1, factor=10.0, cap=60.0)
    assert throttle.penalty(10_000) == 60.0
    assert waits_after_failures(throttle, 400)[-1] == 60.0


def test_an_attempt_counts_before_its_outcome_is_known() -> None:
    throttle = Throttle()  # three free, then 1, 2, 4... seconds
    in_flight = [throttle.attempt("key", now=0.0) for _ in range(40)]  # none answered yet
    assert in_flight == [0.0] * 3 + [1.0] * 37  # only three may go on to be checked
    assert len(throttle) == 1
    assert throttle.attempt("key", now=1.0) == 0.0  # the fourth, after its wait
    assert throttle.attempt("key", now=1.0) == 2.0
    throttle.succeeded("key")  # that fourth one was right
    assert throttle.attempt("key", now=1.0) == 0.0


def test_a_success_forgets_the_failures() -> None:
    throttle = Throttle()
    waits_after_failures(throttle, 5)
    throttle.succeeded("key")
    assert throttle.check("key", now=0.0) == 0.0
    assert len(throttle) == 0
    assert waits_after_failures(throttle, 3) == [0.0, 0.0, 1.0]  # free failures again
    throttle.succeeded("never failed")  # harmless


def test_keys_are_throttled_apart() -> None:
    throttle = Throttle(free=1)
    throttle.failed(("room 1", "192.0.2.1"), now=0.0)
    assert throttle.check(("room 1", "192.0.2.1"), now=0.0) == 1.0
    assert throttle.check(("room 1", "192.0.2.2"), now=0.0) == 0.0
    assert throttle.check(("room 2", "192.0.2.1"), now=0.0) == 0.0


def test_a_key_quiet_for_forget_after_seconds_starts_afresh() -> None:
    throttle = Throttle(free=1, cap=300.0, forget_after=3600.0)
    waits_after_failures(throttle, 4, now=0.0)  # waits of 1, 2, 4 and 8 seconds
    assert throttle.check("key", now=3599.0) == 0.0
    throttle.failed("key", now=3599.0)  # still remembered: the fifth failure
    assert throttle.check("key", now=3599.0) == 16.0
    assert throttle.check("key", now=3599.0 + 3600.0) == 0.0
    assert len(throttle) == 0  # forgotten by that check
    throttle.failed("key", now=7200.0)
    assert throttle.check("key", now=7200.0) == 1.0  # the first failure of a new run


def test_a_failure_forgets_other_keys_quiet_for_forget_after_seconds() -> None:
    throttle = Throttle(forget_after=3600.0)
    throttle.failed("old", now=0.0)
    throttle.failed("recent", now=1000.0)
    throttle.failed("new", now=3600.0)
    assert len(throttle) == 2  # "old" went; "recent" is 2600 seconds old
    throttle.failed("new", now=4600.0)
    assert len(throttle) == 1


def test_at_most_max_keys_are_remembered_the_longest_quiet_going_first() -> None:
    throttle = Throttle(free=1, delay=10.0, max_keys=3)
    for second, key in enumerate("abcd"):
        throttle.failed(key, now=float(second))
    throttle.failed("b", now=4.0)  # "b" failed again: now the most recent
    throttle.failed("e", now=5.0)
    assert len(throttle) == 3
    assert [key for key in "abcde" if throttle.check(key, now=5.0) > 0] == ["b", "d", "e"]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"free": 0}, "free failures must be at least 1, not 0"),
        ({"delay": 0.0}, "the first delay must be positive, not 0.0"),
        ({"factor": 0.5}, "the delay's growth factor must be at least 1, not 0.5"),
        ({"cap": 0.5}, r"the cap \(0.5\) must be at least the first delay \(1.0\)"),
        ({"forget_after": 10.0}, r"forget_after \(10.0\) must be at least the cap \(300.0\)"),
        ({"max_keys": 0}, "max_keys must be at least 1, not 0"),
    ],
)
def test_throttle_settings_are_checked(settings: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        Throttle(**settings)  # type: ignore[arg-type]


# -- the rate limit ---------------------------------------------------------------------------


def test_a_full_bucket_lets_a_burst_through_then_refills_at_the_rate() -> None:
    limit = RateLimit(rate=2.0, burst=5)
    assert [limit.allow(now=10.0) for _ in range(6)] == [True] * 5 + [False]
    assert limit.retry_after(now=10.0) == 0.5
    assert limit.allow(now=10.25) is False  # half a token
    assert limit.retry_after(now=10.25) == 0.25
    assert limit.allow(now=10.5) is True
    assert limit.allow(now=10.5) is False
    assert [limit.allow(now=11.5) for _ in range(3)] == [True, True, False]


def test_the_bucket_never_holds_more_than_the_burst() -> None:
    limit = RateLimit(rate=1.0, burst=3)
    limit.allow(now=0.0)
    assert [limit.allow(now=1000.0) for _ in range(4)] == [True, True, True, False]
    assert limit.retry_after(now=1000.0) == 1.0


def test_a_clock_stepping_back_neither_refills_nor_drains() -> None:
    limit = RateLimit(rate=1.0, burst=1)
    assert limit.allow(now=100.0)
    assert not limit.allow(now=50.0)
    assert limit.retry_after(now=100.5) == 0.5  # measured from 100, not from 50
    assert limit.allow(now=101.0)


def test_a_chat_rate_below_one_a_second() -> None:
    chat = RateLimit(rate=0.2, burst=2)  # 2 lines at once, then one every 5 seconds
    assert [chat.allow(now=0.0) for _ in range(3)] == [True, True, False]
    assert chat.retry_after(now=0.0) == 5.0
    assert not chat.allow(now=4.9)
    assert chat.allow(now=5.0)


@pytest.mark.parametrize(
    ("rate", "burst", "message"),
    [
        (0.0, 1, "the rate must be positive, not 0.0"),
        (-1.0, 1, "the rate must be positive, not -1.0"),
        (1.0, 0, "the burst must be at least 1, not 0"),
    ],
)
def test_rate_limit_settings_are_checked(rate: float, burst: int, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        RateLimit(rate=rate, burst=burst)
