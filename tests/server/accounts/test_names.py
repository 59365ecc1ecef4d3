"""Usernames (normalised, checked, compared by key) and display names (the protocol's rules)."""

from __future__ import annotations

import pytest

from cardtable.protocol.limits import MAX_NAME_CHARS
from cardtable.server.accounts.errors import CODES, AccountError
from cardtable.server.accounts.names import (
    MAX_USERNAME_CHARS,
    MIN_USERNAME_CHARS,
    RESERVED,
    Username,
    check_username,
    clean_display_name,
    username_key,
)


def refusal(text: str) -> AccountError:
    with pytest.raises(AccountError) as caught:
        check_username(text)
    return caught.value


# -- normalising and comparing ----------------------------------------------------------------


def test_full_width_letters_are_the_letters_they_look_like() -> None:
    assert check_username("\uff26\uff4f\uff58") == Username(name="Fox", key="fox")


def test_a_name_is_trimmed_and_kept_in_its_case_but_unique_regardless_of_case() -> None:
    assert check_username("  FoxMulder ") == Username(name="FoxMulder", key="foxmulder")
    assert check_username("FOXMULDER").key == check_username("foxmulder").key == "foxmulder"
    assert username_key("Straße") == username_key("STRASSE") == "strasse"


def test_composed_and_decomposed_accents_are_one_name() -> None:
    composed, decomposed = check_username("caf\u00e9"), check_username("cafe\u0301")
    assert composed == decomposed
    assert len(composed.name) == 4


def test_the_key_refuses_nothing_so_a_sign_in_can_look_any_name_up() -> None:
    assert username_key(" A b\u200d ") == "a b\u200d"


@pytest.mark.parametrize(
    "name",
    [
        "Fox",
        "fox_mulder",
        "fox-99",
        "f.o.x",
        "x" * MAX_USERNAME_CHARS,
        "Zoë",
        "Σίσυφος",
        "Ёжик",
        "हिन्दी",  # vowel signs and a virama: marks after letters
        "สวัสดี",  # Thai, with a mark on a mark
        "山田たろう",  # Han with Hiragana
        "カード大王",  # Katakana with Han
        "김철수",
        "محمد",
        "player1",
    ],
)
def test_names_in_any_script_are_welcome(name: str) -> None:
    assert check_username(name).name == name


# -- each refusal -----------------------------------------------------------------------------


def test_too_short() -> None:
    error = refusal("ab")
    assert (error.code, error.field) == ("username_too_short", "username")
    assert error.reason == f"a username holds at least {MIN_USERNAME_CHARS} characters, not 2"
    assert refusal("   ").code == "username_too_short"


def test_too_long_counts_after_normalising() -> None:
    error = refusal("x" * (MAX_USERNAME_CHARS + 1))
    assert error.code == "username_too_long"
    assert error.reason == "a username holds at most 24 characters, not 25"
    # one character typed, but NFKC makes it 18 ("صلى الله عليه وسلم"): it holds spaces
    assert refusal("\ufdfa").code == "username_characters"
    assert refusal("x" * 10_000).code == "username_too_long"  # refused unread


def test_a_character_outside_the_safe_set_is_named() -> None:
    error = refusal("x\u00d7y")
    assert error.code == "username_characters"
    assert error.reason == (
        "a username holds 3 to 24 letters, digits, '_', '-' or '.'; '\u00d7' is not one of them"
    )


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("fox mulder", "U+0020 (SPACE)"),
        ("fox\u200dy", "U+200D (ZERO WIDTH JOINER)"),
        ("fox\u200by", "U+200B (ZERO WIDTH SPACE)"),
        ("fox\u202ey", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        ("fox\x00y", "U+0000"),
        ("fox\ud800", "U+D800"),
        ("<b>fox</b>", "'<'"),
        ("fox!", "'!'"),
        ("fox@home", "'@'"),
        ("fox\U0001f98a", "'\U0001f98a'"),
        ("fox\u00bd", "'\u2044'"),  # NFKC makes a half into 1, a fraction slash, 2
    ],
)
def test_spaces_symbols_and_invisible_characters_are_refused(name: str, shown: str) -> None:
    error = refusal(name)
    assert error.code == "username_characters"
    assert error.reason.endswith(f"; {shown} is not one of them")


def test_marks_stand_only_right_after_a_letter_and_never_many() -> None:
    assert check_username("fox\u0301\u0302\u0303").name == "fox\u0301\u0302\u0303"
    piled = refusal("fox\u0301\u0302\u0303\u0304")
    assert piled.code == "username_characters"
    assert piled.reason.endswith(
        "U+0304 (COMBINING MACRON) is a mark, and a username may hold at most 3 in a row, "
        "each right after a letter"
    )
    assert refusal("\u0301fox").code == "username_characters"  # a mark on nothing
    assert refusal("fox1\u0301").code == "username_characters"  # a mark on a digit


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("_fox", "a username may not have '_', '-' or '.' first or last; its first is '_'"),
        ("fox.", "a username may not have '_', '-' or '.' first or last; its last is '.'"),
        ("fox__y", "a username may not hold two of '_', '-' and '.' in a row, as in '__'"),
        ("fox.-y", "a username may not hold two of '_', '-' and '.' in a row, as in '.-'"),
    ],
)
def test_punctuation_stands_between_other_characters(name: str, reason: str) -> None:
    error = refusal(name)
    assert (error.code, error.reason) == ("username_punctuation", reason)


