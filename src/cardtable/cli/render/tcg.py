"""The Kata TCG board: heroes, mana pips, minions, hands, decks, graveyards and a log.

The viewer sits at the bottom with their hand shown as numbered cards, each marked playable
when the engine lists a ``Play`` of it among the legal moves. With minions, each board lists
its minions: yours as ``a1``, ``a2``... (to attack with), theirs as ``m1``, ``m2``... (to aim
at). Short input (every move is checked by the engine, whose legal moves also give targets):

* ``3``: play hand card 3 in its own way (aimed at the opposing hero when it needs a target
  and may take one); ``3>m2``: aimed at their minion 2; ``3>a1``: at your own minion 1;
  ``3>me``: at your own hero; ``3>h``: at their hero; ``3h``: as a heal; ``3m``: as a minion;
* ``a1``: your minion 1 attacks their hero; ``a1>m2``: it attacks their minion 2;
* ``c3``: a card costing 3; ``e``: end the turn.


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

from cardtable.cli.render.base import Board, Scene
from cardtable.engine.characters import Target
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.errors import InvalidDecision
from cardtable.engine.game import Game
from cardtable.engine.view import CardView, View
from cardtable.games.tcg.decisions import HEAL, MINION, Attack, End, Play

MAX_PIPS = 10
"""Beyond this many mana slots (or cards in a hand) only numbers are shown."""

_COST = re.compile(r"[c$]([0-9]{1,6})", re.ASCII)
_AT = r"(?:>(h|me|[am][0-9]{1,2}))?"
_PLAY = re.compile(r"([0-9]{1,3})(h|heal|m|minion)?" + _AT, re.ASCII)
_ATTACK = re.compile(r"a([0-9]{1,2})" + _AT, re.ASCII)


def pips(available: int, slots: int, *, full: str = "●", empty: str = "○") -> str:
    """Mana as filled pips (available) and empty ones (spent slots)."""
    if slots > MAX_PIPS:
        return ""
    filled = max(0, min(available, slots))
    return full * filled + empty * (slots - filled)


class TcgBoard(Board):
    """The Kata TCG on a terminal."""

    def __init__(self, game: Game[Any, Any], *, ascii_only: bool = False) -> None:
        super().__init__(game, ascii_only=ascii_only)
        self.last_view: View[Any] | None = None
        """The view last drawn or read: the help screen explains its variations."""

    # -- drawing ----------------------------------------------------------------------------

    def render(self, scene: Scene) -> RenderableType:
        view = self.last_view = scene.view
        parts: list[RenderableType] = [self._heroes(scene)]
        boards = self._boards(scene)
        if boards is not None:
            parts.append(boards)
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

    def _boards(self, scene: Scene) -> RenderableType | None:
        view = scene.view
        if "board:0" not in view.zones:
            return None
        bottom = view.seat if view.seat is not None else 0
        rows = []
        for seat in (1 - bottom, bottom):
            minions = view.cards(f"board:{seat}")
            letter = "a" if seat == view.seat else "m"
            line = Text(f"{scene.label(seat)}: ", style="bold")
            if not minions:
                line.append("no minions", style="dim")
            for place, minion in enumerate(minions, start=1):
                line.append(f" {letter}{place} ", style="bold cyan")
                line.append(f"{minion.name} {minion.stat('attack')}/{minion.stat('life')}")
                if minion.stat("shield") > 0:
                    line.append(" shielded", style="bold yellow")
                line.append(f" {_readiness(minion)} ", style="dim")
            rows.append(line)
        return Panel(Group(*rows), title="Minions", title_align="left", box=box.ROUNDED)

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
            self._card(view, position, card, playable)
            for position, card in enumerate(zone.cards, start=1)
        ]
        return Panel(
            Columns(cards, padding=(0, 1)),
            title="Your hand",
            title_align="left",
            box=box.ROUNDED,
        )

    def _card(
        self, view: View[Any], position: int, card: CardView, playable: set[int] | None
    ) -> Panel:
        body = Text(card.name, style="bold")
        body.append(f"\ncost {card.stat('cost')}")
        if card.stat("draw"):
            body.append(f"\ndraws {card.stat('draw')}")
        else:
            body.append(f"\ndmg {card.stat('damage')}")
        rules = self._rules(view)
        if rules.get("healing") and card.stat("heal"):
            body.append(f"\nheals {card.stat('heal')}")
        if rules.get("minions"):
            body.append(f"\nminion {card.stat('attack')}/{max(card.stat('health'), 1)}")
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
        rules = self._rules(scene.view)
        extra = ""
        if rules.get("minions"):
            extra += ", 2>m1 aims at their minion 1, 2m as a minion, a1 attacks"
        if rules.get("healing"):
            extra += ", 2h heals"
        return f"Your turn: {places}{extra}, c3 a card costing 3, e ends the turn, ? help"

    @staticmethod
    def _rules(view: View[Any] | None) -> dict[str, bool]:
        """The variations of the match (to show and explain, never to decide legality)."""
        switched = view.public.get("variations", []) if view is not None else []
        return dict.fromkeys(switched, True)

    # -- the log ----------------------------------------------------------------------------

    # -- short input ------------------------------------------------------------------------

    def shortcut(self, word: str, view: View[Any], legal: Decisions) -> Decision | None:
        """``N``: the card at place N of your hand; ``cN`` or ``$N``: a card costing N;
        ``e``: end the turn."""
        self.last_view = view
        word = "".join(word.lower().split())
        if word == "e":
            return End()
        found = _PLAY.fullmatch(word)
        if found:
            card = self._hand_card(view, int(found.group(1)))
            mode = {"h": HEAL, "heal": HEAL, "m": MINION, "minion": MINION}.get(
                found.group(2) or "", ""
            )
            if mode:
                return Play(card.id, mode)
            seat = view.seat if view.seat is not None else 0
            return _aimed(card.id, self._target(view, found.group(3)), legal, seat)
        found = _ATTACK.fullmatch(word)
        if found:
            mine = self._minions(view, view.seat)
            place = int(found.group(1))
            if not 1 <= place <= len(mine):
                raise InvalidDecision(
                    f"you have no minion a{place}"
                    + (f": choose a1 to a{len(mine)}" if mine else "")
                )
            target = self._target(view, found.group(2)) or _their_hero(view)
            return Attack(mine[place - 1].id, target)
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

    def _hand_card(self, view: View[Any], number: int) -> CardView:
        hand = self._my_hand(view)
        if not hand:
            raise InvalidDecision("your hand is empty: type e to end your turn")
        if not 1 <= number <= len(hand):
            raise InvalidDecision(
                f"there is no card {number} in your hand: choose 1 to {len(hand)}"
            )
        return hand[number - 1]

    def _minions(self, view: View[Any], seat: int | None) -> tuple[CardView, ...]:
        zone = view.zones.get(f"board:{seat}")
        return () if zone is None or zone.cards is None else zone.cards

    def _target(self, view: View[Any], word: str | None) -> Target | None:
        """``h`` is their hero, ``me`` your own, ``mN`` their minion N, ``aN`` your minion N;
        ``None`` when none was named."""
        if word is None:
            return None
        if word == "h":
            return _their_hero(view)
        if word == "me":
            return Target.hero(view.seat if view.seat is not None else 0)
        letter, place = word[0], int(word[1:])
        seat = view.seat if letter == "a" else _their_seat(view)
        minions = self._minions(view, seat)
        if not 1 <= place <= len(minions):
            whose = "you have" if letter == "a" else "they have"
            raise InvalidDecision(
                f"{whose} no minion {letter}{place}"
                + (f": choose {letter}1 to {letter}{len(minions)}" if minions else "")
            )
        return Target.minion(minions[place - 1].id)

    def _my_hand(self, view: View[Any]) -> tuple[CardView, ...]:
        zone = view.zones.get(f"hand:{view.seat}")
        return () if zone is None or zone.cards is None else zone.cards

    def shortcut_help(self) -> Sequence[tuple[str, str]]:
        rows = [
            ("1, 2, ...", "play the card at that place in your hand (numbers on the cards)"),
            ("c3 or $3", "play a card from your hand that costs 3 mana"),
        ]
        rules = self._rules(self.last_view)
        if rules.get("minions"):
            rows += [
                ("2>m1", "play card 2 at their minion m1 (2 or 2>h: at their hero)"),
                ("2>a1, 2>me", "play card 2 at your own minion a1, or at your own hero"),
                ("2m", "play card 2 as a minion (it sleeps until your next turn)"),
                ("a1, a1>m2", "your minion a1 attacks their hero, or their minion m2"),
            ]
        if rules.get("healing"):
            rows.append(("2h", "play card 2 to heal yourself"))
        rows += [
            ("e", "end your turn (the same as: end)"),
            ("play #ID", "play the card with that id (the full form; see the rules)"),
        ]
        return rows


def _their_seat(view: View[Any]) -> int:
    return 1 - (view.seat if view.seat is not None else 0)


def _their_hero(view: View[Any]) -> Target:
    return Target.hero(_their_seat(view))


def _aimed(card: int, target: Target | None, legal: Decisions, mine: int) -> Play:
    """Play ``card`` in its own way at ``target``; with no target named, as the legal moves
    have it: at the opposing hero when it may be aimed there, else at the seat's own hero
    ``mine`` (a spell that only helps friends)."""
    own = [m for m in legal.moves if isinstance(m, Play) and m.card == card and not m.mode]
    if target is not None:
        return Play(card, "", target)
    if any(move.target is None for move in own) or not own:
        return Play(card)
    heroes = [move for move in own if move.target is not None and move.target.seat is not None]
    return min(heroes, key=lambda move: move.target == Target.hero(mine)) if heroes else own[0]


def _readiness(minion: CardView) -> str:
    live = minion.live or {}
    if live.get("awake", (1, 1))[1] <= 0:
        return "(asleep)"
    if live.get("attacks", (1, 1))[1] <= 0:
        return "(done)"
    return "(ready)"


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
