"""Where a game stands for the pages: how it would end if ended now (the core's
end_early), in words."""

from __future__ import annotations

from ..core.errors import GameError
from ..core.scoring import GameScore, end_early
from .display import number


def if_ended_now(score: GameScore) -> GameScore | None:
    """The score as the core would finish it if the table ended the game now (None:
    it cannot be ended now)."""
    try:
        return end_early(score)
    except GameError:
        return None


def outcome_text(score: GameScore) -> str:
    """'Alice & Cara win 320 to 250' or 'it ends as a draw', for a finished score."""
    if score.winner is None:
        return "it ends as a draw"
    totals = sorted(score.totals, reverse=True)
    verb = "wins" if score.table.mode == "cutthroat" else "win"
    on_bags = " on fewer bags" if score.on_bags else ""
    return (
        f"{score.sides[score.winner].name} {verb} {number(totals[0])} to {number(totals[1])}"
        f"{on_bags}"
    )
