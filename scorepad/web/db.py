"""The per-request database connection: opened on first use, closed at teardown."""

from __future__ import annotations

import sqlite3
import threading

from flask import current_app, g
from sqlite_utils import Database

from ..store.db import connect, migrate

_migrate_lock = threading.Lock()


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
