"""Account presence, called *whereabouts* here: whether a signed-in person is online, playing,
away or offline, as their friends see it (apart from :mod:`cardtable.server.presence`, which is
who is connected to each room). See :mod:`.service`."""
