"""A save at a club night's table: what the round's clock means for it, the handler of
`TableSaved` (store/handlers.py), run inside the game's own transaction. A save sent by
the table's own link (or a seat's) is refused once its round is over and the director has
not reopened it (the page that sent it was drawn before: the view's check was then). A
save that adds hands is refused past the hands a night holds (core/limits.py, as its file).

Time called is judged when read (`core.event.time_called`); nothing writes it when the
clock runs out. The first save at a table after that notes the hand the table
finishes (the hand in play as stored, before this save changed it: nothing was saved
since time was called) and, for a clock that ran out, the round's `called_at`. After
the save, a game whose hand in play is done ends (the core decides how) in the same
transaction (the handler tells `TimeUp`: the game's handler ends it, and tells this
save again), and when every table of the round is then over the round is done. Only
this table's match and round are read and written; the round's other games only once
this one is over.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlite_utils import Database

from ...core import limits
from ...core.event import (
    check_settings,
    deadline,
    ends_on_time,
    last_hand,
    time_called,
    time_tie,
)
from ...core.event_flow import match_over
from ...core.happened import TableGameDeleted, TableSaved, TimeUp
from ...core.model import GameScore
from ...core.roster import RoundStatus
from ..bus import Unit
from ..event_tables import check_open_to_table
from ..events import match_from_row
from ..storage import list_games
from ._base import bump, mark_done

_TABLE = (
    "select m.*, r.kind, r.started_at, r.called_at, e.settings, (select count(*) from "
    "event_matches x where x.event_id = m.event_id and x.round = m.round) as tables "
    "from event_matches m "
    "join event_rounds r on r.event_id = m.event_id and r.number = m.round "
    "join events e on e.id = m.event_id where m.game_id = ? and r.status = ?"
)


@dataclass(frozen=True)
class TableSave:
    """The table a game is played at, in a round being played."""

    event_id: str
    round: int
    kind: str
    last_hand: int | None  # the hand to finish, once time is called
    tie: str  # how a lead still shared on time is settled

    def ends(self, score: GameScore) -> bool:
        """Whether the game ends now, on time."""
        return self.last_hand is not None and ends_on_time(score, self.last_hand, self.tie)


def table_saved(news: TableSaved, unit: Unit) -> None:
    """A save at a table: refused if the table's own link (or a seat's) sent it once the
    table is closed to it, or if it takes the night past the hands it may hold; time
    called noted; the game ends if its last hand is done; the round is done once every
    table is."""
    if news.by_table:  # the table's powers, as they are in this write
        check_open_to_table(unit.db, news.game_id)
    added = len(news.after.hands) - len(news.before.hands)
    if added > 0:
        within_night(unit.db, news.game_id, added)
    table = before(unit.db, news.game_id, news.before, news.at)
    if table is None:
        return
    unit.round_clocked.add(news.game_id)
    if table.ends(news.after):
        unit.tell(TimeUp(news.game_id, news.at))
    elif round_over(unit.db, table.event_id, table.round, table.kind, (news.game_id, news.after)):
        mark_done(unit.db, table.event_id, table.round)


# The kind of a round still being played.
_PLAYING = "select kind from event_rounds where event_id = ? and number = ? and status = ?"


def table_game_deleted(news: TableGameDeleted, unit: Unit) -> None:
    """The director deleted a table's game: its table counts for nothing now (in a
    playoff, until the director names who goes through), so its round is done if every
    other table is over, as when a save ends the last table. The table's game is gone
    from its row (the schema's `on delete set null`, in this write), so the night's
    revision moves: what its results read of the night changed."""
    bump(unit.db, news.event_id)
    row = unit.db.execute(_PLAYING, [news.event_id, news.round, RoundStatus.PLAYING]).fetchone()
    if row is not None and round_over(unit.db, news.event_id, news.round, row[0]):
        mark_done(unit.db, news.event_id, news.round)


# The hands of every game of the night that the game's table is at, as this write has them.
_NIGHT_HANDS = (
    "select count(*) from hands where game_id in (select game_id from event_matches "
    "where event_id = (select event_id from event_matches where game_id = ?))"
)


def within_night(db: Database, game_id: str, added: int) -> None:
    """Refuse the hands just `added` at a table past what its night holds: whatever a
    night's tables save, the night's file takes back (core/limits.py)."""
    held = next(iter(db.execute(_NIGHT_HANDS, [game_id]).fetchone()))
    limits.check_room("night_hands", held - added, added)


def before(db: Database, game_id: str, score: GameScore, now: float) -> TableSave | None:
    """The table of this game (`score`: before the save) in a round being played (None:
    none), time called noted first if it is and was not yet."""
    row = next(db.query(_TABLE, [game_id, RoundStatus.PLAYING]), None)
    if row is None:
        return None
    settings = check_settings(json.loads(row["settings"]))
    minutes = settings.clock_minutes(row["kind"], row["tables"])
    tie = time_tie(settings, row["kind"])
    called = time_called(row["started_at"], minutes, row["called_at"], now)
    last = last_hand(row["last_hand"], called, score)
    if last is not None and row["last_hand"] is None:  # the first save since time was called
        db.execute("update event_matches set last_hand = ? where game_id = ?", [last, game_id])
        if row["called_at"] is None:  # the clock ran out then, not now
            db.execute(
                "update event_rounds set called_at = ? where event_id = ? and number = ?",
                [deadline(row["started_at"], minutes), row["event_id"], row["round"]],
            )
    return TableSave(row["event_id"], row["round"], row["kind"], last, tie)


def round_over(
    db: Database,
    event_id: str,
    number: int,
    kind: str,
    fresh: tuple[str, GameScore] | None = None,
) -> bool:
    """Whether every table of round `number` is over, `fresh` (a game's id and score) as
    it is now in this write; the other games are read only when `fresh` itself is over."""
    rows = db.query(
        "select * from event_matches where event_id = ? and round = ?", [event_id, number]
    )
    matches = [match_from_row(row) for row in rows]
    if fresh is not None:
        own = next((m for m in matches if m.game_id == fresh[0]), None)
        if own is not None and not match_over(kind, own, fresh[1]):
            return False
    others = [m.game_id for m in matches if m.game_id and (fresh is None or m.game_id != fresh[0])]
    scores = {s.id: s.score() for s in list_games(db, others)} if others else {}
    if fresh is not None:
        scores[fresh[0]] = fresh[1]
    return all(match_over(kind, m, scores.get(m.game_id or "")) for m in matches)
