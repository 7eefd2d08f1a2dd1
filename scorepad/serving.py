"""waitress as scorepad runs it: `serve`, `serve --https`, the browser tests and the bench.

waitress's main loop asks each connection whether it has something to send. While a
worker thread still runs the request, an answer already written but shorter than
`send_bytes` waits for the request's end (one send, head and body together), yet
waitress's connection still says it is writable: poll() returns at once, the loop finds
nothing to do and polls again, some 45 times a request, taking the interpreter's lock
from the worker each time. `QuietChannel` says "nothing to send" in exactly the case
where waitress's own `handle_write` would send nothing. No wake-up is lost: waitress
pulls its trigger (a pipe the loop always polls) at the end of every request and when a
worker's writes reach `send_bytes`, and the loop asks `writable()` afresh after each
poll. An answer of `send_bytes` or more is sent by the worker as it writes, as before.
"""

from __future__ import annotations

import gc
import logging
from typing import Any

import waitress
from flask import Flask
from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer


class QuietChannel(HTTPChannel):
    """waitress's connection, not polled for writing while its request runs and its
    answer waits to go out whole."""

    def writable(self) -> bool:
        waiting = (
            self.requests
            and not (self.will_close or self.close_when_flushed)
            and self.total_outbufs_len < self.adj.send_bytes
        )
        return False if waiting else bool(super().writable())


def create_server(app: Flask, **options: Any) -> Any:
    """waitress.create_server, with every listening socket's connections quiet."""
    server = waitress.create_server(app, **options)
    sockets = server.map if hasattr(server, "map") else server._map  # several, or one
    for listener in list(sockets.values()):
        if isinstance(listener, BaseWSGIServer):
            listener.channel_class = QuietChannel
    return server


def serve(app: Flask, **options: Any) -> None:
    """Serve until interrupted, as waitress.serve does, with quiet connections.

    What the app made at start (modules, compiled templates, the static files' list:
    some 45,000 objects) is moved out of the garbage collector's sight (gc.freeze): a
    full collection no longer walks it again and again while the server runs, which
    took a quarter of the collector's time over a bench run."""
    logging.basicConfig()
    gc.collect()
    gc.freeze()
    server = create_server(app, **options)
    server.print_listen("Serving on http://{}:{}")
    server.run()
