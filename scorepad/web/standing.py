"""Where a game stands beyond what the core scores yet: an early end and the dealer.

Stopgaps in the web layer: once the core scores `ended` and a hand's `dealer`, these
give way to its GameScore (winner, draw) and ScoredHand.dealer."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.scoring import GameScore
from ..store.storage import StoredGame


@dataclass(frozen=True)
class Outcome:
    """How a game ends if it is ended now: the winning side, or None for a draw."""

    winner: int | None
    text: str  # 'Alice & Cara win 320-250' or 'it ends as a draw'
    name: str | None = None  # the winner's name

    @property
    def headline(self) -> str:
        """'Alice & Cara won (ended early)' or 'A draw (ended early)'."""
        return f"{self.name} won (ended early)" if self.name else "A draw (ended early)"


def early_outcome(score: GameScore) -> Outcome:
    """The side with the single highest total wins; a shared lead is a draw."""
    totals = sorted((side.total for side in score.sides), reverse=True)
    leaders = [i for i, side in enumerate(score.sides) if side.total == totals[0]]
    if len(leaders) > 1:
        return Outcome(None, "it ends as a draw")
    verb = "wins" if score.table.mode == "cutthroat" else "win"
    name = score.sides[leaders[0]].name
    return Outcome(leaders[0], f"{name} {verb} {totals[0]}-{totals[1]}", name)


def dealer_of(stored: StoredGame, number: int) -> int:
    """The seat that deals hand `number`: the deal passes clockwise from the last
    hand whose dealer was set (or from the first dealer)."""
    table, hands = stored.game.table, stored.game.hands
    seat = table.first_dealer
    for index in range(number):
        if index < len(hands):
            chosen = hands[index].dealer
        else:
            chosen = stored.next_dealer if index == len(hands) else None
        if chosen is not None:
            seat = chosen
        if index == number - 1:
            break
        seat = (seat + 1) % len(table.players)
    return seat
