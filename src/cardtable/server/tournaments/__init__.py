"""Live tournaments: their storage, the REST routes, and the one process that advances them
(the formats themselves are :mod:`cardtable.tournaments`' pure functions)."""
