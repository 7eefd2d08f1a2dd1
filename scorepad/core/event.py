"""A club night's settings, its next round's seating and its round clock. Pure.

Rules, as docs/events.md tells them:
- Formats: `round_robin` and `swiss` for fixed partnerships, `individual` for players
  whose partners rotate. Every table plays partnership Spades with the event's rules.
- A round is 2 to 30 tables (4 to 60 pairs, 8 to 120 players; fewer is one table).
- The clock: once time is called, the hand in play at that moment (bid or being
  dealt) is finished and the game ends after it: the leader wins (under the house rule
  `tie_break = fewer_bags`, a shared lead goes to the leader with fewer bags); a lead
  still shared plays one more hand at a time, or is a draw when the event says
  `on_time_tie = draw`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .ending import Status, tie_break
from .errors import GameError, Phrase
from .model import GameScore
from .names import check_text
from .pairing import Draw, Meeting, history_of, individual_round, pairs_round
from .presets import preset_name_problem
from .rules import target_range
from .stages import (
    StageRules,
    Stages,
    check_stages,
    own_stages,
    rules_of,
    stage_minutes,
    stage_of,
    stages_dict,
)
from .standings import BYE_COUNTS, DEFAULT_ORDER, check_order


class Format(StrEnum):
    """How a night pairs its entrants: fixed partnerships (round robin, Swiss), or
    partners rotating every round."""

    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"
    INDIVIDUAL = "individual"


FORMATS = tuple(Format)


class TimeTie(StrEnum):
    """A lead still shared once time is called: another hand, or a draw."""

    PLAY_ON = "play_on"
    DRAW = "draw"


TIES = tuple(TimeTie)


class SeedBy(StrEnum):
    """What seeds round 1 and the playoff: the standings, or the club's ratings."""

    STANDINGS = "standings"
    RATING = "rating"


SEED_BY = tuple(SeedBy)
PLAYOFF_FORMATS = ("single", "double")
MAX_TABLES = 30
# the limits of an event's settings, read by the form that asks for them
NAME_LENGTH = 80
DATE_LENGTH = 40
ROUNDS = (1, 30)
PLAYOFF_MOST = 64  # entrants sent to the playoff
ROUND_MINUTES = (0, 240)
TARGET_LOW, TARGET_HIGH = target_range()


@dataclass(frozen=True)
class Settings:
    """How an event is run (its house rules are kept apart, as a game's are)."""

    name: str
    date: str
    format: Format
    rounds: int
    round_minutes: int  # 0: no clock
    order: tuple[str, ...] = DEFAULT_ORDER
    bye_counts: str = "win"
    on_time_tie: TimeTie = TimeTie.PLAY_ON
    playoff: int = 0  # how many entrants go to the playoff; 0: none
    final_target: int = 0  # the playoff final's own target; 0: the event's
    seed_by: SeedBy = SeedBy.STANDINGS
    preset: str = ""  # the name of the preset its house rules came from; "": none
    stages: Stages = ()  # the playoff stages' own rules (core.stages), those set
    playoff_format: str = "single"  # "double": double elimination (core.bracket_double)

    @property
    def double(self) -> bool:
        """Whether the playoff is double elimination."""
        return self.playoff_format == "double"

    def stage_rules(self, kind: str, tables: int) -> StageRules:
        """The own rules of a round of this kind and number of tables (byes counted); a
        double elimination's rounds are named by their bracket (`core.playoff_double`), and
        their clock is the night's."""
        stage = None if self.double else stage_of(kind, tables)
        return rules_of(self.stages, self.final_target, stage)

    def own_stages(self) -> Stages:
        """Every playoff stage with rules of its own, in play order."""
        return own_stages(self.stages, self.final_target)

    def clock_minutes(self, kind: str, tables: int) -> int:
        """The round clock of such a round, in minutes (0: no clock)."""
        return stage_minutes(self.round_minutes, self.stage_rules(kind, tables))

    @property
    def by_rating(self) -> bool:
        """Whether round 1 and the playoff are seeded by the club's ratings."""
        return self.seed_by == SeedBy.RATING

    @property
    def pairs(self) -> bool:
        """Whether entrants are fixed partnerships."""
        return self.format != Format.INDIVIDUAL

    def as_dict(self) -> dict[str, Any]:
        """The settings as plain JSON values."""
        return {
            "name": self.name,
            "date": self.date,
            "format": self.format,
            "rounds": self.rounds,
            "round_minutes": self.round_minutes,
            "order": list(self.order),
            "bye_counts": self.bye_counts,
            "on_time_tie": self.on_time_tie,
            "playoff": self.playoff,
            "final_target": self.final_target,
            **({"seed_by": self.seed_by} if self.by_rating else {}),
            **({"preset": self.preset} if self.preset else {}),
            **({"stages": stages_dict(self.stages)} if self.stages else {}),
            **({"playoff_format": "double"} if self.double else {}),
        }


def _number(raw: Mapping[str, Any], key: str, low: int, high: int, default: int) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise GameError(
            "must be a whole number from %(low)s to %(high)s", low=low, high=high, field=key
        )
    return value


def seeded(ranked: Sequence[int], strength: Mapping[int, float]) -> list[int]:
    """Entrants by strength, strongest first (the club's ratings: docs/clubs.md); an
    entrant of no known strength after those known, each group in its order before."""
    known = [e for e in ranked if e in strength]
    return [
        *sorted(known, key=lambda e: -strength[e]),
        *(e for e in ranked if e not in strength),
    ]


def _choice(raw: Mapping[str, Any], key: str, allowed: Sequence[str], default: str) -> str:
    value = raw.get(key, default)
    if value not in allowed:
        raise GameError("must be one of %(choices)s", choices=", ".join(allowed), field=key)
    return str(value)


