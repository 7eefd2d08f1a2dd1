"""The SQLite file through sqlite-utils: connect, migrate, write transactions, backup."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from sqlite_utils import Database

from .migrations import migrations

BUSY_TIMEOUT_SECONDS = 5.0


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
    """One write transaction, taken at once so that two phones queue, not collide.

    Inside a transaction already begun, it joins it: the outer one commits or rolls
    back both (a seat's bid and the hand it completes are one write)."""
    if db.conn.in_transaction:
        yield db
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.rollback()
        raise
    db.execute("COMMIT")
