"""A Python client of the match server: the lobby over HTTP and a seat over the WebSocket.

It speaks only the wire protocol (:mod:`cardtable.protocol`) and knows no rules: the terminal's
``cardtable play GAME --server URL`` and the load script's bots are built on it.
"""
