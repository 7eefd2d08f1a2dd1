"""The manager's changes to a season's nights and entrants (the manager's link only):
a night added, moved, taken off, filed or started as a club night; an entrant added,
moved into a division, taken off. Each validates its form and runs one command."""

from __future__ import annotations

from flask import url_for
from werkzeug.wrappers import Response as BaseResponse

from ...core.event import check_settings
from ...core.rules import validate_rules
from ...store.clubs import club_event_names
from ...store.season_commands import entrants, nights
from .. import preset_links, respond
from ..db import get_db
from ..words.seasons import done, night_title, season_words
from . import data
from .blueprint import manager_post
from .forms import DivisionForm, EntrantForm, LinkForm, NightForm, NumberForm, StartNightForm
from .manage import back, incomplete, ran


@manager_post("/c/<club_id>/<season_id>/nights")
def night(club_id: str, season_id: str) -> BaseResponse:
    form = NightForm()
    if not form.validate_on_submit():
        return incomplete(club_id, season_id, form)
    rev, number = form.revision.data or 0, form.number.data
    day, start, venue = form.day.data or "", form.start.data or "", form.venue.data or ""
    if number is None:
        return ran(
            club_id,
            season_id,
            "night",
            lambda: nights.add_night(get_db(), club_id, season_id, rev, day, start, venue),
        )
    return ran(
        club_id,
        season_id,
        "move",
        lambda: nights.move_night(get_db(), club_id, season_id, rev, number, day, start, venue),
    )


@manager_post("/c/<club_id>/<season_id>/nights/remove")
def remove_night(club_id: str, season_id: str) -> BaseResponse:
    form = NumberForm()
    if not form.validate_on_submit():
        return incomplete(club_id, season_id, form)
    rev, number = form.revision.data or 0, form.number.data or 0
    return ran(
        club_id,
        season_id,
        "remove",
        lambda: nights.remove_night(get_db(), club_id, season_id, rev, number),
    )


@manager_post("/c/<club_id>/<season_id>/nights/link")
def link_night(club_id: str, season_id: str) -> BaseResponse:
    form = LinkForm()
    if not form.validate_on_submit():
        return incomplete(club_id, season_id, form)
    rev, number, night = form.revision.data or 0, form.number.data or 0, form.event.data or ""
    # the night by its screen id, as the page names it (or by its director's id: a higher
    # power); no night of the club's: the command refuses it
    screens = {screen: e for e, screen, _, _ in club_event_names(get_db(), club_id)}
    event = screens.get(night, night)
    return ran(
        club_id,
        season_id,
        "link",
        lambda: nights.link_night(get_db(), club_id, season_id, rev, number, event),
    )


@manager_post("/c/<club_id>/<season_id>/nights/start")
def start_night(club_id: str, season_id: str) -> BaseResponse:
    """A club night made for a night of the season, under the house rules chosen beside
    it: to its director's page."""
    season = data.season_or_404(club_id, season_id)
    form = StartNightForm()
    presets = preset_links.night_presets(club_id)
    form.preset.choices = preset_links.night_choices(presets)
    if not form.validate_on_submit():
        return incomplete(club_id, season_id, form)
    rev, number = form.revision.data or 0, form.number.data or 0
    found = season.night(number)
    day = found.day if found else ""
    raw: dict[str, object] = {"name": night_title(season.name, number), "date": day}
    raw["format"] = season.settings.night_format
    if season.settings.pairs and season.settings.season_fixtures:
        raw["rounds"] = 1  # the night's fixtures, drawn as its round (store: start_night)
    chosen = presets.get(form.preset.data or "")
    settings = check_settings(raw)
    rules = chosen.rules() if chosen is not None else validate_rules({})
    return respond.run(
        lambda: nights.start_night(get_db(), club_id, season_id, rev, number, settings, rules),
        lambda event_id: respond.flashed(
            url_for("events.director", event_id=event_id), done("start")
        ),
        back(club_id, season_id),
        words=season_words,
    )


@manager_post("/c/<club_id>/<season_id>/entrants")
def add_entrant(club_id: str, season_id: str) -> BaseResponse:
    form = EntrantForm()
    if not form.validate_on_submit():
        return incomplete(club_id, season_id, form)
    players = [p for p in (form.player_0.data, form.player_1.data) if p and p.strip()]
    rev, division = form.revision.data or 0, form.division.data or 0
    return ran(
        club_id,
        season_id,
        "entrant",
        lambda: entrants.add_entrant(get_db(), club_id, season_id, rev, players, division),
    )


@manager_post("/c/<club_id>/<season_id>/entrants/division")
def move_entrant(club_id: str, season_id: str) -> BaseResponse:
    form = DivisionForm()
    if not form.validate_on_submit():
        return incomplete(club_id, season_id, form)
    rev, number, division = form.revision.data or 0, form.number.data or 0, form.division.data
    return ran(
        club_id,
        season_id,
        "division",
        lambda: entrants.assign_division(get_db(), club_id, season_id, rev, number, division or 0),
    )


@manager_post("/c/<club_id>/<season_id>/entrants/remove")
def remove_entrant(club_id: str, season_id: str) -> BaseResponse:
    form = NumberForm()
    if not form.validate_on_submit():
        return incomplete(club_id, season_id, form)
    rev, number = form.revision.data or 0, form.number.data or 0
    return ran(
        club_id,
        season_id,
        "off",
        lambda: entrants.remove_entrant(get_db(), club_id, season_id, rev, number),
    )
