"""The request's database connection, taken from the app's idle ones, the last given
back first, and given back at the request's end; a new one (with its PRAGMAs) only when
none is idle. A new connection cost more than most reads; and requests one after another
use one connection, whose page cache stays good after its own writes (SQLite drops a
connection's cache when another one has written), where one connection a server thread
read the file afresh on most requests. Requests at the same time each take their own.
A transaction a request left open is rolled back; all are closed at exit.

Cache: each app's `scorepad.idle`, its idle connections (`_Idle`) keyed by the database
path; a connection is never shared by two requests at once, and one SQLite failed on is
closed, not given back.
"""

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
# Every kept connection, to close at exit; weak, so a finished test's app lets go of its own.
_open_dbs: weakref.WeakSet[Database] = weakref.WeakSet()


class _Idle:
    """The idle connections of one app's file, the last given back on top."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.stack: list[Database] = []

    def take(self) -> Database | None:
        with self.lock:
            return self.stack.pop() if self.stack else None

    def give_back(self, db: Database) -> None:
        with self.lock:
            self.stack.append(db)

    def close(self) -> None:
        with self.lock:
            idle, self.stack = self.stack, []
        for db in idle:
            _close(db)


_pools: weakref.WeakSet[_Idle] = weakref.WeakSet()


def _close(db: Database) -> None:
    _open_dbs.discard(db)
    db.close()


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
    """The connection this request uses: an idle one of this app's file, else a new one."""
    found = g.get("db")  # one look through the proxy: a request asks about ten times
    if found is not None:
        return found  # type: ignore[no-any-return]
    path = current_app.config["DATABASE"]
    state = _state()
    if not state.get(path):
        with _migrate_lock:
            if not state.get(path):
                state[path] = _open(path)
    pools: dict[str, _Idle] = current_app.extensions.setdefault("scorepad.idle", {})
    pool = pools.get(path)
    if pool is None:
        pool = pools.setdefault(path, _Idle())
        _pools.add(pool)
    db = pool.take()
    if db is None:
        db = connect(path, read_only=state[path] == READ_ONLY)
        _open_dbs.add(db)
    g.db, g.db_pool = db, pool
    return db


def close_db(exc: BaseException | None = None) -> None:
    """End the request's use of the connection: a transaction it left open is rolled
    back and the connection is given back for a later request; after an error from
    SQLite itself it is closed instead, and a later request opens a fresh one."""
    db = g.pop("db", None)
    pool = g.pop("db_pool", None)
    if db is None:
        return
    failed = isinstance(exc, sqlite3.Error)
    try:
        if db.conn.in_transaction:
            db.conn.rollback()
    except sqlite3.Error:
        failed = True
    if failed or pool is None:
        _close(db)
    else:
        pool.give_back(db)


def forget() -> None:
    """Close every idle connection (later requests open new ones)."""
    for pool in list(_pools):
        pool.close()


@atexit.register
def close_all() -> None:
    """Close every kept connection: at exit, or when a server stops."""
    for db in list(_open_dbs):
        _close(db)
