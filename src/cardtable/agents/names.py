"""The names people read for computer players.

A seat of a computer player is stored under its spec (``greedy``, ``ismcts:hard``), which
says which agent plays; people read a title instead (:func:`agent_title`), numbered when a
room has more than one of the same (:func:`shown_names`): ``Greedy 1``, ``Greedy 2``.

>>> shown_names([(False, "ann"), (True, "greedy"), (True, "greedy"), (True, "ismcts:hard")])
['ann', 'Greedy 1', 'Greedy 2', 'ISMCTS (hard)']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

__all__ = ["WORDS", "agent_title", "shown_names"]

WORDS: Final[dict[str, str]] = {"ismcts": "ISMCTS"}
"""Computer players whose title is not simply their name capitalised."""


def agent_title(spec: str) -> str:
    """The title of the computer player a seat spec names: its name capitalised (or as
    :data:`WORDS` writes it), its level, if any, in brackets.

    >>> agent_title("greedy"), agent_title("random"), agent_title("heuristic")
    ('Greedy', 'Random', 'Heuristic')
    >>> agent_title("ismcts:hard"), agent_title("ismcts:400")
    ('ISMCTS (hard)', 'ISMCTS (400)')
    """
    name, _, level = spec.partition(":")
    title = WORDS.get(name, name.capitalize())
    return f"{title} ({level})" if level else title


def shown_names(seats: Iterable[tuple[bool, str]]) -> list[str]:
    """The names to show for a room's seats, given in order as ``(is_agent, spec_or_name)``:
    a person's own name unchanged (an open seat's empty one too); a computer player's title,
    plain where the room has one of it, else numbered in seat order. Numbers a person has
    already chosen are skipped, and a title a person has chosen is numbered even when only one
    computer player has it: a person's name is never changed, and no computer player reads
    like them.

    >>> shown_names([(True, "greedy"), (True, "random"), (True, "greedy")])
    ['Greedy 1', 'Random', 'Greedy 2']
    >>> shown_names([(False, "Greedy 1"), (True, "greedy"), (True, "greedy")])
    ['Greedy 1', 'Greedy 2', 'Greedy 3']
    >>> shown_names([(False, "Random"), (True, "random")])
    ['Random', 'Random 1']
    """
    given = [(agent, agent_title(text) if agent else text) for agent, text in seats]
    taken = {name for agent, name in given if not agent}
    count = Counter(name for agent, name in given if agent)
    last: Counter[str] = Counter()
    shown = []
    for agent, name in given:
        if agent and (count[name] > 1 or name in taken):
            number = last[name] + 1
            while f"{name} {number}" in taken:
                number += 1
            last[name] = number
            name = f"{name} {number}"
        shown.append(name)
    return shown
