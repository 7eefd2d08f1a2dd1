"""A season in words: its commands' outcomes, its standings' marks and rules, its
calendar's lines (docs/seasons.md). Each message is in the catalogue (lazy_gettext),
said in the request's language when shown (`str`, or the functions below)."""

from __future__ import annotations

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import lazy_gettext as _l
from scorepad.web.catalogue import ngettext

from ...core.errors import GameError
from ...core.event import NAME_LENGTH
from ...store.club_commands.outcomes import ClubOutcome
from ...store.season_commands.outcomes import SeasonOutcome, SeasonRefused, SeasonStale
from .clubs import club_words
from .core_words import core_text

STALE = _l("The season changed since this page was loaded: nothing changed. Look again.")
REFUSED = {
    "closed": _l("The season is closed: nothing of it changes now."),
    "not_closed": _l("A season follows a closed season only."),
    "followed": _l("This season has its next season already: nothing changed."),
    "no_night": _l("That night is not in the season."),
    "has_event": _l("That night has its club night already."),
    "linked": _l("That club night is a night of a season already."),
    "not_club_night": _l("That club night is not one of this club's."),
    "players": _l("A pair is two players, a cutthroat entrant one."),
    "kind_fixed": _l(
        "Pairs or players stays as it is while the season has entrants: take them off first."
    ),
    "no_division": _l("There is no such division."),
    "entered": _l("A player of that entrant is in the season already."),
    "no_entrant": _l("That entrant is not in the season."),
    "night_unchanged": _l(
        "That night is on that date, at that time and venue already: nothing changed."
    ),
    "same_division": _l("That entrant is in that division already: nothing changed."),
    "no_playoff": _l("The season has no playoff: set its size (2 or more) first."),
    "playoff_few": _l("Fewer than 2 entrants are ranked: there is no playoff to draw."),
}
# the field at fault, named where the core's refusal says which (else the form's part)
FIELDS = {
    "day": _l("The night's date"),
    "start": _l("The night's start"),
    "venue": _l("The night's venue"),
    "divisions": _l("The divisions"),
    "kind": _l("Pairs or players"),
    # the settings' numbers, as their fields' labels read (seasons/forms.py)
    "best": _l("Best nights counted (0: all)"),
    "qualify": _l("Nights to be ranked"),
    "moves": _l("Up and down at the end (0: none)"),
    "playoff": _l("Playoff size (0: none)"),
}
KINDS = {
    "name": _l("The season's name"),
    "settings": _l("The season's settings"),
    "night": _l("The night"),
    "players": _l("The entrant"),
    "playoff": _l("The playoff"),
    "seasons": _l("Seasons"),
    "season_nights": _l("The season's nights"),
    "entrants": _l("Entrants"),
}
DONE = {
    "new": _l("Season made."),
    "edit": _l("Season saved."),
    "night": _l("Night added."),
    "move": _l("Night moved: calendars that follow the season update."),
    "remove": _l("Night taken off the season."),
    "link": _l("Club night filed into the season."),
    "start": _l("Club night made for the season's night."),
    "entrant": _l("Entrant added."),
    "division": _l("Entrant moved."),
    "off": _l("Entrant taken off the season."),
    "close": _l("Season closed: the moves are recorded."),
    "delete": _l("Season deleted."),
    "playoff": _l("Playoff night made, seeded by the season's standings: start its first round."),
}
INCOMPLETE = _l("The form was not complete: nothing changed.")
MARKS = {"up": _l("▲ up"), "down": _l("▼ down"), "": ""}
RULES = _l(
    "Ranked by season points (3 a win, 1 a draw, each night), then head-to-head between "
    "the tied entrants, then total margin, then nights won."
)
TBC = _l("to come")


def done(kind: str) -> str:
    """What a season command did, in this request's language."""
    return str(DONE[kind])


def incomplete(problem: str | None = None) -> str:
    """A season form refused before its command: the field at fault named where one is."""
    return _("%(problem)s: nothing changed.", problem=problem) if problem else str(INCOMPLETE)


def mark(move: str) -> str:
    """'▲ up', '▼ down' or '' beside an entrant who moves at the season's end."""
    return str(MARKS[move])


def not_ranked(qualify: int) -> str:
    """An entrant's place while it has played too few nights to be ranked."""
    return ngettext(
        "fewer nights than the %(num)d needed", "fewer nights than the %(num)d needed", qualify
    )


def season_words(err: Exception) -> str | None:
    """A season command's refusal in words."""
    if isinstance(err, SeasonStale):
        return str(STALE)
    if isinstance(err, ClubOutcome):  # a night made for the season, refused by its club
        return club_words(err)
    if isinstance(err, SeasonRefused) and isinstance(err.cause, GameError):
        kind = FIELDS.get(err.field or "") or KINDS.get(err.code) or _l("That change")
        return _("%(what)s: %(why)s.", what=kind, why=core_text(err.cause.detail))
    if isinstance(err, SeasonRefused):
        return str(REFUSED.get(err.code, STALE))
    return str(STALE) if isinstance(err, SeasonOutcome) else None


def counting(best: int, qualify: int) -> str:
    """What counts: 'Best 6 nights count; 4 nights to be ranked.'"""
    counted = (
        ngettext("Best %(num)d night counts", "Best %(num)d nights count", best)
        if best
        else _("Every night counts")
    )
    needed = (
        "; " + ngettext("%(num)d night to be ranked", "%(num)d nights to be ranked", qualify)
        if qualify
        else ""
    )
    return f"{counted}{needed}. {RULES}"


def division_name(name: str, index: int) -> str:
    """A division's name, or 'Division 1' when it has none."""
    return name or _("Division %(number)d", number=index + 1)


def _clipped(title: str, most: int = NAME_LENGTH) -> str:
    """A title a club night may be named (a season's name of 80 characters and its
    night's number are longer): cut short to `most` characters, with an ellipsis."""
    return title if len(title) <= most else title[: most - 1].rstrip() + "…"


def night_title(season: str, number: int) -> str:
    """A night's name in the calendar and as a club night: 'Winter League, night 3'."""
    return _clipped(_("%(season)s, night %(number)d", season=season, number=number))


def next_season_name(season: str) -> str:
    """The name Start the next season gives: 'Winter League (next)', the season's name cut
    short (with an ellipsis) where the whole would pass the most a name may be."""
    room = NAME_LENGTH - len(_("%(season)s (next)", season=""))  # what the words leave
    return _("%(season)s (next)", season=_clipped(season, room))


def playoff_title(season: str) -> str:
    """The season's playoff night's name: 'Winter League, playoff'."""
    return _clipped(_("%(season)s, playoff", season=season))


def table_line(table: int | None, rnd: int | None) -> str:
    """An entrant's table in its calendar, once drawn: 'Table 4 in round 1.'"""
    if table:
        return _("Table %(table)d in round %(round)d.", table=table, round=rnd or 0)
    return _("Tables are not drawn yet.")


def fixture_text(names: list[str]) -> str:
    """A fixture: 'Ann & Bo v Cy & Di', or 'Ed & Flo sit out'."""
    if len(names) > 1:
        return _(" v ").join(names)
    return _("%(name)s sit out", name=names[0])
