"""waitress as scorepad runs it (scorepad/serving.py): a held answer and a quick one on
another connection both arrive whole; serve freezes what the app made at start."""

from __future__ import annotations

import http.client
import threading
import time
from collections.abc import Callable, Iterable

import pytest

from scorepad.cli import SEND_BYTES
from scorepad.serving import create_server

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


@pytest.mark.parametrize("tail_bytes", [10, 3 * SEND_BYTES])
def test_a_held_answer_and_a_quick_one_both_arrive_whole(tail_bytes):
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
