"""A season's calendar feeds (ICS, through icalendar): the season's nights, and each
entrant's own with its table once drawn. Served at the season link's addresses as
text/calendar; read only. Each night is one VEVENT of a stable UID whose SEQUENCE and
LAST-MODIFIED move when the night moves, so a subscribed calendar updates it.

Its titles and descriptions speak the language of the feed's `lang` (the page puts the
language it was read in on the link, so a feed subscribed from a Spanish phone stays
Spanish); without one, the fetcher's (a calendar app sends none: English)."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Mapping

from flask import Response, request
from icalendar import Calendar, Event

from scorepad.web.catalogue import force_locale

from ...core.errors import GameError
from ...core.season import entrant_key
from ...core.season_settings import check_day
from ...store.events import load_event
from ...store.seasons import Season, SeasonEntrant, SeasonNight
from ..catalogue import locale_code
from ..db import get_db
from ..language import offered
from ..words.seasons import night_title, table_line
from . import data
from .blueprint import bp

HOURS = 3  # a night with a start time lasts this long in the calendar


def _start(night: SeasonNight) -> dt.date | dt.datetime:
    day = dt.date.fromisoformat(night.day)
    if not night.start:
        return day
    return dt.datetime.combine(day, dt.time.fromisoformat(night.start))


def night_uid(season: Season, night: SeasonNight) -> str:
    """A night's UID in every feed: a hash of the season's id and the night's number,
    the same all season. Never a link's token: calendar services keep UIDs and share
    them (a season link replaced would live on in every calendar that synced it)."""
    mark = hashlib.sha256(f"scorepad season {season.id} night {night.number}".encode())
    return f"{mark.hexdigest()[:32]}@scorepad"


def _vevent(season: Season, night: SeasonNight, note: str) -> Event:
    event = Event()
    event.add("uid", night_uid(season, night))
    event.add("summary", night_title(season.name, night.number))
    start = _start(night)
    event.add("dtstart", start)
    if isinstance(start, dt.datetime):
        event.add("dtend", start + dt.timedelta(hours=HOURS))
    else:
        event.add("dtend", start + dt.timedelta(days=1))
    if night.venue:
        event.add("location", night.venue)
    if note:
        event.add("description", note)
    changed = dt.datetime.fromisoformat(night.modified_at)
    event.add("dtstamp", changed)
    event.add("last-modified", changed)
    event.add("sequence", night.sequence)
    return event


def calendar(season: Season, notes: Mapping[int, str]) -> bytes:
    """The season's nights as one calendar; `notes`: each night's description."""
    cal = Calendar()
    cal.add("prodid", "-//scorepad//season//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", season.name)
    for night in season.nights:
        if _readable(night):
            cal.add_component(_vevent(season, night, notes.get(night.number, "")))
    return bytes(cal.to_ical())


def _readable(night: SeasonNight) -> bool:
    """Whether a calendar can hold the night: a date and time the core takes today (one
    stored by an older version, past the years a calendar shows, is left out, not a 500)."""
    try:
        check_day(night.day, night.start)
    except GameError:
        return False
    return True


def table_of(entrant: SeasonEntrant, event_id: str | None) -> str:
    """The entrant's table in the night's latest round drawn, in words."""
    event = load_event(get_db(), event_id) if event_id else None
    if event is None or event.current is None:
        return table_line(None, None)
    key = entrant_key(entrant.players)
    mine = {e.id for e in event.entrants if entrant_key(e.players) == key}
    for match in event.round_matches(event.current.number):
        if any(e in mine for side in match.sides for e in side):
            return table_line(match.number, match.round)
    return table_line(None, None)


def _ics(body: bytes) -> Response:
    return Response(body, mimetype="text/calendar")


def spoken() -> str:
    """The feed's language: its link's `lang` when scorepad offers it, else the request's."""
    lang = request.args.get("lang", "")
    return lang if lang in offered() else locale_code()


@bp.get("/s/<token>/calendar.ics")
def feed(token: str) -> Response:
    season = data.viewed_or_404(token)
    with force_locale(spoken()):
        return _ics(calendar(season, {}))


@bp.get("/s/<token>/e/<int:number>.ics")
def entrant_feed(token: str, number: int) -> Response:
    season = data.viewed_or_404(token)
    entrant = next((e for e in season.entrants if e.number == number), None)
    if entrant is None:
        data.not_found()
    assert entrant is not None
    with force_locale(spoken()):
        notes = {n.number: table_of(entrant, n.event_id) for n in season.nights}
        return _ics(calendar(season, notes))
