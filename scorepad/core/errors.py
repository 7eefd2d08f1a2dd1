"""The one error scorepad's core raises for anything the rules refuse."""

from __future__ import annotations


class GameError(ValueError):
    """Input that Spades' rules refuse; says which hand, field and seat."""

    def __init__(self, message: str, *, hand: int | None = None,
                 field: str | None = None, seat: int | None = None) -> None:
        super().__init__(f"hand {hand}: {message}" if hand else message)
        self.detail = message
        self.hand = hand
        self.field = field
        self.seat = seat
