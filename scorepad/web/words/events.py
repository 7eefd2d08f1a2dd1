"""The words for what an event command answered instead of the fresh event (the
store's event outcomes carry a code and values, never a sentence): one place. The
night's pages' own words are in `words.event_pages`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorepad.web.catalogue import force_locale, lazy_gettext, ngettext
from scorepad.web.catalogue import gettext as _

from ...core.errors import GameError
from ...core.roster import RoundKind, RoundStatus
from ...store.event_commands.outcomes import EventRefused, EventStale
from ...store.outcomes import AlreadySaved, Missing, Outcome
from .core_words import N_, core_text

STALE_WORDS = N_(
    "The event changed on another device meanwhile: here it is now. Try again if still needed."
)
STALE = lazy_gettext(STALE_WORDS)  # said when shown (a test compares with it)


def stale() -> str:
    """The event changed on another device before this one's change arrived."""
    return _(STALE_WORDS)


def join_closed() -> str:
    """A player's own check-in once round 1 is drawn."""
    return _("round 1 is drawn: check-in by this link is closed. Ask the director to check you in.")


def _waiting() -> str:
    return _("no round is drawn and waiting to start")


def _not_played(v: Mapping[str, Any]) -> str:
    return _("round %(round)d is not being played", round=v["round"])


# Why an action may not happen in the event's state now (the state table said "state").
_NOT_NOW: Mapping[str, Callable[[Mapping[str, Any]], str]] = {
    "draw": lambda v: (
        _("the playoff has started")
        if v["kind"] == RoundKind.PLAYOFF
        else _("round %(round)d is not over yet", round=v["round"])
    ),
    "swap": lambda v: (
        _("a playoff draw follows the seeds: it is not changed by hand")
        if v["kind"] == RoundKind.PLAYOFF and v["status"] == RoundStatus.DRAWN
        else _waiting()
    ),
    "cancel": lambda v: _waiting(),
    "start": lambda v: _waiting(),
    "call_time": lambda v: _("no round is being played"),
    "close_round": lambda v: _("no round is being played"),
    "reseat": _not_played,
    "end_table": _not_played,
    "paper": _not_played,
    "name_winner": lambda v: _("no playoff round is being played"),
    "start_playoff": lambda v: (
        _("the playoff has started")
        if v["kind"] == RoundKind.PLAYOFF
        else _("finish the round being played first")
    ),
    "next_playoff_round": lambda v: (
        _("the playoff has not started")
        if v["kind"] != RoundKind.PLAYOFF
        else _("finish the playoff round being played first")
    ),
    "check_in": lambda v: _("the playoff has started: check-in is closed"),
    "join": lambda v: join_closed(),
}

# Why it may not happen yet: the condition of the state table it lacks.
_LACKS: Mapping[str, Callable[[Mapping[str, Any]], str]] = {
    "rounds_left": lambda v: _("all %(rounds)d rounds are drawn", rounds=v["rounds"]),
    "playoff": lambda v: _("this event has no playoff"),
    "time_running": lambda v: _("time is called already"),
    "tables_playing": lambda v: _("every table's game is over"),
    "all_over": lambda v: _("a table is still playing"),
    "not_final": lambda v: _("the final was the playoff's last round"),
}


def _full(v: Mapping[str, Any]) -> str:
    if v["pairs"]:
        return _("the night is full: it seats at most %(most)d pairs", most=v["most"])
    return _("the night is full: it seats at most %(most)d players", most=v["most"])


