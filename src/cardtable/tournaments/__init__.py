"""Tournaments as pure functions: knockout, Swiss and round robin, for duels and N-player
tables (see docs/tournaments.md).

Standings in, pairings or tables out; nothing here knows the server, the database or how a
match is played. The server's live tournaments and the offline ``cardtable tournament run``
share them: :class:`~cardtable.tournaments.event.Tournament` is the state of one tournament,
advanced by its results.
"""
