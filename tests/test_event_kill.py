"""The real server SIGKILLed during the bracket's steps: the save that ends the last
semi-final and "Start the playoff" leave the night as it was or as the step made it,
and the director then goes on to a final that plays to its own target."""

from __future__ import annotations

import re
import signal
import sqlite3
import threading
import time

import pytest

from scorepad.store import storage
from scorepad.store.db import connect
from scorepad.store.event_commands import playoff, rounds
from scorepad.store.events import load_event
from scorepad.store.storage import load_game
from tests.event_helpers import director_act, hands_at_each_table, night_started
from tests.helpers import bid_form, straight_version, tricks_form
from tests.live import Phone, free_port, serve

PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]
DELAYS = (0.0, 0.002, 0.006, 0.05)  # after the POST is sent: in it, or after it


def _copy(source, target) -> None:
    """The file as SQLite reads it, its write-ahead log included."""
    src, dst = sqlite3.connect(source), sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()


def _tables(desk: Phone, event_id: str, number: int) -> list[str]:
    _, _, tents = desk.request(f"/events/{event_id}/rounds/{number}/tables")
    return [p.rsplit("/", 1)[-1] for p in re.findall(r'href="/events/table/([\w-]+)"', tents)]


@pytest.fixture(scope="module")
def nights(tmp_path_factory):
    """Two files, made by the real server: round 1 over (`played`); the semi-finals
    started, the first over, the last with its last hand bid (`semis`)."""
    folder = tmp_path_factory.mktemp("kill")
    path, port = folder / "night.db", free_port()
    server = serve(path, port)
    base = f"http://127.0.0.1:{port}"
    try:
        desk = Phone(base)
        extra = {"playoff": 4, "rounds": 1, "target": 100, "final_target": 150}
        event_id, _, tables = night_started(desk, PAIRS, **extra)
        hands_at_each_table(base, tables, 2)  # 126 to -120 at each table: over
        _copy(path, folder / "played.db")
        for action in ("playoff", "start"):
            director_act(desk, event_id, action)
        one, two = _tables(desk, event_id, 2)
        hands_at_each_table(base, [one], 2)
        hands_at_each_table(base, [two], 1)
        table = Phone(base)
        table.request(f"/games/{two}")
        assert table.request(f"/games/{two}/bids", bid_form(2, [3, 3, 3, 3]))[0] == 302
    finally:
        server.send_signal(signal.SIGKILL)  # every write above was acknowledged
        server.wait(10)
    _copy(path, folder / "semis.db")
    return folder, event_id, two


def _killed_during(path, request, delay: float) -> None:
    """Serve `path`, send `request(base, sent)` and SIGKILL the server `delay` seconds
    after it set `sent` (its POST on its way)."""
    port = free_port()
    server = serve(path, port)
    sent = threading.Event()
    sender = threading.Thread(target=request, args=(f"http://127.0.0.1:{port}", sent))
    try:
        sender.start()
        sent.wait(10)
        time.sleep(delay)
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        sender.join(15)


def _post(path: str, data_of):
    def send(base: str, sent: threading.Event) -> None:
        phone = Phone(base, timeout=3)
        try:
            phone.request(path.rsplit("/", 1)[0])  # its page, for the CSRF token
            data = data_of(phone)
            sent.set()
            phone.request(path, data)
        except (OSError, TypeError):
            pass  # killed before it answered (or before the page it reads)
        finally:
            sent.set()

    return send


def test_a_kill_during_the_save_ending_the_last_semi_final(nights, tmp_path):
    folder, event_id, game_id = nights
    for trial, delay in enumerate(DELAYS):
        path = tmp_path / f"semis{trial}.db"
        _copy(folder / "semis.db", path)
        form = tricks_form(2, straight_version(2), [], sides=[9, 4])
        save = _post(f"/games/{game_id}/tricks", lambda phone, form=form: form)
        _killed_during(path, save, delay)
        storage.forget_all()
        db = connect(str(path))
        try:
            event = load_event(db, event_id)
            score = load_game(db, game_id).score()
            if score.pending:  # not saved: the semi-final still waits for its tricks
                assert event.rounds[1].status == "playing"
                continue
            assert score.status == "finished" and event.rounds[1].status == "done"
            playoff.next_playoff_round(db, event_id, event.revision)
            rounds.start_round(db, event_id, load_event(db, event_id).revision)
            (final,) = load_event(db, event_id).round_matches(3)
            assert load_game(db, final.game_id).game.rules.target == 150
        finally:
            db.close()


def test_a_kill_during_start_the_playoff(nights, tmp_path):
    folder, event_id, _ = nights
    for trial, delay in enumerate(DELAYS):
        path = tmp_path / f"played{trial}.db"
        _copy(folder / "played.db", path)

        def revision(phone: Phone) -> dict[str, str]:
            page = phone.request(f"/events/{event_id}")[2]
            return {"revision": re.search(r'name="revision" type="hidden" value="(\d+)"', page)[1]}

        _killed_during(path, _post(f"/events/{event_id}/playoff", revision), delay)
        storage.forget_all()
        db = connect(str(path))
        try:
            event = load_event(db, event_id)
            assert [r.kind for r in event.rounds] in (["round"], ["round", "playoff"])
            if len(event.rounds) == 2:  # drawn whole, its two semi-finals, no game yet
                assert event.current.status == "drawn" and len(event.round_matches(2)) == 2
                assert not any(m.game_id for m in event.round_matches(2))
            assert db.conn.execute("select count(*) from games").fetchone()[0] == 2
        finally:
            db.close()
