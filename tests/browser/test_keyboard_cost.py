"""What a match costs by keyboard alone: a person plays each game against the computer (War's
quick preset; Karata and the Kata TCG for a bounded number of decisions, whole matches being
long) with Tab, Shift+Tab and Enter only, and every key pressed is counted, decision by
decision. Each decision goes the shortest way the page's tab order allows (forward or back
from wherever the focus is, never wrapping round the page), so the count is what an able
keyboard user pays, and a change that costs decisions more keys (the focus lost after a
redraw, controls or cards moved further apart, a choice needing another step) fails.

Measured when this test was written (keys per decision, the Enter included; the figures are
from a few runs, the deals being random):

* War (quick preset): 1 for every decision: the table focuses "Turn your card" each time the
  turn comes back (it once left the focus on the "Turn my cards for me" toggle after the
  first battle, and every later battle cost 2: Shift+Tab and Enter).
* Karata: 1 to pass or to finish (the focus waits on that control); a card of the hand costs
  a Shift+Tab for each card between it and the controls, and one for each control before the
  one the focus waits on (the "last card" toggle before "Finish the turn"), so at most the
  hand's size plus those plus 1 (2 to 5 measured); finishing while saying "last card" costs 4
  (Shift+Tab to the toggle, Enter, Tab back, Enter); a request at most one walk across the
  controls (3 measured).
* Kata TCG: 1 to end the turn; a card costs the Shift+Tabs back into the hand and its Enter,
  then one Enter for how it is played and one for its target, the focus waiting on each
  (3 to 8 measured); an attack costs the Shift+Tabs to the minion (past the hand), its Enter
  and the target's (5 to 9 measured).

Each decision's bound is that figure: a fixed one where the table focuses what comes next,
the hand's size (and the minions') plus the steps that follow where the way is through them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tests.browser.ui import Person

People = Callable[..., Person]

ROUTE = """(selector) => {
  // The page's tab order: what Tab and Shift+Tab stop at, in the order of the document (no
  // element of the client has a positive tabindex), drawn and not disabled.
  const order = [...document.querySelectorAll(
    "a[href], button, input, select, textarea, summary, [tabindex]")]
    .filter((el) => !el.disabled && el.tabIndex >= 0 && el.getClientRects().length > 0
      && !el.closest("[inert]"));
  const at = order.indexOf(document.activeElement);
  let best = null;
  for (const el of document.querySelectorAll(selector)) {
    const to = order.indexOf(el);
    if (to < 0) continue;
    // from nowhere (the page itself), Tab goes to the first stop
    const steps = at < 0 ? to + 1 : Math.abs(to - at);
    const back = at >= 0 && to < at;
    if (best === null || steps < best.steps) best = { el, steps, back };
  }
  if (best === null) return null;
  document.querySelectorAll("[data-keyboard-goal]").forEach((el) => {
    delete el.dataset.keyboardGoal;
  });
  best.el.dataset.keyboardGoal = "1";
  return [best.steps, best.back];
}"""
"""The shortest way from the focus to the nearest element matching a selector: [steps,
backwards] (null if none can be reached); that element is marked with data-keyboard-goal."""

MY_TURN_OR_OVER = """() => {
  const state = document.querySelector("#turn")?.dataset.state;
  return state === "over" || (state === "mine" && !!document.querySelector("#controls button"));
}"""

WAR_DECISIONS = 10
KARATA_DECISIONS = 14
TCG_DECISIONS = 14


@dataclass
class Keyboard:
    """A person's keyboard, counting the keys of the decision being made."""

    person: Person
    keys: int = 0
    costs: list[tuple[str, int, int]] = field(default_factory=list)
    """Each decision: what it was, the keys it took, and the bound it had to keep."""

    def reach(self, selector: str) -> bool:
        """Move the focus the shortest way to the nearest element matching ``selector``;
        whether there was one."""
        page = self.person.page
        route = page.evaluate(ROUTE, selector)
        if route is None:
            return False
        steps, back = route
        for _ in range(steps):
            page.keyboard.press("Shift+Tab" if back else "Tab")
            self.keys += 1
        focused = page.evaluate("document.activeElement?.dataset.keyboardGoal === '1'")
        assert focused, f"{steps} {'Shift+Tab' if back else 'Tab'} did not reach {selector}"
        return True

    def press(self, selector: str) -> bool:
        """Reach the nearest element matching ``selector`` and press Enter on it."""
        if not self.reach(selector):
            return False
        self.person.page.keyboard.press("Enter")
        self.keys += 1
        return True

    def decided(self, what: str, bound: int) -> None:
        """A decision was sent: keep what it cost and start counting the next one."""
        self.costs.append((what, self.keys, bound))
        self.keys = 0

    def over_bound(self) -> list[tuple[str, int, int]]:
        return [(what, keys, bound) for what, keys, bound in self.costs if keys > bound]


def play(person: Person, decisions: int, decide: Callable[[Keyboard], None]) -> Keyboard:
    """Whenever it is the person's turn, ``decide`` by keyboard; until ``decisions`` were made
    or the match is over."""
    keyboard = Keyboard(person)
    page = person.page
    while len(keyboard.costs) < decisions:
        page.wait_for_function(MY_TURN_OR_OVER, timeout=60_000)
        if person.over():
            break
        before = person.version()
        decide(keyboard)
        person.acted(before)
    return keyboard


