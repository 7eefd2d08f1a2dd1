"""The repository of games: load, list, insert and update their rows, and the cache of
scored games. Scores are never stored: they are derived from the hands.

Only `commands` calls the writers here, inside its one transaction; the cache is
filled by readers and by `commands` after its COMMIT succeeded, never before.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import cached_property

from cachetools import LRUCache
from sqlite_utils import Database

from ..core.game import Game
from ..core.scoring import GameScore, Hand
from .db import file_of
from .rows import game_extra, hand_values, read_game

# A game's row, and whether another game is its rematch and whether its seats have links:
# a page of a game on its own, bid from one phone, needs no other query.
_GAME = (
    "select g.*, exists(select 1 from games r where r.rematch_of = g.id) as rematched, "
    "exists(select 1 from seat_links l where l.game_id = g.id) as seated from games g "
)
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

    @cached_property
    def _score(self) -> GameScore:
        return self.game.score()

    def score(self) -> GameScore:
        """The game scored by the core (once: the stored game never changes)."""
        return self._score

    def scored(self, score: GameScore) -> StoredGame:
        """The same stored game with its score already known (not computed again)."""
        self.__dict__["_score"] = score
        return self


# Scored games by (database file, id, revision, time of the write): keyed by the file,
# so a restored backup or a second app never reads another file's games, and by the
# write's time as well as the revision, so a revision rolled back and taken again by
# another write never finds the first one's game.
_Key = tuple[str, str, int, str]
_recent: LRUCache[_Key, StoredGame] = LRUCache(maxsize=256)
_recent_lock = threading.Lock()


def _key(db: Database, game_id: str, revision: int, updated_at: str) -> _Key:
    return (file_of(db), game_id, revision, updated_at)


def _cached(db: Database, row: dict) -> StoredGame | None:
    with _recent_lock:
        return _recent.get(_key(db, row["id"], row["revision"], row["updated_at"]))


def remember(db: Database, stored: StoredGame) -> None:
    """Keep a game as committed to this file (only ever after its COMMIT succeeded)."""
    with _recent_lock:
        _recent[_key(db, stored.id, stored.revision, stored.updated_at)] = stored


def forget_all() -> None:
    """Empty the cache (tests: read the file, not memory)."""
    with _recent_lock:
        _recent.clear()


def now() -> str:
    """The time of a write, to the microsecond."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def new_game_id() -> str:
    """An unguessable, URL-safe id: 128 random bits."""
    return secrets.token_urlsafe(16)


def _rows(db: Database, sql: str, params: Sequence[object]) -> list[dict]:
    # The connection's own cursor: sqlite-utils' query() wraps each read in a savepoint,
    # two more statements per read.
    cursor = db.conn.execute(sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


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
        bool(row.get("rematched")),
        bool(row.get("seated")),
    )


def load_game(db: Database, game_id: str, *, by: str = "id") -> StoredGame | None:
    """One game with its hands, by its id (or `by="share_token"`), in at most two
    queries; None if there is no such game."""
    rows = _rows(db, GAME_BY[by], [game_id])
    if not rows:
        return None
    cached = _cached(db, rows[0])
    if cached is not None:
        around = (bool(rows[0]["rematched"]), bool(rows[0]["seated"]))
        if (cached.rematched, cached.seated) == around:
            return cached
        return replace(cached, rematched=around[0], seated=around[1]).scored(cached.score())
    hands = _rows(db, "select * from hands where game_id = ? order by number", [rows[0]["id"]])
    stored = _build(rows[0], hands)
    if not db.conn.in_transaction:  # read inside a write: cached once it commits
        remember(db, stored)
    return stored


def list_games(db: Database, ids: Sequence[str]) -> list[StoredGame]:
    """The games with these ids, newest first, in at most two queries: the hands are
    read only for games not already in memory at their current revision."""
    rows = _rows(
        db,
        "select * from games where id in (select value from json_each(?)) "
        "order by updated_at desc, id",
        [json.dumps(list(ids))],
    )
    found = {row["id"]: _cached(db, row) for row in rows}
    missing = [game_id for game_id, stored in found.items() if stored is None]
    hands: dict[str, list[dict]] = {game_id: [] for game_id in missing}
    if missing:
        for h in _rows(
            db,
            "select * from hands where game_id in "
            "(select value from json_each(?)) order by game_id, number",
            [json.dumps(missing)],
        ):
            hands[h["game_id"]].append(h)
    games = []
    for row in rows:
        stored = found[row["id"]]
        if stored is None:
            stored = _build(row, hands[row["id"]])
            remember(db, stored)
        games.append(stored)
    return games


def rematch_of(db: Database, game_id: str) -> str | None:
    """The id of the rematch of this game, if one was started."""
    rows = _rows(db, "select id from games where rematch_of = ?", [game_id])
    return str(rows[0]["id"]) if rows else None


def was_deleted(db: Database, key: str) -> bool:
    """Whether a game with this id or share token existed and was deleted."""
    return bool(_rows(db, "select 1 from deleted_games where key = ?", [_hashed(key)]))


def _hashed(text: str) -> str:
    """A deleted game is remembered by a one-way hash of its keys, never the keys."""
    import hashlib

    return hashlib.sha256(text.encode()).hexdigest()


# Writers: called only by `commands`, inside its transaction.


