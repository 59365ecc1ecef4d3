"""``cardtable deck``: build, show, check and list Kata TCG deck files.

A deck file is TOML (see :mod:`cardtable.games.tcg.decks`, where every check a deck goes
through lives); these commands only read, ask and show::

    cardtable deck pool kata                          # the cards a deck can hold
    cardtable deck new fire.toml --set kata           # build a deck, a card at a time
    cardtable deck new fire.toml --set kata --cards bolt=4,d1=4,d2=4,d3=4,d4=4
    cardtable deck show fire.toml                     # its cards and its mana curve
    cardtable deck validate *.toml                    # ok, or what is wrong and where
    cardtable deck list decks                         # the deck files of a folder
    cardtable play tcg --deck fire.toml               # play with it (it brings its set)

Decks are checked against the Kata TCG's default rules: exactly 20 cards, at most 4 copies of
a card, no tokens. ``deck list`` looks in the current folder unless given another: cardtable
keeps no data folder of its own, so decks live wherever you save them.

>>> play_hint(Path("my deck.toml"))
"cardtable play tcg --deck 'my deck.toml'"
"""

from __future__ import annotations

import re
import shlex
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from cardtable.cli.errors import UsageProblem, guarded, report
from cardtable.cli.terminal import Terminal, make_console
from cardtable.engine.errors import CardtableError, RulesetError
from cardtable.games.tcg import CardSet, TcgRules, load_set
from cardtable.games.tcg.decks import (
    DEFAULT_SET,
    Deck,
    add_cards,
    card_summary,
    check_deck,
    check_name,
    copies_allowed,
    load_deck,
    mana_curve,
    parse_counts,
    path_name,
    read_deck,
    remove_cards,
    save_deck,
    set_reference,
)

INTERRUPTED = 130
BAR_WIDTH = 40

deck_app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)

SET_HELP = "A built-in card set (classic, kata, legends) or a set file."


class _Abandoned(Exception):
    """The person left the builder (the reason says how)."""


@deck_app.command("pool")
def pool_command(
    card_set: Annotated[str, typer.Argument(metavar="SET", help=SET_HELP)] = DEFAULT_SET,
) -> None:
    """Show the cards of a set: cost, kind, what each does and how many copies a deck may hold."""
    terminal = Terminal(make_console())
    with guarded():
        found = load_set(card_set)
    rules = TcgRules()
    terminal.say(f"The {found.name} set: {found.description}".rstrip(": "), style="bold")
    terminal.show(pool_table(found, rules))
    terminal.say(
        f"A deck holds exactly {rules.deck_size} cards, at most {rules.copies_limit} of a card.",
        style="dim",
    )


