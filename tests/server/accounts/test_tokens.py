"""Session and guest tokens, one-time reset codes, and when a session ends."""

from __future__ import annotations

import math
import re

import pytest

from cardtable.server.accounts.tokens import (
    RESET_ALPHABET,
    RESET_CODE_BITS,
    RESET_CODE_SECONDS,
    TOKEN_BITS,
    Issued,
    SessionPolicy,
    new_guest_token,
    new_reset_code,
    new_session_token,
    reset_code_expires_at,
    reset_code_hash,
    same_reset_code,
    token_hash,
)
from cardtable.server.security import same_token

CODE = re.compile(
    r"[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}"
)


# -- tokens -----------------------------------------------------------------------------------


@pytest.mark.parametrize("new", [new_session_token, new_guest_token])
def test_a_token_carries_256_random_bits_and_is_stored_only_hashed(new: object) -> None:
    assert callable(new)
    issued = [new() for _ in range(500)]
    assert all(isinstance(one, Issued) for one in issued)
    assert len({one.secret for one in issued}) == 500
    for one in issued:
        assert re.fullmatch(r"[A-Za-z0-9_-]{43}", one.secret)  # 43 of 64 symbols: 258 bits' room
        assert re.fullmatch(r"[0-9a-f]{64}", one.hash)
        assert one.hash == token_hash(one.secret) != one.secret
        assert one.secret not in one.hash
        assert same_token(one.secret, one.hash)
    assert TOKEN_BITS == 256 >= 128


def test_an_issued_secret_is_not_written_by_repr() -> None:
    issued = new_session_token()
    assert issued.secret not in repr(issued)
    assert issued.hash in repr(issued)


# -- reset codes ------------------------------------------------------------------------------


def test_a_reset_code_is_four_groups_of_four_unambiguous_characters() -> None:
    codes = [new_reset_code() for _ in range(500)]
    assert len({code.secret for code in codes}) == 500
    for code in codes:
        assert CODE.fullmatch(code.secret), code.secret
        assert code.hash == token_hash(code.secret.replace("-", "")) != code.secret
    assert not set("ILOU") & set(RESET_ALPHABET)
    assert len(RESET_ALPHABET) == len(set(RESET_ALPHABET)) == 32


def test_a_reset_code_carries_80_bits() -> None:
    assert RESET_CODE_BITS == 16 * math.log2(len(RESET_ALPHABET)) == 80


def test_every_character_of_the_alphabet_turns_up() -> None:
    seen = set("".join(new_reset_code().secret for _ in range(200)))
    assert seen == set(RESET_ALPHABET) | {"-"}


@pytest.mark.parametrize(
    "typed",
    [
        "ABCD-EFGH-JKMN-0110",
        "abcd-efgh-jkmn-0110",
        "ABCDEFGHJKMN0110",
        " abcd efgh jkmn 0110 ",
        "ABCD-EFGH-JKMN-OILO",  # O for 0, I and L for 1
        "abcd-efgh-jkmn-oilo",
    ],
)
def test_a_typed_code_is_read_generously(typed: str) -> None:
    assert reset_code_hash(typed) == token_hash("ABCDEFGHJKMN0110")
    assert same_reset_code(typed, token_hash("ABCDEFGHJKMN0110"))


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "ABCD-EFGH-JKMN",
        "ABCD-EFGH-JKMN-01100",
        "ABCD-EFGH-JKMN-011U",
        "ABCD_EFGH_JKMN_0110",
        "x" * 10_000,
    ],
)
def test_what_cannot_be_a_code_has_no_hash(typed: str) -> None:
    assert reset_code_hash(typed) is None
    assert not same_reset_code(typed, token_hash("ABCDEFGHJKMN0110"))


def test_a_wrong_code_is_not_the_code() -> None:
    code = new_reset_code()
    other = new_reset_code()
    assert not same_reset_code(other.secret, code.hash)


def test_a_reset_code_lasts_half_an_hour() -> None:
    assert RESET_CODE_SECONDS == 1800
    assert reset_code_expires_at(1_000_000.0) == 1_001_800.0


# -- sessions ---------------------------------------------------------------------------------


def test_a_session_ends_thirty_days_after_its_last_use_by_default() -> None:
    policy = SessionPolicy()
    assert policy.idle_seconds == 30 * 24 * 3600
    last = 1_700_000_000.0
    assert policy.expires_at(last) == last + 30 * 24 * 3600
    assert not policy.is_expired(last, now=last + 30 * 24 * 3600 - 1)
    assert policy.is_expired(last, now=last + 30 * 24 * 3600)


def test_idle_expiry_is_configurable() -> None:
    policy = SessionPolicy(idle_seconds=600, touch_seconds=60)
    assert policy.expires_at(100.0) == 700.0
    assert policy.is_expired(100.0, now=700.0)
    assert not policy.is_expired(100.0, now=699.0)


def test_a_use_is_written_down_only_when_the_last_one_written_is_old() -> None:
    policy = SessionPolicy(idle_seconds=600, touch_seconds=60)
    assert not policy.should_touch(100.0, now=159.0)
    assert policy.should_touch(100.0, now=160.0)
    assert SessionPolicy(idle_seconds=600, touch_seconds=0).should_touch(100.0, now=100.0)


@pytest.mark.parametrize(
    ("idle", "touch", "message"),
    [
        (0, 0, "a session must last some time, not 0 seconds"),
        (-5, 0, "a session must last some time"),
        (600, 600, r"touch_seconds \(600\) must be from 0 to below idle_seconds \(600\)"),
        (600, -1, r"touch_seconds \(-1\)"),
    ],
)
def test_a_policy_that_makes_no_sense_is_refused(idle: float, touch: float, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SessionPolicy(idle_seconds=idle, touch_seconds=touch)
