"""Invitations: expiring invite tokens that seat their bearer in a room, password or not.

Beside rooms, with a table of its own (:mod:`.tables`, created by revision ``0005``), a
store over the server's database (:mod:`.store`), the rules of making, reading, using and
revoking invites (:mod:`.service`) and REST routes (:mod:`.routes`). Tokens are the server's
usual 256-bit tokens, kept only as their SHA-256 (:mod:`cardtable.server.accounts.tokens`).
The same tokens will carry the friend invitations to come (``purpose``).
"""
