"""The repository of games: a stored game, load and list games, and the cache of scored
games. Scores are never stored: they are derived from the hands. One fact of the score
is kept in the game's row, `rated`: what the ratings read of a finished game (the core's
`finished`), written by every write of the game with the score that write worked out,
so a club read cold rates its games without scoring them (store/club_view.py).

The writers are in `commands/writers.py`, called only by the game's commands and handlers
inside their one transaction; the cache is filled by readers and, once a write's COMMIT
succeeded (never before), by the game's after-commit handler of `GameSaved`
(`commands/on_news.keep`, through the message bus: store/bus.py).

Cache: `_recent`, scored games keyed by (database file, game id), found only at the
revision and write time of the game's row: a write takes a new revision and write time,
which invalidates what was kept (see the comment above `_recent`).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from cachetools import LRUCache
from sqlite_utils import Database

from ..core.game import Game
from ..core.model import GameScore
from ..core.rating_values import Rated
from ..core.records import changed
from .db import file_of
from .rows import rated_of, read_game, read_rated
from .stamps import hashed

# A game's row, and whether another game is its rematch, whether its seats have links,
# whether a club night's table plays it, whether it counts for a club (filed alone, or
# its night filed) and whether its last change undid a hand that can be put back: a page
# of a game on its own, bid from one phone, needs no other query.
_GAME = (
    "select g.*, exists(select 1 from games r where r.rematch_of = g.id) as rematched, "
    "exists(select 1 from seat_links l where l.game_id = g.id) as seated, "
    "exists(select 1 from event_matches m where m.game_id = g.id) as in_event, "
    "(exists(select 1 from club_games c where c.game_id = g.id) or exists(select 1 "
    "from event_matches m join club_events e on e.event_id = m.event_id "
    "where m.game_id = g.id)) as in_club, "
    "exists(select 1 from undone_hands u where u.game_id = g.id "
    "and u.revision = g.revision) as undone from games g "
)
# what other tables say of a game
_AROUND = ("rematched", "seated", "in_event", "in_club", "undone")
GAME_BY = {"id": _GAME + "where g.id = ?", "share_token": _GAME + "where g.share_token = ?"}


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: its id, its table, rules and hands, and each hand's version."""

    id: str
    created_at: str
    updated_at: str
    revision: int
    share_token: str
    game: Game
    versions: tuple[int, ...]
    rematch_of: str | None = None
    rematched: bool = False  # another game is the rematch of this one
    seated: bool = False  # each seat has its own link
    in_event: bool = False  # a club night's table plays it
    in_club: bool = False  # it counts for a club: filed alone, or its night filed
    undone: bool = False  # its last change undid a hand, kept to be put back
    # Inside a write once a hand is written: the revision the write takes (writers).
    writing: int | None = None
    rated_row: str | None = None  # the row's `rated` as read (None: from the score)

    @property
    def in_evening(self) -> bool:
        """Whether it may be one of an evening's games: a rematch, or rematched."""
        return self.rematch_of is not None or self.rematched

    @cached_property
    def _score(self) -> GameScore:
        return self.game.score()

    def score(self) -> GameScore:
        """The game scored by the core (once: the stored game never changes)."""
        return self._score

    def rated(self) -> Rated | None:
        """What the ratings read of the game once it is over (None: not over): from its
        row when read from one, else from its score."""
        if self.rated_row is None:
            return rated_of(self.score())
        return read_rated(self.rated_row)

    def scored(self, score: GameScore) -> StoredGame:
        """The same stored game with its score already known (not computed again)."""
        self.__dict__["_score"] = score
        return self


# Scored games by (database file, id), each at the newest revision seen: keyed by the
# file, so a restored backup or a second app never reads another file's games; a game
# is found only at the revision and write time of its row, so a revision rolled back
# and taken again by another write never finds the first one's game. One entry a game,
# not a revision: 256 revisions were some 120 hands of a busy evening, and a long game
# pushed out was read and scored again from its first hand on its next request. Weighed
# by hands, not counted in games: a club night's hundreds of short games fit as a few
# long games do (256 games were less than a 30-table night of 9 rounds, all read and
# scored again on each look at it); a game weighs its hands and its row, as 8 hands.
_Key = tuple[str, str]
HANDS_KEPT = 60_000


