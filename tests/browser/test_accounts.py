"""Accounts in a real browser: a guest plays, signs up and finds the match in their history; a
person signed in on a second browser resumes their seat mid-match; wrong passwords are slowed
down; sign-up errors stand beside their fields; names are text; signing out, and changing
one's display name."""

from __future__ import annotations

import json
import re
import secrets
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from tests.browser import shots
from tests.browser.ui import Person, open_more_rules, play_until_over

SHORT_WAR = {"suits": 1, "ranks": 6, "won_cards": "shuffled", "turn_limit": 40}
"""A War with a short deck that always ends soon."""
LONG_WAR = {"suits": 4, "ranks": 13, "turn_limit": 500}
"""A War that lasts: still on after a few turns."""
PASSWORD = "purple monkey dishwasher tune"

Members = Callable[..., Person]


def fresh(base: str) -> str:
    """A username no other test took."""
    return f"{base}{secrets.token_hex(3)}"


def refusals(person: Person) -> None:
    """The test provokes refusals: the browser reports each as a failed load."""
    person.expect_console_error(r"status of (401|403|404|409|422|429)")


def turn_war(person: Person) -> None:
    person.page.click("[data-decision='turn']")


def test_a_guest_plays_signs_up_and_finds_the_match_in_their_history(members: Members) -> None:
    fox = members("Fox")
    assert fox.page.locator("#who[data-state='guest'] #who-guest").is_visible()
    assert "guest" in (fox.page.locator("#you-are").text_content() or "")
    room = fox.create_room("war", SHORT_WAR, ("open", "random"))
    fox.start()
    play_until_over([fox], turn_war)
    outcome = fox.page.locator("#turn").text_content() or ""
    expected = "drawn" if "Nobody won" in outcome else "won" if "You won" in outcome else "lost"
    assert expected != "lost" or "You lost" in outcome, outcome

    username = fresh("fox")
    fox.sign_up(username, PASSWORD)  # from the room: back in the room once signed up
    fox.page.wait_for_url(re.compile(rf"#/room/{room}$"))
    assert fox.page.locator("#who-name").text_content() == username  # no display name: username

    fox.page.click("#who-name")  # one's own profile
    fox.page.wait_for_selector("#profile-name")
    played = fox.page.locator(f"#profile-recent li[data-room='{room}']")
    played.wait_for()
    assert played.get_attribute("data-result") == expected
    assert "Random" in (played.locator(".against").text_content() or "")
    assert fox.page.locator("#profile-games tr[data-game='war'] td").first.text_content() == "1"
    assert fox.page.locator("#coming-later").is_visible()
    shots.save(fox.page, "accounts-profile")

    with fox.page.expect_download() as downloading:  # the whole history, as JSON
        fox.page.click("#download-history")
    exported = json.loads(Path(downloading.value.path()).read_text(encoding="utf-8"))
    assert exported["username"] == username
    assert [m["room"] for m in exported["matches"]] == [room]

    fox.page.click("#all-matches")  # the history, filtered by result
    fox.page.wait_for_selector(f"#history-list li[data-room='{room}']")
    other = "won" if expected != "won" else "lost"
    fox.page.select_option("#history-result", other)
    fox.page.wait_for_selector("#history-empty:not([hidden])")
    assert fox.page.locator(f"#history-list li[data-room='{room}']").count() == 0
    fox.page.select_option("#history-result", expected)
    fox.page.wait_for_selector(f"#history-list li[data-room='{room}']")
    shots.save(fox.page, "accounts-history")

    fox.page.click(f"#history-list li[data-room='{room}'] .replay-link")  # and its replay
    fox.page.wait_for_url(re.compile(r"#/replay/"))
    fox.page.wait_for_selector(".replay-controls")


