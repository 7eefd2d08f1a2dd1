"""What the game's commands noted of the saves a phone's outbox sent (table `saves_sent`,
written only by store/commands/sent.py, docs/offline.md), read by another aggregate's
command: a club night's paper slip checks its own key, and the key of the slip queued
before it, inside its own write."""

from __future__ import annotations

from typing import NamedTuple

from sqlite_utils import Database


class Noted(NamedTuple):
    number: int  # the hand it saved (0: a slip's final totals)
    revision: int | None  # the game's revision its write left (None: not a paper slip's)


def noted(db: Database, game_id: str, key: str) -> Noted | None:
    """The save this key made on this game, as noted; None if none was."""
    row = db.execute(
        "select number, revision from saves_sent where game_id = ? and key = ?", [game_id, key]
    ).fetchone()
    return None if row is None else Noted(row[0], row[1])
