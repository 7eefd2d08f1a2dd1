"""A club night stopped at any moment (the server killed, the disk gone) is left as it
was or as the step made it, never half made: each step of the bracket and the start
of a round of 30 tables is one transaction. Simulated by a crash at every statement
of the step's write in turn; and two directors racing Start against Cancel and Draw."""

from __future__ import annotations

import shutil
import sqlite3
import threading
from collections.abc import Callable

import pytest

from scorepad.core.event import check_settings
from scorepad.core.rules import validate_rules
from scorepad.store import storage
from scorepad.store.commands import record_bids, record_tricks
from scorepad.store.db import connect, migrate
from scorepad.store.event_commands import checkin, clock, playoff, rounds
from scorepad.store.events import load_event
from scorepad.store.storage import load_game
from tests.event_helpers import Night
from tests.helpers import dump_rows


class Crash(BaseException):
    """The process stops here: nothing after this statement runs."""


class _Dying:
    """A connection that dies at its `at`-th statement inside a write (BEGIN and
    ROLLBACK aside: the rollback stands for SQLite's own on the next open)."""

    def __init__(self, conn: sqlite3.Connection, at: int) -> None:
        self._conn, self.at, self.seen = conn, at, 0

    def _count(self, sql: str) -> None:
        word = sql.split(None, 1)[0].upper()
        if self._conn.in_transaction and word not in ("ROLLBACK", "BEGIN"):
            self.seen += 1
            if self.seen == self.at:
                raise Crash(sql)

    def execute(self, sql, *args):  # type: ignore[no-untyped-def]
        self._count(sql)
        return self._conn.execute(sql, *args)

    def executemany(self, sql, *args):  # type: ignore[no-untyped-def]
        self._count(sql)
        return self._conn.executemany(sql, *args)

    def __getattr__(self, name):  # type: ignore[no-untyped-def]
        return getattr(self._conn, name)


def _orphans(db) -> int:
    return db.conn.execute(
        "select count(*) from games where id not in "
        "(select game_id from event_matches where game_id is not null)"
    ).fetchone()[0]


def _every_crash(tmp_path, template: str, step: Callable, check: Callable, every: int = 1):
    """Run `step(db, event_id)` on a copy of `template` once for each statement of its
    write, dying there: the file is then as before, and the step done again completes
    (`check` of the event after it). Returns how many statements the step wrote."""
    before = dump_rows(template)
    at = 1
    while True:
        path = str(tmp_path / f"crash{at}.db")
        shutil.copy(template, path)
        storage.forget_all()
        db = connect(path)
        db.conn = _Dying(db.conn, at)  # type: ignore[assignment]
        event_id = db.conn.execute("select id from events").fetchone()[0]
        try:
            step(db, event_id)
        except Crash:
            db.close()
            assert dump_rows(path) == before, f"half made, dying at statement {at}"
            again = connect(path)
            step(again, event_id)  # the director presses again: it is done whole
            check(again, event_id)
            assert _orphans(again) == 0
            again.close()
            at += every
            continue
        db.close()
        return at - 1  # ran to its end: no statement left to die at