def test_a_second_browser_signed_in_resumes_the_seat_mid_match(members: Members) -> None:
    username = fresh("owl")
    desk = members("Owl at the desk")
    desk.sign_up(username, PASSWORD, "Owl")
    room = desk.create_room("war", LONG_WAR, ("open", "random"))
    assert desk.page.locator("#seats li[data-seat='0'] .name").text_content() == "Owl"
    desk.start()
    desk.page.wait_for_selector("#turn[data-state='mine']")
    before = desk.version()
    turn_war(desk)
    desk.acted(before)

    phone = members("Owl on the phone", width=390, height=844)
    phone.sign_in(username, PASSWORD)
    posted: list[str] = []
    phone.page.on(
        "request", lambda request: posted.append(request.url) if request.method == "POST" else None
    )
    phone.page.wait_for_selector(f"#room-list li[data-room='{room}'] a:text('Back to your seat')")
    phone.page.click(f"#room-list li[data-room='{room}'] a:text('Back to your seat')")
    phone.page.wait_for_selector("#room-status:has-text('you are at seat 1 as Owl')")
    assert phone.page.locator("#join-form").count() == 0
    kept = phone.page.evaluate("k => localStorage.getItem(k)", f"cardtable.room.{room}")
    assert kept is None, "the phone holds no token of the seat: the session is the key"
    phone.page.wait_for_selector("#turn[data-state='mine']")
    before = phone.version()
    turn_war(phone)  # the phone acts for the seat, and the desk sees it
    phone.acted(before)
    desk.page.wait_for_function(
        "v => Number(document.querySelector('#table').dataset.version) > v", arg=before
    )
    shots.save(phone.page, "accounts-resumed-on-a-phone")

    phone.page.once("dialog", lambda dialog: dialog.accept())
    phone.page.click("#leave")  # leaving from the phone concedes, with the session alone
    phone.page.wait_for_url(lambda url: url.endswith("#/"))
    assert not [url for url in posted if url.endswith("/join")], "no seat token was taken"
    desk.page.wait_for_selector("#turn[data-state='over']")
    said = desk.page.locator("#turn").text_content() or ""
    assert "You lost — you conceded" in said, said  # the desk's seat is the one that left


def test_wrong_passwords_are_slowed_down_and_the_right_one_waits_too(members: Members) -> None:
    username = fresh("wolf")
    owner = members("Wolf")
    owner.sign_up(username, PASSWORD)
    owner.close()

    thief = members("Thief")
    refusals(thief)
    page = thief.page
    page.click("#who-sign-in")
    page.wait_for_selector("#login-form")
    page.fill("#login-username", username)

    def attempt(password: str) -> str:
        """Send the form; the refusal's code once one shows."""
        page.evaluate("document.querySelector('#login-error').removeAttribute('data-code')")
        page.fill("#login-password", password)
        page.click("#login-submit")
        page.wait_for_selector("#login-error[data-code]", state="attached")
        return page.get_attribute("#login-error", "data-code") or ""

    wrong = [attempt(f"not the password {n}") for n in range(3)]
    assert wrong == ["wrong_password"] * 3
    assert page.locator("#login-password-error").is_visible()
    # Wrong again whenever allowed, until the wait is long enough to try the right one in it
    # (the waits grow: 1, 2, 4 seconds...).
    for _ in range(6):
        if attempt("not the password again") == "too_many":
            if int(page.get_attribute("#login-error", "data-wait") or 0) >= 3:
                break
            page.wait_for_selector("#login-error[data-wait='0']", timeout=10_000)
    else:
        raise AssertionError("the wrong passwords were never slowed down")
    message = page.locator("#login-error")
    assert message.is_visible()
    assert "Too many wrong tries" in (message.text_content() or "")
    shots.save(page, "accounts-sign-in-slowed-down")

    assert attempt(PASSWORD) == "too_many"  # the right password waits too
    assert page.locator("#who[data-state='guest']").count() == 1
    assert re.search(r"#/login", page.url)

    # Once the wait is over the right password gets in. (Every test here signs in from
    # 127.0.0.1, whose own count of wrong tries may ask for one more wait: a right password
    # takes only its own try off an address's count.)
    for _ in range(4):
        page.wait_for_selector("#login-error[data-wait='0']", timeout=40_000)
        assert "try again now" in (message.text_content() or "")
        page.evaluate("document.querySelector('#login-error').removeAttribute('data-code')")
        page.fill("#login-password", PASSWORD)
        page.click("#login-submit")
        page.wait_for_selector("#who-name, #login-error[data-code]", state="attached")
        if page.locator("#who-name").count():
            break
        assert page.get_attribute("#login-error", "data-code") == "too_many"
    page.wait_for_selector("#who-name")


