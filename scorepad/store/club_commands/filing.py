"""Games and nights filed into a club, or taken out. A game or a night started to count
for a club is filed in the write that starts it: the club's handlers of `GameStartedInClub`
and `NightStarted` (store/handlers.py), `file_game_in` and `file_event_in` inside the
teller's transaction. A write to a game that counts for a club moves that club's version
(`clubs.revision`, what its kept view keys on: store/club_view.py; and its
`rated_revision` for a game over before or after), in the game's write: the club's
handler of `GameWritten`; so does a round drawn at one of its nights, whose tables'
games it then counts (its handler of `TableDrawn`)."""

from __future__ import annotations

from sqlite_utils import Database

from ...core.happened import GameStartedInClub, GameWritten, NightStarted, TableDrawn
from ..bus import Unit
from ..clubs import club_of_event, club_of_game
from ..db import writing
from ..seasons import club_season_events
from ..stamps import now
from ._base import bump, current, move, room
from .outcomes import ClubRefused, NoClub


def file_game_in(db: Database, club_id: str, game_id: str) -> None:
    """File a game into a club, inside the caller's write transaction."""
    if not db.conn.in_transaction:
        raise RuntimeError("file_game_in writes inside the caller's transaction")
    current(db, club_id)  # a club deleted meanwhile: NoClub, and the caller's write undone
    room(db, club_id, "games")
    db.execute(
        "insert into club_games (game_id, club_id, filed_at) values (?, ?, ?)",
        [game_id, club_id, now()],
    )
    # no form of the manager's depends on which games are filed (taking one out names it;
    # a roster form reads names): a game filed stales none of them, whoever filed it
    bump(db, club_id, edited=False)


def file_event_in(db: Database, club_id: str, event_id: str) -> None:
    """File a night into a club, inside the caller's write transaction."""
    if not db.conn.in_transaction:
        raise RuntimeError("file_event_in writes inside the caller's transaction")
    current(db, club_id)
    room(db, club_id, "nights")
    db.execute(
        "insert into club_events (event_id, club_id, filed_at) values (?, ?, ?)",
        [event_id, club_id, now()],
    )
    bump(db, club_id, edited=False)  # as a game filed


def game_started_in_club(news: GameStartedInClub, unit: Unit) -> None:
    """A game started (or imported, or a rematch) for the club: filed in that write (a
    club gone meanwhile, or full: refused, and the game's write undone)."""
    file_game_in(unit.db, news.club_id, news.game_id)


# The clubs a game counts in: filed itself, or played at a club night.
_CLUBS_OF_GAME = (
    "select club_id from club_games where game_id = :game union "
    "select e.club_id from event_matches m join club_events e on e.event_id = m.event_id "
    "where m.game_id = :game"
)


def game_written(news: GameWritten, unit: Unit) -> None:
    """A game was written (or is being deleted): the versions of the clubs it counts for
    move, in that write, so no club's kept view outlives it; with them the revision their
    ratings last changed at, for a game over before or after the write."""
    move(unit.db, _CLUBS_OF_GAME, {"game": news.game_id}, rated=news.rated, edited=False)


def table_drawn(news: TableDrawn, unit: Unit) -> None:
    """A round drawn at a night: the club it is filed in counts one game more (not over:
    its ratings are as they were)."""
    clubs = "select club_id from club_events where event_id = :event"
    move(unit.db, clubs, {"event": news.event_id}, rated=False, edited=False)


def night_started(news: NightStarted, unit: Unit) -> None:
    """A night started for the club: filed in that write."""
    if news.club_id is not None:
        file_event_in(unit.db, news.club_id, news.event_id)


def _game(db: Database, game_id: str) -> None:
    if not list(db.query("select 1 from games where id = ?", [game_id])):
        raise NoClub()  # the game is gone: nothing to file


def file_game(db: Database, club_id: str, game_id: str) -> None:
    """File a game of its own into a club: it counts in the club's statistics and
    ratings from now on. A night's table is filed with its night."""
    with writing(db):
        current(db, club_id)
        _game(db, game_id)
        if list(db.query("select 1 from event_matches where game_id = ?", [game_id])):
            raise ClubRefused("night_game", field="game")
        held = club_of_game(db, game_id)
        if held == club_id:
            raise ClubRefused("filed_here", field="game")
        if held is not None:
            raise ClubRefused("filed_elsewhere", field="game")
        file_game_in(db, club_id, game_id)


def unfile_game(db: Database, club_id: str, game_id: str, revision: int | None = None) -> None:
    """Take a game out of the club: it counts no more (the game itself stays). `revision`:
    the club as the manager's page showed it."""
    with writing(db):
        current(db, club_id, revision)
        gone = db.execute(
            "delete from club_games where game_id = ? and club_id = ?", [game_id, club_id]
        )
        if not gone.rowcount:
            raise ClubRefused("not_filed", field="game")
        bump(db, club_id)


def file_event(db: Database, club_id: str, event_id: str) -> None:
    """File a club night into a club: every table's game counts for it."""
    with writing(db):
        current(db, club_id)
        if not list(db.query("select 1 from events where id = ?", [event_id])):
            raise NoClub()
        held = club_of_event(db, event_id)
        if held is not None:
            raise ClubRefused("filed_here" if held == club_id else "filed_elsewhere", "night")
        file_event_in(db, club_id, event_id)


def unfile_event(db: Database, club_id: str, event_id: str, revision: int | None = None) -> None:
    """Take a night out of the club: its tables count no more (the night itself stays). A
    night one of the club's seasons holds stays until the season lets it go."""
    with writing(db):
        current(db, club_id, revision)
        if event_id in club_season_events(db, club_id):  # as the club's games page says
            raise ClubRefused("night_in_season", field="night")
        gone = db.execute(
            "delete from club_events where event_id = ? and club_id = ?", [event_id, club_id]
        )
        if not gone.rowcount:
            raise ClubRefused("night_not_filed", field="night")
        bump(db, club_id)
