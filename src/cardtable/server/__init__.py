"""The match server: rooms, matches and chat over HTTP and WebSockets (the only async layer).

One authoritative writer per decision: the server authenticates the seat, checks the state
version, asks the engine, appends the decision to the stored record in the same transaction
that advances the match's version, then publishes each seat's own redacted view and events.
Storage (:mod:`cardtable.server.storage`) and fan-out (:mod:`cardtable.server.fanout`) sit
behind small interfaces: SQLite and in-process by default, PostgreSQL and Redis by URL.
"""