def _weight(stored: StoredGame) -> int:
    return len(stored.game.hands) + 8


_recent: LRUCache[_Key, StoredGame] = LRUCache(maxsize=HANDS_KEPT, getsizeof=_weight)
_recent_lock = threading.Lock()


def _cached(db: Database, row: dict) -> StoredGame | None:
    with _recent_lock:
        stored = _recent.get((file_of(db), row["id"]))
    if stored is None or (stored.revision, stored.updated_at) != (
        row["revision"],
        row["updated_at"],
    ):
        return None
    return stored


def remember(db: Database, stored: StoredGame) -> None:
    """Keep a game as committed to this file (only ever after its COMMIT succeeded), in
    place of the revision kept before."""
    with _recent_lock:
        _recent[(file_of(db), stored.id)] = stored


def forget_all() -> None:
    """Empty the cache (tests: read the file, not memory)."""
    with _recent_lock:
        _recent.clear()


def _build(row: dict, hand_rows: Iterable[dict]) -> StoredGame:
    hand_rows = list(hand_rows)
    return StoredGame(
        row["id"],
        row["created_at"],
        row["updated_at"],
        row["revision"],
        row["share_token"],
        read_game(row, hand_rows),
        tuple(h["version"] for h in hand_rows),
        row.get("rematch_of"),
        rematched=bool(row.get("rematched")),
        seated=bool(row.get("seated")),
        in_event=bool(row.get("in_event")),
        in_club=bool(row.get("in_club")),
        undone=bool(row.get("undone")),
        rated_row=row.get("rated"),
    )


def load_game(db: Database, game_id: str, *, by: str = "id") -> StoredGame | None:
    """One game with its hands, by its id (or `by="share_token"`), in at most two
    queries; None if there is no such game."""
    rows = list(db.query(GAME_BY[by], [game_id]))
    if not rows:
        return None
    cached = _cached(db, rows[0])
    if cached is not None:
        row = rows[0]
        if all(getattr(cached, name) == bool(row[name]) for name in _AROUND):
            return cached
        fresh = changed(
            cached,
            rematched=bool(row["rematched"]),
            seated=bool(row["seated"]),
            in_event=bool(row["in_event"]),
            in_club=bool(row["in_club"]),
            undone=bool(row["undone"]),
        )
        return fresh.scored(cached.score())
    hands = list(db.query("select * from hands where game_id = ? order by number", [rows[0]["id"]]))
    stored = _build(rows[0], hands)
    if not db.conn.in_transaction:  # read inside a write: cached once it commits
        remember(db, stored)
    return stored


def list_games(db: Database, ids: Sequence[str], *, keep: bool = True) -> list[StoredGame]:
    """The games with these ids, newest first, in at most two queries: the hands are
    read only for games not already in memory at their current revision; `keep=False`
    leaves the games read out of memory (a reader that keeps only what it needs)."""
    rows = list(
        db.query(
            "select * from games where id in (select value from json_each(?)) "
            "order by updated_at desc, id",
            [json.dumps(list(ids))],
        )
    )
    found = {row["id"]: _cached(db, row) for row in rows}
    missing = [game_id for game_id, stored in found.items() if stored is None]
    hands: dict[str, list[dict]] = {game_id: [] for game_id in missing}
    if missing:
        for h in list(
            db.query(
                "select * from hands where game_id in "
                "(select value from json_each(?)) order by game_id, number",
                [json.dumps(missing)],
            )
        ):
            hands[h["game_id"]].append(h)
    keep = keep and not db.conn.in_transaction  # read inside a write: as load_game
    games = []
    for row in rows:
        stored = found[row["id"]]
        if stored is None:
            stored = _build(row, hands[row["id"]])
            if keep:
                remember(db, stored)
        games.append(stored)
    return games


def rematch_of(db: Database, game_id: str) -> str | None:
    """The id of the rematch of this game, if one was started."""
    rows = list(db.query("select id from games where rematch_of = ?", [game_id]))
    return str(rows[0]["id"]) if rows else None


def was_deleted(db: Database, key: str) -> bool:
    """Whether a game with this id or share token existed and was deleted."""
    return bool(list(db.query("select 1 from deleted_games where key = ?", [hashed(key)])))
