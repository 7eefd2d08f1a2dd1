"""The server thread's database connection: opened on first use with its PRAGMAs, then
kept for that thread's later requests (a new connection and its PRAGMAs cost more
than most reads), rolled back if a request left a transaction open, closed at exit."""

from __future__ import annotations

import atexit
import sqlite3
import threading
import weakref
from typing import Any

from flask import current_app, g
from sqlite_utils import Database

from ..store.db import connect, prepare

_migrate_lock = threading.Lock()
READ_ONLY = "read-only"
_thread = threading.local()
# Every kept connection, to close at exit; weak, so a finished test's app lets go of its own.
_open_dbs: weakref.WeakSet[Database] = weakref.WeakSet()


def _anchor(path: str) -> sqlite3.Connection:
    """An idle connection kept open for the app's life, so that closing a request's
    connection never closes the last one (which checkpoints and deletes the WAL).

    It must have read the file: only then does it hold the shared lock that tells a
    closing connection it is not the last one."""
    conn = sqlite3.connect(path, check_same_thread=False)
    conn.execute("select count(*) from sqlite_master").fetchone()
    return conn


def _open(path: str) -> sqlite3.Connection | str:
    if not prepare(path):
        return _anchor(path)
    # Read as it is; writes are refused with a message that says so.
    current_app.logger.warning(
        "%s is in a read-only folder: scorepad can show games but not save them", path
    )
    return READ_ONLY


def _state() -> dict[str, Any]:
    """This app's files, each migrated and anchored once (or found read-only)."""
    return current_app.extensions.setdefault("scorepad.db", {})  # type: ignore[no-any-return]


def get_db() -> Database:
    """The connection this request uses: the thread's own for this app and file."""
    found = g.get("db")  # one look through the proxy: a request asks about ten times
    if found is not None:
        return found  # type: ignore[no-any-return]
    path = current_app.config["DATABASE"]
    state = _state()
    if not state.get(path):
        with _migrate_lock:
            if not state.get(path):
                state[path] = _open(path)
    kept = getattr(_thread, "kept", None)
    # One connection a thread: kept while the thread serves the same app and file
    # (the tests run several apps on one thread; each gets its own).
    if kept is None or kept[0] is not state or kept[1] != path:
        forget()
        db = connect(path, read_only=state[path] == READ_ONLY)
        _thread.kept = (state, path, db)
        _open_dbs.add(db)
    g.db = found = _thread.kept[2]
    return found  # type: ignore[no-any-return]


def close_db(exc: BaseException | None = None) -> None:
    """End the request's use of the connection: a transaction it left open is rolled
    back (the connection stays for the thread's next request); after an error from
    SQLite itself the connection is closed, and the next request opens a fresh one."""
    db = g.pop("db", None)
    if db is None:
        return
    try:
        if db.conn.in_transaction:
            db.conn.rollback()
    except sqlite3.Error:
        forget()
        return
    if isinstance(exc, sqlite3.Error):
        forget()


def forget() -> None:
    """Close this thread's kept connection, if any (the next request opens another)."""
    kept = getattr(_thread, "kept", None)
    _thread.kept = None
    if kept is not None:
        _open_dbs.discard(kept[2])
        kept[2].close()


@atexit.register
def close_all() -> None:
    """Close every thread's kept connection: at exit, or when a server stops."""
    for db in list(_open_dbs):
        _open_dbs.discard(db)
        db.close()
