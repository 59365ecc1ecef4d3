"""Notifications: each account's persistent inbox (a friend's request, an invitation to a
room, a match finished, and the kinds later features add), with read flags and per-kind
mutes.

Beside rooms, with tables of its own (:mod:`.tables`, created by revision ``0008``), a store
over the server's database (:mod:`.store`), the rules of adding, reading and muting
(:mod:`.service`: :meth:`~.service.Notifications.notify` is what other parts call, and
:func:`~.service.match_finished` what a match's end writes) and REST routes (:mod:`.routes`).
"""
