"""The hand last undone, kept or let go of by the game commands inside their own
transaction (store/undone.py reads it): the only code that writes undone_hands."""

from __future__ import annotations

from sqlite_utils import Database

from ...core.records import Hand
from ..rows import hand_values
from ..storage import StoredGame


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


def forget(db: Database, game_id: str) -> None:
    """The kept hand is back (or no longer wanted)."""
    db.execute("delete from undone_hands where game_id = ?", [game_id])