_SAY: Mapping[str, Callable[[Mapping[str, Any]], str]] = {
    "choose_entrants": lambda v: _("choose who to check in"),
    "names_count": lambda v: ngettext("needs %(num)d name", "needs %(num)d names", v["want"]),
    "name_has_and": lambda v: _(
        "%(name)s: a name cannot hold ' & ' (it joins a pair's names)", name=v["name"]
    ),
    "checked_in": lambda v: _("%(name)s is checked in already", name=v["name"]),
    "name_taken": lambda v: _(
        "%(name)s is checked in already (the same names joined)", name=v["name"]
    ),
    "names_differ": lambda v: _("the two names must differ"),
    "full": _full,
    "no_entrant": lambda v: _("is not an entrant of this event"),
    "not_drawn": lambda v: _("is not in this round's draw"),
    "same_entrant": lambda v: _("choose two different entrants"),
    "went_home": lambda v: _("%(names)s went home: draw again", names=", ".join(v["names"])),
    "no_table": lambda v: _(
        "round %(round)d has no table %(table)d with a game", round=v["round"], table=v["table"]
    ),
    "not_playing": _not_played,
    "not_playoff": lambda v: _("only a playoff game needs a winner named"),
    "no_draw": lambda v: _("table %(table)d's game has no draw to settle", table=v["table"]),
    "playoff_odd": lambda v: _("an individual playoff needs an even number of players"),
    "playoff_few": lambda v: _("too few entrants for a playoff"),
    "bracket_waiting": lambda v: _("a playoff match still needs its winner"),
    "game_changed": lambda v: _(
        "table %(table)d's game changed: reload the page", table=v["table"]
    ),
    "table_over": lambda v: _("table %(table)d's game is over", table=v["table"]),
    "slip_changed": lambda v: _(
        "table %(table)d's game changed since your page was loaded (a phone saved there): "
        "look at it again before entering its slip",
        table=v["table"],
    ),
    "slip_entered": lambda v: _(
        "table %(table)d's slip was entered already (the same slip, sent twice): it counts once",
        table=v["table"],
    ),
    "slip_hands": lambda v: _(
        "table %(table)d's game has hands already: enter the rest a hand at a time",
        table=v["table"],
    ),
    "slip_tie": lambda v: _(
        "the two totals are equal and this round allows no draw: enter the hands, "
        "or the extra hand the table played"
    ),
    "no_seat": lambda v: _("choose a seat at the table"),
    "bad_name": lambda v: core_text(v["problem"]),
    "sits_there": lambda v: _("%(name)s sits there already", name=v["name"]),
    "plays_elsewhere": lambda v: _(
        "%(name)s plays at table %(table)d", name=v["name"], table=v["table"]
    ),
    "pairs_together": lambda v: _("partners stay together in a fixed-partnership event"),
    "partners_only": lambda v: _("a hand is bid: only partners can change seats now"),
}

# A refusal's field, as it leads the sentence ("players: needs 2 names").
_FIELDS: Mapping[str, Callable[[], str]] = {
    "players": lambda: _("players"),
    "name": lambda: _("name"),
    "entrant": lambda: _("entrant"),
    "round": lambda: _("round"),
    "playoff": lambda: _("playoff"),
    "table": lambda: _("table"),
    "totals": lambda: _("totals"),
    "seat": lambda: _("seat"),
    "revision": lambda: _("revision"),
    "rules_from": lambda: _("rules from"),
    "earlier": lambda: _("earlier"),
    "winner": lambda: _("winner"),
    "bids": lambda: _("bids"),
    "bags": lambda: _("bags"),
    "tricks": lambda: _("tricks"),
    "ended": lambda: _("end of the game"),
}


def field_word(field: str) -> str:
    """A refusal's field in words (a field without words: its key)."""
    said = _FIELDS.get(field)
    return said() if said else field


def refused(err: EventRefused) -> str:
    """The refusal in words, its field first unless the sentence starts with it:
    'players: needs 2 names', 'round 2 is not over yet'."""
    values = err.values
    if err.code == "flow":
        table = _NOT_NOW if values["why"] == "state" else _LACKS
        say = table[values["action"] if values["why"] == "state" else values["why"]]
    else:
        say = _SAY[err.code]
    message, field = say(values), err.field
    if not field:
        return message
    with force_locale("en"):  # whether the sentence starts with its field, said in English
        leads = say(values).startswith(field)
    return message if leads else f"{field_word(field)}: {message}"


def game_refused(err: GameError) -> str:
    """The core's refusal (or the night's views'), its hand and field first."""
    where = [_("hand %(number)d", number=err.hand)] if err.hand else []
    if err.field and not err.detail.startswith(err.field):
        where.append(field_word(err.field))
    return ": ".join([*where, core_text(err.detail)])


def _why(err: Exception) -> str | None:
    """The core's refusal or the event's, in words; None: neither."""
    if isinstance(err, GameError):
        return game_refused(err)
    return refused(err) if isinstance(err, EventRefused) else None


def nobody_in(err: Exception) -> str | None:
    """Why a check-in of earlier nights' entrants took nobody."""
    why = _why(err)
    return None if why is None else _("Nobody checked in: %(why)s", why=why)


def joining(err: Exception) -> str | None:
    """Why a player's own check-in (by the check-in link) was refused."""
    return stale() if isinstance(err, EventStale) else _why(err)


def not_done(err: Exception) -> str | None:
    """A director's command refused, in words for the director's page; None: no refusal
    of the director's (it goes on up)."""
    why = _why(err)
    if why is not None:
        return _("Not done: %(why)s", why=why)
    if isinstance(err, EventStale):
        return stale()
    if isinstance(err, AlreadySaved):  # sent again from the outbox: its answer was lost
        if err.number == 0:
            return _("The slip's result was saved already: it is kept once.")
        return _(
            "Hand %(number)s from the slip was saved already: it is kept once.", number=err.number
        )
    if isinstance(err, (Outcome, Missing)):
        return _("Not done: that game changed on its table meanwhile. Try again.")
    return None