def test_a_name_holds_a_letter() -> None:
    error = refusal("12345")
    assert (error.code, error.reason) == (
        "username_no_letter",
        "a username holds at least one letter; '12345' has none",
    )


def test_letters_of_two_scripts_are_refused() -> None:
    error = refusal("p\u0430ypal")  # U+0430, a Cyrillic a
    assert error.code == "username_mixed_scripts"
    assert error.reason == (
        "a username takes its letters from one script; 'p' is Latin but '\u0430' is Cyrillic"
    )
    assert refusal("Ωmega").code == "username_mixed_scripts"


@pytest.mark.parametrize(
    "name",
    [
        "admin",
        "Admin",
        "ADMINISTRATOR",
        "root",
        "system",
        "guest",
        "cardtable",
        "anonymous",
        "deleted",
        "api",
        "ad.min",
        "card_table",
        "\uff41\uff44\uff4d\uff49\uff4e",  # full-width 'admin'
        "admin2",
        "cardtable-team",
        "SystemBot",
    ],
)
def test_reserved_names_are_refused_however_written(name: str) -> None:
    error = refusal(name)
    assert error.code == "username_reserved"
    assert error.reason.endswith("is a name the server keeps for itself; choose another")


def test_every_reserved_name_is_refused() -> None:
    for name in sorted(RESERVED):
        if len(name) >= MIN_USERNAME_CHARS:
            assert refusal(name).code == "username_reserved", name


def test_names_that_only_hold_a_reserved_word_are_free() -> None:
    assert check_username("badminton").name == "badminton"
    assert check_username("rooted").name == "rooted"


# -- display names ----------------------------------------------------------------------------


def test_a_display_name_defaults_to_the_username() -> None:
    assert clean_display_name(None, username="Fox") == "Fox"


def test_a_display_name_is_trimmed_and_markup_is_kept_as_text() -> None:
    assert clean_display_name("  Fox <script>alert(1)</script> ", username="fox") == (
        "Fox <script>alert(1)</script>"
    )
    assert clean_display_name("Fox &amp; Dana", username="fox") == "Fox &amp; Dana"


def test_a_display_name_is_not_normalised_what_was_typed_is_shown() -> None:
    assert clean_display_name("\uff26\uff4f\uff58 \U0001f98a", username="fox") == (
        "\uff26\uff4f\uff58 \U0001f98a"
    )


@pytest.mark.parametrize(
    ("text", "code", "reason"),
    [
        (
            "",
            "display_name_empty",
            "a display name needs some text besides spaces (or none at all: the username)",
        ),
        (
            "   ",
            "display_name_empty",
            "a display name needs some text besides spaces (or none at all: the username)",
        ),
        (
            "x" * (MAX_NAME_CHARS + 1),
            "display_name_too_long",
            f"a display name holds at most {MAX_NAME_CHARS} characters, not {MAX_NAME_CHARS + 1}",
        ),
        (
            "Fox\u202eyy",
            "display_name_characters",
            "a display name may not hold control or formatting characters; "
            "it holds U+202E (RIGHT-TO-LEFT OVERRIDE)",
        ),
        (
            "Fox\nDana",
            "display_name_characters",
            "a display name may not hold control or formatting characters; it holds U+000A",
        ),
        (
            "Fox\ud800",
            "display_name_characters",
            "a display name may not hold control or formatting characters; it holds U+D800",
        ),
    ],
)
def test_each_display_name_refusal(text: str, code: str, reason: str) -> None:
    with pytest.raises(AccountError) as caught:
        clean_display_name(text, username="fox")
    assert (caught.value.code, caught.value.field, caught.value.reason) == (
        code,
        "display_name",
        reason,
    )


def test_a_display_name_of_exactly_the_limit_is_kept() -> None:
    assert clean_display_name("x" * MAX_NAME_CHARS, username="fox") == "x" * MAX_NAME_CHARS


# -- the set of codes -------------------------------------------------------------------------


def test_the_codes_are_closed_and_each_names_its_field() -> None:
    assert all(code.startswith(field) for code, field in CODES.items())
    with pytest.raises(ValueError, match="unknown account error code 'nope'"):
        AccountError("nope", "...")
    error = AccountError("username_reserved", "taken")
    assert isinstance(error, ValueError)
    assert str(error) == "taken"
