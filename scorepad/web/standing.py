"""Where a game stands for the pages: the score if ended now (the core's end_early)."""

from __future__ import annotations

from ..core.errors import GameError
from ..core.model import GameScore
from ..core.scoring import end_early


def if_ended_now(score: GameScore) -> GameScore | None:
    """The score as the core would finish it if the table ended the game now (None:
    it cannot be ended now)."""
    try:
        return end_early(score)
    except GameError:
        return None
