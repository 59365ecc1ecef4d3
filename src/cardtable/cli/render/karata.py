"""The Karata board: the pile and what is on it, each player's cards, your hand and a log.

The board shows the pile's top card (and a few under it), the active request or the bomb
pending on the player to act, the direction of play, each player's card count with who is on
last card (*niko kadi*) and who left, the cards of the turn being built, and your hand,
numbered in suit order. Everything comes from the view and the events: the board never sees
the true state, and what is legal comes from the engine.

Short input (the full decision texts, ``play 7H``, ``finish ask H last``, ``pass`` and
``turn 7H 7S``, work too):

* ``3``: add card 3 of your hand to your turn;
* ``p``: pass (pick 1, or the bomb's count);
* ``f``: finish the turn (asking for the suit you hold most when your Aces must ask);
  ``f H``, ``f hearts``: asking for a suit; ``f 9S``: asking for a card;
* ``l`` or ``f last``: finish declaring last card (``f H last`` also asks).

>>> from cardtable.engine import Match
>>> from cardtable.games import find
>>> game = find("karata")
>>> match = Match(game, game.default_ruleset(), seed=2)
>>> board = KarataBoard(game)
>>> view, legal = match.view(0), match.legal(0)
>>> [card_label(key) for key in hand_keys(view)]
['K♣', '5♦', '4♥', 'K♥']
>>> board.shortcut("2", view, legal), board.shortcut("p", view, legal)
(Play(card='5D'), Pass())
>>> board.shortcut("f hearts last", view, legal)
Finish(request='H', last=True)
>>> board.shortcut("play 5d", view, legal) is None  # the full text: for the parser
True
>>> board.shortcut("9", view, legal)
Traceback (most recent call last):
...
cardtable.engine.errors.InvalidDecision: there is no card 9 in your hand: choose 1 to 4
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cardtable.cards import (
    CardTextError,
    Colour,
    PlayingCard,
    card_label,
    parse_card,
    parse_suit,
)
from cardtable.cli.render.base import LOG_LINES, Board, Scene, small_number
from cardtable.engine.decisions import Decision, Decisions
from cardtable.engine.errors import InvalidDecision
from cardtable.engine.json import JsonObject
from cardtable.engine.view import View
from cardtable.games.karata.cards import JOKER, face, plays_anywhere, question, suit_name
from cardtable.games.karata.decisions import PASS, Finish, Play, request_key
from cardtable.games.karata.turns import is_suit, request_words
from cardtable.games.karata.words import plural

UNDER = 3
"""How many cards under the pile's top the board shows."""


def hand_keys(view: View[Any]) -> list[str]:
    """The viewer's hand in the order the board numbers it: by suit (clubs, diamonds, hearts,
    spades), Ace to King, jokers last (empty for a spectator)."""
    zone = view.zones.get(f"hand:{view.seat}") if view.seat is not None else None
    if zone is None or zone.cards is None:
        return []
    return sorted((card.key for card in zone.cards), key=_card_order)


def _card_order(key: str) -> tuple[int, int, str]:
    try:
        card = parse_card(key)
    except CardTextError:
        return (9, 0, key)
    if isinstance(card, PlayingCard):
        return (card.suit.index, card.rank.value, key)
    return (8, 0, key)


def _card_text(key: str, *, ascii_only: bool, style: str = "bold") -> Text:
    label = card_label(key, ascii_only=ascii_only)
    try:
        red = parse_card(key).colour is Colour.RED
    except CardTextError:
        red = False
    return Text(label, style=f"{style} red" if red else style)


def _choice(numbers: Sequence[int]) -> str:
    """``1``, ``1 or 3``, ``1, 3 or 4``."""
    words = [str(number) for number in numbers]
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)


