"""Storing games and hands in SQLite. Scores are never stored: they are derived.

Every write runs in one immediate transaction that re-reads the game, checks
the new state with the scoring core and only then writes, so a refused hand
leaves nothing behind and two phones cannot store the same hand twice.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import cached_property

from sqlite_utils import Database

from ..core.errors import GameError
from ..core.game import Game
from ..core.rules import Rules, validate_rules
from ..core.scoring import Bid, GameScore, Hand, Table
from .db import writing

MAX_HANDS = 500


class Conflict(Exception):
    """The hand changed on another phone since this one loaded it."""


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
    ended: bool = False  # the table ended the game early (time was up)
    next_dealer: int | None = None  # the dealer chosen for the hand not yet bid

    @cached_property
    def _score(self) -> GameScore:
        return self.game.score()

    def score(self) -> GameScore:
        """The game scored by the core (once: the stored game never changes)."""
        return self._score


class _Recent:
    """The last games read, by (id, revision): a revision is never stored twice with
    different hands, so a hit is exactly what the database holds."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self.items: OrderedDict[tuple[str, int], StoredGame] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple[str, int]) -> StoredGame | None:
        with self.lock:
            found = self.items.get(key)
            if found is not None:
                self.items.move_to_end(key)
            return found

    def put(self, stored: StoredGame) -> None:
        with self.lock:
            self.items[(stored.id, stored.revision)] = stored
            while len(self.items) > self.size:
                self.items.popitem(last=False)


_recent = _Recent()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def new_game_id() -> str:
    """An unguessable, URL-safe id: 128 random bits."""
    return secrets.token_urlsafe(16)


def _hand_row(game_id: str, number: int, hand: Hand, version: int = 1) -> dict:
    return {"game_id": game_id, "number": number, **_hand_values(hand),
            "version": version, "updated_at": _now()}


def _json_or_none(value: Sequence | None) -> str | None:
    return None if value is None else json.dumps(list(value))


def _hand_values(hand: Hand) -> dict:
    """A hand's columns: bids, tricks, the side counts, adjustment as JSON; dealer, note."""
    return {"bids": json.dumps(list(hand.bids)), "tricks": _json_or_none(hand.tricks),
            "side_tricks": _json_or_none(hand.side_tricks), "dealer": hand.dealer,
            "adjust": _json_or_none(hand.adjust), "note": hand.note}


def _tuple_or_none(text: str | None) -> tuple | None:
    return None if text is None else tuple(json.loads(text))


def _hand(row: dict) -> Hand:
    return Hand(tuple(json.loads(row["bids"])), _tuple_or_none(row["tricks"]),
                _tuple_or_none(row.get("side_tricks")), dealer=row.get("dealer"),
                adjust=_tuple_or_none(row.get("adjust")), note=row.get("note"))


def _build(row: dict, hand_rows: Iterable[dict]) -> StoredGame:
    hand_rows = list(hand_rows)
    table = Table(row["mode"], tuple(json.loads(row["players"])), row["first_dealer"],
                  _tuple_or_none(row.get("side_names")))
    hands = tuple(_hand(h) for h in hand_rows)
    rules = validate_rules(json.loads(row["rules"]), table.mode)
    return StoredGame(row["id"], row["created_at"], row["updated_at"], row["revision"],
                      row["share_token"], Game(table, rules, hands, row["tricks_by"]),
                      tuple(h["version"] for h in hand_rows), bool(row.get("ended")),
                      row.get("next_dealer"))


def create_game(db: Database, table: Table, rules: Rules,
                hands: Sequence[Hand] = (), tricks_by: str = "seat") -> str:
    """Store a new game (hands too, for an import) after the core accepts it whole."""
    Game(table, rules, tuple(hands), tricks_by).score()
    if len(hands) > MAX_HANDS:
        raise GameError(f"hands: a game holds at most {MAX_HANDS} hands", field="hands")
    game_id, now = new_game_id(), _now()
    with writing(db):
        db.table("games").insert({"id": game_id, "created_at": now, "updated_at": now,
                            "mode": table.mode, "players": json.dumps(list(table.players)),
                            "first_dealer": table.first_dealer,
                            "side_names": _json_or_none(table.side_names),
                            "rules": json.dumps(rules.as_dict()),
                            "share_token": new_game_id(), "tricks_by": tricks_by})
        db.table("hands").insert_all(_hand_row(game_id, n, h) for n, h in enumerate(hands, 1))
    return game_id


def load_game(db: Database, game_id: str, *, by: str = "id") -> StoredGame | None:
    """One game with its hands, by its id (or `by="share_token"`), in at most two
    queries; None if there is no such game."""
    column = {"id": "id", "share_token": "share_token"}[by]
    rows = list(db.query(f"select * from games where {column} = ?", [game_id]))
    if not rows:
        return None
    game_id = rows[0]["id"]
    cached = _recent.get((game_id, rows[0]["revision"]))
    if cached is not None:
        return cached
    hands = db.query("select * from hands where game_id = ? order by number", [game_id])
    stored = _build(rows[0], hands)
    _recent.put(stored)
    return stored


