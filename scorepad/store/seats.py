"""Every phone bids its own seat: seat links, who holds each, and the bids sent from them
before all are in, as stored. No Flask. This module only reads: the game commands write a
seat's bid and keep the waiting bids in step with the game (`commands/seat_writes.py`),
inside their own transaction.

A seat link is a random 128-bit token that lets one seat bid for itself. The first
browser to tap "I am Alice" on its page holds it (`commands.claim_seat` keeps the hash of
a secret only that browser keeps; opening the link changes nothing) until the scorer
hands the seat to another phone. Turning links on and off, handing a seat over and
claiming it are commands (`commands/seat_links.py`); this module reads them. Bids
from the seats wait in `seat_bids` until every seat is in; the last one creates the hand
in the same transaction. A waiting bid stays while it is still a bid that seat may make in the
hand being bid; a change that voids it leaves each seat phone a `notice` of why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlite_utils import Database

from ..core.records import Bid
from .stamps import hashed
from .storage import StoredGame


@dataclass(frozen=True)
class SeatLink:
    """One seat's link: the token, its game and seat, whether a phone holds it, and the
    reason its waiting bid went, if one did (a code: see `commands/seat_writes.settle`)."""

    token: str
    game_id: str
    seat: int
    taken: bool = False
    notice: str | None = None


_LINK = "select token, game_id, seat, claim, notice from seat_links"


def _link(row: dict) -> SeatLink:
    return SeatLink(
        row["token"], row["game_id"], row["seat"], row["claim"] is not None, row["notice"]
    )


def links(db: Database, game_id: str) -> list[SeatLink]:
    """The game's seat links by seat; empty when each phone does not bid its own seat."""
    return [_link(row) for row in db.query(f"{_LINK} where game_id = ? order by seat", [game_id])]


def link(db: Database, token: str) -> SeatLink | None:
    """The seat link with this token, if it is in use."""
    row = next(db.query(f"{_LINK} where token = ?", [token]), None)
    return None if row is None else _link(row)


def holds(db: Database, token: str, secret: str | None) -> bool:
    """Whether the browser keeping `secret` holds the seat of link `token` (it claimed it,
    and the scorer has not handed it over since)."""
    if not secret:
        return False
    row = next(db.query("select claim from seat_links where token = ?", [token]), None)
    return row is not None and row["claim"] == hashed(secret)


def rematch_link(db: Database, game_id: str, seat: int) -> str | None:
    """The token of the same seat in the latest rematch of this game, if it has links."""
    rows = db.query(
        "select l.token from seat_links l join games g on g.id = l.game_id "
        "where g.rematch_of = ? and l.seat = ? order by g.created_at desc limit 1",
        [game_id, seat],
    )
    row = next(rows, None)
    return None if row is None else str(row["token"])


def follows(db: Database, old: str, new: str) -> bool:
    """Whether link `new` is held by the phone that held link `old` (a rematch carries each
    seat's phone over: commands.rematch)."""
    rows = db.query(
        "select 1 from seat_links o join seat_links n on n.claim = o.claim "
        "where o.token = ? and n.token = ? and o.claim is not null",
        [old, new],
    )
    return next(rows, None) is not None


def bidding(stored: StoredGame) -> int | None:
    score = stored.score()
    if score.over or score.pending is not None:
        return None
    return score.next_number


def waiting(db: Database, stored: StoredGame) -> dict[int, Bid]:
    """The bids in from the seats for the hand being bid, by seat (never shown until
    all are in: the hand then exists and they are no longer waiting)."""
    number = bidding(stored)
    if number is None:
        return {}
    rows = db.query(
        "select seat, bid from seat_bids where game_id = ? and number = ?", [stored.id, number]
    )
    return {row["seat"]: json.loads(row["bid"]) for row in rows}
