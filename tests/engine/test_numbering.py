"""Numbering cards at random: each pool keeps its ids, every card keeps its place and all
that the state keeps about it, and the matches of one ruleset share their card objects."""

from __future__ import annotations

from cardtable.engine import State
from cardtable.engine.numbering import shuffle_ids
from cardtable.games.tcg import TcgRules, load_set
from cardtable.games.tcg.game import GAME
from cardtable.games.tcg.scenario import scenario

LEGENDS = load_set("legends")
RULES = TcgRules(
    minions=True, cards=LEGENDS.cards, decks=(LEGENDS.deck, LEGENDS.deck), open_decklists=False
)


def described(state: State) -> dict[str, list[tuple[str, object, object]]]:
    """Each zone's cards by what they are and what the state keeps about them, not by id."""
    return {
        name: [
            (
                card.key,
                {stat: value.to_json() for stat, value in state.live.get(card.id, {}).items()},
                state.components.get(card.id, ()),
            )
            for card in zone.cards
        ]
        for name, zone in state.zones.items()
    }


def placed(state: State) -> list[int]:
    return [card.id for zone in state.zones.values() for card in zone.cards]


def listening(state: State) -> dict[type, list[tuple[int, str]]]:
    return {
        kind: [(card, reaction.name) for card, reaction in entries]
        for kind, entries in state.listeners.items()
    }


def test_ids_move_among_a_pools_cards_and_nothing_else_changes() -> None:
    state = scenario(
        hands=(["fireball", "drain"], ["rally"]),
        decks=(["apprentice", "warlord", "fireball"], ["sniper", "priestess"]),
        boards=(["berserker", "necromancer"], ["shieldbearer"]),
        rules=RULES,
    )
    before, ids = described(state), placed(state)
    pools = {card.id: card.pool for card in state.cards}
    shuffle_ids(state, 3)
    assert described(state) == before
    assert {card.id: card.pool for card in state.cards} == pools
    assert [card.id for card in state.cards] == list(range(len(state.cards)))
    assert placed(state) != ids
    fresh = GAME.state_from_json(GAME.state_to_json(state))  # listeners follow the new ids
    assert state.listeners
    assert listening(state) == listening(fresh)


def test_matches_of_one_ruleset_share_their_numbered_cards() -> None:
    first, second = GAME.setup(RULES, 1), GAME.setup(RULES, 2)
    made = {(card.id, card.key): card for card in first.cards}
    alike = [made.get((card.id, card.key)) for card in second.cards]
    assert all(twin is None or twin is card for twin, card in zip(alike, second.cards, strict=True))
    assert any(twin is not None for twin in alike)
