"""Storing games and hands in SQLite. Scores are never stored: they are derived.

Every write runs in one immediate transaction that re-reads the game, checks
the new state with the scoring core and only then writes, so a refused hand
leaves nothing behind and two phones cannot store the same hand twice.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from weakref import WeakKeyDictionary

from cachetools import LRUCache
from sqlite_utils import Database

from ..core.errors import GameError
from ..core.game import Game
from ..core.rules import Rules, validate_rules
from ..core.scoring import Bid, GameScore, Hand, Table
from .db import writing

MAX_HANDS = 500
GAME_BY = {"id": "select * from games where id = ?",
           "share_token": "select * from games where share_token = ?"}


class Conflict(Exception):
    """The hand changed on another phone since this one loaded it."""


class Missing(LookupError):
    """The game was not in the database when a write came to change it."""


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

    @cached_property
    def _score(self) -> GameScore:
        return self.game.score()

    def score(self) -> GameScore:
        """The game scored by the core (once: the stored game never changes)."""
        return self._score


_recent: LRUCache[tuple[str, str, int], StoredGame] = LRUCache(maxsize=256)
_recent_lock = threading.Lock()
_paths: WeakKeyDictionary[Database, str] = WeakKeyDictionary()


def _path(db: Database) -> str:
    """The file behind a connection: scored games are cached per database, so a restored
    backup or a second app never reads another file's games."""
    if db not in _paths:
        _paths[db] = next((row[2] for row in db.execute("pragma database_list")
                           if row[1] == "main"), "") or f"memory:{id(db)}"
    return _paths[db]


def _cached(db: Database, game_id: str, revision: int) -> StoredGame | None:
    with _recent_lock:
        return _recent.get((_path(db), game_id, revision))


def _remember(db: Database, stored: StoredGame) -> None:
    # A revision is never stored twice with different hands in one file, so a hit is
    # exactly what that database holds.
    with _recent_lock:
        _recent[(_path(db), stored.id, stored.revision)] = stored


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def new_game_id() -> str:
    """An unguessable, URL-safe id: 128 random bits."""
    return secrets.token_urlsafe(16)


def _hand_row(game_id: str, number: int, hand: Hand, version: int) -> dict:
    return {"game_id": game_id, "number": number, "bids": json.dumps(list(hand.bids)),
            "tricks": None if hand.tricks is None else json.dumps(list(hand.tricks)),
            "version": version, "updated_at": _now()}


def _build(row: dict, hand_rows: Iterable[dict]) -> StoredGame:
    hand_rows = list(hand_rows)
    table = Table(row["mode"], tuple(json.loads(row["players"])), row["first_dealer"])
    hands = tuple(Hand(tuple(json.loads(h["bids"])),
                       None if h["tricks"] is None else tuple(json.loads(h["tricks"])))
                  for h in hand_rows)
    rules = validate_rules(json.loads(row["rules"]), table.mode)
    return StoredGame(row["id"], row["created_at"], row["updated_at"], row["revision"],
                      row["share_token"], Game(table, rules, hands),
                      tuple(h["version"] for h in hand_rows), row.get("rematch_of"))


def _insert_game(db: Database, table: Table, rules: Rules, hands: Sequence[Hand] = (),
                 rematch_of: str | None = None) -> str:
    Game(table, rules, tuple(hands)).score()
    if len(hands) > MAX_HANDS:
        raise GameError(f"hands: a game holds at most {MAX_HANDS} hands", field="hands")
    game_id, now = new_game_id(), _now()
    db.table("games").insert({"id": game_id, "created_at": now, "updated_at": now,
                              "mode": table.mode, "players": json.dumps(list(table.players)),
                              "first_dealer": table.first_dealer,
                              "rules": json.dumps(rules.as_dict()),
                              "share_token": new_game_id(), "rematch_of": rematch_of})
    db.table("hands").insert_all(_hand_row(game_id, n, h, 1) for n, h in enumerate(hands, 1))
    return game_id


def create_game(db: Database, table: Table, rules: Rules,
                hands: Sequence[Hand] = ()) -> str:
    """Store a new game (hands too, for an import) after the core accepts it whole."""
    with writing(db):
        return _insert_game(db, table, rules, hands)


def load_game(db: Database, game_id: str, *, by: str = "id") -> StoredGame | None:
    """One game with its hands, by its id (or `by="share_token"`), in at most two
    queries; None if there is no such game."""
    rows = list(db.query(GAME_BY[by], [game_id]))
    if not rows:
        return None
    game_id = rows[0]["id"]
    cached = _cached(db, game_id, rows[0]["revision"])
    if cached is not None:
        return cached
    stored = _build(rows[0], db.query(
        "select * from hands where game_id = ? order by number", [game_id]))
    _remember(db, stored)
    return stored


def list_games(db: Database, ids: Sequence[str]) -> list[StoredGame]:
    """The games with these ids, newest first, in at most two queries: the hands are
    read only for games not already in memory at their current revision."""
    rows = list(db.query("select * from games where id in (select value from json_each(?)) "
                         "order by updated_at desc, id", [json.dumps(list(ids))]))
    found = {row["id"]: _cached(db, row["id"], row["revision"]) for row in rows}
    missing = [game_id for game_id, stored in found.items() if stored is None]
    hands: dict[str, list[dict]] = {game_id: [] for game_id in missing}
    if missing:
        for h in db.query("select * from hands where game_id in "
                          "(select value from json_each(?)) order by game_id, number",
                          [json.dumps(missing)]):
            hands[h["game_id"]].append(h)
    games = []
    for row in rows:
        stored = found[row["id"]]
        if stored is None:
            stored = _build(row, hands[row["id"]])
            _remember(db, stored)
        games.append(stored)
    return games


