"""Storing games and hands in SQLite. Scores are never stored: they are derived.

Every write runs in one immediate transaction that re-reads the game, checks
the new state with the scoring core and only then writes, so a refused hand
leaves nothing behind and two phones cannot store the same hand twice.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import cached_property

from cachetools import LRUCache
from sqlite_utils import Database

from ..core.errors import GameError
from ..core.game import MAX_HANDS, Game, check_fix
from ..core.rules import Rules
from ..core.scoring import Bid, GameScore, Hand, Table, end_early, extend, without_pending
from .db import file_of, writing
from .rows import game_extra, hand_values, read_game

GAME_BY = {
    "id": "select * from games where id = ?",
    "share_token": "select * from games where share_token = ?",
}


class Conflict(Exception):
    """The hand changed on another phone since this one loaded it."""


class Missing(LookupError):
    """The game was not in the database when a write came to change it."""


class RemovesHands(GameError):
    """A fix after which the game is over before its last hand: the hands after it
    go only if the table confirms."""

    def __init__(self, number: int, removed: tuple[int, ...]) -> None:
        which = (
            f"hand {removed[0]}" if len(removed) == 1 else f"hands {removed[0]} to {removed[-1]}"
        )
        super().__init__(
            f"after this change the game is over at hand {removed[0] - 1}, so "
            f"{which} would be removed; confirm to remove them",
            hand=number,
        )
        self.removed = removed


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
    # The dealer chosen for a hand not yet bid, as (hand number, seat): current only while
    # that hand is the next one to bid.
    next_dealer: tuple[int, int] | None = None

    @cached_property
    def _score(self) -> GameScore:
        return self.game.score()

    def score(self) -> GameScore:
        """The game scored by the core (once: the stored game never changes)."""
        return self._score


# Scored games by (database file, id, revision): keyed by the file, so a restored
# backup or a second app never reads another file's games.
_recent: LRUCache[tuple[str, str, int], StoredGame] = LRUCache(maxsize=256)
_recent_lock = threading.Lock()


def _cached(db: Database, game_id: str, revision: int) -> StoredGame | None:
    with _recent_lock:
        return _recent.get((file_of(db), game_id, revision))


def _remember(db: Database, stored: StoredGame) -> None:
    # A revision is never stored twice with different hands in one file, so a hit is
    # exactly what that database holds.
    with _recent_lock:
        _recent[(file_of(db), stored.id, stored.revision)] = stored


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def new_game_id() -> str:
    """An unguessable, URL-safe id: 128 random bits."""
    return secrets.token_urlsafe(16)


def _hand_row(game_id: str, number: int, hand: Hand, version: int) -> dict:
    return {
        "game_id": game_id,
        "number": number,
        **hand_values(hand),
        "version": version,
        "updated_at": _now(),
    }


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
        None if row.get("next_dealer") is None else (row["next_dealer_hand"], row["next_dealer"]),
    )


def _insert_game(db: Database, game: Game, rematch_of: str | None = None) -> str:
    game.score()
    if len(game.hands) > MAX_HANDS:
        raise GameError(f"a game holds at most {MAX_HANDS} hands", field="hands")
    game_id, now, table = new_game_id(), _now(), game.table
    db.table("games").insert(
        {
            "id": game_id,
            "created_at": now,
            "updated_at": now,
            "mode": table.mode,
            "players": json.dumps(list(table.players)),
            "first_dealer": table.first_dealer,
            "rules": json.dumps(game.rules.as_dict()),
            "share_token": new_game_id(),
            "tricks_by": game.tricks_by,
            "extra": game_extra(game),
            "rematch_of": rematch_of,
        }
    )
    db.table("hands").insert_all(_hand_row(game_id, n, h, 1) for n, h in enumerate(game.hands, 1))
    return game_id


def create_game(
    db: Database,
    table: Table,
    rules: Rules,
    hands: Sequence[Hand] = (),
    tricks_by: str = "seat",
    start: tuple[tuple[int, int], ...] | None = None,
    ended: bool = False,
) -> str:
    """Store a new game (hands too, for an import) after the core accepts it whole."""
    game = Game(table, rules, tuple(hands), tricks_by, start, ended)
    with writing(db):
        return _insert_game(db, game)


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
    stored = _build(
        rows[0], db.query("select * from hands where game_id = ? order by number", [game_id])
    )
    _remember(db, stored)
    return stored


def list_games(db: Database, ids: Sequence[str]) -> list[StoredGame]:
    """The games with these ids, newest first, in at most two queries: the hands are
    read only for games not already in memory at their current revision."""
    rows = list(
        db.query(
            "select * from games where id in (select value from json_each(?)) "
            "order by updated_at desc, id",
            [json.dumps(list(ids))],
        )
    )
    found = {row["id"]: _cached(db, row["id"], row["revision"]) for row in rows}
    missing = [game_id for game_id, stored in found.items() if stored is None]
    hands: dict[str, list[dict]] = {game_id: [] for game_id in missing}
    if missing:
        for h in db.query(
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
            _remember(db, stored)
        games.append(stored)
    return games


def _current(db: Database, game_id: str) -> StoredGame:
    """The game as it is inside the write transaction (which holds the write lock)."""
    stored = load_game(db, game_id)
    if stored is None:
        raise Missing(f"There is no game {game_id} any more.")
    return stored


def _scored(stored: StoredGame, number: int, hand: Hand | None) -> GameScore:
    """The score with hand `number` replaced (or added, or removed). Adding a hand or the
    tricks of the last one extends the score already known by one hand, at the same cost
    however long the game; any other change scores the game again from the start."""
    hands = stored.game.hands
    if hand is not None and number == len(hands) + 1:
        return extend(stored.score(), hand)
    if hand is not None and number == len(hands) and not hands[-1].played and hand.played:
        return extend(without_pending(stored.score()), hand)
    changed = list(hands)
    if hand is None:
        del changed[number - 1]
    else:
        changed[number - 1] = hand
    return replace(stored.game, hands=tuple(changed)).score()


def _replace(
    db: Database, stored: StoredGame, number: int, hand: Hand | None, score: GameScore | None = None
) -> StoredGame:
    """Check the game with hand `number` replaced (or added, or removed) and write it;
    returns the game as now stored, its score known, for the cache once committed."""
    score = score or _scored(stored, number, hand)
    now, versions = _now(), list(stored.versions)
    hands = list(stored.game.hands)
    # The hand written takes the game's next revision as its version: revisions only
    # grow, so a version is never seen twice in a game, even for a hand undone and
    # entered again, and a form made before any later write cannot match.
    revision = _next_revision(stored)
    if hand is None:
        db.table("hands").delete_where("game_id = ? and number = ?", [stored.id, number])
        del hands[number - 1], versions[number - 1]
    elif number > len(stored.game.hands):
        db.table("hands").insert(_hand_row(stored.id, number, hand, revision))
        hands.append(hand)
        versions.append(revision)
    else:
        # A plain statement: sqlite-utils' `update` reads the schema and the row first,
        # three more queries on every save.
        values = hand_values(hand)
        db.execute(
            "update hands set bids = ?, tricks = ?, side_tricks = ?, extra = ?, "
            "version = ?, updated_at = ? where game_id = ? and number = ?",
            [
                values["bids"],
                values["tricks"],
                values["side_tricks"],
                values["extra"],
                revision,
                now,
                stored.id,
                number,
            ],
        )
        hands[number - 1] = hand
        versions[number - 1] = revision
    return _bump(db, stored, replace(stored.game, hands=tuple(hands)), versions, score, now)


def _next_revision(stored: StoredGame) -> int:
    # Older files gave an imported hand version 1 at revision 0: stay above every version.
    return max((stored.revision, *stored.versions)) + 1


def _bump(
    db: Database,
    stored: StoredGame,
    game: Game,
    versions: Sequence[int],
    score: GameScore,
    now: str,
) -> StoredGame:
    revision = max((_next_revision(stored), *versions))
    db.execute(
        "update games set updated_at = ?, revision = ?, extra = ? where id = ?",
        [now, revision, game_extra(game), stored.id],
    )
    fresh = StoredGame(
        stored.id,
        stored.created_at,
        now,
        revision,
        stored.share_token,
        game,
        tuple(versions),
        stored.rematch_of,
        stored.next_dealer,
    )
    fresh.__dict__["_score"] = score  # what cached_property would compute, known already
    return fresh


def _stored_hand(stored: StoredGame, number: int) -> Hand | None:
    return stored.game.hands[number - 1] if 1 <= number <= len(stored.game.hands) else None


def save_bids(
    db: Database,
    game_id: str,
    number: int,
    bids: Sequence[Bid],
    blind: Sequence[int] = (),
    dealer: int | None = None,
) -> None:
    """Start hand `number` with its bids (and the sides that bid blind, and the dealer
    if not the one the deal passed to); refused if that hand already exists."""
    with writing(db):
        stored = _current(db, game_id)
        existing = _stored_hand(stored, number)
        if existing is not None and existing.bids == tuple(bids) and existing.blind == tuple(blind):
            return  # the same form sent twice: already saved
        if number != len(stored.game.hands) + 1:
            raise Conflict(f"Hand {number} was already entered, on this phone or another.")
        if number > MAX_HANDS:
            raise GameError(f"a game holds at most {MAX_HANDS} hands", hand=number)
        if dealer is None:
            dealer = chosen_dealer(stored, number)
        fresh = _replace(db, stored, number, Hand(tuple(bids), blind=tuple(blind), dealer=dealer))
    _remember(db, fresh)


def chosen_dealer(stored: StoredGame, number: int) -> int | None:
    """The dealer the table chose for hand `number` before its bids, if that choice is
    still for the next hand to bid."""
    if (
        stored.next_dealer is None
        or stored.next_dealer[0] != number
        or number != len(stored.game.hands) + 1
    ):
        return None
    return stored.next_dealer[1]


def _check_version(stored: StoredGame, number: int, version: int) -> Hand:
    if not 1 <= number <= len(stored.game.hands):
        raise Conflict(
            f"Hand {number} is no longer in this game: the hand changed on another phone."
        )
    if stored.versions[number - 1] != version:
        raise Conflict(changed(number))
    return stored.game.hands[number - 1]


def changed(number: int) -> str:
    """What a phone whose form is older than the stored hand is told."""
    return (
        f"Hand {number} was changed on another phone meanwhile. "
        "Here it is as it was saved; make your change again if it is still needed."
    )


def save_tricks(
    db: Database,
    game_id: str,
    number: int,
    version: int,
    tricks: Sequence[int | None],
    side_tricks: Sequence[int] | None = None,
    adjust: Sequence[int] | None = None,
    note: str = "",
) -> None:
    """Record the tricks of the hand in play (and any adjustment the table agreed);
    the same tricks sent twice are saved once."""
    with writing(db):
        stored = _current(db, game_id)
        existing = _stored_hand(stored, number)
        if (
            existing is not None
            and existing.tricks == tuple(tricks)
            and existing.side_tricks == (None if side_tricks is None else tuple(side_tricks))
        ):
            return
        hand = _check_version(stored, number, version)
        if hand.tricks is not None:
            raise Conflict(f"The tricks of hand {number} were already saved.")
        fresh = _replace(
            db,
            stored,
            number,
            dataclasses.replace(
                hand,
                tricks=tuple(tricks),
                side_tricks=None if side_tricks is None else tuple(side_tricks),
                adjust=None if adjust is None else tuple(adjust),
                note=note,
            ),
        )
    _remember(db, fresh)


def edit_hand(
    db: Database,
    game_id: str,
    number: int,
    version: int,
    bids: Sequence[Bid],
    tricks: Sequence[int | None] | None,
    side_tricks: Sequence[int] | None = None,
    *,
    confirm_removal: bool = False,
    **extra: object,
) -> None:
    """Correct a hand's bids and tricks (and, given in `extra`, its blind, dealer, adjust
    or note); every later hand is re-scored. If the game is then over before its last
    hand, RemovesHands is raised unless `confirm_removal`, which removes those hands."""
    with writing(db):
        stored = _current(db, game_id)
        old = _check_version(stored, number, version)
        hand = replace(
            old,
            bids=tuple(bids),
            tricks=None if tricks is None else tuple(tricks),
            side_tricks=None if tricks is None or side_tricks is None else tuple(side_tricks),
            **extra,  # type: ignore[arg-type]
        )
        outcome = check_fix(stored.game, number, hand)
        if outcome.removed and not confirm_removal:
            raise RemovesHands(number, outcome.removed)
        for gone in reversed(outcome.removed):
            stored = _replace(db, stored, gone, None, outcome.score)
        fresh = _replace(db, stored, number, hand, outcome.score)
        if fresh.game.ended != outcome.game.ended:  # the rules now end it: no early end
            fresh = _bump(db, fresh, outcome.game, fresh.versions, outcome.score, _now())
    _remember(db, fresh)


def delete_last_hand(db: Database, game_id: str, number: int, version: int) -> None:
    """Undo: remove the last hand (bid or played); a game ended early is open again."""
    with writing(db):
        stored = _current(db, game_id)
        _check_version(stored, number, version)
        if number != len(stored.game.hands):
            raise Conflict(f"Only the last hand can be deleted, and hand {number} is not.")
        if stored.game.ended:
            stored = replace(stored, game=replace(stored.game, ended=False))
        fresh = _replace(db, stored, number, None)
    _remember(db, fresh)


def end_game(db: Database, game_id: str) -> None:
    """The table ends the game now: the leader wins, a shared lead is a draw."""
    with writing(db):
        stored = _current(db, game_id)
        score = end_early(stored.score())
        fresh = _bump(db, stored, replace(stored.game, ended=True), stored.versions, score, _now())
    _remember(db, fresh)


def rematch(db: Database, game_id: str) -> tuple[str, bool]:
    """A new game with the same table and rules after a finished one, and whether it is
    new: asked twice (a double tap, another phone), it is the same game."""
    with writing(db):
        stored = _current(db, game_id)
        for row in db.query("select id from games where rematch_of = ?", [game_id]):
            return str(row["id"]), False
        score = stored.score()
        if score.status != "finished":
            raise GameError("this game is not finished yet: a rematch starts after its end")
        old = stored.game
        table = replace(old.table, first_dealer=score.next_dealer)
        game = Game(table, old.rules, (), old.tricks_by)
        return _insert_game(db, game, rematch_of=game_id), True