class KarataBoard(Board):
    """Karata on a terminal."""

    # -- drawing ----------------------------------------------------------------------------

    @property
    def _dot(self) -> str:
        """The separator between short phrases (`` ·``; `` |`` in plain ASCII)."""
        return " |" if self.ascii_only else " ·"

    def _box(self, kind: box.Box = box.ROUNDED) -> box.Box:
        """``kind`` of frame, or plain ASCII lines on terminals without symbols."""
        return box.ASCII if self.ascii_only else kind

    def render(self, scene: Scene) -> RenderableType:
        view = scene.view
        parts: list[RenderableType] = [self._players(scene), self._table(scene)]
        hand = self._hand(scene)
        if hand is not None:
            parts.append(hand)
        lines = self.log(replace(scene, events=_without_turn_lines(scene.events)))
        if lines:
            parts.append(
                Panel(Text("\n".join(lines)), title="Recent", title_align="left", box=self._box())
            )
        if scene.caption:
            parts.append(Text(scene.caption, style="bold"))
        if view.outcome is not None:
            status = "the match is over"
        else:
            status = f"{scene.label(view.to_act)} to play"
        return Panel(
            Group(*parts),
            title=f"[bold]{self.game.title}[/]{self._dot} turn {view.turn}",
            subtitle=status,
            box=self._box(box.HEAVY if scene.legal is not None else box.ROUNDED),
            border_style="cyan" if scene.legal is not None else "blue",
        )

    def _players(self, scene: Scene) -> Table:
        view = scene.view
        public: dict[str, Any] = view.public
        declared: list[bool] = public["declared"]
        out = set(public["out"])
        bomb: int = public["bomb"]
        staged = bool(view.zones["play"].size)
        table = Table(
            box=self._box(box.SIMPLE_HEAD), show_edge=False, pad_edge=False, padding=(0, 1)
        )
        table.add_column("player", no_wrap=True)
        table.add_column("cards", justify="right", no_wrap=True)
        table.add_column("")
        marker = ">" if self.ascii_only else "▶"
        for seat in range(len(declared)):
            acting = view.outcome is None and view.to_act == seat
            name = Text(f"{marker} " if acting else "  ", style="bold yellow")
            name.append(scene.label(seat), style="bold" if seat == view.seat else "")
            zone = view.zones.get(f"hand:{seat}")
            count = zone.size if zone is not None else 0
            notes: list[tuple[str, str]] = []
            if seat in out:
                notes.append(("left the table", "dim"))
            elif view.outcome is not None and seat in view.outcome.winners:
                notes.append(("wins", "bold green"))
            else:
                if declared[seat]:
                    notes.append(("niko kadi!", "bold magenta"))
                if count == 0 and view.outcome is None and not (acting and staged):
                    notes.append(("cardless", "yellow"))
                if acting:
                    notes.append(("to play", "yellow"))
                    if bomb:
                        notes.append((f"bomb: must pick {bomb}", "bold red"))
            status = Text()
            for index, (words, style) in enumerate(notes):
                if index:
                    status.append(f"{self._dot} ", style="dim")
                status.append(words, style=style)
            table.add_row(name, "" if seat in out else str(count), status)
        return table

    def _table(self, scene: Scene) -> Panel:
        view = scene.view
        public: dict[str, Any] = view.public
        ascii_only = self.ascii_only
        lines: list[Text] = []
        pile = view.zones["pile"].cards or ()
        line = Text("Pile: ", style="dim")
        if pile:
            line.append_text(_card_text(pile[-1].key, ascii_only=ascii_only))
            under = [card.key for card in pile[-1 - UNDER : -1]][::-1]
            if under:
                line.append("  under it: ", style="dim")
                for index, key in enumerate(under):
                    if index:
                        line.append(" ")
                    line.append_text(_card_text(key, ascii_only=ascii_only, style=""))
                if len(pile) > UNDER + 1:
                    line.append(" ...", style="dim")
            line.append(f"  ({plural(len(pile), 'card')})", style="dim")
        else:
            line.append("empty", style="dim")
        lines.append(line)
        deck = view.zones.get("deck")
        if deck is not None:
            lines.append(Text(f"Deck: {plural(deck.size, 'card')}", style="dim"))
        request: str = public["request"]
        if request:
            line = Text("Request: ", style="dim")
            line.append(self._request(request), style="bold yellow")
            line.append(" (or an Ace)", style="dim")
            lines.append(line)
        bomb: int = public["bomb"]
        if bomb and view.outcome is None:
            top = pile[-1].key if pile else ""
            counter = "a Joker" if top and face(top) == JOKER else "a bomb"
            line = Text("Bomb: ", style="dim")
            line.append(f"{scene.label(view.to_act)} must pick {bomb}", style="bold red")
            line.append(f" unless they counter with {counter} or block with an Ace", style="dim")
            lines.append(line)
        lines.append(self._direction(scene))
        staged = [card.key for card in view.zones["play"].cards or ()]
        if staged:
            line = Text("This turn so far: ", style="dim")
            for index, key in enumerate(staged):
                if index:
                    line.append(" ")
                line.append_text(_card_text(key, ascii_only=ascii_only))
            lines.append(line)
        return Panel(Group(*lines), title="On the table", title_align="left", box=self._box())

    def _request(self, request: str) -> str:
        """``Hearts ♥`` or ``the Nine of Spades (9♠)``."""
        if is_suit(request):
            symbol = "" if self.ascii_only else f" {parse_suit(request).symbol}"
            return f"{suit_name(request)}{symbol}"
        return f"{request_words(request)} ({card_label(request, ascii_only=self.ascii_only)})"

    def _direction(self, scene: Scene) -> Text:
        public: dict[str, Any] = scene.view.public
        out = set(public["out"])
        seats = [seat for seat in range(len(public["declared"])) if seat not in out]
        up = public["direction"] == 1
        if not up:
            seats.reverse()
        arrow = " -> " if self.ascii_only else " → "
        order = arrow.join(str(seat) for seat in [*seats, seats[0]]) if seats else ""
        line = Text("Direction: ", style="dim")
        line.append("up the seats" if up else "down the seats", style="bold")
        line.append(f" ({order})", style="dim")
        return line

    def _hand(self, scene: Scene) -> RenderableType | None:
        view = scene.view
        if view.seat is None or view.seat in scene.view.public["out"]:
            return None
        keys = hand_keys(view)
        if not keys:
            return Text("Your hand is empty.", style="dim")
        playable = _playable(scene.legal)
        line = Text()
        for position, key in enumerate(keys, start=1):
            if position > 1:
                line.append("   ")
            dim = playable is not None and key not in playable
            line.append(f"{position} ", style="dim" if dim else "bold cyan")
            line.append_text(
                _card_text(key, ascii_only=self.ascii_only, style="dim" if dim else "bold")
            )
        return Panel(line, title="Your hand", title_align="left", box=self._box())

    def prompt_hint(self, scene: Scene) -> str:
        view = scene.view
        legal = scene.legal
        if legal is None or view.seat is None:
            return f"{scene.label(view.to_act)} to play"
        keys = hand_keys(view)
        playable = _playable(legal) or set()
        numbers = [place for place, key in enumerate(keys, start=1) if key in playable]
        staged = [card.key for card in view.zones["play"].cards or ()]
        what = self._building(staged, numbers, legal) if staged else self._starting(view, numbers)
        return f"Your turn: {what}{self._dot} ? help"

    def _starting(self, view: View[Any], numbers: list[int]) -> str:
        public: dict[str, Any] = view.public
        pile = view.zones["pile"].cards or ()
        top = pile[-1].key if pile else ""
        shown = card_label(top, ascii_only=self.ascii_only)
        these = f" ({_choice(numbers)})" if numbers else ""
        bomb: int = public["bomb"]
        request: str = public["request"]
        if bomb:
            counter = "counter with a Joker" if face(top) == JOKER else "counter"
            if not numbers:
                return f"a bomb is on you and nothing you hold stops it: p to pick {bomb}"
            return f"a bomb is on you: {counter}, block with an Ace{these}, or p to pick {bomb}"
        if not hand_keys(view):
            return "your hand is empty: p to pass and pick 1"
        if request:
            asked = self._request(request)
            if not numbers:
                return f"the request is {asked} and you have none (nor an Ace): p to pick 1"
            return f"the request is {asked}: play it or an Ace{these}, or p to pass and pick 1"
        if not numbers:
            return f"nothing you hold matches {shown}: p to pass and pick 1"
        if plays_anywhere(top):
            return f"anything goes on {shown}: play a card{these}, or p to pass and pick 1"
        return f"play a card matching {shown}{these}, or p to pass and pick 1"

    def _building(self, staged: list[str], numbers: list[int], legal: Decisions) -> str:
        last = staged[-1]
        shown = card_label(last, ascii_only=self.ascii_only)
        parts = []
        if numbers:
            on = f"answer {shown}" if question(last) else "play on"
            parts.append(f"{on} ({_choice(numbers)})")
        default = legal.default
        asking = isinstance(default, Finish) and default.request
        if asking and isinstance(default, Finish):
            cards = any(
                isinstance(move, Finish) and move.request and not is_suit(move.request)
                for move in legal.moves
            )
            other = "f H or f 9S to ask for another" if cards else "f H for another suit"
            parts.append(f"f to finish asking for {self._request(default.request)} ({other})")
        else:
            finish = "f to finish"
            if question(last):
                finish += " (unanswered: you pick 1)"
            parts.append(finish)
        if any(isinstance(move, Finish) and move.last for move in legal.moves):
            parts.append("l to finish declaring last card")
        return ", ".join(parts[:-1]) + f" or {parts[-1]}" if len(parts) > 1 else parts[0]

    # -- the log ----------------------------------------------------------------------------

    def log(self, scene: Scene, limit: int = LOG_LINES) -> list[str]:
        """The last ``limit`` described events; a turn's ``play`` events are left out when its
        ``finish`` (which lists the cards) is among them."""
        events = scene.events
        lines = []
        for index, (event, line) in enumerate(zip(events, self.worded(scene), strict=True)):
            if event.get("type") == "play" and _finished_later(events, index):
                continue
            if line:
                lines.append(line)
        return lines[-limit:]

    # -- short input ------------------------------------------------------------------------

    def shortcut(self, word: str, view: View[Any], legal: Decisions) -> Decision | None:
        """``N``: play card N of your hand; ``p``: pass; ``f`` (``f H``, ``f 9S``, ``f last``):
        finish; ``l``: finish declaring last card. Anything else is for the full parser."""
        words = word.strip().lower().split()
        if not words:
            return None
        head, rest = words[0], words[1:]
        number = small_number(head)
        if number is not None and not rest:
            return Play(self._hand_card(view, number))
        if head == "p" and not rest:
            return PASS
        if head == "l" and not rest:
            return Finish(_default_request(legal), last=True)
        if head == "f":
            return _finish(rest, legal)
        return None

    @staticmethod
    def _hand_card(view: View[Any], number: int) -> str:
        keys = hand_keys(view)
        if not keys:
            raise InvalidDecision("your hand is empty: p to pass and pick")
        if not 1 <= number <= len(keys):
            raise InvalidDecision(
                f"there is no card {number} in your hand: choose 1 to {len(keys)}"
            )
        return keys[number - 1]

    def shortcut_help(self) -> Sequence[tuple[str, str]]:
        return [
            ("1, 2, ...", "add the card at that place in your hand to your turn"),
            ("p", "pass: play nothing and pick 1 card, or the bomb's count (same as: pass)"),
            ("f", "finish your turn (when your Aces must ask, for the suit you hold most)"),
            ("f H, f hearts", "finish asking for a suit (one Ace's worth)"),
            ("f 9S", "finish asking for a card (two Aces' worth: the Ace of Spades counts 2)"),
            ("l, f last", "finish declaring last card, niko kadi (f H last: and ask)"),
            ("play 7H", "add the Seven of Hearts to your turn (the full form)"),
            ("finish ask H last", "finish, asking and declaring (the full form)"),
            ("turn 7H 7S ask H", "a whole turn in one go (the full form)"),
        ]


