"""Friends in the browser (#/friends): two people sign up; one asks the other by username, the
other sees the request counted in the header on any page, accepts it, and both list each other
as friends; a request to nobody is refused in words; a block removes the friendship."""

from __future__ import annotations

from collections.abc import Callable

from tests.browser import shots
from tests.browser.test_accounts import PASSWORD, fresh, refusals
from tests.browser.ui import Person

Members = Callable[..., Person]


def listed(person: Person, section: str) -> list[str]:
    """The usernames in one of the friends page's lists."""
    items = person.page.locator(f"#{section} li.friend")
    return [item.get_attribute("data-username") or "" for item in items.all()]


def test_two_people_become_friends_and_one_blocks_the_other(members: Members) -> None:
    fox, owl = members("Fox"), members("Owl")
    fox_name, owl_name = fresh("fox"), fresh("owl")
    fox.sign_up(fox_name, PASSWORD, "Fox")
    owl.sign_up(owl_name, PASSWORD, "Owl")
    assert fox.page.locator("#friends-link").is_visible()

    fox.page.click("#friends-link")
    fox.page.wait_for_selector("#friend-form")
    refusals(fox)
    fox.page.fill("#friend-username", fresh("nobody"))
    fox.page.click("#friend-ask")
    fox.page.wait_for_selector("#friend-form .notice:has-text('no account')")
    fox.page.fill("#friend-username", owl_name.upper())  # any case finds them
    fox.page.click("#friend-ask")
    fox.page.wait_for_selector("#friend-form .notice:has-text('Asked Owl')")
    fox.page.wait_for_selector(f"#friends-sent li[data-username='{owl_name}']")

    owl.page.goto(f"{owl.url}/#/replays")  # any page: the header counts the request
    owl.page.wait_for_selector("#friends-waiting:has-text('1')")
    shots.save(owl.page, "friends-request-counted")
    owl.page.click("#friends-link")
    request = owl.page.locator(f"#friends-received li[data-username='{fox_name}']")
    request.wait_for()
    shots.save(owl.page, "friends-request")
    request.locator("[data-action='accept']").click()
    owl.page.wait_for_selector(f"#friends-list li[data-username='{fox_name}']")
    owl.page.wait_for_selector("#friends-waiting", state="hidden")
    assert listed(owl, "friends-received") == []

    fox.page.reload()
    fox.page.wait_for_selector(f"#friends-list li[data-username='{owl_name}']")
    assert listed(fox, "friends-sent") == []
    shots.save(fox.page, "friends-list")

    fox.page.locator(f"#friends-list li[data-username='{owl_name}'] [data-action='block']").click()
    fox.page.wait_for_selector(f"#friends-blocked li[data-username='{owl_name}']")
    assert listed(fox, "friends-list") == []
    owl.page.reload()
    owl.page.wait_for_selector("#friends-list li.empty")
    assert listed(owl, "friends-list") == []  # the friendship ended, the block unsaid
    assert listed(owl, "friends-blocked") == []
    blocked = fox.page.locator(f"#friends-blocked li[data-username='{owl_name}']")
    blocked.locator("[data-action='unblock']").click()
    fox.page.wait_for_selector("section[data-state='blocked']", state="hidden")
    assert fox.unexpected() == []


def test_a_guest_is_asked_to_sign_in(members: Members) -> None:
    vole = members("Vole")
    assert not vole.page.locator("#friends-link").is_visible()  # friends are for accounts
    vole.page.goto(f"{vole.url}/#/friends")
    vole.page.wait_for_selector("#friends-sign-in")
    assert vole.unexpected() == []


def test_the_friends_page_fits_a_phone(members: Members) -> None:
    mink = members("Mink", width=390, height=844)
    mink.sign_up(fresh("mink"), PASSWORD, "Mink")
    mink.page.click("#friends-link")
    mink.page.wait_for_selector("#friend-form")
    wide = mink.page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390, f"the friends page is {wide} px wide on a 390 px screen"
    shots.save(mink.page, "friends-phone", full_page=False)
