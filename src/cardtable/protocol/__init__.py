"""The wire protocol between the server and its clients: typed, versioned JSON messages.

Shared by the server, the reference client and the tests, it knows no network and no rules:
views and events travel as the engine's JSON, decisions as their text.
"""
