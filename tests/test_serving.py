"""waitress as scorepad runs it (scorepad/serving/server.py): while a request runs, the main loop
waits for it instead of polling its connection over and over; answers arrive whole; serve
freezes what the app made at start."""

from __future__ import annotations

import http.client
import itertools
import threading
import time
from collections.abc import Callable, Iterable

import pytest
from waitress.adjustments import Adjustments

from scorepad.serving.listening import SEND_BYTES
from scorepad.serving.server import NewestWaiterFirst, QuietChannel, create_server

WAIT = 30  # seconds: generous, so a loaded machine is slow here, never wrong


def bare_channel(requests: bool, will_close: bool, flushed: bool, waiting: int) -> QuietChannel:
    """A connection's state, without a socket: what writable() reads."""
    channel = QuietChannel.__new__(QuietChannel)
    channel.adj = Adjustments(send_bytes=SEND_BYTES)
    channel.requests = [object()] if requests else []
    channel.will_close = will_close
    channel.close_when_flushed = flushed
    channel.total_outbufs_len = waiting
    return channel


@pytest.mark.parametrize(
    "requests, will_close, flushed, waiting",
    list(itertools.product([False, True], [False, True], [False, True], [0, 10, SEND_BYTES])),
)
def test_quiet_only_where_waitress_would_send_nothing(requests, will_close, flushed, waiting):
    channel = bare_channel(requests, will_close, flushed, waiting)
    # waitress's own handle_write sends nothing while a request runs and less than
    # send_bytes waits, and closes nothing unless told to close.
    waitress_idle = requests and waiting < SEND_BYTES and not (will_close or flushed)
    own = bool(waiting or will_close or flushed)  # waitress's own writable()
    assert channel.writable() is (own and not waitress_idle)


def held_app(
    started: threading.Event, release: threading.Event, tail: bytes
) -> Callable[..., Iterable[bytes]]:
    """A WSGI app whose answer at /held starts, says so, then waits for `release` before
    it ends; any other path answers at once."""

    def app(environ: dict, start_response: Callable) -> Iterable[bytes]:
        start_response("200 OK", [("Content-Type", "text/plain")])
        if environ["PATH_INFO"] != "/held":
            yield b"quick"
            return
        yield b"head of the answer;"
        started.set()  # waitress has taken the head before asking for more
        release.wait(WAIT)
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
    started, release = threading.Event(), threading.Event()
    tail = b"t" * tail_bytes
    server = create_server(
        held_app(started, release, tail),
        host="127.0.0.1",
        port=0,
        threads=2,
        send_bytes=SEND_BYTES,
    )
    runner = threading.Thread(target=server.run, daemon=True)
    runner.start()
    port = server.effective_port
    try:
        held = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        for _ in range(2):  # twice on one kept-alive connection
            started.clear()
            release.clear()
            held.request("GET", "/held")
            assert started.wait(WAIT)
            # other phones are answered meanwhile (each wakes the main loop)
            for _ in range(3):
                other = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
                other.request("GET", "/quick")
                assert other.getresponse().read() == b"quick"
                other.close()
            time.sleep(0.2)  # waitress's own connection would be polled all the while
            release.set()
            answer = held.getresponse()
            assert answer.status == 200
            assert answer.read() == b"head of the answer;" + tail
        held.close()
    finally:
        release.set()
        server.close()
    # waitress's own connection has the main loop poll it for writing all the while the
    # request is held (thousands of times in 0.2 s); a large answer is sent by the
    # worker as it writes.
    assert counted["busy"] <= 10, counted


def test_every_listening_socket_gets_quiet_connections():
    app = held_app(threading.Event(), threading.Event(), b"")
    server = create_server(app, listen="127.0.0.1:0 127.0.0.1:0", threads=1)
    try:
        listeners = [obj for obj in server.map.values() if hasattr(obj, "channel_class")]
        assert len(listeners) == 2
        assert all(listener.channel_class is QuietChannel for listener in listeners)
    finally:
        server.close()


def test_the_newest_waiter_is_woken_first():
    lock = threading.Lock()
    condition = NewestWaiterFirst(lock)
    woken: list[str] = []

    def waits(name: str) -> None:
        with lock:
            condition.wait()
            woken.append(name)

    threads = []
    for name in ("first", "second", "third"):
        thread = threading.Thread(target=waits, args=(name,), daemon=True)
        thread.start()
        threads.append(thread)
        deadline = time.monotonic() + WAIT
        while len(condition._waiting) < len(threads):  # it waits before the next starts
            assert time.monotonic() < deadline
            time.sleep(0.001)
    with lock:
        condition.notify()
    threads[2].join(WAIT)
    assert woken == ["third"]
    with lock:
        condition.notify_all()
    for thread in threads:
        thread.join(WAIT)
    assert sorted(woken[1:]) == ["first", "second"] and not condition._waiting


def test_requests_one_after_another_run_on_one_thread_and_at_once_on_two():
    started, release = threading.Event(), threading.Event()
    seen: list[str] = []
    inner = held_app(started, release, b"")

    def app(environ: dict, start_response: Callable) -> Iterable[bytes]:
        seen.append(threading.current_thread().name)
        return inner(environ, start_response)

    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    threading.Thread(target=server.run, daemon=True).start()
    port = server.effective_port
    try:
        idle = server.task_dispatcher.queue_cv._waiting
        for _ in range(12):
            deadline = time.monotonic() + WAIT
            while len(idle) < 4:  # every worker back to waiting, the last one newest
                assert time.monotonic() < deadline
                time.sleep(0.001)
            quick = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
            quick.request("GET", "/quick")
            assert quick.getresponse().read() == b"quick"
            quick.close()
        # waitress's own dispatcher hands them to its four threads in turn
        assert len(set(seen)) == 1, seen
        held = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        held.request("GET", "/held")
        assert started.wait(WAIT)
        other = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        other.request("GET", "/quick")
        assert other.getresponse().read() == b"quick"  # while the held one still runs
        release.set()
        assert held.getresponse().read() == b"head of the answer;"
        assert seen[-1] != seen[-2]
    finally:
        release.set()
        server.close()


def test_serve_puts_what_the_app_made_at_start_out_of_the_collectors_sight(monkeypatch):
    import gc

    from scorepad.serving import server as serving

    ran = []

    class Server:
        def print_listen(self, text: str) -> None:
            pass

        def run(self) -> None:
            ran.append(gc.get_freeze_count())

    monkeypatch.setattr(serving, "create_server", lambda app, **options: Server())
    gc.unfreeze()
    try:
        serving.serve(object(), host="127.0.0.1", port=0)  # type: ignore[arg-type]
    finally:
        gc.unfreeze()
    assert ran and ran[0] > 1000
