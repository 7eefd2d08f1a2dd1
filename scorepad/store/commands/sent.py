"""The saves a phone's outbox sent, known by the key each carries (docs/offline.md): a
save whose answer was lost is sent again with the same key, and the second time it is
AlreadySaved instead of applied again. The key is written in the save's own transaction,
so a save and its key are kept together or not at all; the latest `KEPT` keys of a game
are kept (an outbox holds a few hands, never hundreds)."""

from __future__ import annotations

import re

from sqlite_utils import Database

from ..outcomes import AlreadySaved
from ..storage import StoredGame

KEPT = 200
# A phone's key: letters, digits and dashes (a UUID, or the random hex of a plain-http
# phone); anything else is no key at all, and the save is checked as every save is.
KEY = re.compile(r"[A-Za-z0-9-]{8,64}")

Sent = tuple[str, int]  # (the phone's key, the hand it saves)


def sent_key(text: str | None, number: int) -> Sent | None:
    """The key a form carried, for hand `number`; None when it carried none fit to keep."""
    return (text, number) if text is not None and KEY.fullmatch(text) else None


def check(db: Database, stored: StoredGame, sent: Sent) -> None:
    """AlreadySaved if this key's save was applied to the game already."""
    row = db.execute(
        "select number from saves_sent where game_id = ? and key = ?", [stored.id, sent[0]]
    ).fetchone()
    if row is not None:
        raise AlreadySaved(stored, row[0])


def keep(db: Database, game_id: str, sent: Sent) -> None:
    """Note this key's save as applied (inside its transaction); keep the latest `KEPT`."""
    db.execute("insert into saves_sent (game_id, key, number) values (?, ?, ?)", [game_id, *sent])
    db.execute(
        "delete from saves_sent where game_id = ? and seq <= "
        "(select seq from saves_sent where game_id = ? order by seq desc limit 1 offset ?)",
        [game_id, game_id, KEPT],
    )
