"""The commands on a whole game: start or import it, end it now, change its names or
rules, delete it, start its rematch."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence

from sqlite_utils import Database

from ...core.clock import check_clock
from ...core.game import Game, check_hand_count, check_settings
from ...core.happened import GameStartedInClub, GameWritten, TableGameDeleted
from ...core.model import GameScore
from ...core.records import Hand, Table, changed, make_table
from ...core.rules import Rules
from ...core.scoring import end_early
from .. import bus, clubs, seats, storage
from ..bus import Unit
from ..event_tables import table_of_game
from ..outcomes import Missing, NotOver
from ..storage import StoredGame
from . import seat_writes, undone_writes, writers
from ._run import Confirm, at_revision, change, remove_after


def start(
    db: Database,
    table: Table,
    rules: Rules,
    tricks_by: str = "seat",
    start: tuple[tuple[int, int], ...] | None = None,
    club: str | None = None,
    preset: str | None = None,
    clock: int = 0,
) -> StoredGame:
    """A new game, checked whole by the core first (`club`: filed into that club in the
    same write; `preset`: the name of the preset it was started from; `clock`: the
    minutes of its own clock, from now, 0: none)."""
    timed = check_clock(clock, int(time.time())) if clock else None
    game = Game(table, rules, (), tricks_by, start, preset=preset, clock=timed)
    return import_game(db, game, game.score(), club)


def import_game(
    db: Database,
    game: Game,
    score: GameScore,
    club: str | None = None,
    put_back: tuple[int, Hand, bool] | None = None,
) -> StoredGame:
    """Store a game read from a game file, scored before (outside the transaction, once);
    `club`: the club it is filed into, in the same write (a club gone meanwhile: NoClub);
    `put_back`: the hand its table's last undo took away (number, hand, ended), kept to be
    put back as that undo kept it."""
    check_hand_count(len(game.hands))
    with bus.unit(db) as unit:
        stored = writers.insert(db, game, score)
        if put_back is not None:
            undone_writes.keep(db, stored, *put_back)
            stored = changed(stored, undone=True)
        fresh = unit.wrote(stored)
        if club is not None:  # the club's handler files it (a club gone: NoClub, all undone)
            unit.tell(GameStartedInClub(fresh.id, club))
    return fresh


def insert_game(
    db: Database, game: Game, score: GameScore | None = None, *, game_id: str | None = None
) -> StoredGame:
    """A new game written inside the caller's own write transaction (a club night's
    round starts all its tables' games in one; `game_id`: the id the round chose). The
    cache is not told: the game is read from the file once that transaction committed."""
    if not db.conn.in_transaction:
        raise RuntimeError("insert_game writes inside the caller's transaction")
    check_hand_count(len(game.hands))
    return writers.insert(db, game, game.score() if score is None else score, game_id=game_id)


def insert_games(
    unit: Unit,
    ids: Sequence[str],
    games: Sequence[tuple[Game, GameScore]],
    rematch_of: Mapping[str, str] | None = None,
) -> list[StoredGame]:
    """Store games read from a file under these ids, inside the write of the file's rest
    (a night's or a club's rows), each the rematch of the game `rematch_of` names (by
    their ids here); the games still being played are kept in the cache once committed
    (the others are read when first asked for)."""
    for game, _ in games:
        check_hand_count(len(game.hands))
    stored = writers.insert_games_in(unit.db, games, ids, rematch_of or {})
    for fresh in stored:
        unit.wrote(fresh, keep=not fresh.score().over)
    return stored


def end_now(db: Database, game_id: str, revision: int | None) -> StoredGame:
    """End the game after its last played hand (time is up): the core decides how.
    `revision` None: whatever the game's."""
    return change(db, game_id, end_act(db, revision), "over")


def end_act(db: Database, revision: int | None) -> Callable[[StoredGame], StoredGame]:
    """The write of `end_now` (a club night's director ends a table's game with it too)."""

    def act(stored: StoredGame) -> StoredGame:
        if revision is not None:
            at_revision(stored, revision)
        score = end_early(stored.score())
        return writers.bump(db, stored, changed(stored.game, ended=True), score)

    return act


