"""The Kata TCG board: heroes, mana pips, hands, decks, graveyards and a log of events.

The viewer sits at the bottom with their hand shown as numbered cards, each marked playable
when the engine lists a ``Play`` of it among the legal moves. Short input:

>>> from cardtable.engine import Match
>>> from cardtable.games import find
>>> game = find("tcg")
>>> match = Match(game, game.default_ruleset(), seed=5)
>>> seat = match.to_act
>>> board = TcgBoard(game)
>>> view, legal = match.view(seat), match.legal(seat)
>>> board.shortcut("e", view, legal)
End()
>>> first = view.cards(f"hand:{seat}")[0]
>>> board.shortcut("1", view, legal) == Play(first.id)
True
>>> board.shortcut("9", view, legal)
Traceback (most recent call last):
...
cardtable.engine.errors.InvalidDecision: there is no card 9 in your hand: choose 1 to 4
>>> pips(2, 3), pips(0, 0)
('●●○', '')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardtable.cli.render.base import Board, Scene, small_number
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.errors import InvalidDecision
from cardtable.engine.json import JsonObject, JsonValue
from cardtable.engine.view import CardView, View
from cardtable.games.tcg.decisions import End, Play

MAX_PIPS = 10
"""Beyond this many mana slots (or cards in a hand) only numbers are shown."""

_COST = re.compile(r"[c$]([0-9]{1,6})", re.ASCII)
_QUIET = {"shuffle"}


def pips(available: int, slots: int, *, full: str = "●", empty: str = "○") -> str:
    """Mana as filled pips (available) and empty ones (spent slots)."""
    if slots > MAX_PIPS:
        return ""
    filled = max(0, min(available, slots))
    return full * filled + empty * (slots - filled)


class TcgBoard(Board):
    """The Kata TCG on a terminal."""

    # -- drawing ----------------------------------------------------------------------------

    def render(self, scene: Scene) -> RenderableType:
        view = scene.view
        parts: list[RenderableType] = [self._heroes(scene)]
        hand = self._hand(scene)
        if hand is not None:
            parts.append(hand)
        lines = self.log(scene)
        if lines:
            parts.append(
                Panel(Text("\n".join(lines)), title="Recent", title_align="left", box=box.ROUNDED)
            )
        if scene.caption:
            parts.append(Text(scene.caption, style="bold"))
        status = (
            "the match is over"
            if view.outcome is not None
            else f"{scene.label(view.to_act)} to play"
        )
        return Panel(
            Group(*parts),
            title=f"[bold]{self.game.title}[/] · turn {view.turn}",
            subtitle=status,
            box=box.HEAVY if scene.legal is not None else box.ROUNDED,
            border_style="cyan" if scene.legal is not None else "blue",
        )

    def _heroes(self, scene: Scene) -> Table:
        view = scene.view
        bottom = view.seat if view.seat is not None else 0
        heroes: list[dict[str, Any]] = view.public["heroes"]
        order = [seat for seat in range(len(heroes)) if seat != bottom] + [bottom]
        table = Table(
            box=box.SIMPLE_HEAD,
            show_edge=False,
            pad_edge=False,
            collapse_padding=True,
            padding=(0, 1),
        )
        table.add_column("player", no_wrap=True)
        table.add_column("health", justify="right", no_wrap=True)
        table.add_column("mana", no_wrap=True)
        table.add_column("hand", no_wrap=True)
        table.add_column("deck", justify="right", no_wrap=True)
        table.add_column("graveyard", overflow="ellipsis")
        for seat in order:
            table.add_row(*self._hero_row(scene, seat, heroes[seat]))
        return table

    def _hero_row(self, scene: Scene, seat: int, hero: dict[str, Any]) -> list[RenderableType]:
        view = scene.view
        active = view.outcome is None and view.active == seat
        marker = ">" if self.ascii_only else "▶"
        name = Text(f"{marker} " if active else "  ", style="bold yellow")
        name.append(scene.label(seat), style="bold" if seat == view.seat else "")
        base, life = hero["life"]
        slots, mana = hero["mana"]
        health = Text(
            f"{'' if self.ascii_only else '♥ '}{life}/{base}", style=_health_style(life, base)
        )
        full, empty = ("*", ".") if self.ascii_only else ("●", "○")
        mana_text = Text(pips(mana, slots, full=full, empty=empty), style="bold blue")
        mana_text.append(f"{' ' if mana_text else ''}{mana}/{slots}")
        hand = view.zones.get(f"hand:{seat}")
        hand_text = Text()
        if hand is not None:
            if hand.cards is None and hand.size <= MAX_PIPS:
                hand_text.append(
                    ("#" if self.ascii_only else "▮") * hand.size + " ", style="magenta"
                )
            hand_text.append(str(hand.size))
        deck = view.zones.get(f"deck:{seat}")
        graveyard = view.zones.get(f"graveyard:{seat}")
        grave_text = Text(str(graveyard.size) if graveyard is not None else "")
        if graveyard is not None and graveyard.cards:
            grave_text.append(f" · {graveyard.cards[-1].name}", style="dim")
        return [
            name,
            health,
            mana_text,
            hand_text,
            str(deck.size) if deck is not None else "",
            grave_text,
        ]

    def _hand(self, scene: Scene) -> RenderableType | None:
        view = scene.view
        if view.seat is None:
            return None
        zone = view.zones.get(f"hand:{view.seat}")
        if zone is None or zone.cards is None:
            return None
        if not zone.cards:
            return Text("Your hand is empty.", style="dim")
        playable = _playable(scene.legal)
        cards = [
            self._card(position, card, playable)
            for position, card in enumerate(zone.cards, start=1)
        ]
        return Panel(
            Columns(cards, padding=(0, 1)),
            title="Your hand",
            title_align="left",
            box=box.ROUNDED,
        )

    def _card(self, position: int, card: CardView, playable: set[int] | None) -> Panel:
        body = Text(card.name, style="bold")
        body.append(f"\ncost {card.stat('cost')}\ndmg {card.stat('damage')}")
        style = "white"
        if playable is not None:
            if card.id in playable:
                body.append("\nplayable", style="bold green")
                style = "green"
            else:
                body.append("\nnot now", style="dim")
                style = "dim"
        return Panel(
            body, title=f"[bold]{position}[/]", box=box.ROUNDED, border_style=style, expand=False
        )

    def prompt_hint(self, scene: Scene) -> str:
        size = len(self._my_hand(scene.view))
        places = "1 plays your card" if size == 1 else f"1-{size} play that card"
        if size == 0:
            places = "your hand is empty"
        return f"Your turn: {places}, c3 a card costing 3, e ends the turn, ? help"

    # -- the log ----------------------------------------------------------------------------

    def describe(self, event: JsonObject, scene: Scene) -> str | None:
        kind = event.get("type")
        seat = event.get("seat")
        who = scene.label(seat) if isinstance(seat, int) else "someone"
        if kind in _QUIET:
            return None
        if kind == "first_player":
            return f"{who} goes first"
        if kind == "turn_started":
            mana = event.get("mana")
            return f"-- {who}'s turn --" if mana is None else f"-- {who}'s turn, {mana} mana --"
        if kind == "turn_ended":
            return f"{who} ends the turn"
        if kind == "draw":
            return _describe_draw(event, who)
        if kind == "play":
            return f"{who} plays {_card_name(event.get('card'))}"
        if kind == "damage":
            return _describe_damage(event, scene)
        if kind == "heal":
            target = _target_label(event.get("target"), scene)
            return f"{target} heals {event.get('amount')} (health {event.get('life')})"
        if kind == "conceded":
            return f"{who} concedes"
        if kind == "fizzled":
            return f"(an action fizzled: {event.get('action')})"
        return super().describe(event, scene)

    # -- short input ------------------------------------------------------------------------

    def shortcut(self, word: str, view: View[Any], legal: Decisions) -> Decision | None:
        """``N``: the card at place N of your hand; ``cN`` or ``$N``: a card costing N;
        ``e``: end the turn."""
        word = word.strip().lower()
        if word == "e":
            return End()
        number = small_number(word)
        if number is not None:
            hand = self._my_hand(view)
            if not hand:
                raise InvalidDecision("your hand is empty: type e to end your turn")
            if not 1 <= number <= len(hand):
                raise InvalidDecision(
                    f"there is no card {number} in your hand: choose 1 to {len(hand)}"
                )
            return Play(hand[number - 1].id)
        found = _COST.fullmatch(word)
        if found:
            cost = int(found.group(1))
            hand = self._my_hand(view)
            costing = [card for card in hand if card.stat("cost") == cost]
            if not costing:
                raise InvalidDecision(f"you have no card costing {cost} in your hand")
            playable = _playable(legal) or set()
            best = next((card for card in costing if card.id in playable), costing[0])
            return Play(best.id)
        return None

    def _my_hand(self, view: View[Any]) -> tuple[CardView, ...]:
        zone = view.zones.get(f"hand:{view.seat}")
        return () if zone is None or zone.cards is None else zone.cards

    def shortcut_help(self) -> Sequence[tuple[str, str]]:
        return [
            ("1, 2, ...", "play the card at that place in your hand (numbers on the cards)"),
            ("c3 or $3", "play a card from your hand that costs 3 mana"),
            ("e", "end your turn (the same as: end)"),
            ("play #ID", "play the card with that id (the full form)"),
        ]


def _playable(legal: Decisions | None) -> set[int] | None:
    if legal is None:
        return None
    return {move.card for move in legal.moves if isinstance(move, Play)}


def _health_style(life: int, base: int) -> str:
    if base <= 0 or life * 2 > base:
        return "bold green"
    if life * 4 > base:
        return "bold yellow"
    return "bold red"


def _card_name(card: JsonValue) -> str:
    if isinstance(card, dict):
        name = card.get("name")
        if isinstance(name, str):
            return name
    return "a card"


def _target_label(target: JsonValue, scene: Scene) -> str:
    if isinstance(target, str) and target.startswith("p") and target[1:].isdigit():
        return scene.label(int(target[1:]))
    return f"card {target}"


def _describe_draw(event: JsonObject, who: str) -> str:
    result = event.get("result")
    card = event.get("card")
    if result == "empty":
        return f"{who} has no card left to draw"
    if result == "overload":
        return f"{who}'s hand is full: {_card_name(card)} goes to the graveyard"
    if card is not None:
        return f"{who} draws {_card_name(card)}"
    return f"{who} draws a card"


def _describe_damage(event: JsonObject, scene: Scene) -> str:
    hits = event.get("hits")
    parts = []
    for hit in hits if isinstance(hits, list) else []:
        if isinstance(hit, dict):
            target = _target_label(hit.get("target"), scene)
            parts.append(f"{target} takes {hit.get('amount')} (health {hit.get('life')})")
    text = ", ".join(parts) or "damage"
    if event.get("reason") == "bleeding":
        return f"bleeding out: {text}"
    return text
