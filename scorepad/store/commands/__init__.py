"""The game commands: the only code that changes a game.

Each command takes the connection, the game id and what the phone last saw (a hand's
version or the game's revision: numbers that never repeat within a game), runs in
exactly one transaction (a `bus.unit`), and returns the game as now stored, or raises an
outcome (`outcomes`) or the core's GameError. What other aggregates must know (a save at a
club night's table, a game started in a club) is told to the message bus (store/bus.py);
what they tell a game is handled in `on_news`. The scored-game cache learns the fresh game
only after the COMMIT succeeded, so a failed write (a full disk) leaves nothing behind.
No other commands package is imported here.
"""

from __future__ import annotations

from ._run import Confirm
from .games import (
    change_settings,
    delete,
    end_now,
    import_game,
    insert_game,
    rematch,
    reseat,
    start,
)
from .hands import (
    adjust,
    cancel,
    delete_hand,
    fix_hand,
    put_back,
    record_bids,
    record_tricks,
    renege,
    seat_bid,
    set_dealer,
    undo,
)
from .seat_links import claim_seat, disable_seats, enable_seats, release_seat
from .sent import Sent, sent_key

__all__ = [
    "Confirm",
    "Sent",
    "sent_key",
    "adjust",
    "cancel",
    "change_settings",
    "claim_seat",
    "delete",
    "delete_hand",
    "disable_seats",
    "enable_seats",
    "end_now",
    "fix_hand",
    "import_game",
    "insert_game",
    "put_back",
    "record_bids",
    "record_tricks",
    "release_seat",
    "rematch",
    "renege",
    "reseat",
    "seat_bid",
    "set_dealer",
    "start",
    "undo",
]
