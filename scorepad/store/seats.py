"""Every phone bids its own seat: seat links, who holds each, and the bids sent from them
before all are in. No Flask. The game commands write a seat's bid and keep the waiting
bids in step with the game (`settle`), inside their own transaction.

A seat link is a random 128-bit token that lets one seat bid for itself. The first
browser to tap "I am Alice" on its page holds it (`commands.claim_seat` keeps the hash of
a secret only that browser keeps; opening the link changes nothing) until the scorer
hands the seat to another phone. Turning links on and off, handing a seat over and
claiming it are commands (`commands/seat_links.py`); this module reads them, and keeps
the waiting bids inside the game commands' own transactions. Bids from the seats wait in
`seat_bids` until every seat is in; the last one creates the hand in the same
transaction. A waiting bid stays while it is still a bid that seat may make in the
hand being bid; a change that voids it leaves each seat phone a `notice` of why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlite_utils import Database

from ..core.errors import GameError
from ..core.records import Bid
from ..core.seats import check_seat_bid
from .stamps import hashed, now, token
from .storage import StoredGame


@dataclass(frozen=True)
class SeatLink:
    """One seat's link: the token, its game and seat, whether a phone holds it, and the
    reason its waiting bid went, if one did (a code: see `settle`)."""

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


def add_links(db: Database, game_id: str, seats: int) -> None:
    """Give every seat its own link (seats that have one keep it); inside a transaction."""
    have = {row.seat for row in links(db, game_id)}
    for seat in range(seats):
        if seat not in have:
            db.execute(
                "insert into seat_links (token, game_id, seat, created_at) values (?, ?, ?, ?)",
                [token(), game_id, seat, now()],
            )


def _bidding(stored: StoredGame) -> int | None:
    score = stored.score()
    if score.over or score.pending is not None:
        return None
    return score.next_number


def waiting(db: Database, stored: StoredGame) -> dict[int, Bid]:
    """The bids in from the seats for the hand being bid, by seat (never shown until
    all are in: the hand then exists and they are no longer waiting)."""
    number = _bidding(stored)
    if number is None:
        return {}
    rows = db.query(
        "select seat, bid from seat_bids where game_id = ? and number = ?", [stored.id, number]
    )
    return {row["seat"]: json.loads(row["bid"]) for row in rows}


def put(db: Database, stored: StoredGame, number: int, seat: int, bid: Bid) -> None:
    """Keep one seat's bid for hand `number` (inside a command's transaction)."""
    db.execute(
        "insert or replace into seat_bids (game_id, number, seat, bid, version, updated_at) "
        "values (?, ?, ?, ?, ?, ?)",
        [stored.id, number, seat, json.dumps(bid), number, now()],
    )
    db.execute(
        "update seat_links set notice = null where game_id = ? and seat = ?", [stored.id, seat]
    )


def clear(db: Database, game_id: str) -> None:
    """The hand is made: no bid waits any more, and no notice is current."""
    db.execute("delete from seat_bids where game_id = ?", [game_id])
    db.execute("update seat_links set notice = null where game_id = ?", [game_id])


def settle(db: Database, fresh: StoredGame, why: str) -> None:
    """After a change to the game (inside its transaction): waiting bids it leaves valid
    stay; the others go, and every seat phone gets the notice `why`, with the seats whose
    bid went ("rules:1,3"). `why` names the change ("undo", "fix", "settings", ...)."""
    rows = list(db.query("select seat, number, bid from seat_bids where game_id = ?", [fresh.id]))
    if not rows:
        return
    number, score = _bidding(fresh), fresh.score()
    gone = []
    for seat, bid_number, bid in (tuple(row.values()) for row in rows):
        if bid_number == number:
            try:
                check_seat_bid(score, seat, json.loads(bid))
                continue
            except GameError:
                pass
        gone.append(seat)
    if not gone:
        return
    marks = ",".join("?" * len(gone))
    db.execute(f"delete from seat_bids where game_id = ? and seat in ({marks})", [fresh.id, *gone])
    db.execute(
        "update seat_links set notice = ? where game_id = ?",
        [f"{why}:{','.join(str(s) for s in sorted(gone))}", fresh.id],
    )
