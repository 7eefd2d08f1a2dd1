"""The repository's writers: a new game, a hand written or removed, the game's row at its
next revision, a game deleted. Only `commands` calls them, inside its one transaction;
each returns the game as it will be stored once that transaction commits."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence

from sqlite_utils import Database

from ...core.game import Game
from ...core.model import GameScore
from ...core.records import Hand, changed
from ..rows import game_extra, hand_values, rated_text
from ..stamps import hashed, now, token
from ..storage import StoredGame


def _hand_row(game_id: str, number: int, hand: Hand, version: int, at: str) -> dict:
    return {
        "game_id": game_id,
        "number": number,
        **hand_values(hand),
        "version": version,
        "updated_at": at,
    }


def _game_row(
    game_id: str, at: str, share: str, game: Game, score: GameScore, rematch: str | None
) -> dict:
    table = game.table
    return {
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
        "rated": rated_text(score),
        # the dealer chosen before the next hand's bids, kept with that hand (as `bump`)
        "next_dealer": game.next_dealer,
        "next_dealer_hand": None if game.next_dealer is None else len(game.hands) + 1,
    }


def insert(
    db: Database,
    game: Game,
    score: GameScore,
    rematch: str | None = None,
    *,
    game_id: str | None = None,
) -> StoredGame:
    """Write a new game and its hands (already scored: `score`; `game_id`: its id chosen
    by the caller, else a new one); returns it as stored."""
    game_id, at, share = game_id or token(), now(), token()
    db.table("games").insert(_game_row(game_id, at, share, game, score, rematch))
    db.table("hands").insert_all(
        _hand_row(game_id, n, h, 1, at) for n, h in enumerate(game.hands, 1)
    )
    stored = StoredGame(game_id, at, at, 0, share, game, (1,) * len(game.hands), rematch)
    return stored.scored(score)


def insert_games_in(
    db: Database,
    games: Sequence[tuple[Game, GameScore]],
    ids: Sequence[str],
    rematch_of: Mapping[str, str],
) -> list[StoredGame]:
    """Write many new games and their hands (each already scored) under these ids inside
    the caller's transaction, by one plain INSERT a table, run row by row (`insert` asks
    sqlite-utils about the table once a game); returns them as stored once it commits."""
    at, found, game_rows, hand_rows = now(), [], [], []
    parents = set(rematch_of.values())
    for (game, score), game_id in zip(games, ids, strict=True):
        share = token()
        parent = rematch_of.get(game_id)
        game_rows.append(_game_row(game_id, at, share, game, score, parent))
        hand_rows += [_hand_row(game_id, n, h, 1, at) for n, h in enumerate(game.hands, 1)]
        versions = (1,) * len(game.hands)
        stored = StoredGame(game_id, at, at, 0, share, game, versions, parent, game_id in parents)
        found.append(stored.scored(score))
    for name, rows in (("games", game_rows), ("hands", hand_rows)):
        if rows:
            columns = ", ".join(rows[0])
            marks = ", ".join("?" * len(rows[0]))
            sql = f"insert into {name} ({columns}) values ({marks})"
            for row in rows:
                db.execute(sql, list(row.values()))
    return found


def next_revision(stored: StoredGame) -> int:
    """The revision a write takes, the one rule: above every revision and version before
    it, decided once a write (its hands take it as their version, the game's row too)."""
    if stored.writing is not None:
        return stored.writing
    # An imported hand has version 1 at revision 0: stay above every version.
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
        row = hand_values(hand)
        values = [row[k] for k in ("bids", "tricks", "side_tricks", "extra")]
        _one(
            db,
            "update hands set bids = ?, tricks = ?, side_tricks = ?, extra = ?, "
            "version = ?, updated_at = ? where game_id = ? and number = ?",
            [*values, revision, at, stored.id, number],
        )
        hands[number - 1] = hand
        versions[number - 1] = revision
    # A hand added or removed moves the next hand's number: a dealer chosen for it goes.
    chosen = stored.game.next_dealer if len(hands) == len(stored.game.hands) else None
    game = changed(stored.game, hands=tuple(hands), next_dealer=chosen)
    return changed(
        stored,
        game=game,
        versions=tuple(versions),
        writing=revision,
        rated_row=None,  # the game has changed: its bump writes what is rated of it
    )


def _insert_hand(db: Database, row: dict) -> None:
    """One hand's row by a plain INSERT: sqlite-utils' `insert` looks the table up in
    sqlite_master twice and wraps a SAVEPOINT around it, on every save of bids."""
    columns = ", ".join(row)
    marks = ", ".join("?" * len(row))
    db.execute(f"insert into hands ({columns}) values ({marks})", list(row.values()))


def _one(db: Database, sql: str, params: Sequence[object]) -> None:
    """A write that must change exactly one row: anything else is a bug, never ignored."""
    if db.execute(sql, params).rowcount != 1:
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
    revision, at = next_revision(stored), now()  # as its hands took: one revision a write
    # The dealer chosen before the bids is kept with the hand it is chosen for.
    chosen = game.next_dealer
    sets = ["updated_at = ?, revision = ?, extra = ?, next_dealer_hand = ?, next_dealer = ?"]
    chosen_for = None if chosen is None else len(game.hands) + 1
    rated = rated_text(score)  # what the ratings read of it, kept in its row
    values: list[object] = [at, revision, game_extra(game), chosen_for, chosen]
    sets.append("rated = ?")
    values.append(rated)
    if table:
        sets += ["players = ?", "rules = ?"]
        values += [json.dumps(list(game.table.players)), json.dumps(game.rules.as_dict())]
    _one(db, f"update games set {', '.join(sets)} where id = ?", [*values, stored.id])
    # the write is done (`writing` None): the game as stored once this transaction commits
    fresh = changed(
        stored, updated_at=at, revision=revision, game=game, rated_row=rated, writing=None
    )
    return fresh.scored(score)


def delete(db: Database, stored: StoredGame) -> None:
    """Remove a game, its hands and its seat links; remember its keys, hashed."""
    db.execute("delete from hands where game_id = ?", [stored.id])
    _one(db, "delete from games where id = ?", [stored.id])  # seat links cascade
    for key in (stored.id, stored.share_token):
        db.execute(
            "insert or replace into deleted_games (key, deleted_at) values (?, ?)",
            [hashed(key), now()],
        )
