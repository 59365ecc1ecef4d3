"""The matchmaking queue of ranked play (see :mod:`.service`)."""
