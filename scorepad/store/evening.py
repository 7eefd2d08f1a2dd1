"""Evenings in SQLite: the games linked by `games.rematch_of`, oldest first. No Flask.

`games.rematch_of` is added by migration m007_evening when m004 has not already
added it, so the column is always there once the database is migrated.
"""

from __future__ import annotations

from sqlite_utils import Database

from .storage import StoredGame, list_games

MAX_EVENING = 200  # rematches followed either way: far more than one evening holds

# Up the rematch_of links to the evening's first game, then down every rematch of it.
_EVENING = """
with recursive
  up(id, parent, depth) as (
    select id, rematch_of, 0 from games where id = :id
    union select g.id, g.rematch_of, up.depth + 1 from games g
      join up on g.id = up.parent where up.depth < :most),
  root(id) as (select id from up order by depth desc limit 1),
  down(id, depth) as (
    select id, 0 from root
    union select g.id, down.depth + 1 from games g
      join down on g.rematch_of = down.id where down.depth < :most)
select id from down order by depth
"""


def evening_ids(db: Database, game_id: str) -> list[str]:
    """The ids of every game of the evening `game_id` belongs to, in one query, oldest
    first: each rematch after the game it rematched (itself included; empty if there is
    no such game)."""
    rows = db.query(_EVENING, {"id": game_id, "most": MAX_EVENING})
    return [row["id"] for row in rows]


def evening(db: Database, game_id: str) -> list[StoredGame]:
    """The games of the evening `game_id` belongs to, oldest first (each rematch started
    after the game it rematched: so even when a file brought them in at one instant)."""
    ids = evening_ids(db, game_id)
    if not ids:
        return []
    place = {game_id: i for i, game_id in enumerate(ids)}
    return sorted(list_games(db, ids), key=lambda g: place[g.id])
