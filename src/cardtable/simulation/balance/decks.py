"""Deck against deck: a win-rate matrix for a set of deck files.

Every ordered pair of different decks ``(A, B)`` plays ``games`` matches with deck ``A`` at
seat 0 and deck ``B`` at seat 1, the same computer player on both sides; the pair ``(B, A)``
plays as many with the seats swapped, so each deck sits at each seat equally often against
each other deck. (Who moves first is the rules' business: in the Kata TCG a coin flip of
each match; :attr:`Versus.went_first` counts it.) Each pair is one
:func:`~cardtable.simulation.batch.simulate` with its own seed (:func:`pair_seed`), so the
matrix repeats exactly with its seed, whatever the number of workers.

A deck is given as a file the game's ``deck`` ruleset option reads (``0=FILE`` for seat 0,
``1=FILE`` for seat 1), so it is checked exactly as ``cardtable play tcg --deck FILE`` checks
it.

>>> import pathlib, tempfile
>>> from cardtable.agents import SeatSpec
>>> from cardtable.games import find
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "low.toml").write_text('set = "classic"\\n[cards]\\nd1 = 4\\nd2 = 4\\n'
...     'd3 = 4\\nd4 = 4\\nd5 = 4\\n')
>>> _ = (folder / "high.toml").write_text('set = "classic"\\n[cards]\\nd4 = 4\\nd5 = 4\\n'
...     'd6 = 4\\nd7 = 4\\nd8 = 4\\n')
>>> game = find("tcg")
>>> matrix = deck_matrix(game, game.default_ruleset(),
...     [folder / "low.toml", folder / "high.toml"], SeatSpec("greedy"), games=2, seed=1)
>>> matrix.decks, [cell.matches for cell in matrix.cells]
(('low', 'high'), [4, 4])
>>> matrix.versus(0, 1).wins.count + matrix.versus(1, 0).wins.count
4
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Annotated, Any, Literal

from cardtable.agents.registry import SeatSpec, check_seats
from cardtable.engine.game import Game, RulesetOption
from cardtable.simulation.backend import Backend
from cardtable.simulation.batch import (
    MatchResult,
    Progress,
    SimulationError,
    SimulationResult,
    match_seed,
    simulate,
)
from cardtable.simulation.documents import DOCUMENT_CONFIG, RESULT_CONFIG
from cardtable.simulation.parts import OMITTED, Part, part_of
from cardtable.simulation.stats import Rate

DECK_OPTION = "deck"
"""The ruleset option that reads a deck file for a seat (``0=FILE``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Versus:
    """How one deck fared against another, over the matches they played each other."""

    __pydantic_config__ = RESULT_CONFIG

    deck: int
    """The deck's place in the list of decks."""
    opponent: int
    """The other deck's place."""
    matches: int
    """Matches between the two (half with each deck at seat 0)."""
    wins: Rate
    """Matches this deck won (alone or shared), with a 95% interval."""
    losses: int
    """Matches the other deck won."""
    draws: int
    """Matches nobody won (or that did not finish)."""
    went_first: int
    """Matches in which this deck's player made the first move."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckStanding:
    """One deck's results against all the others."""

    __pydantic_config__ = RESULT_CONFIG

    deck: int
    """The deck's place in the list of decks."""
    name: str
    """The deck's name, as in :attr:`DeckMatrix.decks`."""
    wins: Rate
    """Matches won of all the deck played, with a 95% interval."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckMatrix:
    """Every deck's win rates against every other (``cardtable balance decks --json``)."""

    __pydantic_config__ = DOCUMENT_CONFIG

    kind: Literal["decks"] = "decks"
    """Always ``decks``: which balance document this is."""
    game: str
    """The game's name (``tcg``)."""
    title: str
    """The game's title (``Kata TCG``)."""
    decks: tuple[str, ...]
    """The decks' names (a deck file's ``name``, or its file name without ``.toml``), with
    the end of the path where different files share a name: ``fire (old/fire.toml)``."""
    files: tuple[str, ...]
    """The deck files, as given."""
    agent: str
    """The computer player on both sides."""
    games: int
    """Matches per ordered pair of decks."""
    seed: int
    """The seed the results repeat with."""
    workers: int
    """Worker processes that played the matches (the results do not depend on it)."""
    seconds: float
    """Wall-clock time the matches took (not reproducible: everything else is)."""
    cells: tuple[Versus, ...]
    """One per ordered pair of different decks: ``(0, 1), (0, 2)... (1, 0), (1, 2)...``."""
    standings: tuple[DeckStanding, ...]
    """Each deck's overall win rate, in the order of :attr:`decks`."""
    part: Annotated[Part | None, OMITTED] = None
    """Only in the document of a part (``--indices A:B``: matches A to B-1 of every pair):
    which part, and its matches, for ``cardtable merge`` to rebuild the whole; the figures
    above are the part's."""

    def versus(self, deck: int, opponent: int) -> Versus:
        """How ``deck`` fared against ``opponent``."""
        for cell in self.cells:
            if cell.deck == deck and cell.opponent == opponent:
                return cell
        raise KeyError(f"no results of deck {deck} against deck {opponent}")


def pair_seed(seed: int, number: int) -> int:
    """The simulation seed of ordered pair ``number`` in a matrix seeded ``seed``.

    >>> pair_seed(1, 0) != pair_seed(1, 1)
    True
    """
    return match_seed(seed, number)


def deck_labels(names: Sequence[str], files: Sequence[Path | str]) -> tuple[str, ...]:
    """What tables call each deck: its name, except where different files share a name; then
    the name and, in brackets, the shortest end of the file's path that no other file of that
    name shares (the whole path as given when none is enough). One file always gets one label,
    and different files always get different ones.

    >>> deck_labels(["Fire", "Water"], ["decks/fire.toml", "decks/water.toml"])
    ('Fire', 'Water')
    >>> deck_labels(["fire", "fire", "Fire"], ["old/fire.toml", "new/fire.toml", "one.toml"])
    ('fire (old/fire.toml)', 'fire (new/fire.toml)', 'Fire')
    >>> deck_labels(["Twin", "Twin"], ["decks/one.toml", "decks/two.toml"])
    ('Twin (one.toml)', 'Twin (two.toml)')
    >>> deck_labels(["Fire", "Fire"], ["fire.toml", "fire.toml"])  # one file at both seats
    ('Fire', 'Fire')
    """
    texts = [str(path) for path in files]
    if len(names) != len(texts):
        raise ValueError(f"one name per file: got {len(names)} for {len(texts)}")
    labels = list(names)
    for name in dict.fromkeys(names):
        group = list(
            dict.fromkeys(text for text, own in zip(texts, names, strict=True) if own == name)
        )
        if len(group) > 1:
            for number, text in enumerate(texts):
                if names[number] == name:
                    labels[number] = f"{name} ({_distinguishing_end(text, group)})"
    owners: dict[str, str] = {}
    for number, text in enumerate(texts):
        while owners.setdefault(labels[number], text) != text:  # a name that looks like a label
            labels[number] = f"{labels[number]} #{texts.index(text) + 1}"
    return tuple(labels)


def _distinguishing_end(text: str, group: Sequence[str]) -> str:
    """The shortest end of the path ``text`` that ends none of the other paths of ``group``."""
    parts = PurePath(text).parts
    others = [PurePath(other).parts for other in group if other != text]
    for size in range(1, len(parts) + 1):
        end = parts[-size:]
        if all(other[-size:] != end for other in others):
            return PurePath(*end).as_posix()
    return text


def deck_matrix(
    game: Game[Any, Any],
    ruleset: Any,
    deck_files: Sequence[Path | str],
    agent_spec: SeatSpec,
    games: int,
    seed: int,
    workers: int = 1,
    *,
    progress: Progress | None = None,
    backend: Backend | None = None,
    indices: range | None = None,
) -> DeckMatrix:
    """Play every ordered pair of ``deck_files`` ``games`` times between ``agent_spec`` and
    itself; the win rates of each deck against each other deck and overall. With
    ``backend`` (a process pool or Ray), its workers play, and ``workers`` is not used. With
    ``indices``, every pair plays only those of its matches: a part of the matrix, whose
    figures are the part's and whose ``part`` lets :mod:`cardtable.simulation.merge`
    rebuild the whole.

    Raises :class:`SimulationError` for fewer than two decks, a deck given twice, a game
    without decks or without exactly two seats, or fewer than one match; ``RulesetError``
    naming the file for a deck file that cannot be read or is not a legal deck; and what
    :func:`~cardtable.simulation.batch.simulate` raises.
    """
    files = tuple(str(path) for path in deck_files)
    option = _check(game, ruleset, files, agent_spec, games)
    for path in files:
        option.apply(ruleset, f"0={path}")  # checks each file before any match
    own = [option.label(f"0={path}") if option.label else Path(path).stem for path in files]
    names = deck_labels(own, files)
    pairs = pairs_of(len(files))
    each = games if indices is None else len(indices)
    total = len(pairs) * each
    played: list[SimulationResult] = []
    for number, (a, b) in enumerate(pairs):

        def report(done: int, _: int, before: int = number * each) -> None:
            if progress is not None:
                progress(before + done, total)

        pair_rules = option.apply(option.apply(ruleset, f"0={files[a]}"), f"1={files[b]}")
        played.append(
            simulate(
                game,
                pair_rules,
                [agent_spec, agent_spec],
                games,
                pair_seed(seed, number),
                workers,
                progress=report,
                backend=backend,
                indices=indices,
            )
        )
    return matrix_of(
        played, names, files, agent_spec.text(), games, seed, ruleset=ruleset.to_json()
    )


def pairs_of(decks: int) -> list[tuple[int, int]]:
    """The ordered pairs of different decks, in the order they play.

    >>> pairs_of(3)
    [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
    """
    return [(a, b) for a in range(decks) for b in range(decks) if a != b]


def matrix_of(
    played: Sequence[SimulationResult],
    names: Sequence[str],
    files: Sequence[str],
    agent: str,
    games: int,
    seed: int,
    *,
    ruleset: dict[str, Any],
) -> DeckMatrix:
    """The matrix of the pairs ``played`` (one simulation per :func:`pairs_of`, in order, each
    of ``games`` matches or the same part of them) of the decks ``names`` (from ``files``),
    ``agent`` on both sides, under ``ruleset`` (as JSON, before the decks)."""
    pairs = pairs_of(len(files))
    if len(played) != len(pairs):
        raise SimulationError(f"{len(files)} decks make {len(pairs)} ordered pairs")
    by_pair = {pair: result.matches for pair, result in zip(pairs, played, strict=True)}
    cells = tuple(
        _versus(deck, other, by_pair)
        for deck in range(len(files))
        for other in range(len(files))
        if deck != other
    )
    first = played[0]
    part = None
    if first.part is not None:
        part = part_of(
            "balance decks",
            played,
            agents=[agent],
            seed=seed,
            games=games,
            ruleset=ruleset,
            decks=list(names),
            files=list(files),
        )
    return DeckMatrix(
        game=first.game,
        title=first.title,
        decks=tuple(names),
        files=tuple(files),
        agent=agent,
        games=games,
        seed=seed,
        workers=first.workers,
        seconds=sum(result.seconds for result in played),
        cells=cells,
        standings=_standings(tuple(names), cells),
        part=part,
    )


def _check(
    game: Game[Any, Any],
    ruleset: Any,
    files: tuple[str, ...],
    spec: SeatSpec,
    games: int,
) -> RulesetOption:
    option = game.ruleset_options().get(DECK_OPTION)
    if option is None:
        raise SimulationError(f"{game.title} has no decks to compare")
    if game.seats(ruleset) != 2:
        raise SimulationError(f"decks are compared in two-player matches ({game.title} has more)")
    if len(files) < 2:
        raise SimulationError(f"give at least two decks to compare (got {len(files)})")
    twice = [path for number, path in enumerate(files) if path in files[:number]]
    if twice:
        raise SimulationError(f"{twice[0]}: the deck is given twice")
    if games < 1:
        raise SimulationError(f"each pair of decks plays at least one match (asked for {games})")
    if spec.human:
        raise SimulationError("decks are compared between computer players: name one")
    check_seats([spec, spec], game, 2)
    return option


def _versus(
    deck: int, other: int, played: dict[tuple[int, int], tuple[MatchResult, ...]]
) -> Versus:
    """``deck``'s results against ``other``: the pair's matches with ``deck`` at seat 0, and
    those with ``deck`` at seat 1."""
    wins = losses = draws = first = matches = 0
    for seat, key in ((0, (deck, other)), (1, (other, deck))):
        for match in played[key]:
            matches += 1
            won, lost = seat in match.winners, (1 - seat) in match.winners
            wins += won
            losses += lost and not won
            draws += not match.winners
            first += match.first_to_act == seat
    return Versus(
        deck=deck,
        opponent=other,
        matches=matches,
        wins=Rate.of(wins, matches),
        losses=losses,
        draws=draws,
        went_first=first,
    )


def _standings(names: tuple[str, ...], cells: tuple[Versus, ...]) -> tuple[DeckStanding, ...]:
    standings = []
    for deck, name in enumerate(names):
        mine = [cell for cell in cells if cell.deck == deck]
        wins = sum(cell.wins.count for cell in mine)
        matches = sum(cell.matches for cell in mine)
        standings.append(DeckStanding(deck=deck, name=name, wins=Rate.of(wins, matches)))
    return tuple(standings)