PAIRS = [("Ann", "Bo"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal")]


def _template(tmp_path, pairs, **more) -> tuple[str, str]:
    path = str(tmp_path / "template.db")
    migrate(path)
    db = connect(path)
    settings = check_settings({"name": "Club", "rounds": 1, "playoff": 4, **more})
    event_id = checkin.create_event(db, settings, validate_rules({"target": 100}))
    for pair in pairs:
        checkin.check_in(db, event_id, list(pair))
    db.close()
    return path, event_id


def _revision(db, event_id) -> int:
    return load_event(db, event_id).revision


def _play(db, game_id, side0):
    number = load_game(db, game_id).score().next_number
    record_bids(db, game_id, number, (3, 3, 3, 3))
    version = load_game(db, game_id).versions[number - 1]
    record_tricks(db, game_id, number, version, (None,) * 4, side_tricks=(side0, 13 - side0))


def _with(path: str, *steps: Callable) -> None:
    db = connect(path)
    event_id = db.conn.execute("select id from events").fetchone()[0]
    for do in steps:
        do(db, event_id)
    db.close()


def _start(db, event_id):
    rounds.start_round(db, event_id, _revision(db, event_id))


def _draw(db, event_id):
    rounds.draw_next(db, event_id, _revision(db, event_id))


def _round_one_played(db, event_id):
    for m in load_event(db, event_id).round_matches(1):
        _play(db, m.game_id, 13)
        clock.end_table(db, event_id, 1, m.number)


def _start_playoff(db, event_id):
    playoff.start_playoff(db, event_id, _revision(db, event_id))


def test_a_crash_during_start_the_playoff_leaves_no_half_bracket(tmp_path):
    path, _ = _template(tmp_path, PAIRS)
    _with(path, _draw, _start, _round_one_played)

    def drawn(db, event_id):
        event = load_event(db, event_id)
        assert [r.kind for r in event.rounds] == ["round", "playoff"]
        assert len(event.round_matches(2)) == 2 and event.current.status == "drawn"

    assert _every_crash(tmp_path, path, _start_playoff, drawn) >= 3


def _semi_final_last_hand(db, event_id):
    semis = load_event(db, event_id).round_matches(2)
    game_id = semis[1].game_id
    version = load_game(db, game_id).versions[-1]
    record_tricks(db, game_id, 2, version, (None,) * 4, side_tricks=(9, 4))


def test_a_crash_in_the_save_that_ends_the_last_semi_final(tmp_path):
    path, _ = _template(tmp_path, PAIRS, final_target=150)

    def semis_nearly_over(db, event_id):
        one, two = load_event(db, event_id).round_matches(2)
        for _ in range(2):
            _play(db, one.game_id, 9)  # 126 to -120: over
        _play(db, two.game_id, 9)
        record_bids(db, two.game_id, 2, (3, 3, 3, 3))  # the last semi-final's last hand

    _with(path, _draw, _start, _round_one_played, _start_playoff, _start, semis_nearly_over)

    def ended(db, event_id):
        event = load_event(db, event_id)
        two = event.round_matches(2)[1]
        assert load_game(db, two.game_id).score().status == "finished"
        assert event.rounds[1].status == "done" and len(event.rounds) == 2

    def save_again_or_not(db, event_id):  # done again: the hand is saved once
        two = load_event(db, event_id).round_matches(2)[1]
        if load_game(db, two.game_id).score().pending:
            _semi_final_last_hand(db, event_id)

    assert _every_crash(tmp_path, path, save_again_or_not, ended) >= 4

    # then the director draws the final and starts it: each step whole, the final to 150
    _with(path, _semi_final_last_hand)

    def final_drawn(db, event_id):
        event = load_event(db, event_id)
        assert len(event.rounds) == 3 and len(event.round_matches(3)) == 1

    def next_round(db, event_id):
        playoff.next_playoff_round(db, event_id, _revision(db, event_id))

    assert _every_crash(tmp_path, path, next_round, final_drawn) >= 3
    _with(path, next_round)

    def final_started(db, event_id):
        (final,) = load_event(db, event_id).round_matches(3)
        assert load_game(db, final.game_id).game.rules.target == 150

    assert _every_crash(tmp_path, path, _start, final_started) >= 3


def test_a_crash_while_thirty_tables_start_leaves_none_or_all(tmp_path):
    path, _ = _template(tmp_path, [(f"N{i}", f"S{i}") for i in range(60)], rounds=2)
    _with(path, _draw)

    def all_started(db, event_id):
        event = load_event(db, event_id)
        assert event.current.status == "playing"
        matches = event.round_matches(1)
        assert len(matches) == 30 and all(load_game(db, m.game_id) for m in matches)

    written = _every_crash(tmp_path, path, _start, all_started, every=11)
    assert written >= 60  # a game and its link for each table, in the one write


@pytest.mark.parametrize("attempt", range(6))
def test_two_directors_start_against_cancel_and_draw(client, app, attempt):
    night = Night(client, app)
    for i in range(60):
        night.check_in(f"N{i}", f"S{i}")
    night.act("draw", "Round drawn")
    revision = night.revision()
    barrier = threading.Barrier(2)
    said: dict[str, str] = {}

    def director(name, steps):
        phone = app.test_client()
        barrier.wait()
        for path in steps:
            seen = night.revision() if path == "draw" else revision
            phone.post(f"/events/{night.id}/{path}", data={"revision": seen})
            page = phone.get(f"/events/{night.id}").get_data(as_text=True)
            said[f"{name} {path}"] = page

    threads = [
        threading.Thread(target=director, args=("A", ["start"])),
        threading.Thread(target=director, args=("B", ["cancel", "draw"])),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    event = night.event()
    matches = event.round_matches(event.current.number)
    started = "every table has its game" in said["A start"]
    with app.app_context():
        from scorepad.web.db import get_db

        assert _orphans(get_db()) == 0  # no game without its table
    if event.current.status == "playing":
        assert started and all(m.game_id for m in matches) and len(event.rounds) == 1
        assert "changed on another device" in said["B cancel"]
    else:  # the draw was cancelled first: the start was refused, and said so
        assert not started and "changed on another device" in said["A start"]
        assert not any(m.game_id for m in matches)
