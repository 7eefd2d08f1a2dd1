"""The saves a phone's outbox sent, known by the key each carries (docs/offline.md): a
save whose answer was lost is sent again with the same key, and the second time it is
AlreadySaved instead of applied again. The key is written in the save's own transaction,
so a save and its key are kept together or not at all; the latest `KEPT` keys of a game
are kept (an outbox holds a few hands, never hundreds), pruned now and then."""

from __future__ import annotations

import re

from sqlite_utils import Database

from ..outcomes import AlreadySaved
from ..storage import StoredGame

KEPT = 200
PRUNE_EVERY = 20  # notes between two prunings (across games: the table's own counter)
# A phone's key: letters, digits and dashes (static/outbox.js joins four random numbers,
# plain http has no randomUUID); anything else is no key at all, and the save is checked
# as every save is.
KEY = re.compile(r"[A-Za-z0-9-]{8,64}")

Sent = tuple[str, int]  # (the phone's key, the hand it saves)


def sent_key(text: str | None, number: int) -> Sent | None:
    """The key a form carried, for hand `number`; None when it carried none fit to keep."""
    return (text, number) if text is not None and KEY.fullmatch(text) else None


def note(db: Database, stored: StoredGame, sent: Sent) -> None:
    """Note this key's save in its own transaction, before it is applied (a refusal rolls
    the note back with it); AlreadySaved if the key was noted before. One statement a save;
    every `PRUNE_EVERY`th note drops all but the game's latest `KEPT`."""
    written = db.execute(
        "insert or ignore into saves_sent (game_id, key, number) values (?, ?, ?)",
        [stored.id, *sent],
    )
    if written.rowcount == 0:
        row = db.execute(
            "select number from saves_sent where game_id = ? and key = ?", [stored.id, sent[0]]
        ).fetchone()
        raise AlreadySaved(stored, row[0])
    if (written.lastrowid or 0) % PRUNE_EVERY == 0:
        db.execute(
            "delete from saves_sent where game_id = ? and seq <= (select seq from saves_sent "
            "where game_id = ? order by seq desc limit 1 offset ?)",
            [stored.id, stored.id, KEPT],
        )


def left(db: Database, game_id: str, key: str, revision: int) -> None:
    """The game's revision the save noted under `key` left, once written (in its write):
    a slip queued behind it may go on that game and on no other (event_commands/paper.py)."""
    db.execute(
        "update saves_sent set revision = ? where game_id = ? and key = ?",
        [revision, game_id, key],
    )
