"""Player statistics over stored games: each game's share is counted once per revision.

A game's share of its players' records depends only on its hands, and every write
to a game takes a new revision: a share kept by (database file, game id, revision)
is exactly what that game gives until it changes. The stats page then reads one
row per game and scores only the games written since it was last shown.

Cache: `_shares`, each game's frozen share keyed by (database file, game id, revision);
a write takes a new revision, so nothing is invalidated, an old share is never found.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence

from cachetools import LRUCache
from sqlite_utils import Database

from ..core.stats import GameShare, PlayerStats, combine, game_share
from . import storage
from .db import file_of

# Small: at most four players' counts per game.
_shares: LRUCache[tuple[str, str, int], GameShare] = LRUCache(maxsize=4096)
_lock = threading.Lock()


def player_stats_of(db: Database, ids: Sequence[str]) -> tuple[list[PlayerStats], int]:
    """The records of the players of the games with these ids, and how many games
    there are; only a game not counted at its current revision is read and scored."""
    rows = list(
        db.query(
            "select id, revision from games where id in (select value from json_each(?)) "
            "order by updated_at desc, id",
            [json.dumps(list(ids))],
        )
    )
    where = file_of(db)
    with _lock:
        found = {row["id"]: _shares.get((where, row["id"], row["revision"])) for row in rows}
    missing = [game_id for game_id, share in found.items() if share is None]
    for stored in storage.list_games(db, missing) if missing else ():
        # its revision may be newer than the row read above: then this is the newer game
        found[stored.id] = share = game_share(stored.score())
        with _lock:
            _shares[(where, stored.id, stored.revision)] = share
    return combine(found[row["id"]] or () for row in rows), len(rows)
