"""The seats' own rows as the game commands write them, inside a command's transaction:
a seat's link made, a seat's bid kept, the waiting bids cleared once the hand is made or
settled after a change to the game. Only the commands call these (store/seats.py reads)."""

from __future__ import annotations

import json

from sqlite_utils import Database

from ...core.errors import GameError
from ...core.records import Bid
from ...core.seats import check_seat_bid
from ..seats import bidding, links
from ..stamps import now, token
from ..storage import StoredGame


def add_links(db: Database, game_id: str, seats: int) -> None:
    """Give every seat its own link (seats that have one keep it); inside a transaction."""
    have = {row.seat for row in links(db, game_id)}
    for seat in range(seats):
        if seat not in have:
            db.execute(
                "insert into seat_links (token, game_id, seat, created_at) values (?, ?, ?, ?)",
                [token(), game_id, seat, now()],
            )


def carry_claims(db: Database, old_id: str, new_id: str) -> None:
    """A rematch's seats stay with the phones that held them in its game: the same person
    at the same seat, no link handed out again (inside the rematch's transaction)."""
    db.execute(
        "update seat_links set claim = (select o.claim from seat_links o "
        "where o.game_id = ? and o.seat = seat_links.seat) where game_id = ?",
        [old_id, new_id],
    )


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


def vacate(db: Database, game_id: str, moved: list[int]) -> None:
    """Other players sit at the seats `moved` now (a substitute, or two players changing
    seats): the bids waiting there were their leavers', and so were the phones holding
    them. The bids go (every seat phone is told "seated") and the seats are free to be
    claimed by whoever sits there now (inside the re-seating's transaction)."""
    if not moved:
        return
    marks = ",".join("?" * len(moved))
    gone = db.execute(
        f"delete from seat_bids where game_id = ? and seat in ({marks})", [game_id, *moved]
    ).rowcount
    db.execute(
        f"update seat_links set claim = null where game_id = ? and seat in ({marks})",
        [game_id, *moved],
    )
    if gone:  # no seat named: the leavers' names are no longer at those seats
        db.execute("update seat_links set notice = 'seated:' where game_id = ?", [game_id])


def settle(db: Database, fresh: StoredGame, why: str) -> None:
    """After a change to the game (inside its transaction): waiting bids it leaves valid
    stay; the others go, and every seat phone gets the notice `why`, with the seats whose
    bid went ("rules:1,3"). `why` names the change ("undo", "fix", "settings", ...)."""
    rows = list(db.query("select seat, number, bid from seat_bids where game_id = ?", [fresh.id]))
    if not rows:
        return
    number, score = bidding(fresh), fresh.score()
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
