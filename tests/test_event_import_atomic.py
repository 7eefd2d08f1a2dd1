"""An event import is one transaction, its games with it (issue 26, finding 12): an import
cut short, by an error or a SIGKILL, leaves no game and no event behind."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad.files import event as eventfile
from scorepad.store import storage
from scorepad.store.db import connect, migrate
from scorepad.store.event_commands import transfer as event_transfer
from tests.event_files import pairs_night, upload

ROOT = Path(__file__).resolve().parents[1]


def _counts(path: str) -> tuple[int, int, int]:
    conn = sqlite3.connect(path)
    try:
        return tuple(  # type: ignore[return-value]
            conn.execute(f"select count(*) from {table}").fetchone()[0]
            for table in ("games", "hands", "events")
        )
    finally:
        conn.close()


def _import(db, parsed: eventfile.EventFile) -> str:
    return event_transfer.import_event(
        db,
        parsed.settings,
        parsed.rules,
        parsed.entrants,
        parsed.rounds,
        parsed.matches,
        parsed.scores,
    )


def test_an_import_that_fails_midway_leaves_no_game_and_no_event(tmp_path, monkeypatch):
    path = str(tmp_path / "scorepad.db")
    migrate(path)
    db = connect(path)
    parsed = eventfile.read(pairs_night())
    _import(db, parsed)
    before = _counts(path)
    assert before[0] == 4 and before[2] == 1

    def broken(*args):
        raise RuntimeError("the server stopped here")

    monkeypatch.setattr(event_transfer, "_entrants", broken)  # after the games are written
    storage.forget_all()
    with pytest.raises(RuntimeError):
        _import(db, parsed)
    assert _counts(path) == before
    assert not db.conn.in_transaction
    with storage._recent_lock:
        assert len(storage._recent) == 0  # no game remembered that was never committed
    db.close()


def test_an_import_refused_by_the_database_leaves_nothing(app, client, monkeypatch):
    def broken(*args):
        raise sqlite3.IntegrityError("UNIQUE constraint failed: event_entrants.name_key")

    monkeypatch.setattr(event_transfer, "_entrants", broken)
    migrate(app.config["DATABASE"])
    before = _counts(app.config["DATABASE"])
    response = upload(client, pairs_night())
    assert response.status_code == 400 and "This file was not imported" in response.text
    assert _counts(app.config["DATABASE"]) == before


# The import run in a process of its own, stopped once its games are written (inside
# the transaction, before the event's rows), waiting to be killed.
IMPORTER = """
import sys
from scorepad.files import event as eventfile
from scorepad.store.event_commands import transfer as event_transfer
from scorepad.store.db import connect, migrate

path, night = sys.argv[1], sys.argv[2]
migrate(path)
db = connect(path)
parsed = eventfile.loads(open(night, "rb").read())


def stopped(*args):
    print("games written", flush=True)
    sys.stdin.read()  # never answered: the test kills this process here


event_transfer.insert_event = stopped
event_transfer.import_event(
    db, parsed.settings, parsed.rules, parsed.entrants, parsed.rounds, parsed.matches,
    parsed.scores,
)
"""


def test_a_sigkill_mid_import_leaves_no_game_and_no_event(tmp_path):
    path, night = tmp_path / "scorepad.db", tmp_path / "night.json"
    night.write_text(json.dumps(pairs_night()))
    process = subprocess.Popen(
        [sys.executable, "-c", IMPORTER, str(path), str(night)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "games written"
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == -signal.SIGKILL
    conn = sqlite3.connect(path)
    assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
    conn.close()
    assert _counts(str(path)) == (0, 0, 0)
