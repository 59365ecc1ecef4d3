"""The activity feed: what friends did, newest first (see :mod:`.service`)."""
