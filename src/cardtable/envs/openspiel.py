"""Every game as a Python game for OpenSpiel (``pyspiel``).

:func:`load` makes a game under any ruleset; :func:`register` (called explicitly, never on
import) also makes ``pyspiel.load_game("cardtable_tcg")`` and its kin work, under the default
rules. The games are sequential, imperfect-information games with sampled chance: the
engine's own seeded generator shuffles and deals, so OpenSpiel sees no chance nodes. Each new
initial state is the next match of the game's seed, except that a match given back unplayed
is handed out again first (see :meth:`CardtableGame.new_initial_state`).

* actions are the encoding's indices (:mod:`cardtable.envs.encoding`);
* the observation string is the seat's view as text, the observation tensor the encoding's
  vector; the information state string adds every action taken so far (what each player
  chose is seen by all; a hand position in the Kata TCG names no card);
* returns are ``+1`` for each winner, ``-1`` for the others and ``0`` for all when nobody won;
* ``resample_from_infostate`` deals a world consistent with a player's view (the engine's
  determinisation), so OpenSpiel's information-set MCTS (``ISMCTSBot``) searches fairly.

>>> import pyspiel
>>> game = load("karata", {"players": 3})
>>> state = game.new_initial_state()
>>> state.current_player(), game.num_players(), game.num_distinct_actions()
(0, 3, 173)
>>> small_war = load("war", {"players": 3, "suits": 3, "ranks": 4, "turn_limit": 80})
>>> pyspiel.random_sim_test(small_war, num_sims=2, serialize=False, verbose=False)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from cardtable.engine.determinise import determinise
from cardtable.engine.rng import Rng
from cardtable.engine.view import describe
from cardtable.envs.aec import reward_for
from cardtable.envs.encoding import Encoding
from cardtable.envs.encodings import encoding_for, games, resolve

PREFIX = "cardtable_"
_REGISTERED: dict[str, type[CardtableGame]] = {}


def _game_type(name: str, title: str, seats: tuple[int, int], zero_sum: bool) -> Any:
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"cardtable {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats[1],
        min_num_players=seats[0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seed": 0},
    )


class CardtableGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """A cardtable game under one ruleset, for OpenSpiel."""

    def __init__(self, name: str, rules: object = None, seed: int = 0) -> None:
        self.game, self.rules = resolve(name, rules)
        self.encoding: Encoding = encoding_for(self.game, self.rules)
        seats = self.encoding.seats
        zero_sum = seats == 2 and not self.encoding.shared_wins
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.actions,
            max_chance_outcomes=0,
            num_players=seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.encoding.longest,
        )
        kind = _game_type(name, self.game.title, (seats, seats), zero_sum)
        super().__init__(kind, info, {"seed": seed})
        self.seed = seed
        self.matches = 0
        """How many matches were dealt (the next one's number)."""
        self.resamples = 0
        self.given_back: dict[int, Any] = {}
        """Matches handed out and given back unplayed, by number: each is handed out again."""

    def new_initial_state(self) -> CardtableState:
        """The next match: seeded from the game's seed and its number, how many matches came
        before it.

        A state that is dropped before anything but the observation tensor was asked of it
        (a clone counts as asking) gives its match back, and the next initial state is that
        match again (the lowest number first). OpenSpiel makes such states all the time for a
        Python game: one to learn the tensor's shape at every ``observation_tensor`` call, one
        to fill at every ``clone``. Dealing each of them anew cost a whole set-up, and the
        matches a program played depended on how often it had asked for a tensor or a
        clone."""
        if self.given_back:
            number = min(self.given_back)
            return CardtableState(self, self.given_back.pop(number), number)
        number = self.matches
        self.matches += 1
        match_seed = Rng.derive(self.seed, "openspiel", number).next64()
        return CardtableState(self, self.game.setup(self.rules, match_seed, journal=False), number)

    def give_back(self, number: int, state: Any) -> None:
        """Take back match ``number``, unplayed and unseen (``state`` as it was dealt)."""
        self.given_back[number] = state

    def __deepcopy__(self, memo: dict[int, Any]) -> CardtableGame:
        """The same game, its matches counted from the same point (a game holds no state
        besides that count and the matches given back)."""
        twin = CardtableGame(self.game.name, self.rules, self.seed)
        twin.matches, twin.resamples = self.matches, self.resamples
        twin.given_back = {number: state.copy() for number, state in self.given_back.items()}
        return twin

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CardtableObserver:
        if params:
            raise ValueError(f"cardtable games take no observation parameters, got {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return CardtableObserver(self.encoding, perfect_recall=recall)


class Match:
    """A match for OpenSpiel: the game, the cardtable state and the actions taken so far.

    OpenSpiel clones a Python state by deep-copying its attributes; a match copies its state
    the engine's way (cards are shared, being immutable) and keeps the same game. A match
    dealt by :meth:`CardtableGame.new_initial_state` knows its ``number``; until something
    reads or copies it (``seen``) it is given back to the game when it is dropped."""

    __slots__ = ("actions", "game", "number", "seen", "state")

    def __init__(
        self,
        game: CardtableGame,
        state: Any,
        actions: list[tuple[int, int]],
        number: int | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.actions = actions
        self.number = number
        self.seen = False

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        self.seen = True  # a copy may be played: this deal is not handed out again
        return Match(self.game, self.state.copy(), self.actions[:])  # the copy gives nothing back

    def __del__(self) -> None:
        if self.number is not None and not self.seen and not self.actions:
            self.game.give_back(self.number, self.state)


class CardtableState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """One match, for OpenSpiel. Every question but the observation tensor marks the match
    as seen (see :class:`Match`)."""

    def __init__(self, game: CardtableGame, state: Any, number: int | None = None) -> None:
        super().__init__(game)
        self.match = Match(game, state, [], number)

    @property
    def match_seen(self) -> Match:
        """The match, marked as seen."""
        match = self.match
        match.seen = True
        return match

    def current_player(self) -> int:
        match = self.match_seen
        seat = match.game.game.to_act(match.state)
        if seat is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(seat)

    def _moves(self, player: int) -> dict[int, Any]:
        match = self.match_seen
        game = match.game.game
        sight = game.sight(match.state, player)
        return match.game.encoding.mask(sight, game.legal(match.state, player))[1]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._moves(player))

    def _apply_action(self, action: int) -> None:
        player = self.current_player()
        decision = self._moves(player)[action]
        match = self.match
        match.game.game.decide(match.state, player, decision)
        match.actions.append((player, action))

    def _action_to_string(self, player: int, action: int) -> str:
        return f"p{player}: {self.match_seen.game.encoding.action_text(action)}"

    def is_terminal(self) -> bool:
        return self.match_seen.state.outcome is not None

    def returns(self) -> list[float]:
        match = self.match_seen
        outcome = match.state.outcome
        seats = match.game.encoding.seats
        if outcome is None:
            return [0.0] * seats
        return [reward_for(outcome, seat) for seat in range(seats)]

    def resample_from_infostate(self, player: int, sampler: Any = None) -> CardtableState:
        """A world ``player`` cannot tell from this one (see :func:`resample`; OpenSpiel's
        ``sampler`` is not needed: the engine deals with its own generator)."""
        return resample(self, player)

    def __str__(self) -> str:
        match = self.match_seen
        return describe(match.game.game.view(match.state, None))


class CardtableObserver:
    """OpenSpiel's observer: the encoding's vector, and the view (with the actions so far, for
    perfect recall) as text."""

    def __init__(self, encoding: Encoding, *, perfect_recall: bool) -> None:
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardtableState, player: int) -> None:
        match = state.match  # not marked seen: OpenSpiel asks it of states it then drops
        self.tensor[:] = self.encoding.observe(match.game.game.sight(match.state, player))

    def string_from(self, state: CardtableState, player: int) -> str:
        match = state.match_seen
        text = describe(match.game.game.view(match.state, player))
        if not self.perfect_recall:
            return text
        taken = " ".join(f"{seat}:{action}" for seat, action in match.actions)
        return f"{text}\nactions: {taken}"


def resample(state: CardtableState, player: int) -> CardtableState:
    """A state ``player`` cannot tell from ``state``: its view kept, the hidden cards re-dealt
    and a new generator for what is still to come (for ``ISMCTSBot(resampler_cb=resample)``)."""
    match = state.match_seen
    spiel_game = match.game
    view = spiel_game.game.view(match.state, player)
    spiel_game.resamples += 1
    rng = Rng.derive(spiel_game.seed, "resample", spiel_game.resamples)
    world = determinise(view, spiel_game.game.rulebook(spiel_game.rules), rng)
    twin = CardtableState(spiel_game, world)
    twin.match.actions = match.actions[:]
    return twin


def load(name: str, rules: object = None, seed: int = 0) -> CardtableGame:
    """``name`` under ``rules`` (a ruleset, a mapping of fields or ``None``) for OpenSpiel."""
    return CardtableGame(name, rules, seed)


def register() -> list[str]:
    """Register every game with ``pyspiel`` under ``cardtable_NAME`` (default rules; the
    ``seed`` parameter seeds the matches); return the names. Safe to call again."""
    for name in games():
        if name not in _REGISTERED:
            kind = _registered_class(name)
            pyspiel.register_game(load(name).get_type(), kind)
            _REGISTERED[name] = kind
    return [PREFIX + name for name in games()]


def _registered_class(name: str) -> type[CardtableGame]:
    """A class OpenSpiel can make the game ``name`` from (it registers classes, and makes
    each game from its parameters alone)."""

    class Registered(CardtableGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(name, None, int((params or {}).get("seed", 0)))

    Registered.__name__ = Registered.__qualname__ = f"Cardtable{name.title()}Game"
    return Registered
