"""The words a club night's pages show beside the standings and the tables: where a
table's game stands, the playoff's rounds by name, each stage's own rules, the
standings' order, the results card. The refusals are in `words.events`, the words a
director's change flashes in `words.event_done`."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from scorepad.web.catalogue import gettext as _

from ...core.event import Format, Settings
from ...core.model import GameScore
from . import number, won_text


def progress(score: GameScore, last: int | None) -> str:
    """Where a table's game stands, in words: "Finished: Ann & Bo won 312 to 180" once
    over; "hand 3" while playing; "hand 3, finishing hand 4, the last" after time."""
    if score.over:
        if score.winner is None:
            return _("Finished: a draw.")
        them = max(t for i, t in enumerate(score.totals) if i != score.winner)
        return _(
            "Finished: %(won)s %(total)s to %(them)s.",
            won=won_text(score, within=True),
            total=number(score.totals[score.winner]),
            them=number(them),
        )
    hand = score.next_number
    if last is None:
        return _("hand %(number)d", number=hand)
    if hand == last:
        return _("finishing hand %(number)d, the last", number=hand)
    if hand > last:  # the lead shared after the last hand: the table plays on
        return _("hand %(number)d: the lead was shared at time, playing on", number=hand)
    return _(
        "hand %(number)d (last: %(last)d): time is called, hand %(last)d is the last",
        number=hand,
        last=last,
    )


def bye() -> str:
    """The other side of a playoff bye."""
    return _("bye")


def legend() -> str:
    """The standings' mark beside an entrant still playing."""
    return _("still playing in this round")


def paper() -> str:
    """A table whose result the director entered from its paper slip."""
    return _("entered by the director from the paper slip")


def gone() -> str:
    """A table whose game the director deleted."""
    return _("its game was deleted: it counts for nothing.")


def named(names: str, note: str) -> str:
    """A drawn playoff game's side sent through by the director, and why."""
    return _("%(names)s go through by the director's word: %(note)s", names=names, note=note)


def confirm(what: str) -> tuple[str, str, str]:
    """The question asked before a step that cannot be undone: its note and its yes."""
    if what == "call":
        return (
            _("Call time now?"),
            _("Every table finishes the hand in play; then its game ends."),
            _("Yes, call time"),
        )
    return (
        _("End this game now?"),
        _("The game ends as it stands; the leader wins."),
        _("Yes, end this game"),
    )


# A playoff round's name (the core's, core/bracket.py and core/bracket_double.py) as a
# title: "The semi-final", "The winners' round 2".
_TITLES: Mapping[str, Callable[[], str]] = {
    "final": lambda: _("The final"),
    "semi-final": lambda: _("The semi-final"),
    "quarter-final": lambda: _("The quarter-final"),
    "winners' final": lambda: _("The winners' final"),
    "losers' final": lambda: _("The losers' final"),
    "grand final": lambda: _("The grand final"),
    "grand final reset": lambda: _("The grand final reset"),
}
_NUMBERED: Mapping[str, Callable[[int], str]] = {
    "playoff": lambda n: _("The playoff round %(number)d", number=n),
    "winners'": lambda n: _("The winners' round %(number)d", number=n),
    "losers'": lambda n: _("The losers' round %(number)d", number=n),
}
_ROUND = re.compile(r"(playoff|winners'|losers') round ([0-9]+)")


def format_words(format: Format) -> str:
    """How the night pairs its entrants, as the director's page says it."""
    return {
        Format.SWISS: _("Swiss, fixed partnerships"),
        Format.ROUND_ROBIN: _("Round robin, fixed partnerships"),
        Format.INDIVIDUAL: _("Individual, partners rotate"),
    }[format]


def stage_title(name: str) -> str:
    """A playoff round's title from the core's name for it."""
    title = _TITLES.get(name)
    if title is not None:
        return title()
    found = _ROUND.fullmatch(name)
    if found is None:
        return f"The {name}"
    return _NUMBERED[found.group(1)](int(found.group(2)))


_STAGES: Mapping[str, Callable[[], str]] = {
    "quarter-final": lambda: _("the quarter-final"),
    "semi-final": lambda: _("the semi-final"),
    "final": lambda: _("the final"),
}


def stage_lines(settings: Settings) -> list[str]:
    """Each playoff stage's own rules in words: "the semi-final to 300, 7 bags, no clock"."""
    lines = []
    for stage, own in settings.own_stages():
        parts = [_("to %(target)d", target=own.target)] if own.target is not None else []
        if own.bag_limit is not None:
            parts.append(
                _("bag limit %(limit)d", limit=own.bag_limit)
                if own.bag_limit
                else _("no bag limit")
            )
        if own.round_minutes is not None:
            minutes = own.round_minutes
            parts.append(
                _("%(minutes)d-minute clock", minutes=minutes) if minutes else _("no clock")
            )
        said = _STAGES[stage]() if stage in _STAGES else stage
        lines.append(f"{said} {', '.join(parts)}")
    return lines


# The standings' keys, as the standings' caption says their order.
_KEYS: Mapping[str, Callable[[], str]] = {
    "wins": lambda: _("wins"),
    "vp": lambda: _("victory points"),
    "diff": lambda: _("point difference"),
    "points": lambda: _("points"),
    "bags": lambda: _("fewer bags"),
}


def order_words(order: Sequence[str]) -> list[str]:
    """Each key of the standings' order in words: 'wins', 'point difference'..."""
    return [_KEYS[key]() for key in order]


# The results card's short words for the same keys ("Standings by wins, diff").
_SHORT: Mapping[str, Callable[[], str]] = {
    "wins": lambda: _("wins"),
    "vp": lambda: _("vp"),
    "diff": lambda: _("diff"),
    "points": lambda: _("points"),
    "bags": lambda: _("bags"),
}


def short_keys(order: Sequence[str]) -> str:
    """'wins, diff, points': the standings' order, short, for the results card."""
    return ", ".join(_SHORT[key]() if key in _SHORT else key for key in order)
