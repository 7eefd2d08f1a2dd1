"""The store queries one way: sqlite-utils' public `db.query` for reads (rows as dicts) and
`db.execute` for writes; only db.py, which makes the connection and its transactions,
touches the sqlite3 connection's own execute."""

from __future__ import annotations

import re
from pathlib import Path

STORE = Path(__file__).resolve().parent.parent / "scorepad" / "store"
RAW = re.compile(r"\.conn\.execute(many)?\(|\bcursor\.description\b")


def raw_queries(source: str) -> list[str]:
    """The lines of `source` that query through the sqlite3 connection itself."""
    return [line.strip() for line in source.splitlines() if RAW.search(line)]


def test_the_check_finds_a_raw_query():
    assert raw_queries('rows = db.conn.execute("select 1")\nok = db.query("x")\n') == [
        'rows = db.conn.execute("select 1")'
    ]
    assert raw_queries("db.conn.executemany(sql, rows)\n") == ["db.conn.executemany(sql, rows)"]


def test_the_store_queries_through_sqlite_utils_alone():
    files = [p for p in sorted(STORE.rglob("*.py")) if p.name != "db.py"]
    assert len(files) > 20
    found = {p.name: raw_queries(p.read_text()) for p in files}
    assert {name: lines for name, lines in found.items() if lines} == {}