def test_sign_up_errors_stand_beside_their_fields(members: Members) -> None:
    taken = fresh("hare")
    first = members("Hare")
    first.sign_up(taken, PASSWORD)

    other = members("Other")
    refusals(other)
    page = other.page
    page.click("#who-sign-up")
    page.wait_for_selector("#signup-form")
    page.fill("#signup-username", taken.upper())  # usernames differ regardless of case
    page.fill("#signup-password", PASSWORD)
    page.fill("#signup-confirm", PASSWORD)
    page.click("#signup-submit")
    username_error = page.locator("#signup-username-error")
    username_error.wait_for()
    assert "taken" in (username_error.text_content() or "")
    assert page.get_attribute("#signup-username", "aria-invalid") == "true"
    assert page.locator("#signup-password-error").is_hidden()
    assert page.evaluate("document.activeElement.id") == "signup-username"

    page.fill("#signup-username", fresh("hare"))
    page.fill("#signup-password", "password123")
    page.fill("#signup-confirm", "password123")
    page.click("#signup-submit")
    password_error = page.locator("#signup-password-error")
    password_error.wait_for()
    assert "common" in (password_error.text_content() or "") or "often" in (
        password_error.text_content() or ""
    )
    assert username_error.is_hidden()
    assert page.get_attribute("#signup-username", "aria-invalid") is None

    page.fill("#signup-password", PASSWORD)
    page.fill("#signup-confirm", PASSWORD + "!")  # the two differ: said beside the second
    page.click("#signup-submit")
    page.locator("#signup-confirm-error").wait_for()
    assert password_error.is_hidden()
    assert page.locator("#who[data-state='guest']").count() == 1
    shots.save(page, "accounts-sign-up-errors")


def test_markup_in_a_display_name_is_shown_as_text(members: Members) -> None:
    name = "<i>Mole</i> & <img src=x>"
    username = fresh("mole")
    mole = members("Mole")
    mole.sign_up(username, PASSWORD, name)
    shown = name.strip()
    assert mole.page.locator("#who-name").text_content() == shown
    assert mole.page.locator("#who i, #who img").count() == 0
    assert mole.page.locator("#you-are-name").text_content() == shown
    assert mole.page.input_value("#create-name") == shown
    assert not mole.page.is_editable("#create-name")  # the account's name, not another
    room = mole.create_room("war", SHORT_WAR, ("open", "random"))
    seat = mole.page.locator("#seats li[data-seat='0'] .name")
    assert seat.text_content() == shown
    mole.page.goto(f"{mole.url}/#/u/{username}")
    mole.page.wait_for_selector("#profile-name")
    assert mole.page.locator("#profile-name").text_content() == shown
    assert mole.page.locator("main i, main img").count() == 0
    assert room


def test_signing_out_makes_the_page_a_guests_again(members: Members) -> None:
    username = fresh("lynx")
    lynx = members("Lynx")
    lynx.sign_up(username, PASSWORD, "Lynx")
    assert any(c["name"] == "cardtable_session" for c in lynx.context.cookies())
    lynx.page.click("#sign-out")
    lynx.page.wait_for_selector("#who[data-state='guest'] #who-guest")
    lynx.page.wait_for_selector("#you-are[data-state='guest']")
    assert lynx.page.is_editable("#create-name")
    assert not any(c["name"] == "cardtable_session" for c in lynx.context.cookies())
    lynx.page.reload()
    lynx.page.wait_for_selector("#who[data-state='guest'] #who-guest")


def test_the_page_asks_the_server_who_is_here_not_its_own_note(members: Members) -> None:
    """The header follows the session cookie: with the page's note gone it still shows the
    account; with the session ended elsewhere it shows a guest at the next load."""
    username = fresh("marten")
    marten = members("Marten")
    marten.sign_up(username, PASSWORD, "Marten")
    marten.page.evaluate("() => localStorage.clear()")
    marten.page.reload()
    marten.page.wait_for_selector("#who[data-state='account'] #who-name:text('Marten')")
    ended = marten.context.request.delete(
        f"{marten.url}/api/sessions", headers={"Origin": marten.url}
    )
    assert ended.status == 204
    marten.page.reload()
    marten.page.wait_for_selector("#who[data-state='guest'] #who-guest")
    assert not any(c["name"] == "cardtable_session" for c in marten.context.cookies())


