"""Ranked play: people's ratings per game and rated ruleset, their history, seasons and
leaderboards (see :mod:`.service`)."""
