"""The terminal front end: ``cardtable play``, ``replay``, ``games`` and ``rules``.

The CLI knows no game rules. It asks the engine what is legal (``match.legal``), lets the
engine check every decision (``match.decide`` raises with a reason) and only decides how a
match looks on a terminal: one board per game in :mod:`cardtable.cli.render`, with a generic
board for games that have none yet.
"""