def test_a_new_display_name_shows_in_the_header_and_the_lobby(members: Members) -> None:
    username = fresh("stoat")
    stoat = members("Stoat")
    refusals(stoat)
    stoat.sign_up(username, PASSWORD, "Stoat")
    stoat.page.click("#who-settings")
    stoat.page.wait_for_selector("#name-form")
    stoat.page.fill("#settings-display", "   ")  # nothing: said beside the field
    stoat.page.click("#name-submit")
    stoat.page.locator("#settings-display-error").wait_for()
    stoat.page.fill("#settings-display", "x" * 40)  # too long: the server says so, there too
    stoat.page.click("#name-submit")
    stoat.page.wait_for_selector("#settings-display-error:has-text('32')")
    stoat.page.fill("#settings-display", "Stoat the Bold")
    stoat.page.click("#name-submit")
    stoat.page.wait_for_selector("#who-name:text-is('Stoat the Bold')")
    assert stoat.page.locator("#settings-display-error").is_hidden()
    shots.save(stoat.page, "accounts-settings")
    stoat.page.click("a.brand")
    open_more_rules(stoat.page)
    assert stoat.page.input_value("#create-name") == "Stoat the Bold"
    stoat.page.reload()  # the server says the same after a reload
    stoat.page.wait_for_selector("#who-name:text-is('Stoat the Bold')")


def test_sessions_are_listed_and_ended_from_the_settings(members: Members) -> None:
    username = fresh("crow")
    home = members("Crow at home")
    refusals(home)
    home.sign_up(username, PASSWORD, "Crow")
    away = members("Crow away")
    away.sign_in(username, PASSWORD)
    office = members("Crow at the office")
    office.sign_in(username, PASSWORD)
    for other in (away, office):
        refusals(other)  # its session ends under it: the server says so once
    home.page.click("#who-settings")
    home.page.wait_for_selector("#session-list li.session >> nth=2")
    sessions = home.page.locator("#session-list li.session")
    assert sessions.count() == 3
    assert home.page.locator("#session-list li[data-current='true']").count() == 1
    home.page.click("#session-list li[data-current='false'] button >> nth=0")  # end one
    home.page.wait_for_function(
        "() => document.querySelectorAll('#session-list li.session').length === 2"
    )

    home.page.fill("#settings-current", "not my password at all")  # said beside the field
    home.page.fill("#settings-new", "an even better passphrase")
    home.page.fill("#settings-again", "an even better passphrase")
    home.page.click("#password-submit")
    home.page.wait_for_selector("#settings-current-error:not([hidden])")
    assert home.page.locator("#settings-new-error").is_hidden()
    home.page.fill("#settings-current", PASSWORD)
    home.page.click("#password-submit")  # every other session ends
    home.page.wait_for_selector("#password-form .notice.info:has-text('changed')")
    home.page.wait_for_function(
        "() => document.querySelectorAll('#session-list li.session').length === 1"
    )
    for other in (away, office):  # the other browsers are guests' again
        other.page.reload()
        other.page.wait_for_selector("#who[data-state='guest'] #who-guest")

    home.page.click("#sign-out-everywhere")  # and this one too
    home.page.wait_for_selector("#login-form")
    home.page.wait_for_selector("#who[data-state='guest']")
    assert not any(c["name"] == "cardtable_session" for c in home.context.cookies())
    home.page.fill("#login-username", username)  # the new password is the one
    home.page.fill("#login-password", "an even better passphrase")
    home.page.click("#login-submit")
    home.page.wait_for_selector("#who-name:text-is('Crow')")


