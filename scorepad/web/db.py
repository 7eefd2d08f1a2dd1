"""The per-request database connection: opened on first use, closed at teardown."""

from __future__ import annotations

import sqlite3
import threading

from flask import current_app, g
from sqlite_utils import Database

from ..store.db import connect, prepare

_migrate_lock = threading.Lock()
READ_ONLY = "read-only"


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


def get_db() -> Database:
    """The request's connection, opened on first use."""
    if "db" not in g:
        path = current_app.config["DATABASE"]
        state = current_app.extensions.setdefault("scorepad.db", {})
        if not state.get(path):
            with _migrate_lock:
                if not state.get(path):
                    state[path] = _open(path)
        g.db = connect(path, read_only=state[path] == READ_ONLY)
    return g.db


def close_db(exc: BaseException | None = None) -> None:
    """Close the request's connection, if one was opened."""
    db = g.pop("db", None)
    if db is not None:
        db.close()
