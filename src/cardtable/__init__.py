"""cardtable: play, serve, simulate and study card games."""

__version__ = "0.1.0"
