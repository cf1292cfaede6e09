"""The websocket protocol ``hanafuda serve`` runs: uvicorn's websockets (sans-I/O) protocol with
permessage-deflate tuned for state messages (issue 14, capacity).

uvicorn compresses every message with a 4 KiB window (``server_max_window_bits=12``) at zlib's
default level 6.  A state message is 9–25 KB and mostly repeats the one before it (the same seats,
piles, yaku progress), which a 4 KiB window cannot see: measured over the delta messages of
whole matches, 12 KB compressed to ~2.9 KB at ~0.17 ms of CPU each.  With a 16 KiB window
(``WINDOW_BITS``) at level 3 the same messages compress to ~1.3–2 KB in ~0.08 ms: less CPU per
message and fewer bytes on the wire, for ~48 KB more memory per socket (the compressor's window).

Compression stays on for every message: nearly all messages are state messages of several KB (a
size threshold would skip only the rare small ones: pongs, errors).
"""

from __future__ import annotations

import logging
import socket
import struct
from typing import Any

from .protocol_export import exported_protocol

__all__ = ["ABORT", "LEVEL", "WINDOW_BITS", "tuned_ws_protocol", "ws_protocol_name"]

ABORT = "hanafuda.abort"
"""The scope extension (``{"abort": transport.abort}``) through which the app cuts a connection that
a close cannot end: a client that never reads keeps a closed transport's buffers and descriptor."""

WINDOW_BITS = 14
"""The server's compression window, 2**14 = 16 KiB (the client's own messages keep 4 KiB)."""
LEVEL = 3
"""zlib level: as fast as level 1 here, and smaller (level 6 takes twice the time)."""


def tuned_ws_protocol() -> type[Any] | str:
    """The protocol class for ``uvicorn.run(ws=…)`` (``"auto"`` if uvicorn's is not there)."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
        from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
        from websockets.server import ServerProtocol
    except ImportError:  # pragma: no cover - an older uvicorn or websockets
        return "auto"

    class TunedWebSocketsProtocol(WebSocketsSansIOProtocol):
        def __init__(self, config: Any, *args: Any, **kwargs: Any) -> None:
            super().__init__(config, *args, **kwargs)
            if config.ws_per_message_deflate:  # the same protocol, another compressor
                self.conn = ServerProtocol(
                    extensions=[ServerPerMessageDeflateFactory(
                        server_max_window_bits=WINDOW_BITS, client_max_window_bits=12,
                        compress_settings={"memLevel": 5, "level": LEVEL})],
                    max_size=config.ws_max_size, logger=logging.getLogger("uvicorn.error"))

        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            scope = getattr(self, "scope", None)
            if scope is not None:  # the app may cut a socket that never reads (issue 29)
                scope["extensions"][ABORT] = {"abort": self.cut}

        def keepalive_timeout(self) -> None:
            """A peer that has not answered a ping in ``ws_ping_timeout`` is cut, not merely closed:
            a closed transport with unsent bytes (a client that stopped reading) would keep them and
            its kernel send buffer for minutes (issue 29)."""
            super().keepalive_timeout()
            self.cut()

        def cut(self) -> None:
            """Abort the connection with a reset (``SO_LINGER`` 0): its unsent bytes, kernel send
            buffer and descriptor are freed now, not kept until a peer that never reads does."""
            sock = self.transport.get_extra_info("socket")
            if sock is not None:
                try:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                except OSError:  # already closed
                    pass
            self.transport.abort()

    return TunedWebSocketsProtocol


ws_protocol_name, __getattr__ = exported_protocol(globals(), "TunedWebSocketsProtocol", tuned_ws_protocol)
"""``ws_protocol_name()``: the protocol as an import string, for uvicorn's worker processes."""