def _finish(words: list[str], legal: Decisions) -> Finish:
    """``f`` followed by ``[ask] [SUIT|CARD] [last]``."""
    last = bool(words) and words[-1] == "last"
    if last:
        words = words[:-1]
    if words and words[0] == "ask":
        words = words[1:]
    request = request_key(" ".join(words)) if words else _default_request(legal)
    return Finish(request, last)


def _default_request(legal: Decisions) -> str:
    """The request the time-out would make (the suit held most), when the turn needs one."""
    default = legal.default
    return default.request if isinstance(default, Finish) else ""


def _playable(legal: Decisions | None) -> set[str] | None:
    if legal is None:
        return None
    return {move.card for move in legal.moves if isinstance(move, Play)}


def _finished_later(events: Sequence[JsonObject], index: int) -> bool:
    """Whether the ``play`` at ``index`` is followed, after only more plays of the same seat,
    by that seat's ``finish``."""
    seat = events[index].get("seat")
    for event in events[index + 1 :]:
        if event.get("seat") != seat:
            return False
        if event.get("type") == "finish":
            return True
        if event.get("type") != "play":
            return False
    return False


def _without_turn_lines(events: Sequence[JsonObject]) -> tuple[JsonObject, ...]:
    """The events without the plain ``next`` ones: in the board's short log, each line names
    its player anyway (a narration keeps them, as turn separators)."""
    return tuple(event for event in events if event.get("type") != "next" or event.get("again"))
