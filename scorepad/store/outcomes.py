"""What a game command answers instead of the fresh game: typed, without words (the
web layer says them). Each carries the game as it is stored now, when there is one,
so that the page answering it needs no second read."""

from __future__ import annotations

from ..core.records import Bid
from .storage import StoredGame


class Outcome(Exception):
    """A command that changed nothing, and why."""

    def __init__(self, stored: StoredGame | None = None) -> None:
        super().__init__(type(self).__name__)
        self.stored = stored


class Missing(LookupError):
    """The game is not in the database (deleted meanwhile, or never there): a 404."""


class AlreadySaved(Outcome):
    """The same form sent twice (a double tap, a retry): it was saved the first time."""

    def __init__(self, stored: StoredGame, number: int) -> None:
        super().__init__(stored)
        self.number = number


class Stale(Outcome):
    """The phone's form is older than what is stored: hand `number` (None: the game)
    changed meanwhile. `why`: "entered" (that hand was entered already), "undone" (a
    hand before it was undone), "gone" (it was undone), "changed" (it was changed),
    "played" (no hand waits for its tricks: they are in, or the hand was undone),
    "not_last" (only the last hand can be undone), "bid" (the hand was bid), "bidding"
    (it is not the hand being bid), "put_back" (the game changed since hand `number`
    was undone), "game" (the game changed), "seat" (seat
    `number` has another player than the phone was shown), "seated" (the seats have
    other players than the phone's bids form showed)."""

    def __init__(self, stored: StoredGame, number: int | None, why: str) -> None:
        super().__init__(stored)
        self.number = number
        self.why = why


class TableClosed(Outcome):
    """A save by a club night's table (its link, or a seat's) after its round was over:
    the game of table `table` in round `round` is closed to it (its director may reopen
    it). Checked inside the write: the round may have closed since the page was drawn."""

    def __init__(self, round_number: int, table: int) -> None:
        super().__init__(None)
        self.round = round_number
        self.table = table


class GameOver(Outcome):
    """The game is over: no more hands, bids or deals."""


class NotOver(Outcome):
    """The game is not finished: a rematch starts after its end."""


class RemovesHands(Outcome):
    """After this fix of hand `number` (None: this change of the settings) the game is
    over before its last hand: hands `numbers` go only if the table confirms, with the
    game's `revision` it was shown."""

    def __init__(self, stored: StoredGame, number: int | None, numbers: tuple[int, ...]) -> None:
        super().__init__(stored)
        self.number = number
        self.numbers = numbers
        self.revision = stored.revision


class SeatTaken(Outcome):
    """A seat's bid sent by the scorer after that seat bid from its own phone (`bid`:
    the phone's bid, as it is in)."""

    def __init__(self, stored: StoredGame, seat: int, bid: Bid) -> None:
        super().__init__(stored)
        self.seat = seat
        self.bid = bid


class SeatHeld(Outcome):
    """Another phone holds this seat: it claimed the seat's link first."""

    def __init__(self, stored: StoredGame, seat: int) -> None:
        super().__init__(stored)
        self.seat = seat


class NoSeat(Outcome):
    """The game has no seat link for this seat (no such seat, or seat links are off)."""

    def __init__(self, stored: StoredGame, seat: int) -> None:
        super().__init__(stored)
        self.seat = seat