def _current(db: Database, game_id: str) -> StoredGame:
    """The game as it is inside the write transaction (which holds the write lock)."""
    stored = load_game(db, game_id)
    if stored is None:
        raise Missing(f"There is no game {game_id} any more.")
    return stored


def _replace(db: Database, stored: StoredGame, number: int, hand: Hand | None) -> None:
    """Check the game with hand `number` replaced (or added, or removed) and write it.

    The hand written takes the game's new revision as its version: revisions only
    grow, so a version is never seen twice in a game, even for a hand undone and
    entered again, and a form made before any later write cannot match."""
    hands = list(stored.game.hands)
    if hand is None:
        del hands[number - 1]
    elif number > len(hands):
        hands.append(hand)
    else:
        hands[number - 1] = hand
    Game(stored.game.table, stored.game.rules, tuple(hands)).score()
    # Older files gave an imported hand version 1 at revision 0: stay above every version.
    revision = max((stored.revision, *stored.versions)) + 1
    if hand is None:
        db.table("hands").delete_where("game_id = ? and number = ?", [stored.id, number])
    elif number > len(stored.game.hands):
        db.table("hands").insert(_hand_row(stored.id, number, hand, revision))
    else:
        # A plain statement: sqlite-utils' `update` reads the schema and the row first,
        # three more queries on every save.
        row = _hand_row(stored.id, number, hand, revision)
        db.execute("update hands set bids = ?, tricks = ?, version = ?, updated_at = ? "
                   "where game_id = ? and number = ?",
                   [row["bids"], row["tricks"], revision, row["updated_at"], stored.id, number])
    db.execute("update games set updated_at = ?, revision = ? where id = ?",
               [_now(), revision, stored.id])


def _stored_hand(stored: StoredGame, number: int) -> Hand | None:
    return stored.game.hands[number - 1] if 1 <= number <= len(stored.game.hands) else None


def save_bids(db: Database, game_id: str, number: int, bids: Sequence[Bid]) -> None:
    """Start hand `number` with its bids; refused if that hand already exists, unless
    it holds exactly these bids (the same form sent twice: already saved)."""
    with writing(db):
        stored = _current(db, game_id)
        existing = _stored_hand(stored, number)
        if existing is not None and existing.bids == tuple(bids):
            return
        if number != len(stored.game.hands) + 1:
            raise Conflict(f"Hand {number} was already entered, on this phone or another.")
        if number > MAX_HANDS:
            raise GameError(f"a game holds at most {MAX_HANDS} hands", hand=number,
                            field="bids")
        _replace(db, stored, number, Hand(tuple(bids)))


def _check_version(stored: StoredGame, number: int, version: int) -> Hand:
    if not 1 <= number <= len(stored.game.hands):
        raise Conflict(f"Hand {number} is no longer in this game: the hand changed on "
                       "another phone.")
    if stored.versions[number - 1] != version:
        raise Conflict(changed(number))
    return stored.game.hands[number - 1]


def changed(number: int) -> str:
    """What a phone whose form is older than the stored hand is told."""
    return (f"Hand {number} was changed on another phone meanwhile. "
            "Here it is as it was saved; make your change again if it is still needed.")


def save_tricks(db: Database, game_id: str, number: int, version: int,
                tricks: Sequence[int]) -> None:
    """Record the tricks of the hand in play; the same tricks sent twice are saved once."""
    with writing(db):
        stored = _current(db, game_id)
        existing = _stored_hand(stored, number)
        if existing is not None and existing.tricks == tuple(tricks):
            return
        hand = _check_version(stored, number, version)
        if hand.tricks is not None:
            raise Conflict(f"The tricks of hand {number} were already saved.")
        _replace(db, stored, number, Hand(hand.bids, tuple(tricks)))


def edit_hand(db: Database, game_id: str, number: int, version: int,
              bids: Sequence[Bid], tricks: Sequence[int] | None) -> None:
    """Correct a hand's bids and tricks; every later hand is re-scored."""
    with writing(db):
        stored = _current(db, game_id)
        _check_version(stored, number, version)
        _replace(db, stored, number, Hand(tuple(bids), None if tricks is None else tuple(tricks)))


def delete_last_hand(db: Database, game_id: str, number: int, version: int) -> None:
    """Undo: remove the last hand (bid or played)."""
    with writing(db):
        stored = _current(db, game_id)
        _check_version(stored, number, version)
        if number != len(stored.game.hands):
            raise Conflict(f"Only the last hand can be deleted, and hand {number} is not.")
        _replace(db, stored, number, None)


def rematch(db: Database, game_id: str) -> tuple[str, bool]:
    """A new game with the same table and rules after a finished one, and whether it is
    new: asked twice (a double tap, another phone), it is the same game."""
    with writing(db):
        stored = _current(db, game_id)
        for row in db.query("select id from games where rematch_of = ?", [game_id]):
            return str(row["id"]), False
        if stored.score().status != "finished":
            raise GameError("this game is not finished yet: a rematch starts after its end")
        old = stored.game.table
        table = Table(old.mode, old.players, old.dealer(len(stored.game.hands) + 1))
        return _insert_game(db, table, stored.game.rules, rematch_of=game_id), True
