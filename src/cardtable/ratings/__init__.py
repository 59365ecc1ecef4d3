"""Ratings of people and computer players on one scale (see :mod:`cardtable.ratings.scale`)."""
