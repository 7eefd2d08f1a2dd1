"""The season's playoff night started from the season's page (the manager's link only):
the top of the division's standings seeded into a new club night's playoff bracket."""

from __future__ import annotations

from flask import url_for
from werkzeug.wrappers import Response as BaseResponse

from ...core.event import check_settings
from ...core.rules import validate_rules
from ...store.season_commands.playoff import start_playoff_night
from .. import respond
from ..db import get_db
from ..words.seasons import done, playoff_title, season_words
from . import data
from .blueprint import manager_post
from .forms import DivisionForm
from .manage import back, incomplete


@manager_post("/c/<club_id>/<season_id>/playoff")
def playoff(club_id: str, season_id: str) -> BaseResponse:
    """A playoff night for a night of the season: to its director's page."""
    season = data.season_or_404(club_id, season_id)
    form = DivisionForm()
    if not form.validate_on_submit():
        return incomplete(club_id, season_id, form)
    rev, number, division = form.revision.data or 0, form.number.data or 0, form.division.data
    night = season.night(number)
    raw = {
        "name": playoff_title(season.name),
        "date": night.day if night else "",
        "format": season.settings.night_format,
        "rounds": 1,
        "playoff": max(season.settings.playoff, 2),
        "playoff_format": season.settings.playoff_format,
    }
    settings, rules = check_settings(raw), validate_rules({})
    return respond.run(
        lambda: start_playoff_night(
            get_db(), club_id, season_id, rev, number, settings, rules, division or 0
        ),
        lambda event_id: respond.flashed(
            url_for("events.director", event_id=event_id), done("playoff")
        ),
        back(club_id, season_id),
        words=season_words,
    )