def list_games(db: Database, ids: Sequence[str]) -> list[StoredGame]:
    """The games with these ids, newest first, in at most two queries: the hands are
    read only for games not already in memory at their current revision."""
    marks = ", ".join("?" * len(ids))
    rows = list(db.query(f"select * from games where id in ({marks}) "
                         "order by updated_at desc, id", list(ids)))
    found = {row["id"]: _recent.get((row["id"], row["revision"])) for row in rows}
    missing = [game_id for game_id, stored in found.items() if stored is None]
    hands: dict[str, list[dict]] = {game_id: [] for game_id in missing}
    if missing:
        marks = ", ".join("?" * len(missing))
        for h in db.query(f"select * from hands where game_id in ({marks}) "
                          "order by game_id, number", missing):
            hands[h["game_id"]].append(h)
    games = []
    for row in rows:
        stored = found[row["id"]]
        if stored is None:
            stored = _build(row, hands[row["id"]])
            _recent.put(stored)
        games.append(stored)
    return games


def _locked(db: Database, game_id: str) -> StoredGame:
    stored = load_game(db, game_id)
    if stored is None:
        raise LookupError(game_id)
    return stored


def _replace(db: Database, stored: StoredGame, number: int, hand: Hand | None) -> None:
    """Check the game with hand `number` replaced (or added, or removed) and write it."""
    hands = list(stored.game.hands)
    if hand is None:
        del hands[number - 1]
    elif number > len(hands):
        hands.append(hand)
    else:
        hands[number - 1] = hand
    Game(stored.game.table, stored.game.rules, tuple(hands), stored.game.tricks_by).score()
    if hand is None:
        db.execute("delete from hands where game_id = ? and number = ?", [stored.id, number])
    elif number > len(stored.game.hands):
        db.table("hands").insert(_hand_row(stored.id, number, hand))
    else:
        values = _hand_values(hand)
        sets = ", ".join(f"{column} = ?" for column in values)
        db.execute(f"update hands set {sets}, version = version + 1, updated_at = ? "
                   "where game_id = ? and number = ?",
                   [*values.values(), _now(), stored.id, number])
    # The next hand's chosen dealer goes with the hand it was chosen for (or an undo).
    db.execute("update games set updated_at = ?, revision = revision + 1, next_dealer = ?, "
               "ended = ? where id = ?",
               [_now(), stored.next_dealer if hand is not None
                and number <= len(stored.game.hands) else None,
                int(stored.ended and hand is not None), stored.id])


def save_bids(db: Database, game_id: str, number: int, bids: Sequence[Bid]) -> None:
    """Start hand `number` with its bids; refused if that hand already exists."""
    with writing(db):
        stored = _locked(db, game_id)
        if number != len(stored.game.hands) + 1:
            raise Conflict(f"Hand {number} was already entered, on this phone or another.")
        if number > MAX_HANDS:
            raise GameError(f"a game holds at most {MAX_HANDS} hands", hand=number,
                            field="bids")
        if stored.ended:
            raise GameError("the game was ended early: no more hands are played",
                            hand=number, field="bids")
        _replace(db, stored, number, Hand(tuple(bids), dealer=stored.next_dealer))


def _check_version(stored: StoredGame, number: int, version: int) -> Hand:
    if not 1 <= number <= len(stored.game.hands):
        raise Conflict(f"Hand {number} is no longer in this game.")
    if stored.versions[number - 1] != version:
        raise Conflict(f"Hand {number} was changed on another phone meanwhile. "
                       "Here it is as it was saved; make your change again if it is still needed.")
    return stored.game.hands[number - 1]


def save_tricks(db: Database, game_id: str, number: int, version: int,
                tricks: Sequence[int | None], side_tricks: Sequence[int] | None = None) -> None:
    """Record the tricks of the hand in play."""
    with writing(db):
        stored = _locked(db, game_id)
        hand = _check_version(stored, number, version)
        if hand.tricks is not None:
            raise Conflict(f"The tricks of hand {number} were already saved.")
        _replace(db, stored, number, replace(
            hand, tricks=tuple(tricks),
            side_tricks=None if side_tricks is None else tuple(side_tricks)))


def edit_hand(db: Database, game_id: str, number: int, version: int,
              bids: Sequence[Bid], tricks: Sequence[int | None] | None,
              side_tricks: Sequence[int] | None = None) -> None:
    """Correct a hand's bids and tricks; every later hand is re-scored."""
    with writing(db):
        stored = _locked(db, game_id)
        old = _check_version(stored, number, version)
        # A correction keeps what else the hand carries (its dealer, adjustment, note).
        _replace(db, stored, number, replace(
            old, bids=tuple(bids), tricks=None if tricks is None else tuple(tricks),
            side_tricks=None if tricks is None or side_tricks is None else tuple(side_tricks)))


def delete_last_hand(db: Database, game_id: str, number: int, version: int) -> None:
    """Undo: remove the last hand (bid or played)."""
    with writing(db):
        stored = _locked(db, game_id)
        _check_version(stored, number, version)
        if number != len(stored.game.hands):
            raise Conflict(f"Only the last hand can be deleted, and hand {number} is not.")
        _replace(db, stored, number, None)