def check_settings(raw: Mapping[str, Any]) -> Settings:
    """Check an event's settings (a form, a file); a GameError names the field at fault."""
    name = check_text(raw.get("name"), "name", NAME_LENGTH)
    date = raw.get("date", "")
    if not isinstance(date, str) or len(date) > DATE_LENGTH:
        raise GameError(
            "must be at most %(date_length)s characters", date_length=DATE_LENGTH, field="date"
        )
    date = check_text(date, "date", DATE_LENGTH, blank=True)  # no broken text in it either
    playoff = _number(raw, "playoff", 0, PLAYOFF_MOST, 0)
    if playoff == 1:
        raise GameError("must be 0 (no playoff) or at least 2", field="playoff")
    order = raw.get("order", DEFAULT_ORDER)
    if not isinstance(order, (list, tuple)) or not all(isinstance(k, str) for k in order):
        raise GameError("must be a list of keys", field="order")
    return Settings(
        name=name,
        date=date,
        format=Format(_choice(raw, "format", FORMATS, Format.SWISS)),
        rounds=_number(raw, "rounds", *ROUNDS, 4),
        round_minutes=_number(raw, "round_minutes", *ROUND_MINUTES, 0),
        order=check_order(order),
        bye_counts=_choice(raw, "bye_counts", BYE_COUNTS, "win"),
        on_time_tie=TimeTie(_choice(raw, "on_time_tie", TIES, TimeTie.PLAY_ON)),
        playoff=playoff,
        final_target=_final_target(raw),
        seed_by=SeedBy(_choice(raw, "seed_by", SEED_BY, SeedBy.STANDINGS)),
        preset=_preset(raw.get("preset", "")),
        stages=check_stages(raw.get("stages")),
        playoff_format=_choice(raw, "playoff_format", PLAYOFF_FORMATS, "single"),
    )


def _preset(value: object) -> str:
    """The optional name of the preset an event's rules came from ("" for none)."""
    if value == "":
        return ""
    problem = preset_name_problem(value)
    if problem:
        raise GameError(problem, field="preset")
    return str(value).strip()


def _final_target(raw: Mapping[str, Any]) -> int:
    value = raw.get("final_target", 0)
    if value == 0:
        return 0
    return _number(raw, "final_target", TARGET_LOW, TARGET_HIGH, 0)


def most_entrants(settings: Settings) -> int:
    """The most entrants a night can seat: its tables full (60 pairs, 120 players)."""
    return (2 if settings.pairs else 4) * MAX_TABLES


def check_field(settings: Settings, count: int) -> None:
    """Refuse a round for too few or too many entrants."""
    least, most = (2 if settings.pairs else 4), most_entrants(settings)
    what = Phrase("pairs") if settings.pairs else Phrase("players")
    if not least <= count <= most:
        raise GameError(
            "a round needs %(least)s to %(most)s %(what)s, not %(count)s",
            least=least,
            most=most,
            what=what,
            count=count,
            field="entrants",
        )


def draw_round(
    settings: Settings,
    ranked: Sequence[int],
    played: Sequence[Sequence[int]],
    byes: Sequence[int],
    first_round: Sequence[int] | None,
    index: int,
) -> Draw:
    """The seating of round `index` (0 first) for the entrants present, best first.

    `played`: every earlier match (pairs: two entrants; individual: four players in
    seat order); `byes`: every earlier bye, one entry each; `first_round`: the
    entrants of round 1 (round robin keeps to its schedule while they are all here).
    """
    check_field(settings, len(ranked))
    had = Counter(byes)
    if settings.pairs:
        meetings: list[Meeting] = [frozenset(m) for m in played]
        return pairs_round(settings.format, ranked, first_round, index, meetings, had)
    return individual_round(ranked, history_of(played), had)


def seconds_left(started: float | None, minutes: int, now: float) -> int | None:
    """Whole seconds left on a round's clock (0 once time is called; None: no clock)."""
    if started is None or minutes <= 0:
        return None
    return max(0, int(started + 60 * minutes - now + 0.999))


def time_called(started: float | None, minutes: int, called_at: float | None, now: float) -> bool:
    """Whether time is called on a round: the director called it, or its clock ran out
    (judged when read; the next save at a table applies it)."""
    if called_at is not None:
        return True
    return started is not None and minutes > 0 and started + 60 * minutes <= now


def deadline(started: float | None, minutes: int) -> float | None:
    """When a round's clock runs out (None: no clock, or not started)."""
    return None if started is None or minutes <= 0 else started + 60 * minutes


def last_hand(stored: int | None, called: bool, score: GameScore) -> int | None:
    """The hand a table finishes before its game ends on time: the one noted at its
    first save after time was called, else (time called) the hand in play now, which
    is the hand in play when time was called, since nothing was saved since."""
    if stored is not None or not called or score.status == Status.FINISHED:
        return stored
    return hand_in_play(score)


def hand_in_play(score: GameScore) -> int:
    """The hand being bid, played or dealt now: the one to finish when time is called."""
    return score.next_number


def time_tie(settings: Settings, kind: str) -> TimeTie:
    """How a lead still shared after time is called is settled in a round of this kind:
    as the event says, but a playoff match always plays on (it needs a winner)."""
    return TimeTie.PLAY_ON if kind == "playoff" else settings.on_time_tie


def ends_on_time(score: GameScore, last_hand: int, on_time_tie: str) -> bool:
    """Should a game end now, time having been called with hand `last_hand` in play?"""
    if score.status == Status.FINISHED or score.pending or len(score.hands) < last_hand:
        return False
    winner, _ = tie_break(score.rules, score.totals, score.bags, score.last_contracts)
    return winner is not None or on_time_tie == TimeTie.DRAW