def _hand_row(game_id: str, number: int, hand: Hand, version: int, at: str) -> dict:
    return {
        "game_id": game_id,
        "number": number,
        **hand_values(hand),
        "version": version,
        "updated_at": at,
    }


def insert(db: Database, game: Game, score: GameScore, rematch: str | None = None) -> StoredGame:
    """Write a new game and its hands (already scored: `score`); returns it as stored."""
    game_id, at, table, share = new_game_id(), now(), game.table, new_game_id()
    row = {
        "id": game_id,
        "created_at": at,
        "updated_at": at,
        "revision": 0,
        "mode": table.mode,
        "players": json.dumps(list(table.players)),
        "first_dealer": table.first_dealer,
        "rules": json.dumps(game.rules.as_dict()),
        "share_token": share,
        "tricks_by": game.tricks_by,
        "extra": game_extra(game),
        "rematch_of": rematch,
    }
    db.table("games").insert(row)
    db.table("hands").insert_all(
        _hand_row(game_id, n, h, 1, at) for n, h in enumerate(game.hands, 1)
    )
    stored = StoredGame(game_id, at, at, 0, share, game, (1,) * len(game.hands), rematch)
    return stored.scored(score)


def next_revision(stored: StoredGame) -> int:
    """The revision the next write takes: above every revision and version before."""
    # Older files gave an imported hand version 1 at revision 0: stay above every version.
    return max((stored.revision, *stored.versions)) + 1


def write_hand(db: Database, stored: StoredGame, number: int, hand: Hand | None) -> StoredGame:
    """Replace hand `number` (add it when one past the last; None removes it); returns
    the game as it now is in the rows, its revision not yet bumped (see `bump`)."""
    versions, hands = list(stored.versions), list(stored.game.hands)
    # The hand written takes the game's next revision as its version: revisions only
    # grow, so a version is never seen twice in a game, even for a hand undone and
    # entered again, and a form made before any later write cannot match.
    revision, at = next_revision(stored), now()
    if hand is None:
        _one(db, "delete from hands where game_id = ? and number = ?", [stored.id, number])
        del hands[number - 1], versions[number - 1]
    elif number > len(hands):
        _insert_hand(db, _hand_row(stored.id, number, hand, revision, at))
        hands.append(hand)
        versions.append(revision)
    else:
        values = hand_values(hand)
        _one(
            db,
            "update hands set bids = ?, tricks = ?, side_tricks = ?, extra = ?, "
            "version = ?, updated_at = ? where game_id = ? and number = ?",
            [
                values["bids"],
                values["tricks"],
                values["side_tricks"],
                values["extra"],
                revision,
                at,
                stored.id,
                number,
            ],
        )
        hands[number - 1] = hand
        versions[number - 1] = revision
    # A hand added or removed moves the next hand's number: a dealer chosen for it goes.
    chosen = stored.game.next_dealer if len(hands) == len(stored.game.hands) else None
    game = replace(stored.game, hands=tuple(hands), next_dealer=chosen)
    return replace(stored, game=game, versions=tuple(versions))


def _insert_hand(db: Database, row: dict) -> None:
    """One hand's row by a plain INSERT: sqlite-utils' `insert` looks the table up in
    sqlite_master twice and wraps a SAVEPOINT around it, on every save of bids."""
    columns = ", ".join(row)
    marks = ", ".join("?" * len(row))
    db.conn.execute(f"insert into hands ({columns}) values ({marks})", list(row.values()))


def _one(db: Database, sql: str, params: Sequence[object]) -> None:
    """A write that must change exactly one row: anything else is a bug, never ignored."""
    if db.conn.execute(sql, params).rowcount != 1:
        raise sqlite3.IntegrityError(f"expected one row to change: {sql.split(' where')[0]}")


def bump(
    db: Database,
    stored: StoredGame,
    game: Game,
    score: GameScore,
    *,
    table: bool = False,
) -> StoredGame:
    """Write the game's row at its next revision (its names and rules too with `table`);
    returns the game as stored once this transaction commits, its score known."""
    # After `write_hand` the game takes the version its hand took: one revision a write.
    revision, at = max((stored.revision + 1, *stored.versions)), now()
    # The dealer chosen before the bids is kept with the hand it is chosen for.
    chosen = game.next_dealer
    sets = [
        "updated_at = ?",
        "revision = ?",
        "extra = ?",
        "next_dealer_hand = ?",
        "next_dealer = ?",
    ]
    chosen_for = None if chosen is None else len(game.hands) + 1
    values: list[object] = [at, revision, game_extra(game), chosen_for, chosen]
    if table:
        sets += ["players = ?", "rules = ?"]
        values += [json.dumps(list(game.table.players)), json.dumps(game.rules.as_dict())]
    _one(db, f"update games set {', '.join(sets)} where id = ?", [*values, stored.id])
    fresh = replace(
        stored,
        updated_at=at,
        revision=revision,
        game=game,
    )
    return fresh.scored(score)


def delete(db: Database, stored: StoredGame) -> None:
    """Remove a game, its hands and its seat links; remember its keys, hashed."""
    db.conn.execute("delete from hands where game_id = ?", [stored.id])
    _one(db, "delete from games where id = ?", [stored.id])  # seat links cascade
    for key in (stored.id, stored.share_token):
        db.conn.execute(
            "insert or replace into deleted_games (key, deleted_at) values (?, ?)",
            [_hashed(key), now()],
        )
