"""A game's own clock in words (core.clock): the time left, or the hand that is the last."""

from __future__ import annotations

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import ngettext

from ...core.clock import Clock
from ...core.model import GameScore
from .rules_play import Section


def clock_line(score: GameScore, clock: Clock | None, now: float) -> str:
    """'12 minutes left on the clock.', or 'Time is up: hand 5 is the last.'; '' for a
    game without a clock, or over."""
    if clock is None or score.over:
        return ""
    last = clock.last(score, now)
    if last is None:
        minutes = -(-clock.seconds_left(now) // 60)
        return ngettext(
            "%(num)d minute left on the clock.", "%(num)d minutes left on the clock.", minutes
        )
    return _(
        "Time is up: hand %(number)d is the last, then the leader wins (a shared lead as "
        "the house rules settle it at an early end).",
        number=last,
    )


def clock_sections(clock: Clock | None) -> tuple[Section, ...]:
    """The rules page's section on the game's own clock (none without one)."""
    if clock is None:
        return ()
    said = ngettext(
        "This game is played to the clock: %(num)d minute from its start. When time is up, "
        "the hand being played is the last; then the highest total wins, and a shared lead "
        "goes as at an early end.",
        "This game is played to the clock: %(num)d minutes from its start. When time is up, "
        "the hand being played is the last; then the highest total wins, and a shared lead "
        "goes as at an early end.",
        clock.minutes,
    )
    return (Section(_("The clock"), (said,)),)
