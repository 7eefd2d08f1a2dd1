"""The game aggregate: a table, its house rules and its hands, scored on demand."""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Rules
from .scoring import GameScore, Hand, Table, score_game


@dataclass(frozen=True)
class Game:
    """A game as recorded: the table, its rules and its hands."""

    table: Table
    rules: Rules
    hands: tuple[Hand, ...]

    def score(self) -> GameScore:
        """Score the game; raises GameError for anything the rules refuse."""
        return score_game(self.table, self.rules, self.hands)
