"""The pairing rule: who is seated with whom, when, and when computer players fill a table.

The rule compares ``mu``: the scenarios give people settled ratings (sigma 100) by ``mu``, and
the shown rating (``mu - 2 sigma``) plays no part, as the tests of it say."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.ratings.pairing import (
    GAP_AT_ONCE,
    GAP_MOST,
    GAP_PER_SECOND,
    Seeker,
    Table,
    accepted_gap,
    propose_tables,
)
from cardtable.ratings.scale import Standing

PROPERTY = settings(max_examples=200, deadline=None, database=None)


def rated(mu: float, sigma: float = 100.0) -> Standing:
    """A rating of skill ``mu``, settled (sigma 100) unless ``sigma`` says otherwise."""
    return Standing(mu=mu, sigma=sigma, matches=30 if sigma <= 100.0 else 0)


def person(
    id: int,
    mu: float,
    joined: float = 0.0,
    computer_after: float | None = None,
    sigma: float = 100.0,
) -> Seeker:
    return Seeker(id, rated(mu, sigma), joined=joined, computer_after=computer_after)


BOTS = [
    ("random", rated(600.0, 80.0)),
    ("greedy", rated(1000.0, 80.0)),
    ("ismcts:easy", rated(1280.0, 80.0)),
    ("ismcts:hard", rated(1350.0, 80.0)),
]


def test_the_gap_widens_by_the_stated_numbers() -> None:
    assert (GAP_AT_ONCE, GAP_PER_SECOND, GAP_MOST) == (150.0, 15.0, 1000.0)
    assert accepted_gap(0.0) == 150.0
    assert accepted_gap(1.0) == 165.0
    assert accepted_gap(56.0) == 990.0
    assert accepted_gap(57.0) == 1000.0 == accepted_gap(1e9)


def test_people_are_compared_by_mu_not_by_the_shown_rating() -> None:
    # Shown alike (800), 500 apart in skill: the newcomer is not seated with the settled
    # player, but with the one of equal mu shown 500 higher.
    newcomer, settled = person(1, 1500, sigma=350.0), person(2, 1000)
    equal = person(3, 1500, joined=1.0)
    assert newcomer.standing.shown == settled.standing.shown == 800
    assert newcomer.standing.provisional
    assert not settled.standing.provisional
    assert propose_tables([newcomer, settled], seats=2, now=0.0) == ()
    assert propose_tables([newcomer, settled], seats=2, now=23.0) == ()  # 495 accepted
    assert propose_tables([newcomer, settled], seats=2, now=24.0) == (Table((1, 2)),)
    assert equal.standing.shown - newcomer.standing.shown == 500
    tables = propose_tables([newcomer, settled, equal], seats=2, now=1.0)
    assert tables == (Table((1, 3)),)


def test_two_close_people_are_seated_at_once() -> None:
    tables = propose_tables([person(1, 1500), person(2, 1620)], seats=2, now=0.0)
    assert tables == (Table((1, 2)),)
    assert tables[0].seats == 2


def test_two_far_apart_wait_until_both_gaps_have_widened_enough() -> None:
    # 300 apart: 150 + 15 t >= 300 once both have waited t = 10 s.
    far = [person(1, 800, joined=0.0), person(2, 1100, joined=20.0)]
    assert propose_tables(far, seats=2, now=20.0) == ()
    assert propose_tables(far, seats=2, now=29.9) == ()  # the first has waited long enough
    assert propose_tables(far, seats=2, now=30.0) == (Table((1, 2)),)


def test_a_long_wait_does_not_seat_someone_who_has_just_come_far_away() -> None:
    waiting, newcomer = person(1, 800, joined=0.0), person(2, 1500, joined=100.0)
    assert waiting.gap(100.0) == GAP_MOST
    assert propose_tables([waiting, newcomer], seats=2, now=100.0) == ()
    # 700 apart: the newcomer accepts it after 36 2/3 s
    assert propose_tables([waiting, newcomer], seats=2, now=136.0) == ()
    assert propose_tables([waiting, newcomer], seats=2, now=137.0) == (Table((1, 2)),)


def test_the_longest_waiter_is_seated_with_the_closest_rating() -> None:
    seekers = [
        person(1, 1500, joined=0.0),
        person(2, 1400, joined=1.0),
        person(3, 1560, joined=2.0),
        person(4, 1700, joined=3.0),
    ]
    # 1 takes 3 (60 away, not 2 at 100); then 2 and 4 (300 apart) wait.
    assert propose_tables(seekers, seats=2, now=3.0) == (Table((1, 3)),)


def test_equally_close_the_first_to_join_is_taken() -> None:
    seekers = [
        person(1, 1510, joined=0.0),
        person(2, 1500, joined=5.0),
        person(3, 1520, joined=3.0),
        person(4, 1520, joined=4.0),
        person(5, 1500, joined=3.0),
        person(6, 1500, joined=3.0),
    ]
    # 1 first, 10 from 2, 5 and 6 below and from 3 and 4 above: 3 and 5 joined first, 3 has
    # the lower id. Then 5 (6 alike), then 4 (2, 20 away).
    tables = propose_tables(seekers, seats=2, now=5.0)
    assert tables == (Table((1, 3)), Table((5, 6)), Table((4, 2)))


def test_a_table_of_four_takes_the_four_closest_and_leaves_the_fifth() -> None:
    seekers = [person(i, shown) for i, shown in enumerate([1000, 1040, 1080, 1140, 1120], 1)]
    assert propose_tables(seekers, seats=4, now=0.0) == (Table((1, 2, 3, 5)),)
    # with too few, nobody is seated, however long they wait
    assert propose_tables(seekers[:3], seats=4, now=1000.0) == ()


def test_at_a_table_everyone_accepts_everyone() -> None:
    # 2 and 3 have waited 20 s (gap 450), 1 and 4 have just come (gap 150): 1 accepts
    # 2 and 3 but not 4, which 2 and 3 both accept.
    seekers = [
        person(2, 1400, joined=0.0),
        person(3, 1500, joined=0.0),
        person(1, 1350, joined=20.0),
        person(4, 1600, joined=20.0),
    ]
    assert propose_tables(seekers, seats=3, now=20.0) == (Table((2, 3, 1)),)
    assert propose_tables(seekers, seats=4, now=20.0) == ()
    assert propose_tables(seekers, seats=4, now=26.5) == ()  # 1 and 4: 250 apart, 6 2/3 s
    assert propose_tables(seekers, seats=4, now=27.0) == (Table((2, 3, 1, 4)),)


def test_computer_players_fill_a_table_only_after_the_wait_each_chose() -> None:
    alone = [person(1, 1300, joined=0.0, computer_after=20.0)]
    assert propose_tables(alone, seats=2, now=19.5, computers=BOTS) == ()
    assert propose_tables(alone, seats=2, now=20.0, computers=BOTS) == (
        Table((1,), ("ismcts:easy",)),
    )
    assert propose_tables(alone, seats=2, now=20.0) == ()  # no computer player for this queue
    never = [person(1, 1300, joined=0.0)]
    assert propose_tables(never, seats=2, now=10_000.0, computers=BOTS) == ()


def test_only_those_who_waited_their_wait_sit_with_computer_players() -> None:
    seekers = [
        person(1, 1200, joined=0.0, computer_after=10.0),  # ready
        person(2, 1250, joined=0.0, computer_after=60.0),  # allows it, later
        person(3, 2100, joined=0.0),  # never
        person(4, 1180, joined=15.0, computer_after=0.0),  # ready at once
    ]
    # four seats: three people are not enough; 1 and 4 sit together with two computers
    tables = propose_tables(seekers, seats=4, now=30.0, computers=BOTS)
    assert tables == (Table((1, 4), ("ismcts:easy",) * 2),)  # 1280 is 90 from 1190
    # once 2 is ready too, three sit with one computer player; 3 still waits
    tables = propose_tables(seekers, seats=4, now=60.0, computers=BOTS)
    assert tables == (Table((1, 2, 4), ("ismcts:easy",)),)


def test_people_are_seated_together_before_computer_players_are_called() -> None:
    seekers = [person(1, 1200, computer_after=0.0), person(2, 1300, computer_after=0.0)]
    assert propose_tables(seekers, seats=2, now=5.0, computers=BOTS) == (Table((1, 2)),)


def test_the_closest_computer_player_fills_the_seats() -> None:
    def seated(mu: float, computers: Sequence[tuple[str, Standing]]) -> tuple[str, ...]:
        alone = [person(1, mu, computer_after=0.0)]
        (table,) = propose_tables(alone, seats=3, now=0.0, computers=computers)
        return table.computers

    assert seated(1300, BOTS) == ("ismcts:easy",) * 2  # 20 away, 50 from hard
    assert seated(1330, BOTS) == ("ismcts:hard",) * 2
    assert seated(1315, BOTS) == ("ismcts:easy",) * 2  # 35 from both: the first listed
    assert seated(100, BOTS) == ("random",) * 2
    assert seated(800, BOTS[::-1]) == ("greedy",) * 2  # 200 from both: the first listed
    # by mu, not shown: shown 1100, the player is 100 from "sure" (shown 1200) and 1,100
    # from "unsure" (shown 0), whose mu is the player's own
    unsure, sure = ("unsure", rated(1300.0, 650.0)), ("sure", rated(1400.0, 100.0))
    assert seated(1300, [sure, unsure]) == ("unsure",) * 2


def test_the_same_queue_gives_the_same_tables_in_any_order() -> None:
    rng = random.Random(7)
    seekers = [
        Seeker(
            i,
            Standing(mu=rng.gauss(1500, 250), sigma=rng.uniform(100, 350)),
            joined=float(rng.randrange(60)),
            computer_after=rng.choice([None, 0.0, 30.0]),
        )
        for i in range(300)
    ]
    first = propose_tables(seekers, seats=4, now=60.0, computers=BOTS)
    assert sum(len(table.seekers) for table in first) > 250
    for _ in range(3):
        rng.shuffle(seekers)
        assert propose_tables(seekers, seats=4, now=60.0, computers=BOTS) == first


def test_what_does_not_make_a_queue_is_refused() -> None:
    with pytest.raises(ValueError, match="two seats"):
        propose_tables([], seats=1, now=0.0)
    with pytest.raises(ValueError, match="once"):
        propose_tables([person(1, 1000), person(1, 1100)], seats=2, now=0.0)
    with pytest.raises(ValueError, match="computer_after"):
        person(1, 1000, computer_after=-1.0)
    assert propose_tables([], seats=2, now=0.0, computers=BOTS) == ()


def accepts(a: Seeker, b: Seeker, now: float) -> bool:
    """Whether ``a`` accepts ``b`` at ``now``: ``b``'s mu within ``a``'s gap of ``a``'s (the
    ends computed as the rule computes them, so that a float rounded at the edge is judged
    alike)."""
    gap = a.gap(now)
    return a.standing.mu - gap <= b.standing.mu <= a.standing.mu + gap


def accepts_all(table: Table, seekers: dict[int, Seeker], now: float) -> bool:
    people = [seekers[i] for i in table.seekers]
    return all(accepts(a, b, now) for a in people for b in people)


standings = st.builds(
    Standing,
    mu=st.floats(500.0, 2500.0),
    sigma=st.sampled_from([60.0, 100.0, 200.0, 350.0]),
)
queues = st.lists(
    st.tuples(
        standings,
        st.integers(0, 240).map(lambda half_seconds: half_seconds / 2),
        st.none() | st.integers(0, 60).map(float),
    ),
    max_size=40,
)
computer_lists = st.lists(
    st.tuples(st.sampled_from(["random", "greedy", "ismcts:easy"]), standings), max_size=3
)


@PROPERTY
@given(queue=queues, seats=st.integers(2, 6), computers=computer_lists, seed=st.integers(0, 9))
def test_every_proposal_keeps_the_rules(
    queue: list[tuple[Standing, float, float | None]],
    seats: int,
    computers: list[tuple[str, Standing]],
    seed: int,
) -> None:
    now = 120.0
    seekers = [Seeker(i, s, joined, after) for i, (s, joined, after) in enumerate(queue)]
    by_id = {seeker.id: seeker for seeker in seekers}
    tables = propose_tables(seekers, seats=seats, now=now, computers=computers)
    seated = [i for table in tables for i in table.seekers]
    assert len(seated) == len(set(seated))  # nobody twice
    for table in tables:
        assert table.seats == seats
        assert table.seekers  # someone to play
        assert accepts_all(table, by_id, now)
        if table.computers:
            assert all(by_id[i].accepts_computers(now) for i in table.seekers)
            mean = math.fsum(by_id[i].standing.mu for i in table.seekers) / len(table.seekers)
            nearest = min(abs(standing.mu - mean) for _, standing in computers)
            names = {name for name, standing in computers if abs(standing.mu - mean) == nearest}
            assert set(table.computers) <= names
    free = [seeker for seeker in seekers if seeker.id not in set(seated)]
    if computers:  # everyone who waited for computer players has them
        assert not any(seeker.accepts_computers(now) for seeker in free)
    if seats == 2:  # nobody is left waiting who accepts someone left waiting, and is accepted
        for a in free:
            for b in free:
                assert a is b or not (accepts(a, b, now) and accepts(b, a, now))
    shuffled = seekers[:]
    random.Random(seed).shuffle(shuffled)
    assert propose_tables(shuffled, seats=seats, now=now, computers=computers) == tables
