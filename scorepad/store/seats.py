"""Every phone bids its own seat: seat links and the bids sent from them. No Flask.

A seat link is a random 128-bit token that lets one seat bid for itself. Bids
from the seats wait in `seat_bids` until every seat is in; the last one creates
the hand through `storage.save_bids` in the same transaction, so the hand holds
all the bids or none. A waiting bid counts only while the game is at the
revision it was sent at (`version`): any write to the game's hands (a hand
undone, an earlier hand fixed) makes the waiting bids void, never wrong.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlite_utils import Database

from ..core.model import Bid
from ..core.seats import check_seat_bid
from .db import writing
from .storage import Conflict, StoredGame, load_game, save_bids


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


@dataclass(frozen=True)
class SeatLink:
    """One seat's link: the token, its game and seat."""

    token: str
    game_id: str
    seat: int


def links(db: Database, game_id: str) -> list[SeatLink]:
    """The game's seat links by seat; empty when each phone does not bid its own seat."""
    return [
        SeatLink(r["token"], r["game_id"], r["seat"])
        for r in db.query(
            "select token, game_id, seat from seat_links where game_id = ? order by seat", [game_id]
        )
    ]


def link(db: Database, token: str) -> SeatLink | None:
    """The seat link with this token, if it is in use."""
    rows = list(db.query("select token, game_id, seat from seat_links where token = ?", [token]))
    return SeatLink(rows[0]["token"], rows[0]["game_id"], rows[0]["seat"]) if rows else None


def rematch_link(db: Database, game_id: str, seat: int) -> str | None:
    """The token of the same seat in the latest rematch of this game, if it has links."""
    rows = list(
        db.query(
            "select l.token from seat_links l join games g on g.id = l.game_id "
            "where g.rematch_of = ? and l.seat = ? order by g.created_at desc limit 1",
            [game_id, seat],
        )
    )
    return rows[0]["token"] if rows else None


def enable(db: Database, game_id: str) -> None:
    """Give every seat of the game its own link (seats that have one keep it)."""
    with writing(db):
        stored = load_game(db, game_id)
        if stored is None:
            raise LookupError(game_id)
        have = {row.seat for row in links(db, game_id)}
        for seat in range(len(stored.game.table.players)):
            if seat not in have:
                db.execute(
                    "insert into seat_links (token, game_id, seat, created_at) values (?, ?, ?, ?)",
                    [secrets.token_urlsafe(16), game_id, seat, _now()],
                )


def disable(db: Database, game_id: str) -> None:
    """Back to one phone for all: the links stop working and waiting bids go."""
    with writing(db):
        db.execute("delete from seat_links where game_id = ?", [game_id])
        db.execute("delete from seat_bids where game_id = ?", [game_id])


def waiting(db: Database, stored: StoredGame) -> dict[int, Bid]:
    """The bids in from the seats for the hand being bid, by seat (never shown until
    all are in: the hand then exists and they are no longer waiting)."""
    score = stored.score()
    if score.status == "finished" or score.pending is not None:
        return {}
    rows = db.query(
        "select seat, bid from seat_bids where game_id = ? and number = ? and version = ?",
        [stored.id, score.next_number, stored.revision],
    )
    return {row["seat"]: json.loads(row["bid"]) for row in rows}


def save_seat_bids(
    db: Database, game_id: str, number: int, bids: Mapping[int, object], *, replace: bool = True
) -> bool:
    """Record bids for hand `number` from the seats (a phone: its own; the scorer: any
    not yet in). With every seat in, the hand is created with all the bids. Returns
    whether it was. `replace=False` refuses a seat already in (a stale form)."""
    with writing(db):
        stored = load_game(db, game_id)
        if stored is None:
            raise LookupError(game_id)
        score = stored.score()
        if score.status == "finished":
            raise Conflict("The game is over: no more bids.")
        if score.pending is not None or number != score.next_number:
            raise Conflict(f"Hand {number} is no longer the hand being bid.")
        already = waiting(db, stored)
        for seat, raw in sorted(bids.items()):
            bid = check_seat_bid(score, seat, raw)
            if seat in already and not replace:
                name = stored.game.table.players[seat]
                raise Conflict(
                    f"{name}'s bid came in from {name}'s phone meanwhile; nothing was saved."
                )
            db.execute(
                "insert or replace into seat_bids (game_id, number, seat, bid, "
                "version, updated_at) values (?, ?, ?, ?, ?, ?)",
                [game_id, number, seat, json.dumps(bid), stored.revision, _now()],
            )
            already[seat] = bid
        seats = len(stored.game.table.players)
        if len(already) < seats:
            return False
        db.execute("delete from seat_bids where game_id = ?", [game_id])
        # Last in the transaction, as save_bids caches the game it writes: a rule
        # between partners (double nil, suicide...) refuses it here, and the GameError
        # rolls back this seat's bid and the delete too, so nothing is kept.
        save_bids(db, game_id, number, [already[seat] for seat in range(seats)])
        return True