def test_a_reset_code_sets_a_new_password(members: Members, accounts_database: str) -> None:
    username = fresh("newt")
    newt = members("Newt")
    refusals(newt)
    newt.sign_up(username, PASSWORD, "Newt")
    newt.page.click("#sign-out")
    newt.page.wait_for_selector("#who-guest")
    issued = subprocess.run(
        [sys.executable, "-m", "cardtable", "admin", "reset-code", username,
         "--database", accounts_database],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    found = re.search(r"[0-9A-Z]{4}(?:-[0-9A-Z]{4}){3}", issued.stdout)
    assert found, issued.stdout
    page = newt.page
    page.click("#who-sign-in")
    page.click("#to-reset")
    page.wait_for_selector("#reset-form")
    page.fill("#reset-username", username)
    page.fill("#reset-code", "AAAA-BBBB-CCCC-DDDD")  # a wrong code: said beside the code
    page.fill("#reset-password", "a brand new secret phrase")
    page.fill("#reset-confirm", "a brand new secret phrase")
    page.click("#reset-submit")
    page.wait_for_selector("#reset-code-error:has-text('does not work')")
    page.fill("#reset-code", found.group().lower())
    page.click("#reset-submit")
    page.wait_for_selector("#login-form")  # told to sign in with the new password
    assert "new password is set" in (page.locator("main .notice.info").text_content() or "")
    page.fill("#login-username", username)
    page.fill("#login-password", "a brand new secret phrase")
    page.click("#login-submit")
    page.wait_for_selector("#who-name:text-is('Newt')")


def test_deleting_the_account_needs_its_password(members: Members) -> None:
    username = fresh("vole")
    vole = members("Vole")
    refusals(vole)
    vole.sign_up(username, PASSWORD, "Vole")
    page = vole.page
    page.click("#who-settings")
    page.wait_for_selector("#delete-form")
    page.fill("#delete-password", PASSWORD)
    page.click("#delete-submit")  # not ticked: nothing happens but a word
    page.wait_for_selector("#delete-error:has-text('sure')")
    page.check("#delete-sure")
    page.fill("#delete-password", "not my password at all")
    page.click("#delete-submit")
    page.wait_for_selector("#delete-password-error:not([hidden])")
    assert page.locator("#who[data-state='account']").count() == 1
    page.fill("#delete-password", PASSWORD)
    page.click("#delete-submit")
    page.wait_for_selector("#who[data-state='guest']")
    page.goto(f"{vole.url}/#/u/{username}")
    page.wait_for_selector("h1:text-is('No such player')")


def test_the_history_comes_a_page_at_a_time(members: Members) -> None:
    username = fresh("mink")
    mink = members("Mink")
    mink.sign_up(username, PASSWORD, "Mink")
    mink.create_room("war", SHORT_WAR, ("open", "random"))
    mink.start()
    for played in range(3):
        if played:
            mink.page.click("#rematch")
            mink.page.wait_for_selector("#turn:not([data-state='over'])")
        play_until_over([mink], turn_war)
    mink.page.goto(f"{mink.url}/#/u/{username}/matches?per=2")
    listed = mink.page.locator("#history-list li")
    mink.page.wait_for_selector("#history-list[data-count='2']")
    assert mink.page.locator("#history-more").is_visible()
    first = listed.evaluate_all("items => items.map(i => i.dataset.match)")
    mink.page.click("#history-more")
    mink.page.wait_for_selector("#history-list[data-count='3']")
    assert mink.page.locator("#history-more").is_hidden()
    every = listed.evaluate_all("items => items.map(i => i.dataset.match)")
    assert every[:2] == first
    assert len(set(every)) == 3
    finished = listed.evaluate_all("items => items.map(i => i.querySelector('.when').textContent)")
    assert all(finished), "each match says when it finished"
    mink.page.select_option("#history-game", "karata")  # a game never played: nothing
    mink.page.wait_for_selector("#history-empty:not([hidden])")
    mink.page.select_option("#history-game", "war")
    mink.page.wait_for_selector("#history-list[data-count='2']")


def test_signing_in_and_joining_by_keyboard_on_a_phone(members: Members) -> None:
    username = fresh("hare")
    hare = members("Hare", width=390, height=844)
    hare.sign_up(username, PASSWORD, "Hare")
    hare.page.click("#sign-out")
    hare.page.wait_for_selector("#who-guest")
    fox = members("Fox")
    room = fox.create_room("war", SHORT_WAR, ("open", "open"))

    page = hare.page
    hare.tab_to("#who-sign-in")
    page.keyboard.press("Enter")
    page.wait_for_selector("#login-form")
    assert page.evaluate("document.activeElement.id") == "login-username"
    page.keyboard.type(username)
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_selector("#who-name:text-is('Hare')")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"

    join = f"#room-list a[data-focus='join:{room}']"
    page.wait_for_selector(join)
    hare.tab_to(join)
    page.keyboard.press("Enter")
    page.wait_for_selector("#join-form")
    assert page.input_value("#join-name") == "Hare"
    assert not page.is_editable("#join-name")  # the account's name, not another
    hare.tab_to("#join-button")
    page.keyboard.press("Enter")
    page.wait_for_selector("#room-status:has-text('you are at seat 2 as Hare')")
    seat = fox.page.locator("#seats li[data-seat='1']")
    seat.locator(".name:text-is('Hare')").wait_for()
    assert seat.locator(f"a.profile-link[href='#/u/{username}']").count() == 1
    shots.save(page, "accounts-joined-on-a-phone")
