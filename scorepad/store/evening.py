"""Evenings in SQLite: the games linked by `games.rematch_of`, oldest first. No Flask."""

from __future__ import annotations

from sqlite_utils import Database

from .db import writing
from .storage import StoredGame, list_games, load_game

MAX_EVENING = 200  # games followed either way: far more than one evening holds


def has_rematch_of(db: Database) -> bool:
    """Whether the games table has the `rematch_of` column (m004 or m007 added it)."""
    return "rematch_of" in db.table("games").columns_dict


def _root(db: Database, game_id: str) -> str:
    rows = list(db.query(
        "with recursive up(id, parent, depth) as ("
        " select id, rematch_of, 0 from games where id = ?"
        " union select g.id, g.rematch_of, up.depth + 1 from games g"
        " join up on g.id = up.parent where up.depth < ?)"
        " select id from up order by depth desc limit 1", [game_id, MAX_EVENING]))
    return rows[0]["id"] if rows else game_id


def evening_ids(db: Database, game_id: str) -> list[str]:
    """The ids of every game of the evening `game_id` belongs to (itself included)."""
    if not has_rematch_of(db):
        return [game_id]
    rows = db.query(
        "with recursive down(id, depth) as (select ?, 0"
        " union select g.id, down.depth + 1 from games g"
        " join down on g.rematch_of = down.id where down.depth < ?)"
        " select id from down", [_root(db, game_id), MAX_EVENING])
    return [row["id"] for row in rows]


def evening(db: Database, game_id: str) -> list[StoredGame]:
    """The games of the evening `game_id` belongs to, oldest first."""
    if load_game(db, game_id) is None:
        return []
    games = list_games(db, evening_ids(db, game_id))
    return sorted(games, key=lambda g: (g.created_at, g.id))


def mark_rematch(db: Database, game_id: str, of: str) -> None:
    """Record that game `game_id` is a rematch of game `of`."""
    with writing(db):
        db.execute("update games set rematch_of = ? where id = ?", [of, game_id])


def rematches(db: Database, game_id: str) -> list[str]:
    """The ids of the games started as rematches of `game_id`, oldest first."""
    if not has_rematch_of(db):
        return []
    return [row["id"] for row in db.query(
        "select id from games where rematch_of = ? order by created_at, id", [game_id])]
