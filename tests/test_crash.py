"""The real server killed with SIGKILL mid-writes: the file is sound, no acknowledged hand lost."""

from __future__ import annotations

import http.client
import json
import signal
import sqlite3
import threading
import time

from tests.live import Phone, free_port, serve

TABLES = 4
# Two hands that keep totals near 0, so a game never ends while the test runs.
HANDS = [([3, 3, 3, 4], [3, 3, 3, 4]), ([4, 4, 3, 4], [3, 3, 3, 4])]


def _table(base: str, acked: dict, stop: threading.Event, key: int) -> None:
    phone = Phone(base, timeout=3)
    try:
        game_id = phone.start_game(players=(f"A{key}", f"B{key}", f"C{key}", f"D{key}"))
    except Exception:
        return
    acked[game_id] = []
    number = 1
    while not stop.is_set():
        bids, tricks = HANDS[number % 2]
        try:
            if not phone.play_hand(game_id, number, bids, tricks):
                return
        except (OSError, http.client.HTTPException):
            return  # the server is gone: whatever was acknowledged must survive
        acked[game_id].append((bids, tricks))
        number += 1


def test_sigkill_mid_writes_keeps_every_acknowledged_hand(tmp_path):
    database, port = tmp_path / "scorepad.db", free_port()
    base = f"http://127.0.0.1:{port}"
    server = serve(database, port)
    acked: dict[str, list] = {}
    stop = threading.Event()
    threads = [threading.Thread(target=_table, args=(base, acked, stop, k)) for k in range(TABLES)]
    try:
        for t in threads:
            t.start()
        # Kill once writes are under way (a loaded machine may take a while to get there).
        deadline = time.monotonic() + 30
        while sum(len(h) for h in list(acked.values())) < 20 and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.5)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    finally:
        stop.set()
        for t in threads:
            t.join(15)
        if server.poll() is None:
            server.kill()
    assert sum(len(h) for h in acked.values()) > 0, "no hand was acknowledged before the kill"

    conn = sqlite3.connect(database)
    assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
    conn.close()

    server = serve(database, port)
    try:
        phone = Phone(base)
        for game_id, hands in acked.items():
            status, _, body = phone.request(f"/games/{game_id}/export.json")
            assert status == 200
            stored = json.loads(body)["hands"]
            played = [(h["bids"], h["tricks"]) for h in stored if h["tricks"] is not None]
            assert played[: len(hands)] == hands
            # at most one hand beyond the acknowledged ones: saved, but its answer was cut off
            assert len(stored) <= len(hands) + 1
    finally:
        server.kill()
        server.wait(10)
