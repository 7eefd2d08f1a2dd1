"""A game's own clock: the time a table gives itself, a house rule of one game as a club
night's round has one (docs/rules.md, "Playing to the clock"). Pure: the time is given.

- The minutes are chosen when the game starts (1 to 240); the clock runs from then.
- Once it is up, the hand in play at that moment (being bid, played or dealt) is the
  last. It is noted at the first save after the clock ran out; until then it is the
  hand in play now, since nothing was saved since.
- Once that hand is played, the game ends as a game ended early does (RULES.md "Ending
  a game early": the single leader wins; a shared lead goes as `tie_break` says, else
  a draw). A game won by the rules before then ends as usual.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import GameError, quoted
from .model import GameScore
from .tricks import whole

MINUTES_LOW, MINUTES_HIGH = 1, 240


@dataclass(frozen=True)
class Clock:
    """The game's clock: its minutes, when it started (seconds since the epoch) and the
    hand that is the last once it is up (None: not noted yet)."""

    minutes: int
    started: float
    last_hand: int | None = None

    @property
    def deadline(self) -> float:
        """When the clock runs out."""
        return self.started + 60 * self.minutes

    def up(self, now: float) -> bool:
        """Whether the clock has run out."""
        return now >= self.deadline

    def seconds_left(self, now: float) -> int:
        """Whole seconds left (0 once it is up)."""
        return max(0, int(self.deadline - now + 0.999))

    def last(self, score: GameScore, now: float) -> int | None:
        """The last hand of the game: the one noted, else (the clock up) the hand in play
        now; None while time is left."""
        if self.last_hand is not None:
            return self.last_hand
        return score.next_number if self.up(now) else None


def check_clock(minutes: object, started: object, last_hand: object = None) -> Clock:
    """A clock from plain values, or GameError naming the field."""
    if not whole(minutes) or not MINUTES_LOW <= minutes <= MINUTES_HIGH:
        raise GameError(
            "the minutes must be a whole number from %(low)s to %(high)s, not %(minutes)s",
            low=MINUTES_LOW,
            high=MINUTES_HIGH,
            minutes=quoted(minutes),
            field="clock",
        )
    if isinstance(started, bool) or not isinstance(started, (int, float)) or started < 0:
        raise GameError(
            "the start must be a time in seconds, not %(started)s",
            started=quoted(started),
            field="clock",
        )
    if last_hand is not None and not (whole(last_hand) and last_hand >= 1):
        raise GameError(
            "the last hand must be a hand number from 1, not %(last_hand)s",
            last_hand=quoted(last_hand),
            field="clock",
        )
    return Clock(minutes, float(started), last_hand)  # type: ignore[arg-type]


def ends_on_clock(score: GameScore, last_hand: int | None) -> bool:
    """Whether a game ends now on its clock: not over by the rules, no hand waiting for
    its tricks, and its last hand (`last_hand`) played."""
    if last_hand is None or score.over or score.pending is not None:
        return False
    return score.played >= last_hand
