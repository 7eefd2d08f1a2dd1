"""The hand last undone in a game, kept so that the table can put it back while the
game has not changed since the undo (its revision is the one the undo gave it)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from ..core.records import Hand
from .rows import hand_values, read_hand
from .storage import StoredGame


@dataclass(frozen=True)
class Undone:
    """Hand `number` as it was before the undo, and whether the game was ended early."""

    number: int
    hand: Hand
    ended: bool


def keep(db: Database, after: StoredGame, number: int, hand: Hand, ended: bool) -> None:
    """Keep hand `number`, just undone; `after`: the game as the undo left it."""
    db.execute(
        "insert or replace into undone_hands (game_id, number, bids, tricks, side_tricks, "
        "extra, ended, revision) values (:game_id, :number, :bids, :tricks, :side_tricks, "
        ":extra, :ended, :revision)",
        {
            "game_id": after.id,
            "number": number,
            **hand_values(hand),
            "ended": int(ended),
            "revision": after.revision,
        },
    )


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
    if not rows or rows[0]["number"] != len(stored.game.hands) + 1:
        return None
    row = rows[0]
    return Undone(row["number"], read_hand(row), bool(row["ended"]))


def forget(db: Database, game_id: str) -> None:
    """The kept hand is back (or no longer wanted)."""
    db.execute("delete from undone_hands where game_id = ?", [game_id])
