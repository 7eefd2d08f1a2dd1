"""waitress as scorepad runs it: `serve`, `serve --https`, the browser tests and the bench.

waitress's own connections are used as they are. (A quieter connection, not polled for
writing while its request ran, saved about 1 ms of CPU a hand, but on a clean clone a
held answer once never went out: taken back until it is understood.)
"""

from __future__ import annotations

import gc
import logging
from typing import Any

import waitress
from flask import Flask


def create_server(app: Flask, **options: Any) -> Any:
    """waitress.create_server, as every scorepad server is made."""
    return waitress.create_server(app, **options)


def serve(app: Flask, **options: Any) -> None:
    """Serve until interrupted, as waitress.serve does.

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
