"""Every contract of the kit, in the order they run (cheap and telling ones first).

>>> [contract.name for contract in CONTRACTS][:2]
['random_playouts_end_and_never_raise', 'cards_are_conserved']
>>> find_contract("test_replay_is_exact").summary.split(",")[0]
"A match's record"
"""

from __future__ import annotations

from cardtable.engine import CardtableError
from cardtable.testing import declared, hidden, matches, naming, refusals
from cardtable.testing.contract import Contract

CONTRACTS: tuple[Contract, ...] = tuple(
    Contract.of(check)
    for check in (
        matches.random_playouts_end_and_never_raise,
        matches.cards_are_conserved,
        matches.replay_is_exact,
        matches.state_round_trips_through_json,
        matches.copies_are_independent,
        matches.decision_texts_round_trip,
        matches.refused_decisions_change_nothing,
        matches.a_seat_trying_illegal_decisions_is_refused_or_penalised,
        hidden.hidden_cards_do_not_change_views_or_events,
        hidden.determinisation_matches_the_view,
        hidden.ids_do_not_follow_a_closed_manifest,
        naming.events_name_only_cards_still_seen,
        declared.views_events_and_decisions_match_their_schemas,
        declared.decision_shapes_say_what_their_texts_say,
        declared.every_outcome_has_a_documented_code_and_seats_in_range,
        refusals.every_refusal_has_a_documented_code,
        refusals.why_not_agrees_with_deciding,
        refusals.can_agrees_with_legal,
        refusals.unplayable_cards_are_held_and_say_a_documented_reason,
    )
)
"""The contracts every game keeps."""


class UnknownContract(CardtableError):
    """A contract was asked for by a name no contract has."""


def find_contract(name: str) -> Contract:
    """The contract called ``name`` (``test_`` in front, as the pytest suite names it, is
    allowed)."""
    wanted = name.removeprefix("test_").replace("-", "_")
    for contract in CONTRACTS:
        if contract.name == wanted:
            return contract
    known = ", ".join(contract.name for contract in CONTRACTS)
    raise UnknownContract(f"no contract {name!r}: the contracts are {known}")
