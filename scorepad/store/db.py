"""The SQLite file through sqlite-utils: connect, migrate, write transactions, backup.

Cache: `_files`, the file each connection reads, keyed weakly by the connection (gone
with it); an in-memory database is named "memory:N" by a counter, never used twice."""

from __future__ import annotations

import itertools
import os
import sqlite3
import tempfile
from collections.abc import Generator, Iterator, Sequence
from contextlib import contextmanager, suppress
from operator import itemgetter
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from sqlite_utils import Database

from .migrations import migrations

BUSY_TIMEOUT_SECONDS = 5.0
_files: WeakKeyDictionary[Database, str] = WeakKeyDictionary()
# Each in-memory database its own name, "memory:1", "memory:2", ...: never used twice in
# a process, as an id() would be once its connection is gone.
_memory_names = itertools.count(1)
READS = ("SELECT", "WITH")
_NAME = itemgetter(0)  # a column's name, first of what cursor.description says of it


class Store(Database):
    """sqlite-utils' Database, reading without a SAVEPOINT around each query.

    `Database.query` wraps every statement in SAVEPOINT/RELEASE, so that a statement
    which turns out to write can be undone before it complains; scorepad's reads are
    SELECTs (or WITH ... SELECT), which write nothing, so they run as they are. Their
    rows are fetched at once: a half-read cursor would hold the connection's read
    snapshot open, and the web layer keeps a connection for many requests."""

    def query(  # type: ignore[override]
        self, sql: str, params: Sequence[Any] | dict[str, Any] | None = None
    ) -> Generator[dict[str, Any], None, None]:
        """The rows of a read, as dicts; any other statement as sqlite-utils runs it."""
        if sql.split(None, 1)[0].upper() not in READS:
            return super().query(sql, params)
        if self._tracer:
            self._tracer(sql, params)
        cursor = self.conn.execute(sql, params if params is not None else ())
        if cursor.description is None:
            raise ValueError("query() can only be used with SQL that returns rows")
        keys = tuple(map(_NAME, cursor.description))
        return (dict(zip(keys, row)) for row in cursor.fetchall())


def connect(path: str, *, read_only: bool = False) -> Database:
    """Open the database file with a busy timeout; transactions are explicit.

    WAL mode is a property of the file, set once by `migrate`. `read_only` reads a
    file in a folder SQLite cannot write to (no -wal or -shm file can be made there)."""
    target, uri = path, False
    if read_only:
        target, uri = f"{Path(path).resolve().as_uri()}?mode=ro&immutable=1", True
    conn = sqlite3.connect(
        target, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None, check_same_thread=False, uri=uri
    )
    conn.execute("PRAGMA foreign_keys=ON")
    # FULL: a hand the app said it saved survives a power cut (NORMAL may lose the
    # last commits in WAL mode); bench/pages.py measures its cost.
    conn.execute("PRAGMA synchronous=FULL")
    db = Store(conn, recursive_triggers=False)
    _files[db] = str(Path(path).resolve())  # known here: no query needed to find it later
    return db


def file_of(db: Database) -> str:
    """The file a connection reads: as `connect` opened it, else as SQLite says."""
    if db not in _files:
        main = (row[2] for row in db.execute("pragma database_list") if row[1] == "main")
        _files[db] = next(main, "") or f"memory:{next(_memory_names)}"
    return _files[db]


class Unusable(Exception):
    """A database file scorepad must not start on, nor write to: args are its path, why
    ("empty": zero bytes, or "damaged") and SQLite's own words (its quick check's first)."""


def check_file(path: str, *, read_only: bool = False) -> None:
    """SQLite's quick check of every page of an existing file (not the indexes'
    contents): damage is said at start, before anything is written, not at the first
    request that reads the damaged page. A file that cannot be opened is left to SQLite."""
    if not os.path.isfile(path):
        return
    _not_empty(path)
    try:
        db = connect(path, read_only=read_only)
        try:
            found = [row[0] for row in db.execute("PRAGMA quick_check(1)").fetchall()]
        finally:
            db.close()
    except sqlite3.DatabaseError as err:
        if isinstance(err, sqlite3.OperationalError):
            raise  # the file cannot be opened or locked here: not damage
        raise Unusable(path, "damaged", str(err)) from None
    if found != ["ok"]:
        said = [line for line in "\n".join(found).splitlines() if not line.startswith("***")]
        raise Unusable(path, "damaged", "; ".join(said) or "no answer")


def _not_empty(path: str) -> None:
    """A file of zero bytes (a copy cut short, a restore that failed) is not taken for a
    new database: SQLite would silently start it empty, the games it should hold gone."""
    if os.path.isfile(path) and os.path.getsize(path) == 0:
        raise Unusable(path, "empty", "")


def migrate(path: str) -> None:
    """Create the file if needed, switch it to WAL and apply every pending migration;
    an empty or damaged file is refused first (Unusable), untouched."""
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # SQLite says what is wrong when it opens the file
    check_file(path)
    db = connect(path)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        migrations.apply(db)
    finally:
        db.close()


class NotMigrated(Exception):
    """A database SQLite can only read that lacks migrations this scorepad needs."""


def prepare(path: str) -> bool:
    """Migrate the file and return False; or return True for a file SQLite can only read.

    SQLite in WAL mode makes -wal and -shm files beside the database: in a read-only
    folder (as after a restore that removed them) it cannot, so the file is read as
    it is, provided it needs no migration; anything else wrong is raised."""
    try:
        migrate(path)
        return False
    except sqlite3.OperationalError:
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isfile(path) or os.access(folder, os.W_OK):
            raise
    check_file(path, read_only=True)
    db = connect(path, read_only=True)
    try:
        pending = [migration.name for migration in migrations.pending(db)]
    finally:
        db.close()
    if pending:
        raise NotMigrated(path, pending)
    return True


def backup(source: str, target: str) -> int:
    """Copy the database with SQLite's online backup; returns the pages copied.

    The source is opened read-only, so a wrong path is an error, not a new empty file. The
    copy is written beside the target under a name of its own and put in the target's
    place (a rename) only once it is whole and on disk: a backup cut short (a full disk, a
    file size limit, the process killed) leaves the target as it was, never part of a copy
    under its name."""
    folder = os.path.dirname(os.path.abspath(target))
    handle, partial = tempfile.mkstemp(prefix=".scorepad-backup-", suffix=".db", dir=folder)
    os.close(handle)
    src = sqlite3.connect(
        f"{Path(source).resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_SECONDS
    )
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)
            pages: int = dst.execute("pragma page_count").fetchone()[0]
        finally:
            dst.close()
        _on_disk(partial)
        os.replace(partial, target)
        _on_disk(folder)  # the rename itself
        return pages
    except BaseException:
        for leftover in (partial, f"{partial}-journal"):
            with suppress(FileNotFoundError):
                os.remove(leftover)
        raise
    finally:
        src.close()


def _on_disk(path: str) -> None:
    """fsync a file or a folder (its entries: a rename in it)."""
    handle = os.open(path, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


@contextmanager
def writing(db: Database) -> Iterator[Database]:
    """One write transaction, taken at once so that two phones queue, not collide.

    Never inside another: one change is one transaction, committed or rolled back whole
    (a failed COMMIT too), and what is remembered of it is remembered after it."""
    if db.conn.in_transaction:
        raise RuntimeError("a write transaction inside another")
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
        db.conn.execute("COMMIT")
    except BaseException:
        # A failed COMMIT (a full disk) may leave the transaction open: the connection
        # outlives the request, so it is rolled back here, not left to the next write.
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        raise
