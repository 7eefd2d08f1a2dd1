"""The real server killed with SIGKILL mid-writes: the file is sound, no acknowledged hand lost."""

from __future__ import annotations

import http.client
import re
import signal
import sqlite3
import threading
import time

from tests.live import (
    HANDS,
    Phone,
    acknowledged,
    exported_hands,
    free_port,
    keep_table,
    serve,
    tables_writing,
)

TABLES = 4
# Two hands that keep totals near 0, so a game never ends while the test runs.


def _kill_while_tables_write(
    database, port: int, table, least: int, within: float, then: float
) -> dict[str, list]:
    """Serve `database`, let TABLES threads run `table` against it and SIGKILL the server
    once `least` things are acknowledged (or `within` seconds pass), `then` seconds on;
    what each table had acknowledged."""
    server = serve(database, port)
    acked: dict[str, list] = {}
    try:
        with tables_writing(f"http://127.0.0.1:{port}", table, TABLES, acked, least, within):
            time.sleep(then)
            server.send_signal(signal.SIGKILL)
            server.wait(10)
    finally:
        if server.poll() is None:
            server.kill()
    assert acknowledged(acked) > 0, "no hand was acknowledged before the kill"
    return acked


def test_sigkill_mid_writes_keeps_every_acknowledged_hand(tmp_path):
    database, port = tmp_path / "scorepad.db", free_port()
    base = f"http://127.0.0.1:{port}"
    acked = _kill_while_tables_write(database, port, keep_table, least=20, within=30, then=0.5)

    conn = sqlite3.connect(database)
    assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
    conn.close()

    server = serve(database, port)
    try:
        phone = Phone(base)
        for game_id, hands in acked.items():
            stored = exported_hands(phone, game_id)
            played = [(h["bids"], h["tricks"]) for h in stored if h["tricks"] is not None]
            assert played[: len(hands)] == hands
            # at most one hand beyond the acknowledged ones: saved, but its answer was cut off
            assert len(stored) <= len(hands) + 1
    finally:
        server.kill()
        server.wait(10)


# --- the same with seat phones, dealer changes and adjustments ----------------------------

VERSION = re.compile(r'name="version" (?:type="hidden" )?value="(\d+)"')
LINK = re.compile(r'class="seat-link">(http://[^<]+/seat/[\w-]+)<')


def _ok(phone: Phone, path: str, data: dict[str, str] | None = None) -> str:
    """GET a page (for its CSRF token) or POST a form; the page, or an error if the
    server did not acknowledge it."""
    status, _, body = phone.request(path, data)
    if status not in (200, 302):
        raise http.client.HTTPException(f"{path}: {status}")
    return body


def _hand_at_a_seated_table(base: str, scorer: Phone, seats: list, game_id: str, n: int) -> dict:
    """Hand `n`: the scorer picks its dealer, every seat phone bids, the scorer saves the
    tricks and adjusts the hand. Returns the hand as acknowledged."""
    bids, tricks = HANDS[n % 2]
    dealer, adjust = n % 4, [10, -10] if n % 2 else [-10, 10]
    _ok(scorer, f"/games/{game_id}/hands/{n}/dealer")
    _ok(scorer, f"/games/{game_id}/hands/{n}/dealer", {"version": "0", "dealer": str(dealer)})
    for (phone, path), bid in zip(seats, bids):
        _ok(phone, path)
        _ok(phone, path, {"number": str(n), "bid": str(bid)})
    version = VERSION.search(_ok(scorer, f"/games/{game_id}")).group(1)
    form = {"number": str(n), "version": version}
    form.update({f"tricks_{s}": str(t) for s, t in enumerate(tricks)})
    _ok(scorer, f"/games/{game_id}/tricks", form)
    version = VERSION.search(_ok(scorer, f"/games/{game_id}/hands/{n}/adjust")).group(1)
    note = {"note": f"ruling {n}", "version": version}
    _ok(
        scorer,
        f"/games/{game_id}/hands/{n}/adjust",
        {**note, "adjust_0": str(adjust[0]), "adjust_1": str(adjust[1])},
    )
    return {"bids": bids, "tricks": tricks, "dealer": dealer, "adjust": adjust}


def _seated_table(base: str, acked: dict, stop: threading.Event, key: int) -> None:
    scorer = Phone(base, timeout=3)
    try:
        game_id = scorer.start_game(players=(f"A{key}", f"B{key}", f"C{key}", f"D{key}"))
        _ok(scorer, f"/games/{game_id}")
        _ok(scorer, f"/games/{game_id}/seats", {"seats": "on"})
        links = LINK.findall(_ok(scorer, f"/games/{game_id}"))
    except Exception:
        return
    seats = [(Phone(base, timeout=3), link.removeprefix(base)) for link in links]
    try:
        for phone, path in seats:  # each phone taps "I am ..." on its seat's page
            name = re.search(r'name="name" value="([^"]*)"', _ok(phone, path)).group(1)
            _ok(phone, f"{path}/claim", {"name": name})
    except Exception:
        return
    acked[game_id] = []
    number = 1
    while not stop.is_set():
        try:
            acked[game_id].append(_hand_at_a_seated_table(base, scorer, seats, game_id, number))
        except (OSError, http.client.HTTPException, AttributeError):
            return  # the server is gone: whatever was acknowledged must survive
        number += 1


def test_sigkill_keeps_every_acknowledged_seat_bid_dealer_and_adjustment(tmp_path):
    database, port = tmp_path / "scorepad.db", free_port()
    base = f"http://127.0.0.1:{port}"
    acked = _kill_while_tables_write(database, port, _seated_table, least=8, within=40, then=0.3)

    server = serve(database, port)
    try:
        phone = Phone(base)
        for game_id, hands in acked.items():
            stored = exported_hands(phone, game_id)
            for hand, saved in zip(hands, stored):
                assert (saved["bids"], saved["tricks"]) == (hand["bids"], hand["tricks"])
                assert (saved["dealer"], saved["adjust"]) == (hand["dealer"], hand["adjust"])
            assert len(hands) <= len(stored) <= len(hands) + 1
    finally:
        server.kill()
        server.wait(10)
