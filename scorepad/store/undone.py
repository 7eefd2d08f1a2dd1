"""The hand last undone in a game, kept so that the table can put it back while the
game has not changed since the undo (its revision is the one the undo gave it). Read
here; written only by the game commands (commands/undone_writes.py)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from ..core.records import Hand
from .rows import read_hand
from .storage import StoredGame


@dataclass(frozen=True)
class Undone:
    """Hand `number` as it was before the undo, and whether the game was ended early."""

    number: int
    hand: Hand
    ended: bool


def offered(db: Database, stored: StoredGame) -> Undone | None:
    """The hand that can be put back now: undone by the game's last change, if any
    (`stored.undone` says whether one is kept at its revision: read with the game)."""
    if not stored.undone:
        return None
    rows = list(
        db.query(
            "select * from undone_hands where game_id = ? and revision = ?",
            [stored.id, stored.revision],
        )
    )
    if not rows:
        return None
    row, hands = rows[0], stored.game.hands
    # taken away whole (one past the last), or its tricks taken back (the last, only bid)
    gone = row["number"] == len(hands) + 1
    unplayed = row["number"] == len(hands) and hands and not hands[-1].played
    if not (gone or unplayed):
        return None
    return Undone(row["number"], read_hand(row), bool(row["ended"]))
