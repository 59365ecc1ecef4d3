"""A finished room stays in its player's lobby (and only theirs), to go back to for a
rematch, with its running score; other people's lobbies let it go."""

from __future__ import annotations

from collections.abc import Callable

from tests.browser import shots
from tests.browser.ui import Person, play_until_over

People = Callable[..., Person]


def turn(person: Person) -> None:
    person.page.click("#controls [data-decision='turn']")


def test_a_finished_room_waits_in_its_players_lobby_for_a_rematch(people: People) -> None:
    fox = people("Fox")
    owl = people("Owl")
    rules = {"suits": 1, "ranks": 4, "won_cards": "shuffled", "turn_limit": 30}
    room = fox.create_room("war", rules, ("open", "random"))
    fox.start()
    play_until_over([fox], turn)
    mine = f"#room-list li[data-room='{room}']"
    fox.page.goto(f"{fox.url}/#/")
    fox.page.wait_for_selector(f"{mine} .badge.finished")
    back = fox.page.locator(f"{mine} a:text('Back to the room: rematch?')")
    back.wait_for()
    shots.save(fox.page, "lobby-finished-room")
    owl.page.goto(f"{owl.url}/#/")
    owl.page.wait_for_selector("#room-list li")
    assert owl.page.locator(mine).count() == 0  # not Owl's room: finished, it left the list
    back.click()
    fox.page.wait_for_selector("#rematch")
    # the room's running score: one match played, one seat has won it (or both, shared)
    fox.page.wait_for_selector("#seats .badge.wins")
    won = fox.page.eval_on_selector_all("#seats .badge.wins", "bs => bs.map(b => b.dataset.wins)")
    assert len(won) == 2
    assert sorted(won) in (["0", "1"], ["1", "1"]), won
    fox.page.click("#rematch")
    fox.page.wait_for_selector("#turn[data-state='mine'], #turn:has-text('turn')")
    fox.page.wait_for_selector(".war-seat")
