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

This module reads and sets waitress's own, undocumented parts:
- of `HTTPChannel` (`QuietChannel.writable`): `requests`, `will_close`,
  `close_when_flushed`, `total_outbufs_len` and `adj.send_bytes`;
- of `ThreadedTaskDispatcher`: `lock` and `queue_cv` (replaced by `NewestWaiterFirst`);
- `create_server`'s private `_dispatcher` argument, a multi-socket server's `map` or a
  single one's `_map`, and each listener's `channel_class`.
They may change in any release, so waitress is pinned in pyproject.toml to the release
tested (TESTED_WAITRESS, as the lock has it), and a server is never made on another:
`create_server` raises `UntestedWaitress`, which `flask serve` says and exits.
"""

from __future__ import annotations

import gc
import importlib.metadata
import logging
import threading
from typing import Any

import waitress
from flask import Flask
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer
from waitress.task import ThreadedTaskDispatcher

TESTED_WAITRESS = "3.0.2"  # pyproject.toml pins it; the lock has it


class UntestedWaitress(RuntimeError):
    """Another waitress than the one this module was tested with is installed."""


def check_waitress() -> None:
    """Refuse (UntestedWaitress) unless the installed waitress is TESTED_WAITRESS."""
    found = importlib.metadata.version("waitress")
    if found != TESTED_WAITRESS:
        raise UntestedWaitress(
            f"scorepad is tested with waitress {TESTED_WAITRESS} and reads parts of it that "
            f"may change (scorepad/serving/server.py), but waitress {found} is installed: "
            f"install waitress=={TESTED_WAITRESS}"
        )


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


class NewestWaiterFirst:
    """A condition on a lock (wait, notify, notify_all, as waitress's dispatcher uses
    them) that wakes the thread that began to wait last, where threading.Condition
    wakes the one that waited longest.

    waitress's idle worker threads wait on it for the next request: with the newest
    waiter woken, requests one after another run on one thread, warm from the last
    one, instead of each on the next of the eight in turn (less CPU a hand, most of it
    the kernel's: bench/README.md). Requests at the same time still
    each get a thread."""

    def __init__(self, lock: threading.Lock) -> None:
        self._lock = lock
        self._waiting: list[threading.Lock] = []  # the newest waiter last

    def wait(self) -> None:
        """Release the lock (held by the caller) until notified, then take it again."""
        waiter = threading.Lock()
        waiter.acquire()
        self._waiting.append(waiter)
        self._lock.release()
        try:
            waiter.acquire()
        finally:
            self._lock.acquire()

    def notify(self, n: int = 1) -> None:
        """Wake the `n` newest waiters (the caller holds the lock)."""
        for _ in range(min(n, len(self._waiting))):
            self._waiting.pop().release()

    def notify_all(self) -> None:
        self.notify(len(self._waiting))


def dispatcher(threads: int) -> ThreadedTaskDispatcher:
    """waitress's task dispatcher with `threads` workers, the newest idle one woken
    first."""
    made = ThreadedTaskDispatcher()
    made.queue_cv = NewestWaiterFirst(made.lock)  # type: ignore[assignment]
    made.set_thread_count(threads)
    return made


def create_server(app: Flask, **options: Any) -> Any:
    """waitress.create_server, with every listening socket's connections quiet and the
    newest idle worker taking the next request; refused on an untested waitress."""
    check_waitress()
    threads = options.get("threads", Adjustments.threads)
    server = waitress.create_server(app, _dispatcher=dispatcher(int(threads)), **options)
    sockets = server.map if hasattr(server, "map") else server._map  # several, or one
    for listener in list(sockets.values()):
        if isinstance(listener, BaseWSGIServer):
            listener.channel_class = QuietChannel
    return server


def serve(app: Flask, **options: Any) -> None:
    """Serve until interrupted, as waitress.serve does, with quiet connections.

    What the app made at start (modules, compiled templates, the static files' list:
    some 45,000 objects) is moved out of the garbage collector's sight (gc.freeze): a
    full collection no longer walks it again and again while the server runs."""
    logging.basicConfig()
    gc.collect()
    gc.freeze()
    server = create_server(app, **options)
    server.print_listen("Serving on http://{}:{}")
    server.run()
