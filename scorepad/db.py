"""One SQLite connection per request, through sqlite-utils; migrations applied on start."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, current_app, g
from sqlite_utils import Database

from .migrations import migrations

BUSY_TIMEOUT_SECONDS = 5.0
_migrate_lock = threading.Lock()


def connect(path: str) -> Database:
    """Open the database file with a busy timeout; transactions are explicit.

    WAL mode is a property of the file, set once by `migrate`."""
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None,
                           check_same_thread=False)
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA synchronous=NORMAL")
    return Database(conn, recursive_triggers=False)


def migrate(path: str) -> None:
    """Create the file if needed, switch it to WAL and apply every pending migration."""
    db = connect(path)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        migrations.apply(db)
    finally:
        db.close()


def backup(source: str, target: str) -> int:
    """Copy the database with SQLite's online backup; returns the pages copied."""
    src = sqlite3.connect(source, timeout=BUSY_TIMEOUT_SECONDS)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
        return dst.execute("pragma page_count").fetchone()[0]
    finally:
        dst.close()
        src.close()


@contextmanager
def writing(db: Database) -> Iterator[Database]:
    """One write transaction, taken at once so that two phones queue, not collide."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.rollback()
        raise
    db.execute("COMMIT")


def get_db() -> Database:
    """The request's connection, opened on first use."""
    if "db" not in g:
        path = current_app.config["DATABASE"]
        state = current_app.extensions.setdefault("scorepad.db", {})
        if not state.get(path):
            with _migrate_lock:
                if not state.get(path):
                    migrate(path)
                    # An idle connection kept open for the app's life: closing each
                    # request's connection then never closes the last one, which would
                    # checkpoint and delete the WAL file every time.
                    state[path] = sqlite3.connect(path, check_same_thread=False)
        g.db = connect(path)
    return g.db


def close_db(exc: BaseException | None = None) -> None:
    """Close the request's connection, if one was opened."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_app(app: Flask) -> None:
    """Close each request's connection at teardown."""
    app.teardown_appcontext(close_db)
