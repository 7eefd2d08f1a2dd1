"""Keeping a game in order: its settings, an early end, a hand's dealer or adjustment,
and deleting it. Each write is one transaction that checks a version first, so a stale
form from another phone never overwrites newer data; the core scores every change."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import replace

from sqlite_utils import Database

from ..core.errors import GameError
from ..core.names import text_problem
from ..core.rules import Rules
from ..core.scoring import Table, end_early
from .db import writing
from .storage import (
    Conflict,
    StoredGame,
    _bump,
    _check_version,
    _current,
    _next_revision,
    _now,
    _remember,
    edit_hand,
)

ADJUST_LIMIT = 1000
NOTE_LIMIT = 200
STALE = (
    "This game was changed on another phone meanwhile. Here it is as it is now; "
    "make your change again if it is still needed."
)


def _at_revision(db: Database, game_id: str, revision: int) -> StoredGame:
    stored = _current(db, game_id)
    if stored.revision != revision:
        raise Conflict(STALE)
    return stored


def update_settings(db: Database, game_id: str, revision: int, table: Table, rules: Rules) -> None:
    """New names, side names or house rules: the core scores every hand again with them
    first, and a hand they would break is named in the refusal."""
    with writing(db):
        stored = _at_revision(db, game_id, revision)
        old = stored.game.table
        if (table.mode, len(table.players), table.first_dealer) != (
            old.mode,
            len(old.players),
            old.first_dealer,
        ):
            raise GameError("the table itself cannot change during a game", field="players")
        game = replace(stored.game, table=table, rules=rules)
        score = game.score()
        db.execute(
            "update games set players = ?, rules = ? where id = ?",
            [json.dumps(list(table.players)), json.dumps(rules.as_dict()), game_id],
        )
        fresh = _bump(db, stored, game, stored.versions, score, _now())
    _remember(db, fresh)


def _key(text: str) -> str:
    """A deleted game is remembered by a one-way hash of its keys, never the keys."""
    return hashlib.sha256(text.encode()).hexdigest()


def delete_game(db: Database, game_id: str) -> None:
    """Remove a game, its hands and its seat links for good, in one transaction."""
    with writing(db):
        stored = _current(db, game_id)
        db.execute("delete from hands where game_id = ?", [game_id])
        db.execute("delete from games where id = ?", [game_id])  # seat links cascade
        for key in (stored.id, stored.share_token):
            db.execute(
                "insert or replace into deleted_games (key, deleted_at) values (?, ?)",
                [_key(key), _now()],
            )


def was_deleted(db: Database, key: str) -> bool:
    """Whether a game with this id or share token existed and was deleted."""
    return bool(list(db.query("select 1 from deleted_games where key = ?", [_key(key)])))


def end_game(db: Database, game_id: str, revision: int) -> None:
    """End the game after its last played hand (time is up): the core decides how."""
    with writing(db):
        stored = _at_revision(db, game_id, revision)
        score = end_early(stored.score())
        fresh = _bump(db, stored, replace(stored.game, ended=True), stored.versions, score, _now())
    _remember(db, fresh)


def set_dealer(db: Database, game_id: str, number: int, version: int, seat: int) -> None:
    """Say who dealt hand `number` (the deal passes on from there); for the hand not yet
    bid (version 0), who deals it."""
    with writing(db):
        stored = _current(db, game_id)
        players = stored.game.table.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
            raise GameError(
                f"dealer: choose one of the {len(players)} players", hand=number, field="dealer"
            )
        if number == len(stored.game.hands) + 1:
            if version != 0:
                raise Conflict(f"Hand {number} was bid on another phone meanwhile.")
            if stored.score().status == "finished":
                raise Conflict("This game is over: no hand is dealt any more.")
            # Plain columns beside the core's: a choice for a hand that has no row yet.
            db.execute(
                "update games set next_dealer = ?, next_dealer_hand = ?, "
                "revision = ?, updated_at = ? where id = ?",
                [seat, number, _next_revision(stored), _now(), game_id],
            )
            return
        hand = _check_version(stored, number, version)
        edit_hand(
            db, game_id, number, version, hand.bids, hand.tricks, hand.side_tricks, dealer=seat
        )


def check_adjustment(
    points: Sequence[object], note: object, sides: int, names: Sequence[str]
) -> tuple[tuple[int, ...] | None, str]:
    """The adjustment as stored (None when nothing is added), or a refusal naming the field."""
    if not isinstance(points, (list, tuple)) or len(points) != sides:
        raise GameError(f"adjust: expected points for each of the {sides} sides", field="adjust")
    for side, value in enumerate(points):
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not -ADJUST_LIMIT <= value <= ADJUST_LIMIT
        ):
            raise GameError(
                f"adjust: {names[side]}'s points must be a whole number from "
                f"-{ADJUST_LIMIT} to {ADJUST_LIMIT}",
                field="adjust",
                seat=side,
            )
    if note is not None and not isinstance(note, str):
        raise GameError("note: must be text", field="note")
    text = (note or "").strip()
    if text_problem(text):  # as in a game file, so that its export imports again
        raise GameError(f"note: {text_problem(text)}", field="note")
    if len(text) > NOTE_LIMIT:
        raise GameError(f"note: at most {NOTE_LIMIT} characters, not {len(text)}", field="note")
    # The note is optional, as in the game file (GAMEFILE.md): a form and an import agree.
    return (tuple(points) if any(points) else None), text  # type: ignore[arg-type]


def set_adjustment(
    db: Database,
    game_id: str,
    number: int,
    version: int,
    points_per_side: Sequence[int],
    note: str | None,
    confirm_removal: bool = False,
) -> None:
    """Add points to (or take them from) each side in a played hand, with a note why;
    the core adds them after everything else and scores every later hand again."""
    with writing(db):
        stored = _current(db, game_id)
        hand = _check_version(stored, number, version)
        if hand.tricks is None:
            raise GameError(
                "adjust: only a hand that has been played can be adjusted",
                hand=number,
                field="adjust",
            )
        score = stored.score()
        adjust, text = check_adjustment(
            points_per_side, note, len(score.sides), [side.name for side in score.sides]
        )
        edit_hand(
            db,
            game_id,
            number,
            version,
            hand.bids,
            hand.tricks,
            hand.side_tricks,
            confirm_removal=confirm_removal,
            adjust=adjust,
            note=text,
        )


def set_renege(
    db: Database,
    game_id: str,
    number: int,
    version: int,
    sides: Sequence[int],
    confirm_removal: bool = False,
) -> None:
    """Record which sides reneged in a played hand (none: take a renege back); the core
    moves the tricks and scores every later hand again."""
    with writing(db):
        stored = _current(db, game_id)
        hand = _check_version(stored, number, version)
        edit_hand(
            db,
            game_id,
            number,
            version,
            hand.bids,
            hand.tricks,
            hand.side_tricks,
            confirm_removal=confirm_removal,
            renege=tuple(sorted(sides)),
        )