def change_settings(
    db: Database,
    game_id: str,
    revision: int,
    table: Table,
    rules: Rules,
    *,
    confirm: Confirm | None = None,
) -> StoredGame:
    """New names, side names or house rules: every hand is scored again with them first.
    If the game is then over before its last hand (a lower target), RemovesHands, unless
    `confirm` is what it says."""

    def act(stored: StoredGame) -> StoredGame:
        at_revision(stored, revision)
        outcome = check_settings(stored.game, table, rules)
        if (table, rules) == (stored.game.table, stored.game.rules):
            return stored  # saved as they were: nothing written, the revision stays
        written = remove_after(db, stored, None, outcome, confirm)
        return writers.bump(db, written, outcome.game, outcome.score, table=True)

    return change(db, game_id, act, "settings")


def reseat(
    db: Database, game_id: str, seating: Callable[[StoredGame], tuple[str, ...]]
) -> StoredGame:
    """New names at the seats (a substitute, or players changing seats): `seating` picks
    them from the game as stored, inside this same transaction. The hands stay with their
    seats. (A club night's director re-seats a table through the bus: `reseat_act`.)"""
    return change(db, game_id, reseat_act(db, seating), "settings")


def reseat_act(
    db: Database, seating: Callable[[StoredGame], tuple[str, ...]]
) -> Callable[[StoredGame], StoredGame]:
    """The write of `reseat`: the names `seating` picks, at the seats."""

    def act(stored: StoredGame) -> StoredGame:
        old = stored.game.table
        table = make_table(old.mode, list(seating(stored)), old.first_dealer, old.side_names)
        outcome = check_settings(stored.game, table, stored.game.rules)
        if stored.seated:  # a bid is a person's: a seat's new player has not bid yet
            moved = [s for s, name in enumerate(table.players) if name != old.players[s]]
            seat_writes.vacate(db, stored.id, moved)
        return writers.bump(db, stored, outcome.game, outcome.score, table=True)

    return act


def delete(db: Database, game_id: str, revision: int | None = None) -> None:
    """Remove a game, its hands and its seat links for good; with `revision` (what the
    phone's delete page showed), only if the game has not changed since. A club night's
    table's game: the night is told once the rows are gone (its round may be over now)."""
    with bus.unit(db) as unit:
        stored = storage.load_game(db, game_id)
        if stored is None:
            raise Missing()
        if revision is not None:
            at_revision(stored, revision)
        if stored.in_club:  # its clubs' versions move while it is still filed in them
            unit.tell(GameWritten(game_id, stored.score().over))
            unit.flush()
        at = table_of_game(db, game_id) if stored.in_event else None
        writers.delete(db, stored)
        if at is not None:  # handed on after the delete, in this write
            unit.tell(TableGameDeleted(game_id, at.event_id, at.round, at.table))


def rematch(db: Database, game_id: str) -> tuple[StoredGame, bool]:
    """A new game with the same table and rules (its clock's minutes too, from now) after a
    finished one (seat links too, if it had them, each held by the phone that held it),
    and whether it is new: asked twice, it is the same game."""
    with bus.unit(db) as unit:
        stored = storage.load_game(db, game_id)
        if stored is None:
            raise Missing()
        already = storage.rematch_of(db, game_id)
        if already is not None:
            again = storage.load_game(db, already)
            assert again is not None  # the same transaction just found it
            return again, False
        score = stored.score()
        if not score.over:
            raise NotOver(stored)
        table = changed(stored.game.table, first_dealer=score.next_dealer)
        kept = stored.game.clock  # the same house rules: its own clock too, from now
        timed = check_clock(kept.minutes, int(time.time())) if kept else None
        game = Game(table, stored.game.rules, (), stored.game.tricks_by, clock=timed)
        fresh = unit.wrote(writers.insert(db, game, game.score(), rematch=game_id))
        club = clubs.club_of_game(db, game_id)
        if club is not None:  # filed as its game was (alone, or by its night's club)
            unit.tell(
                GameStartedInClub(fresh.id, club, edited=False)
            )  # a table's, not the manager's
        if seats.links(db, game_id):
            seat_writes.add_links(db, fresh.id, len(table.players))
            seat_writes.carry_claims(db, game_id, fresh.id)
    return fresh, True