def hand_size(person: Person, selector: str) -> int:
    return person.page.locator(selector).count()


CONTROLS_BEFORE_FOCUS = """() => {
  const stops = [...document.querySelectorAll(
    "#controls button, #controls select")].filter((el) => !el.disabled);
  return Math.max(0, stops.indexOf(document.activeElement));
}"""
"""How many of the controls come before the one the focus waits on (0 when it waits
elsewhere): the Shift+Tabs a walk back into the hand takes before it reaches the hand."""


def controls_before_focus(person: Person) -> int:
    count = person.page.evaluate(CONTROLS_BEFORE_FOCUS)
    assert isinstance(count, int)
    return count


def war_turn(keyboard: Keyboard) -> None:
    assert keyboard.press("#controls [data-decision='turn']")
    keyboard.decided("turn", 1)


def karata_turn(keyboard: Keyboard) -> None:
    """A lit card of the hand, else finishing the turn (saying "last card" whenever it may,
    and asking for something when it must), else passing."""
    page = keyboard.person.page
    hand = hand_size(keyboard.person, ".hand button.card")
    before_focus = controls_before_focus(keyboard.person)
    if keyboard.press(".hand button.card.playable"):
        keyboard.decided("play a card", hand + before_focus + 1)
        return
    controls = hand_size(keyboard.person, "#controls button, #controls select")
    declared = False
    if page.locator("#declare-last[aria-pressed='false']").count():
        assert keyboard.press("#declare-last")
        page.wait_for_selector("#declare-last[aria-pressed='true']")
        declared = True
    for selector, what in (
        ("#finish", "finish"),
        ("#controls [data-ask]", "finish asking for a suit"),
        ("#ask-card-button", "finish asking for a card"),
        ("[data-decision='pass']", "pass"),
    ):
        if keyboard.press(selector):
            # The focus waits on finishing or passing; a request is at most one walk across
            # the controls away. Saying "last card" first: the toggle is one Shift+Tab before
            # finishing (then one Tab back), or one more walk across the controls.
            if what in ("finish", "pass"):
                bound = 4 if declared else 1
            else:
                bound = 2 * controls + 2 if declared else controls + 1
            keyboard.decided(what + (" saying last card" if declared else ""), bound)
            return
    raise AssertionError(f"nothing to do: {page.locator('#controls').inner_text()}")


def tcg_turn(keyboard: Keyboard) -> None:
    page = keyboard.person.page
    hand = hand_size(keyboard.person, ".side.own .tcg-card")
    if keyboard.press(".side.own .tcg-card.playable"):
        steps = 0  # how it is played, then whom it aims at: each waits where the focus is
        if page.locator("#controls [data-focus^='mode:']").count():
            assert keyboard.press("#controls [data-focus^='mode:']")  # the one focused
            steps += 1
        if page.locator(".target-button").count():
            if not keyboard.press(".target-button[data-target='p1']"):
                assert keyboard.press(".target-button")
            steps += 1
        keyboard.decided("play a card", hand + 1 + steps)
        return
    if keyboard.press(".minion-button"):
        minions = hand_size(keyboard.person, ".side.own .minion")
        if not keyboard.press(".target-button[data-target='p1']"):
            assert keyboard.press(".target-button")
        keyboard.decided("attack", hand + minions + 2)
        return
    assert keyboard.press("#controls [data-decision='end']")
    keyboard.decided("end the turn", 1)


def report(keyboard: Keyboard) -> str:
    """Every decision's keys, in words (said when a bound is broken)."""
    return ", ".join(f"{what}: {keys}" for what, keys, _ in keyboard.costs)


def test_war_by_keyboard_costs_one_key_a_decision(people: People) -> None:
    fox = people("Fox")
    fox.page.click("#play-computer-war")
    fox.page.wait_for_selector(".war-seat")
    keyboard = play(fox, WAR_DECISIONS, war_turn)
    assert len(keyboard.costs) == WAR_DECISIONS
    assert keyboard.over_bound() == [], report(keyboard)


def test_karata_by_keyboard_costs_no_more_keys_than_today(people: People) -> None:
    fox = people("Fox")
    fox.create_room("karata", {}, ("open", "heuristic"), turn_seconds=600)
    fox.start()
    fox.page.wait_for_selector(".karata .pile-area .card")
    keyboard = play(fox, KARATA_DECISIONS, karata_turn)
    assert keyboard.costs, "no decision was made"
    assert keyboard.over_bound() == [], report(keyboard)


def test_kata_tcg_by_keyboard_costs_no_more_keys_than_today(people: People) -> None:
    fox = people("Fox")
    fox.create_room("tcg", {"minions": True}, ("open", "greedy"), turn_seconds=600)
    fox.start()
    fox.page.wait_for_selector(".tcg .hero")
    keyboard = play(fox, TCG_DECISIONS, tcg_turn)
    assert keyboard.costs, "no decision was made"
    assert keyboard.over_bound() == [], report(keyboard)
