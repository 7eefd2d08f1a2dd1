"""The words for what an event command answered instead of the fresh event (the
store's event outcomes carry a code and values, never a sentence): one place."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core.errors import GameError
from ...core.event import Settings
from ...core.model import GameScore
from ...store.event_commands.outcomes import EventRefused, EventStale
from ...store.outcomes import Missing, Outcome
from . import plural, won_text

STALE = "The event changed on another device meanwhile: here it is now. Try again if still needed."
JOIN_CLOSED = "round 1 is drawn: check-in by this link is closed. Ask the director to check you in."

# Why an action may not happen in the event's state now (the state table said "state").
_NOT_NOW: Mapping[str, Callable[[Mapping[str, Any]], str]] = {
    "draw": lambda v: (
        "the playoff has started"
        if v["kind"] == "playoff"
        else f"round {v['round']} is not over yet"
    ),
    "swap": lambda v: (
        "a playoff draw follows the seeds: it is not changed by hand"
        if v["kind"] == "playoff" and v["status"] == "drawn"
        else "no round is drawn and waiting to start"
    ),
    "cancel": lambda v: "no round is drawn and waiting to start",
    "start": lambda v: "no round is drawn and waiting to start",
    "call_time": lambda v: "no round is being played",
    "close_round": lambda v: "no round is being played",
    "reseat": lambda v: f"round {v['round']} is not being played",
    "end_table": lambda v: f"round {v['round']} is not being played",
    "paper": lambda v: f"round {v['round']} is not being played",
    "name_winner": lambda v: "no playoff round is being played",
    "start_playoff": lambda v: (
        "the playoff has started"
        if v["kind"] == "playoff"
        else "finish the round being played first"
    ),
    "next_playoff_round": lambda v: (
        "the playoff has not started"
        if v["kind"] != "playoff"
        else "finish the playoff round being played first"
    ),
    "check_in": lambda v: "the playoff has started: check-in is closed",
    "join": lambda v: JOIN_CLOSED,
}

# Why it may not happen yet: the condition of the state table it lacks.
_LACKS: Mapping[str, Callable[[Mapping[str, Any]], str]] = {
    "rounds_left": lambda v: f"all {v['rounds']} rounds are drawn",
    "playoff": lambda v: "this event has no playoff",
    "time_running": lambda v: "time is called already",
    "tables_playing": lambda v: "every table's game is over",
    "all_over": lambda v: "a table is still playing",
    "not_final": lambda v: "the final was the playoff's last round",
}

_SAY: Mapping[str, Callable[[Mapping[str, Any]], str]] = {
    "choose_entrants": lambda v: "choose who to check in",
    "names_count": lambda v: f"needs {plural(v['want'], 'name')}",
    "name_has_and": lambda v: f"{v['name']}: a name cannot hold ' & ' (it joins a pair's names)",
    "checked_in": lambda v: f"{v['name']} is checked in already",
    "name_taken": lambda v: f"{v['name']} is checked in already (the same names joined)",
    "names_differ": lambda v: "the two names must differ",
    "full": lambda v: (
        f"the night is full: it seats at most {v['most']} {'pairs' if v['pairs'] else 'players'}"
    ),
    "no_entrant": lambda v: "is not an entrant of this event",
    "not_drawn": lambda v: "is not in this round's draw",
    "same_entrant": lambda v: "choose two different entrants",
    "went_home": lambda v: f"{', '.join(v['names'])} went home: draw again",
    "no_table": lambda v: f"round {v['round']} has no table {v['table']} with a game",
    "not_playing": lambda v: f"round {v['round']} is not being played",
    "not_playoff": lambda v: "only a playoff game needs a winner named",
    "no_draw": lambda v: f"table {v['table']}'s game has no draw to settle",
    "playoff_odd": lambda v: "an individual playoff needs an even number of players",
    "playoff_few": lambda v: "too few entrants for a playoff",
    "bracket_waiting": lambda v: "a playoff match still needs its winner",
    "game_changed": lambda v: f"table {v['table']}'s game changed: reload the page",
    "table_over": lambda v: f"table {v['table']}'s game is over",
    "slip_changed": lambda v: (
        f"table {v['table']}'s game changed since your page was loaded (a hand was saved "
        "there): look at it again before entering its slip"
    ),
    "slip_hands": lambda v: (
        f"table {v['table']}'s game has hands already: enter the rest a hand at a time"
    ),
    "slip_tie": lambda v: (
        "the two totals are equal and this round allows no draw: enter the hands, "
        "or the extra hand the table played"
    ),
    "no_seat": lambda v: "choose a seat at the table",
    "bad_name": lambda v: str(v["problem"]),
    "sits_there": lambda v: f"{v['name']} sits there already",
    "plays_elsewhere": lambda v: f"{v['name']} plays at table {v['table']}",
    "pairs_together": lambda v: "partners stay together in a fixed-partnership event",
    "partners_only": lambda v: "a hand is bid: only partners can change seats now",
}


def refused(err: EventRefused) -> str:
    """The refusal in words, its field first unless the sentence starts with it:
    'players: needs 2 names', 'round 2 is not over yet'."""
    values = err.values
    if err.code == "flow":
        table = _NOT_NOW if values["why"] == "state" else _LACKS
        key = values["action"] if values["why"] == "state" else values["why"]
        message = table[key](values)
    else:
        message = _SAY[err.code](values)
    field = err.field
    return f"{field}: {message}" if field and not message.startswith(field) else message


def progress(score: GameScore, last: int | None) -> str:
    """Where a table's game stands, in words: "Finished: Ann & Bo won 312 to 180" once
    over; "hand 3" while playing; "hand 3, finishing hand 4, the last" after time."""
    if score.over:
        if score.winner is None:
            return "Finished: a draw."
        them = max(t for i, t in enumerate(score.totals) if i != score.winner)
        return f"Finished: {won_text(score)} {score.totals[score.winner]} to {them}."
    hand = score.next_number
    if last is None:
        return f"hand {hand}"
    if hand == last:
        return f"finishing hand {hand}, the last"
    return f"hand {hand} (last: {last}): time is called, hand {last} is the last"


LEGEND = "still playing in this round"
PAPER = "entered by the director (from paper)"
# The results CSV's "entered by" column: who put a table's result in.
ENTERED_BY = ("the table", "the director, from paper")
GONE = "its game was deleted: it counts for nothing."
CONFIRM = {
    "call": (
        "Call time now?",
        "Every table finishes the hand in play; then its game ends.",
        "Yes, call time",
    ),
    "end": (
        "End this game now?",
        "The game ends as it stands; the leader wins.",
        "Yes, end this game",
    ),
}


def _why(err: Exception) -> str | None:
    """The core's refusal or the event's, in words; None: neither."""
    if isinstance(err, GameError):
        return str(err)
    return refused(err) if isinstance(err, EventRefused) else None


def nobody_in(err: Exception) -> str | None:
    """Why a check-in of earlier nights' entrants took nobody."""
    why = _why(err)
    return None if why is None else f"Nobody checked in: {why}"


def joining(err: Exception) -> str | None:
    """Why a player's own check-in (by the check-in link) was refused."""
    return STALE if isinstance(err, EventStale) else _why(err)


def not_done(err: Exception) -> str | None:
    """A director's command refused, in words for the director's page; None: no refusal
    of the director's (it goes on up)."""
    why = _why(err)
    if why is not None:
        return f"Not done: {why}"
    if isinstance(err, EventStale):
        return STALE
    if isinstance(err, (Outcome, Missing)):
        return "Not done: that game changed on its table meanwhile. Try again."
    return None


def stage_lines(settings: Settings) -> list[str]:
    """Each playoff stage's own rules in words: "the semi-final to 300, 7 bags, no clock"."""
    lines = []
    for stage, own in settings.own_stages():
        parts = [f"to {own.target}"] if own.target is not None else []
        if own.bag_limit is not None:
            parts.append(f"bag limit {own.bag_limit}" if own.bag_limit else "no bag limit")
        if own.round_minutes is not None:
            minutes = own.round_minutes
            parts.append(f"{minutes}-minute clock" if minutes else "no clock")
        lines.append(f"the {stage} {', '.join(parts)}")
    return lines
