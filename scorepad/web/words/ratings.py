"""Words for the ratings (docs/ratings.md): a rating with its band, and one game's
change in one sentence, from the numbers the core worked out."""

from __future__ import annotations

from ...core.ratings import BASE, PROVISIONAL, Change, Skill
from . import number, signed

ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def percent(chance: float) -> str:
    """'46%': a chance as a whole percentage, never 0% or 100% (the core's chances lie
    strictly between)."""
    return f"{min(max(round(100 * chance), 1), 99)}%"


def result_text(change: Change) -> str:
    """'won', 'lost', 'drew', 'came third of 4', 'shared second of 4'."""
    if change.sides == 2 or (change.place == 1 and not change.shared):
        if change.shared:
            return "drew"
        return "won" if change.place == 1 else "lost"
    where = f"{ORDINALS[change.place]} of {change.sides}"
    return f"shared {where}" if change.shared else f"came {where}"


def change_text(change: Change) -> str:
    """The game's change in one sentence: 'expected 46% to win, won: +24'."""
    expected = percent(change.chance)
    return f"expected {expected} to win, {result_text(change)}: {signed(change.delta)}"


def rating_text(skill: Skill) -> str:
    """'1024 (691 to 1357, provisional)': the rating, its band, and whether provisional."""
    low, high = skill.band
    band = f"{number(low)} to {number(high)}"
    return f"{number(skill.rating)} ({band}{', provisional' if skill.provisional else ''})"


SCALE_NOTE = (
    f"everyone starts at {BASE}; the band after each is where the rating may truly be, "
    f"and a rating is provisional until {PROVISIONAL} games"
)
