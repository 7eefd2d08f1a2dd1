"""The commands on a game's seat links: turn them on or off, hand a seat to another phone,
and a phone's claim of a seat by a tap on its page ("I am Alice"). Opening a link changes
nothing: messaging apps open links to preview them. Each command runs in one transaction
and returns what it made, or raises an outcome (`Missing`, `NoSeat`, `SeatHeld`, `Stale`,
`TableClosed`).

Seat links are a club night's table's play: sent by the table's own link (`by_table`),
turning them on or off and handing a seat over are refused (`TableClosed`) once the
table is closed to it, as this write finds it (the view checked the table's powers
before the write began; its round may have closed since).
"""

from __future__ import annotations

from sqlite_utils import Database

from .. import seats, stamps, storage
from ..db import writing
from ..event_tables import check_open_to_table
from ..outcomes import Missing, NoSeat, SeatHeld, Stale
from ..storage import StoredGame
from . import seat_writes


def _game(db: Database, game_id: str, by_table: bool = False) -> StoredGame:
    """The game as stored, inside the write; `by_table`: TableClosed once the club night's
    table that sent the change is closed to it."""
    stored = storage.load_game(db, game_id)
    if stored is None:
        raise Missing()
    if by_table and stored.in_event:
        check_open_to_table(db, game_id)
    return stored


def enable_seats(db: Database, game_id: str, *, by_table: bool = False) -> list[seats.SeatLink]:
    """Give every seat of the game its own link (seats that have one keep it)."""
    with writing(db):
        stored = _game(db, game_id, by_table)
        seat_writes.add_links(db, game_id, len(stored.game.table.players))
        return seats.links(db, game_id)


def disable_seats(db: Database, game_id: str, *, by_table: bool = False) -> None:
    """Back to one phone for all: the links stop working and waiting bids go."""
    with writing(db):
        _game(db, game_id, by_table)
        db.execute("delete from seat_links where game_id = ?", [game_id])
        db.execute("delete from seat_bids where game_id = ?", [game_id])


def release_seat(db: Database, game_id: str, seat: int, *, by_table: bool = False) -> None:
    """The scorer hands a seat to another phone: the next phone to claim its link holds
    it. NoSeat when the game has no link for that seat."""
    with writing(db):
        stored = _game(db, game_id, by_table)
        freed = db.execute(
            "update seat_links set claim = null where game_id = ? and seat = ?", [game_id, seat]
        ).rowcount
        if not freed:
            raise NoSeat(stored, seat)


def claim_seat(db: Database, token: str, name: str) -> str:
    """This phone takes the seat of link `token`, shown to it as `name`'s: the secret it
    keeps (the store keeps only its hash). SeatHeld when another phone holds the seat;
    Stale ("seat") when someone else sits there now; Missing when the link is gone."""
    fresh = stamps.token()
    with writing(db):
        link = seats.link(db, token)
        if link is None:
            raise Missing()
        stored = _game(db, link.game_id)
        if link.taken:  # read under the write lock: no other claim can come between
            raise SeatHeld(stored, link.seat)
        if stored.game.table.players[link.seat] != name:
            raise Stale(stored, link.seat, "seat")
        db.execute(
            "update seat_links set claim = ? where token = ? and claim is null",
            [stamps.hashed(fresh), token],
        )
    return fresh
