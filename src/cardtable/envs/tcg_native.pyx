# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The Kata TCG observer's compiled core: the common case of an observation, in C.

:class:`~cardtable.envs.tcg_observer.TcgObserver` hands this core a seat's digest
(:class:`~cardtable.games.tcg.facts.TcgDigest`) when the ruleset has no boards and every
card of the match looks as printed; anything else it writes itself. The core writes the
same numbers the Python observer does, bit for bit (the tests compare the two over random
matches under every example ruleset): each number is worked out in double precision by the
same formula and stored as ``float32``. Per seat it keeps its own array, the hand and the
graveyards it was written from and the count of each pool card in them, so a step writes
the heroes' sixteen numbers, then only a hand or a graveyard that changed (a graveyard that
grew, by its new cards alone) and the deck part from the counts.

It reads nothing but the digest, which holds only what the seat sees. Built with Cython
when cardtable is installed with a C compiler at hand; without one, the Python observer
does all the work and the observations are the same.
"""

import numpy as np

from libc.string cimport memcpy, memset

cdef enum:
    HEROES = 16  # each hero's eight numbers, yours then the other's


cdef inline double unit(double value) noexcept:
    """``value`` clamped into ``[0, 1]``, as :func:`cardtable.envs.encoding.unit`."""
    if 0.0 <= value <= 1.0:
        return value
    return 0.0 if value < 0.0 else 1.0


cdef class _Seat:
    """One seat's array and what its parts were written from."""

    cdef object array
    cdef float[::1] out
    cdef object hand
    cdef list graves
    cdef object deck_list
    cdef int[::1] hand_own
    cdef int[:, ::1] every
    cdef int[:, ::1] own
    cdef int[::1] listed

    def __init__(self, int size, int pool, object unseen):
        self.array = np.zeros(size, np.float32)
        self.out = self.array
        self.hand = None
        self.graves = [None, None]
        self.deck_list = unseen
        self.hand_own = np.zeros(pool, np.intc)
        self.every = np.zeros((2, pool), np.intc)
        self.own = np.zeros((2, pool), np.intc)
        self.listed = np.zeros(pool, np.intc)


cdef class NativeObserver:
    """The compiled observer of one ruleset's layout (a
    :class:`~cardtable.envs.tcg_layout.Layout` without boards)."""

    cdef int pool, hand, hand_at, hand_width, graves_at, deck_at
    cdef double step
    cdef double scale[HEROES]
    cdef float[:, ::1] printed
    cdef dict keys
    cdef tuple seats
    cdef tuple pools
    cdef object unseen

    def __init__(self, layout):
        if layout.board:
            raise ValueError("the compiled observer writes rulesets without boards")
        if len(layout.scale) * 2 != HEROES:
            raise ValueError(f"a hero has {HEROES // 2} numbers here")
        self.pool = layout.pool
        self.hand = layout.hand
        self.hand_at = layout.hand_at
        self.hand_width = layout.hand_width
        self.graves_at = layout.graves_at
        self.deck_at = layout.deck_at
        self.step = layout.step
        for index in range(HEROES):
            self.scale[index] = layout.scale[index % (HEROES // 2)]
        self.keys = dict(layout.keys)
        rows = np.zeros((max(self.pool, 1), self.hand_width), np.float32)
        for key, index in layout.keys.items():
            rows[index] = np.frombuffer(layout.printed[key], np.float32)
        self.printed = rows
        self.unseen = object()  # a seat's deck list before its first observation
        self.seats = tuple(_Seat(layout.size, self.pool, self.unseen) for _ in range(2))
        self.pools = ("p0", "p1")

    def observe(self, object digest, int seat):
        """A new observation from ``seat``'s digest, or ``None`` when the Python observer
        must write it (a card not as printed, more cards in hand than slots)."""
        hand, mine, theirs, deck_list, printed, numbers = digest
        if not printed or len(hand) > self.hand:
            return None
        cdef _Seat memo = <_Seat>self.seats[seat]
        cdef float[::1] out = memo.out
        cdef tuple values = <tuple?>numbers
        cdef Py_ssize_t index
        if len(values) != HEROES:
            raise ValueError(f"a digest has {HEROES} hero numbers, not {len(values)}")
        for index in range(HEROES):
            out[index] = <float>unit(<double>values[index] * self.scale[index])
        own = self.pools[seat]
        if hand is not memo.hand and hand != memo.hand:
            memo.hand = None
            self._write_hand(memo, <tuple?>hand, own)
            memo.hand = hand
        if mine is not memo.graves[0] and mine != memo.graves[0]:
            self._write_graveyard(memo, 0, <tuple?>mine, own)
        if theirs is not memo.graves[1] and theirs != memo.graves[1]:
            self._write_graveyard(memo, 1, <tuple?>theirs, own)
        if deck_list is not memo.deck_list:
            self._count_list(memo, deck_list)
        cdef double share, left
        for index in range(self.pool):
            share = unit(memo.listed[index] * self.step)
            left = share - (
                memo.hand_own[index] + memo.own[0, index] + memo.own[1, index]
            ) * self.step
            out[self.deck_at + index] = <float>(left if left > 0.0 else 0.0)
        return memo.array.copy()

    cdef _write_hand(self, _Seat memo, tuple hand, object own):
        cdef Py_ssize_t slot, held = len(hand), width = self.hand_width
        cdef int key
        cdef float[::1] out = memo.out
        memo.hand_own[:] = 0
        for slot in range(held):
            card = hand[slot]
            key = self.keys[card.key]
            memcpy(&out[self.hand_at + slot * width], &self.printed[key, 0], width * sizeof(float))
            if card.pool == own:
                memo.hand_own[key] += 1
        if held < self.hand:
            memset(&out[self.hand_at + held * width], 0, (self.hand - held) * width * sizeof(float))

    cdef _write_graveyard(self, _Seat memo, int which, tuple grave, object own):
        """Count a graveyard's cards (only those put on top since, when it grew) and write
        its part."""
        before = memo.graves[which]
        memo.graves[which] = None  # counted afresh next time should this fail half-way
        cdef Py_ssize_t start = 0, index, size = len(grave)
        cdef int key
        if before is not None and size > len(before) and grave[: len(before)] == before:
            start = len(before)
        else:
            memo.every[which, :] = 0
            memo.own[which, :] = 0
        for index in range(start, size):
            card = grave[index]
            key = self.keys[card.key]
            memo.every[which, key] += 1
            if card.pool == own:
                memo.own[which, key] += 1
        cdef Py_ssize_t at = self.graves_at + which * self.pool
        for index in range(self.pool):
            memo.out[at + index] = <float>unit(memo.every[which, index] * self.step)
        memo.graves[which] = grave

    cdef _count_list(self, _Seat memo, object deck_list):
        memo.deck_list = self.unseen  # counted afresh next time should this fail
        memo.listed[:] = 0
        if deck_list is not None:
            for key in deck_list:  # a key of no pool card counts for nothing, as in Python
                index = self.keys.get(key)
                if index is not None:
                    memo.listed[<int>index] += 1
        memo.deck_list = deck_list
