"""Starting a round: every table gets an ordinary game, through the game's own command.

No transaction holds another. The start is claimed in one transaction (the event's
revision moves on, so a second press is told); each game is started by the game
command `start` and linked to its table in a small transaction of its own; the clock
starts in a last one. A start cut short (the server stopped) is finished by pressing
Start again: tables that have their game keep it. No Flask.
"""

from __future__ import annotations

import time

from sqlite_utils import Database

from ..core.errors import GameError
from ..core.model import make_table
from ..core.rules import Rules
from . import commands
from .db import writing
from .event_commands import bump, current, drawn
from .events import Event, Match


def table_names(event: Event, match: Match) -> list[str]:
    """The four players of a match in seat order: partners sit opposite."""
    side_players = [[p for e in side for p in event.by_id[e].players] for side in match.sides]
    (a, c), (b, d) = side_players
    return [a, b, c, d]


def _claim(db: Database, event_id: str, revision: int) -> int:
    with writing(db):
        event = current(db, event_id, revision)
        number = drawn(event)
        here = {e.id for e in event.entrants if e.here}
        gone = [
            event.by_id[e].name
            for m in event.round_matches(number)
            for side in m.sides
            for e in side
            if e not in here
        ]
        if gone:
            raise GameError(f"{', '.join(gone)} went home: draw again", field="round")
        bump(db, event_id)
        return number


def start_games(db: Database, event_id: str, number: int, rules: Rules | None = None) -> None:
    """Give every table of round `number` still without one its game (the event's rules,
    or these), then start the round's clock."""
    event = current(db, event_id)
    for match in event.round_matches(number):
        if match.bye or match.game_id:
            continue
        table = make_table("partnership", table_names(event, match))
        game = commands.start(db, table, rules or event.rules, tricks_by="side")
        with writing(db):
            db.execute(
                "update event_matches set game_id = ? where event_id = ? and round = ? "
                "and number = ? and game_id is null",
                [game.id, event_id, number, match.number],
            )
    with writing(db):
        db.execute(
            "update event_rounds set status = 'playing', started_at = ? "
            "where event_id = ? and number = ? and status = 'drawn'",
            [time.time(), event_id, number],
        )
        bump(db, event_id)


def start_round(db: Database, event_id: str, revision: int) -> None:
    """Start the drawn round: each table gets its game, the clock starts."""
    number = _claim(db, event_id, revision)
    start_games(db, event_id, number)
