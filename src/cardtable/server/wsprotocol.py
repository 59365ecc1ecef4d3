"""The WebSocket protocol ``cardtable serve`` runs its connections on: uvicorn's, on the
Sans-I/O protocol of the ``websockets`` library, made to let go of a connection once it is lost.

That protocol parses with a generator that refers back to it, and the generator never
finishes (it waits at a last ``yield`` for good), so every connection ever closed stays in a
reference cycle: kept, with its buffers, until the garbage collector's next full pass. The
server makes those passes rare, since each one pauses every room (see
``cardtable.cli.serve``), and a busy server would grow by tens of kilobytes a closed
connection in between. Closing the generator when the connection is lost breaks the cycle,
and the connection is freed at once.

>>> issubclass(LettingGoProtocol, WebSocketsSansIOProtocol)
True
"""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol


class LettingGoProtocol(WebSocketsSansIOProtocol):
    """uvicorn's ``websockets-sansio`` protocol, which frees a lost connection at once."""

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        parser = getattr(self.conn, "parser", None)  # none if the library changes its ways
        if parser is not None:
            parser.close()
