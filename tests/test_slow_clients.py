"""Slow clients (a header sent a byte at a time, never finished) against a real waitress
with scorepad's limits: a phone is still answered within a few seconds."""

from __future__ import annotations

import socket
import threading
import time
import urllib.request

from scorepad.serving.listening import CONNECTION_LIMIT, waitress_options
from scorepad.serving.server import create_server

SLOW_CLIENTS = 120
TRICKLE_SECONDS = 12.0  # the slow clients stop by themselves after this


def _trickle(socks: list[socket.socket], stop: threading.Event) -> None:
    """Each slow client sends one more header byte every half second: never idle, never done."""
    deadline = time.monotonic() + TRICKLE_SECONDS
    while not stop.is_set() and time.monotonic() < deadline:
        for sock in socks:
            try:
                sock.send(b"x")
            except OSError:
                pass
        stop.wait(0.5)


def _held(server, count: int, seconds: float = 10.0) -> int:
    """Wait until waitress holds `count` connections open (or `seconds` pass): how many."""
    deadline = time.monotonic() + seconds
    while len(server.active_channels) < count and time.monotonic() < deadline:
        time.sleep(0.05)
    return len(server.active_channels)


def test_a_phone_is_answered_beside_120_slow_clients(app):
    server = create_server(app, host="127.0.0.1", port=0, threads=2, **waitress_options(app))
    runner = threading.Thread(target=server.run, daemon=True)
    runner.start()
    address = ("127.0.0.1", server.effective_port)
    socks: list[socket.socket] = []
    stop = threading.Event()
    trickler = threading.Thread(target=_trickle, args=(socks, stop), daemon=True)
    try:
        for _ in range(SLOW_CLIENTS):
            sock = socket.create_connection(address, timeout=5)
            sock.sendall(b"GET /games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            socks.append(sock)
        trickler.start()
        # scorepad's connection limit lets every slow client in: none is turned away
        assert server.adj.connection_limit == CONNECTION_LIMIT
        assert _held(server, SLOW_CLIENTS) == SLOW_CLIENTS
        started = time.monotonic()
        with urllib.request.urlopen(f"http://127.0.0.1:{address[1]}/games", timeout=8) as page:
            status = page.status
        elapsed = time.monotonic() - started
        assert status == 200 and elapsed < 4.0, elapsed
    finally:
        stop.set()
        for sock in socks:
            sock.close()
        server.close()
        runner.join(timeout=5)
        if trickler.is_alive():
            trickler.join(timeout=5)
