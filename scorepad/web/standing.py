"""Where a game stands for the pages: the score if ended now, and who deals.

Both come from the core (end_early, the scored hands' dealers); the only thing added
is the dealer the table chose for a hand before its bids."""

from __future__ import annotations

from ..core.errors import GameError
from ..core.scoring import GameScore, end_early
from ..store.commands import chosen_dealer
from ..store.storage import StoredGame


def if_ended_now(score: GameScore) -> GameScore | None:
    """The score as the core would finish it if the table ended the game now (None:
    it cannot be ended now)."""
    try:
        return end_early(score)
    except GameError:
        return None


def dealer_of(stored: StoredGame, number: int) -> int:
    """The seat that deals (or dealt) hand `number`: the core's scored hand, else the
    dealer chosen for the next hand, else the one the deal passes to."""
    score = stored.score()
    if number <= len(score.hands):
        return score.hands[number - 1].dealer
    chosen = chosen_dealer(stored, number)
    return score.next_dealer if chosen is None else chosen
