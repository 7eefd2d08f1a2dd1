"""The game aggregate: a table, its house rules and its hands, scored on demand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .errors import GameError
from .rules import Rules
from .scoring import GameScore, Hand, Table, score_game

TRICKS_BY: tuple[Literal["side", "seat"], ...] = ("side", "seat")


@dataclass(frozen=True)
class Game:
    """A game as recorded: the table, its rules, its hands, and how tricks are entered."""

    table: Table
    rules: Rules
    hands: tuple[Hand, ...]
    # "side": a partnership enters one count per side (nil bidders their own);
    # "seat": every seat its own count. Only how the table enters them: the score is the same.
    tricks_by: str = "seat"

    def __post_init__(self) -> None:
        if self.tricks_by not in TRICKS_BY:
            raise GameError(f"tricks_by: must be side or seat, not {self.tricks_by!r}",
                            field="tricks_by")
        if self.tricks_by == "side" and self.table.mode != "partnership":
            raise GameError("tricks_by: tricks are counted by side in partnership games only",
                            field="tricks_by")

    def score(self) -> GameScore:
        """Score the game; raises GameError for anything the rules refuse."""
        return score_game(self.table, self.rules, self.hands)
