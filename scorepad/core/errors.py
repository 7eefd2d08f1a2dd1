"""The one error scorepad's core raises for anything the rules refuse."""

from __future__ import annotations


class GameError(ValueError):
    """Input that Spades' rules refuse; says which hand, field, seat and rule.

    `detail` is the message alone; `str(err)` adds where it happened
    ("hand 3: bids: ..."), the field left out when the message starts with it.
    """

    def __init__(
        self,
        message: str,
        *,
        hand: int | None = None,
        field: str | None = None,
        seat: int | None = None,
        rule: str | None = None,
    ) -> None:
        where = f"{field}: " if field and not message.startswith(field) else ""
        super().__init__(f"hand {hand}: {where}{message}" if hand else f"{where}{message}")
        self.detail = message
        self.hand = hand
        self.field = field
        self.seat = seat
        self.rule = rule  # the house rule that refused it, when one did


class TricksTotal(GameError):
    """Tricks (or sides' counts, `field="side_tricks"`) that do not add up to the deal:
    the numbers kept apart, so that each layer says it in its own words."""

    def __init__(self, total: int, expected: int, *, hand: int, field: str) -> None:
        super().__init__(f"{field} add up to {total}, expected {expected}", hand=hand, field=field)
        self.total = total
        self.expected = expected
