"""A scorepad server a test can stop and start again on the same port and database."""

from __future__ import annotations

import threading
from typing import Any

from scorepad import create_app
from scorepad.serving.listening import waitress_options
from scorepad.serving.server import create_server

# The browser tests' servers: a page shown after a save takes taps at once (a person
# waits out app.js's 450 ms; a test would only wait). The tests of that wait keep it:
# own_config = {"SETTLE_MS": None} (tests/browser/test_one_screen.py).
QUICK = {"SETTLE_MS": 0}


class Restartable:
    """waitress on 127.0.0.1: `stop()` closes every connection, as a crashed server would."""

    def __init__(self, database: str, config: dict[str, Any] | None = None) -> None:
        self.database = database
        self.config = config or {}  # more of the app's config (speech.config: languages)
        self.port = 0
        self.server: Any = None
        self.app: Any = None
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Restartable:
        self.app = app = create_app(
            {"DATABASE": self.database, "SECRET_KEY": "restartable", **QUICK, **self.config}
        )
        # waitress as `serve` runs it: poll(), not select(), which cannot see a socket
        # numbered over 1023 (a worker that has run many tests holds many descriptors)
        self.server = create_server(
            app, host="127.0.0.1", port=self.port, threads=2, **waitress_options(app)
        )
        self.port = self.server.effective_port
        app.config["PUBLIC_URL"] = self.url  # as `serve` does
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        server = self.server

        def close_all() -> None:
            # In the server's own loop: closing the listener and every open connection
            # (the browser's kept-alive ones too) empties its map, so the loop ends.
            for channel in list(server._map.values()):
                channel.close()

        server.trigger.pull_trigger(close_all)
        assert self.thread is not None
        self.thread.join(10)
        assert not self.thread.is_alive(), "the server did not stop"
        server.task_dispatcher.shutdown()
        self.server = None
