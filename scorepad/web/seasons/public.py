"""A season's read-only pages: its standings by the club's members' link or by the
season's own link, and the big screen. Nothing here writes; none shows a form."""

from __future__ import annotations

from flask import render_template

from ...store.seasons import Season
from ..catalogue import locale_code
from ..hosting import public_url
from ..pagemodel import POLL_SEASON
from ..words.seasons import counting
from . import data
from .blueprint import bp


def _page(season: Season, template: str, **extra: object) -> str:
    lang = locale_code()  # the feeds speak the language of the phone that copied them
    return render_template(
        template,
        **extra,
        season=season,
        divisions=data.divisions(season),
        nights=data.night_lines(season),
        rules=counting(season.settings.best, season.settings.qualify),
        feed_url=public_url("seasons.feed", token=season.view_token, lang=lang),
        feeds=[
            (
                e.name,
                public_url(
                    "seasons.entrant_feed", token=season.view_token, number=e.number, lang=lang
                ),
            )
            for e in season.entrants
        ],
    )


@bp.get("/m/<members>/<season_id>")
def members(members: str, season_id: str) -> str:
    return _page(data.members_season_or_404(members, season_id), "seasons/standings.html")


@bp.get("/s/<token>")
def view(token: str) -> str:
    return _page(data.viewed_or_404(token), "seasons/standings.html")


@bp.get("/s/<token>/screen")
def screen(token: str) -> str:
    return _page(data.viewed_or_404(token), "seasons/screen.html", poll=POLL_SEASON)


@bp.get("/s/<token>/screen/live")
def screen_live(token: str) -> str:
    """The big screen's standings alone, asked for again every POLL_SEASON seconds."""
    return _page(data.viewed_or_404(token), "seasons/_standings.html")