@deck_app.command("new")
def new_command(
    file: Annotated[Path, typer.Argument(help="Where to save the deck, such as fire.toml.")],
    card_set: Annotated[str, typer.Option("--set", help=SET_HELP)] = DEFAULT_SET,
    name: Annotated[
        str | None, typer.Option("--name", help="The deck's name (default: the file's name).")
    ] = None,
    cards: Annotated[
        str | None,
        typer.Option(
            "--cards",
            help="The whole deck at once, as id=copies,id=copies (bolt=4,d1=4,...): "
            "nothing is asked. Without it you build the deck a card at a time.",
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE if it exists.")] = False,
) -> None:
    """Build a deck and save it; only a complete, legal deck is saved."""
    terminal = Terminal(make_console())
    rules = TcgRules()
    with guarded():
        _check_target(file, force=force)
        if name is not None and not name.strip():
            raise UsageProblem("--name: give the deck a name")
        if name is not None:
            try:
                check_name(name, "--name")
            except RulesetError as error:
                raise UsageProblem(error.reason) from None
        found = load_set(card_set)
        deck = Deck(
            name=(name or path_name(str(file))).strip(),
            set=set_reference(card_set, file),
            counts=(),
        )
        if cards is not None:
            try:
                deck = replace(deck, counts=parse_counts(cards))
            except RulesetError as error:
                raise UsageProblem(error.reason) from None
            check_deck(deck, found, rules, source="--cards")
        else:
            try:
                deck = DeckBuilder(terminal, found, rules, deck).run()
            except _Abandoned as left:
                terminal.say(f"{left}: nothing was saved.", style="yellow")
                raise typer.Exit(1) from None
            except KeyboardInterrupt:
                terminal.say("Interrupted: nothing was saved.", style="yellow")
                raise typer.Exit(INTERRUPTED) from None
            _check_target(file, force=force)  # it may have appeared while the deck was built
        save_deck(deck, file)
    terminal.say(f"Saved {file}: {deck.name}, {deck.size} cards from the {found.name} set.")
    terminal.say(f"Play with it: {play_hint(file)}", style="dim")


@deck_app.command("show")
def show_command(file: Annotated[Path, typer.Argument(help="A deck file.")]) -> None:
    """Show a deck: its cards with their costs and what they do, and its mana curve."""
    terminal = Terminal(make_console())
    with guarded():
        deck, found = load_deck(file)
    title = Text(deck.name, style="bold")
    title.append(f" · {deck.size} cards from the {found.name} set ({deck.set})")
    terminal.show(title)
    terminal.show(deck_table(deck, found))
    terminal.say("Mana curve (cards per cost)", style="bold")
    terminal.show(curve_text(deck, found, ascii_only=terminal.ascii_only))


@deck_app.command("validate")
def validate_command(
    files: Annotated[list[Path], typer.Argument(help="One or more deck files.")],
) -> None:
    """Check deck files: ok, or what is wrong with the file, the line and the card."""
    console, errors = make_console(), make_console(stderr=True)
    failed = 0
    for file in files:
        try:
            deck, found = load_deck(file)
        except CardtableError as error:
            report(errors, error)
            failed += 1
            continue
        line = Text("ok: ", style="bold green")
        line.append(f"{file} ({deck.name}, {deck.size} cards from {found.name})")
        console.print(line, soft_wrap=True)
    if failed and len(files) > 1:
        errors.print(Text(f"{failed} of {len(files)} deck files failed", style="red"))
    raise typer.Exit(1 if failed else 0)


@deck_app.command("list")
def list_command(
    folder: Annotated[
        Path, typer.Argument(help="The folder to look in (default: the current folder).")
    ] = Path("."),
) -> None:
    """List the deck files (*.toml) of a folder: name, set, cards, and valid or why not."""
    terminal = Terminal(make_console())
    with guarded():
        files = _deck_files(folder)
    if not files:
        terminal.say(f"No deck files (*.toml) in {folder}.")
        return
    table = Table(show_edge=False, box=None, pad_edge=False)
    for column in ("file", "name", "set", "cards"):
        table.add_column(column, style="bold" if column == "file" else "", no_wrap=True)
    table.add_column("status")
    valid = 0
    for path in files:
        row = listing_row(path)
        valid += row[-1].plain == "valid"
        table.add_row(*row)
    terminal.show(table)
    terminal.say(f"{len(files)} deck files: {valid} valid, {len(files) - valid} invalid", "dim")


# -- the builder ------------------------------------------------------------------------------

HELP_ROWS = (
    ("bolt", "add one copy of the card bolt"),
    ("bolt 3", "add three copies"),
    ("-bolt, -bolt 2", "take one copy out, or two"),
    ("show", "the deck so far"),
    ("pool", "the cards you can choose from"),
    ("done", "save the deck (once it is complete)"),
    ("quit", "leave without saving"),
    ("?", "this help"),
)
_NUMBER = re.compile(r"[0-9]{1,6}")


class DeckBuilder:
    """Builds a deck from lines a person types (or pipes in), refusing what the rules refuse."""

    def __init__(self, terminal: Terminal, card_set: CardSet, rules: TcgRules, deck: Deck) -> None:
        self.terminal = terminal
        self.card_set = card_set
        self.rules = rules
        self.deck = deck

    def run(self) -> Deck:
        """Read lines until the deck is done; raise ``_Abandoned`` when the person leaves."""
        terminal, rules = self.terminal, self.rules
        terminal.say(
            f"Building {self.deck.name!r} from the {self.card_set.name} set: exactly "
            f"{rules.deck_size} cards, at most {rules.copies_limit} copies of a card.",
            style="bold",
        )
        terminal.show(pool_table(self.card_set, rules))
        self._hint()
        while True:
            line = terminal.ask(f"{self.deck.size}/{rules.deck_size}> ")
            if line is None:
                raise _Abandoned("The input ended before done")
            if self._handle(line.strip()):
                return self.deck

    def _handle(self, line: str) -> bool:
        """Act on one line; True when the deck is done."""
        words = line.replace("=", " ").split()
        command = words[0].lower() if words else ""
        if not words:
            self._hint()
        elif command in ("?", "help"):
            table = Table(show_edge=False, box=None, pad_edge=False)
            table.add_column("type", style="bold")
            table.add_column("to")
            for row in HELP_ROWS:
                table.add_row(*row)
            self.terminal.show(table)
        elif command == "show":
            self.terminal.show(deck_table(self.deck, self.card_set))
        elif command == "pool":
            self.terminal.show(pool_table(self.card_set, self.rules, self.deck))
        elif command == "done":
            try:
                check_deck(self.deck, self.card_set, self.rules, source="not done")
            except RulesetError as error:
                self._refuse(error.reason)
                return False
            return True
        elif command in ("quit", "q"):
            answer = (
                self.terminal.confirm("Leave without saving the deck?") if self.deck.size else True
            )
            if answer is None:
                raise _Abandoned("The input ended before done")
            if answer:
                raise _Abandoned("You quit")
        else:
            self._change(words)
        return False

    def _change(self, words: list[str]) -> None:
        word = words[0].lower()
        removing = word.startswith("-")
        card = word[1:] if word[:1] in "+-" else word
        if not card or len(words) > 2 or (len(words) == 2 and not _NUMBER.fullmatch(words[1])):
            self._refuse(
                f"{' '.join(words)!r}: type a card's id and a number, as in bolt 2 (? for help)"
            )
            return
        copies = int(words[1]) if len(words) == 2 else 1
        try:
            if removing:
                self.deck = remove_cards(self.deck, card, copies)
            else:
                self.deck = add_cards(self.deck, self.card_set, self.rules, card, copies)
        except RulesetError as error:
            self._refuse(error.reason)
            return
        sign = "-" if removing else "+"
        name = self.card_set.card(card).name
        self.terminal.say(
            f"{sign}{copies} {name} ({card}): {self.deck.count(card)} in the deck, "
            f"{self.deck.size}/{self.rules.deck_size} cards",
            style="green",
        )
        if self.deck.size == self.rules.deck_size:
            self.terminal.say("The deck is complete: type done to save it.", style="bold")

    def _refuse(self, reason: str) -> None:
        self.terminal.say(reason, style="red")

    def _hint(self) -> None:
        self.terminal.say(
            "Type a card's id to add it (bolt), with a number for several (bolt 3); -bolt takes "
            "one out; show, pool, done, quit, ? for help.",
            style="dim",
        )


# -- what the commands show -------------------------------------------------------------------


def pool_table(card_set: CardSet, rules: TcgRules, deck: Deck | None = None) -> Table:
    """The cards of a set; with ``deck``, how many of each it holds."""
    table = Table(show_edge=False, box=None, pad_edge=False)
    table.add_column("id", style="bold", no_wrap=True)
    table.add_column("name", no_wrap=True)
    table.add_column("cost", justify="right")
    table.add_column("kind")
    table.add_column("what it does")
    table.add_column("allowed", justify="right")
    if deck is not None:
        table.add_column("in deck", justify="right")
    for card in card_set.cards:
        allowed = copies_allowed(card, rules)
        row = [card.id, card.name, str(card.cost), card.kind, card_summary(card), str(allowed)]
        if deck is not None:
            row.append(str(deck.count(card.id) or ""))
        table.add_row(*row, style="dim" if allowed == 0 else "")
    return table


def deck_table(deck: Deck, card_set: CardSet) -> Table:
    """A deck's cards, cheapest first: copies, id, name, cost, kind and what each does."""
    table = Table(show_edge=False, box=None, pad_edge=False, show_footer=True)
    table.add_column("copies", justify="right", footer=str(deck.size))
    table.add_column("id", style="bold", no_wrap=True, footer="total")
    table.add_column("name", no_wrap=True)
    table.add_column("cost", justify="right")
    table.add_column("kind")
    table.add_column("what it does")
    for card_id, count in sorted(deck.counts, key=lambda item: card_set.card(item[0]).cost):
        card = card_set.card(card_id)
        table.add_row(str(count), card.id, card.name, str(card.cost), card.kind, card_summary(card))
    return table


def curve_text(deck: Deck, card_set: CardSet, *, ascii_only: bool = False) -> Text:
    """The mana curve as a text histogram: one line per cost, one block per card.

    >>> kata = load_set("kata")
    >>> print(curve_text(Deck("d", "kata", (("bolt", 3), ("d2", 1))), kata, ascii_only=True))
      0 |
      1 | ### 3
      2 | # 1
    """
    curve = mana_curve(deck, card_set)
    most = max((count for _, count in curve), default=0)
    block, rule = ("#", "|") if ascii_only else ("█", "│")
    text = Text()
    for index, (cost, count) in enumerate(curve):
        width = count if most <= BAR_WIDTH else round(count * BAR_WIDTH / most)
        text.append(f"{cost:>3} {rule}")
        if count:
            text.append(" " + block * max(width, 1), style="cyan")
            text.append(f" {count}")
        if index < len(curve) - 1:
            text.append("\n")
    return text


def listing_row(path: Path) -> tuple[str, str, str, str, Text]:
    """A deck file's line in ``deck list``: file, name, set, cards, and valid or why not."""
    try:
        deck, _ = load_deck(path)
    except CardtableError as error:
        reason = error.reason
        if reason.startswith(str(path)):
            reason = reason[len(str(path)) :].lstrip(",: ")
        try:
            shape: Deck | None = read_deck(path)
        except CardtableError:
            shape = None
        status = Text(f"invalid: {reason}", style="red")
        if shape is None:
            return path.name, "?", "?", "?", status
        return path.name, shape.name, shape.set, str(shape.size), status
    return path.name, deck.name, deck.set, str(deck.size), Text("valid", style="green")


def play_hint(file: Path) -> str:
    """The command that plays a match with the deck saved at ``file`` (it brings its set)."""
    return f"cardtable play tcg --deck {shlex.quote(str(file))}"


def _check_target(file: Path, *, force: bool) -> None:
    """Refuse, before anything is built, a path a deck could not (or should not) be saved at."""
    try:
        is_folder, has_folder, exists = file.is_dir(), file.parent.is_dir(), file.exists()
    except OSError as error:  # a name too long for the file system, say
        raise UsageProblem(f"{file}: cannot save there ({error.strerror or error})") from None
    if is_folder:
        raise UsageProblem(f"{file}: that is a folder; give a file name such as deck.toml")
    if not has_folder:
        raise UsageProblem(f"{file}: there is no folder {file.parent}")
    if exists and not force:
        raise UsageProblem(f"{file} exists already: give --force to overwrite it")


def _deck_files(folder: Path) -> list[Path]:
    """The ``*.toml`` files of ``folder``, by name (``UsageProblem`` when it is no folder)."""
    try:
        if not folder.is_dir():
            problem = (
                "that is a file, not a folder" if folder.exists() else "there is no such folder"
            )
            raise UsageProblem(f"{folder}: {problem}")
        return sorted(
            path
            for path in folder.glob("*.toml")
            if path.is_file() and not path.name.startswith(".")
        )
    except OSError as error:
        raise UsageProblem(f"{folder}: cannot look in it ({error.strerror or error})") from None
