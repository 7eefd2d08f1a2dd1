"""A table without phones: the director enters its paper slip, its final totals and
bags or one hand (bids and tricks) at a time. Each POST calls one command; a form made
before the table's game changed is refused and the director told (the command checks
the game's revision the page showed)."""

from __future__ import annotations

import re

from flask import request
from werkzeug.wrappers import Response as BaseResponse

from ...core.errors import GameError, quoted
from ...core.records import BLIND_NIL, NIL, Bid
from ...store.commands import sent_key
from ...store.event_commands import paper
from ..db import get_db
from ..words import event_done as said
from .blueprint import director_post
from .director import act

WHOLE = re.compile(r"-?[0-9]{1,12}")  # ASCII digits only: int() would take "²" or "٣"
TOTAL = (-999_999, 999_999)  # a side's total on a slip
COUNT = (0, 9999)  # bags, tricks, a bid, the game's revision
SIDES, SEATS = 2, 4  # a club night's table: a partnership of four


def _whole(name: str, within: tuple[int, int], field: str, what: str) -> int:
    """The whole number typed in `name`, from `within[0]` to `within[1]`; a GameError
    says which it is not (not a whole number, or out of that range)."""
    found = request.form.get(name, "").strip()
    if not WHOLE.fullmatch(found):
        raise GameError(said.not_whole(what, quoted(found)), field=field)
    low, high = within
    if not low <= int(found) <= high:
        raise GameError(said.out_of_range(what, low, high, quoted(found)), field=field)
    return int(found)


def _key(name: str = "key") -> str | None:
    """The outbox's key a form carried (docs/offline.md); None: none fit to keep."""
    found = sent_key(request.form.get(name), 0)
    return None if found is None else found[0]


def _game_revision() -> int:
    return _whole("game_revision", COUNT, "revision", said.revision_sent())


@director_post("/<event_id>/rounds/<int:number>/tables/<int:table>/slip")
def slip_totals(event_id: str, number: int, table: int) -> BaseResponse:
    """The slip's final totals and bags of each side: the game is over with them."""

    def do() -> None:
        final = tuple(
            (_total(side), _whole(f"bags_{side}", COUNT, "bags", said.side_bags(side)))
            for side in range(SIDES)
        )
        at, revision = (number, table), _game_revision()
        paper.enter_totals(get_db(), event_id, at, revision, final, _key())

    done = said.slip_result(table)
    return act(event_id, do, done, f"table-{table}")


def _total(side: int) -> int:
    """A side's total: the number typed, below zero when its box says so (a phone's number
    keypad may have no minus key) or when typed with its minus."""
    total = _whole(f"total_{side}", TOTAL, "totals", said.side_total(side))
    return -abs(total) if request.form.get(f"minus_{side}") else total


def _bid(seat: int) -> Bid:
    found = request.form.get(f"bid_{seat}", "").strip()
    if found in (NIL, BLIND_NIL):
        return found
    if not found:
        raise GameError(said.seat_bid_missing(seat), field="bids", seat=seat)
    if not WHOLE.fullmatch(found) or not COUNT[0] <= int(found) <= COUNT[1]:
        raise GameError(said.not_a_bid(seat, quoted(found)), field="bids", seat=seat)
    return int(found)


def _tricks(seat: int) -> int:
    if not request.form.get(f"tricks_{seat}", "").strip():  # left empty on the slip form
        raise GameError(said.seat_tricks_missing(seat), field="tricks", seat=seat)
    return _whole(f"tricks_{seat}", COUNT, "tricks", said.seat_tricks(seat))


@director_post("/<event_id>/rounds/<int:number>/tables/<int:table>/slip-hand")
def slip_hand(event_id: str, number: int, table: int) -> BaseResponse:
    """One hand from the slip, bids and tricks at once, scored as any hand."""

    def do() -> None:
        bids = [_bid(seat) for seat in range(SEATS)]
        tricks = [_tricks(seat) for seat in range(SEATS)]
        at, revision = (number, table), _game_revision()
        paper.enter_hand(get_db(), event_id, at, revision, bids, tricks, _key(), _key("after_key"))

    return act(event_id, do, said.slip_hand(table), f"table-{table}")
