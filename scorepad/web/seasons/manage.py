"""The club manager's season pages (the manager's link only: every route here takes the
club's manager id): the club's seasons, a new one, a season's page, its settings, its
close and its deletion. Each POST validates its form, runs one command and flashes its
outcome at the season's page."""

from __future__ import annotations

from collections.abc import Callable

from flask import render_template, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse
from wtforms.fields.choices import SelectChoice

from ...store.club_view import club_view
from ...store.clubs import club_event_names, load_club
from ...store.season_commands import seasons as commands
from ...store.seasons import Season, club_seasons, next_season, season_named
from .. import preset_links, remembered, respond
from ..catalogue import locale_code
from ..db import get_db
from ..fields import first_problem
from ..hosting import public_url
from ..paging import asked, page_of
from ..words import seasons as say
from ..words.clubs import night_labels
from ..words.seasons import counting, done, next_season_name, season_words
from . import data
from .blueprint import bp, manager_post
from .forms import (
    DivisionForm,
    EntrantForm,
    LinkForm,
    NightForm,
    NumberForm,
    RevisionForm,
    SeasonForm,
)


def back(club_id: str, season_id: str) -> str:
    """The season's manager page, where every season form returns."""
    return url_for("seasons.manage", club_id=club_id, season_id=season_id)


def incomplete(club_id: str, season_id: str, form: FlaskForm) -> BaseResponse:
    """A form that did not validate: back to the season's page, told which field."""
    return respond.flashed(back(club_id, season_id), say.incomplete(first_problem(form)), "error")


@bp.get("/c/<club_id>")
def club(club_id: str) -> str:
    found = load_club(get_db(), club_id)
    if found is None:
        data.not_found()
    return render_template(
        "seasons/club.html", club=found, seasons=club_seasons(get_db(), club_id), form=SeasonForm()
    )


def _settings(form: SeasonForm) -> dict:
    return {
        "kind": form.kind.data,
        "divisions": form.divisions.data or "",
        "best": form.best.data or 0,
        "qualify": form.qualify.data or 0,
        "moves": form.moves.data or 0,
        "playoff": form.playoff.data or 0,
        "fixtures": form.fixtures.data,
        "playoff_format": form.playoff_format.data,
    }


@manager_post("/c/<club_id>/new")
def new(club_id: str) -> BaseResponse:
    form = SeasonForm()
    home = url_for("seasons.club", club_id=club_id)
    if not form.validate_on_submit():
        return respond.flashed(home, say.incomplete(first_problem(form)), "error")
    name, raw, follows = form.name.data or "", _settings(form), form.follows.data or None
    return respond.run(
        lambda: commands.create_season(get_db(), club_id, name, raw, follows),
        lambda sid: respond.flashed(back(club_id, sid), done("new")),
        # the closed season's page: where its next season, made already, is linked
        back(club_id, follows) if follows else home,
        words=season_words,
    )


@bp.get("/c/<club_id>/<season_id>")
def manage(club_id: str, season_id: str) -> str:
    season = data.season_or_404(club_id, season_id)
    settings = season.settings
    revision = season.revision
    form = SeasonForm(revision=revision, name=season.name, **settings.as_dict())
    form.divisions.data = ", ".join(settings.divisions)
    nights = club_event_names(get_db(), club_id)
    lines = data.night_lines(season)
    shown = page_of(lines, asked()[1], size=NIGHTS_SHOWN)
    return render_template(
        "seasons/manage.html",
        season=season,
        club_id=club_id,
        form=form,
        follows=season_named(get_db(), season.follows) if season.follows else None,
        # a closed season's next season, once made: no second is offered
        next_season=next_season(get_db(), season.id) if season.closed is not None else None,
        next_name=next_season_name(season.name),
        divisions=data.divisions(season),
        nights=shown,
        # a closed season starts no night: its start buttons would all be refused
        open_nights=[] if season.closed is not None else [n for n in lines if not n.event_id],
        screens={e: screen for e, screen, _, _ in nights},
        directed=set(remembered.events()),
        rules=counting(settings.best, settings.qualify),
        division_names=data.division_choices(season),
        night_form=NightForm(revision=revision),
        number_form=NumberForm(revision=revision),
        # the house rules a night is started with: scorepad's presets, then the club's
        night_rules=preset_links.night_choices(preset_links.night_presets(club_id)),
        revision_form=RevisionForm(revision=revision),
        link_form=_link_form(season, nights),
        entrant_form=EntrantForm(revision=revision),
        division_form=DivisionForm(revision=revision),
        season_url=public_url("seasons.view", token=season.view_token),
        feed_url=public_url("seasons.feed", token=season.view_token, lang=locale_code()),
        roster=_roster(club_id),
    )


def _link_form(season: Season, nights: list[tuple[str, str, str, str]]) -> LinkForm:
    """File a club night into the season: the club's nights not in it yet, each by its
    screen id (its director's id is its director's: docs/clubs.md)."""
    link = LinkForm(revision=season.revision)
    linked = {n.event_id for n in season.nights}
    open_ = [(screen, name, date) for e, screen, name, date in nights if e not in linked]
    labels = night_labels([(name, date) for _, name, date in open_])
    link.event.choices = [
        SelectChoice(screen, label or screen[:8]) for (screen, _, _), label in zip(open_, labels)
    ]
    return link


NIGHTS_SHOWN = 30  # the season's nights a page of the manager's page lists
ROSTER_OFFERED = 200  # a club of more people offers no list of names: they are typed


def _roster(club_id: str) -> list[str]:
    """The names of the club's people, offered as the season's entrants (none past
    ROSTER_OFFERED: the page stays small however big the club)."""
    view = club_view(get_db(), club_id)
    if view is None or len(view.members) > ROSTER_OFFERED:
        return []
    return [m.name for m in view.members]


def ran(club_id: str, season_id: str, kind: str, command: Callable[[], object]) -> BaseResponse:
    """A season form's one command run: back to the season's page, told what was done
    (done(kind)) or why not."""
    return respond.run(
        command,
        lambda _: respond.flashed(back(club_id, season_id), done(kind)),
        back(club_id, season_id),
        words=season_words,
    )


@manager_post("/c/<club_id>/<season_id>/edit")
def edit(club_id: str, season_id: str) -> BaseResponse:
    form = SeasonForm()
    if not form.validate_on_submit() or form.revision.data is None:
        return incomplete(club_id, season_id, form)
    revision, name, raw = form.revision.data, form.name.data or "", _settings(form)
    return ran(
        club_id,
        season_id,
        "edit",
        lambda: commands.edit_season(get_db(), club_id, season_id, revision, name, raw),
    )


@manager_post("/c/<club_id>/<season_id>/close")
def close(club_id: str, season_id: str) -> BaseResponse:
    form = RevisionForm()
    if not form.validate_on_submit():
        return incomplete(club_id, season_id, form)
    revision = form.revision.data or 0
    return ran(
        club_id,
        season_id,
        "close",
        lambda: commands.close_season(get_db(), club_id, season_id, revision),
    )


@manager_post("/c/<club_id>/<season_id>/delete")
def delete(club_id: str, season_id: str) -> BaseResponse:
    form = RevisionForm()
    if not form.validate_on_submit():
        return incomplete(club_id, season_id, form)
    revision = form.revision.data or 0
    return respond.run(
        lambda: commands.delete_season(get_db(), club_id, season_id, revision),
        lambda _: respond.flashed(url_for("seasons.club", club_id=club_id), done("delete")),
        back(club_id, season_id),
        words=season_words,
    )
