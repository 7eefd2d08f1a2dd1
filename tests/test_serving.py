"""waitress as scorepad runs it (scorepad/serving.py): while a request runs, the main loop
waits for it instead of polling its connection over and over; answers arrive whole."""

from __future__ import annotations

import http.client
import threading
import time
from collections.abc import Callable, Iterable

import pytest

from scorepad.cli import SEND_BYTES
from scorepad.serving import QuietChannel, create_server

HOLD_SECONDS = 0.3


def held_app(release: threading.Event, tail: bytes) -> Callable[..., Iterable[bytes]]:
    """A WSGI app whose answer at /held starts, then waits for `release` before it
    ends; any other path answers at once."""

    def app(environ: dict, start_response: Callable) -> Iterable[bytes]:
        start_response("200 OK", [("Content-Type", "text/plain")])
        if environ["PATH_INFO"] != "/held":
            yield b"quick"
            return
        yield b"head of the answer;"
        release.wait(5)
        yield tail

    return app


@pytest.fixture
def counted(monkeypatch):
    """How often the main loop found a connection writable and tried to send, while its
    request was still running."""
    calls = {"busy": 0}
    handle_write = QuietChannel.handle_write

    def counting(self):  # type: ignore[no-untyped-def]
        if self.requests:
            calls["busy"] += 1
        handle_write(self)

    monkeypatch.setattr(QuietChannel, "handle_write", counting)
    return calls


@pytest.mark.parametrize("tail_bytes", [10, 3 * SEND_BYTES])
def test_a_running_request_leaves_the_main_loop_idle(counted, tail_bytes):
    release = threading.Event()
    tail = b"t" * tail_bytes
    server = create_server(
        held_app(release, tail), host="127.0.0.1", port=0, threads=2, send_bytes=SEND_BYTES
    )
    threading.Thread(target=server.run, daemon=True).start()
    port = server.effective_port
    try:
        held = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        for _ in range(2):  # twice on one kept-alive connection
            release.clear()
            held.request("GET", "/held")
            time.sleep(0.05)  # the held answer has started
            # another phone is answered meanwhile (and wakes the main loop)
            other = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            other.request("GET", "/quick")
            assert other.getresponse().read() == b"quick"
            other.close()
            threading.Timer(HOLD_SECONDS, release.set).start()
            answer = held.getresponse()
            assert answer.status == 200
            assert answer.read() == b"head of the answer;" + tail
        held.close()
    finally:
        server.close()
    # waitress's own connection has the main loop poll it for writing all the while
    # the request is held (thousands of times in 0.3 s); a large answer is sent by the
    # worker as it writes.
    assert counted["busy"] <= 10, counted


def test_every_listening_socket_gets_quiet_connections():
    server = create_server(
        held_app(threading.Event(), b""), listen="127.0.0.1:0 127.0.0.1:0", threads=1
    )
    try:
        listeners = [obj for obj in server.map.values() if hasattr(obj, "channel_class")]
        assert len(listeners) == 2
        assert all(listener.channel_class is QuietChannel for listener in listeners)
    finally:
        server.close()


def test_serve_puts_what_the_app_made_at_start_out_of_the_collectors_sight(monkeypatch):
    import gc

    from scorepad import serving

    ran = []

    class Server:
        def print_listen(self, text: str) -> None:
            pass

        def run(self) -> None:
            ran.append(gc.get_freeze_count())

    monkeypatch.setattr(serving, "create_server", lambda app, **options: Server())
    gc.unfreeze()
    try:
        serving.serve(held_app(threading.Event(), b""), host="127.0.0.1", port=0)
    finally:
        gc.unfreeze()
    assert ran and ran[0] > 1000
