"""A leaked link replaced (docs/clubs.md, docs/events.md, docs/seasons.md): a club's
manager id and a club night's director id are also their rows' keys, so a new link is a
new key, written to the row and to every row that refers to it (as the schema declares
each reference), inside the caller's write; the old key then finds nothing (a 404)."""

from __future__ import annotations

from sqlite_utils import Database


def rekey(db: Database, table: str, old: str, new: str) -> None:
    """Give `table`'s row `old` the key `new`, and every reference to it, inside the
    caller's write (the references are checked at its COMMIT, all moved together)."""
    db.execute("PRAGMA defer_foreign_keys = ON")  # for this transaction only
    db.execute(f"update [{table}] set id = ? where id = ?", [new, old])
    names = [r["name"] for r in db.query("select name from sqlite_master where type = 'table'")]
    for child in names:
        for ref in db.query(f"select * from pragma_foreign_key_list('{child}')"):
            if ref["table"] == table and ref["to"] in ("id", None):
                column = ref["from"]
                db.execute(f"update [{child}] set [{column}] = ? where [{column}] = ?", [new, old])
