"""The manager's changes: the roster (merge, split, rename, keep off the lists, undo),
and games and nights filed into the club or taken out. Each view validates its form,
runs one command and flashes its outcome at the manager's page."""

from __future__ import annotations

from collections.abc import Callable

from flask import abort, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse

from ...core import club as roster
from ...core.club import Roster
from ...store.club_commands import clubs as commands
from ...store.club_commands import filing
from .. import remembered, respond
from ..db import get_db
from ..fields import first_problem
from ..words import clubs as say
from ..words.clubs import club_words
from . import data
from .blueprint import bp
from .forms import FileGameForm, MergeForm, PlayerForm, UndoForm


def back(club_id: str) -> str:
    """The manager's page, where every manager's form returns."""
    return url_for("clubs.manage", club_id=club_id)


def _roster(
    club_id: str, revision: int, kind: str, change: Callable[[Roster], Roster]
) -> BaseResponse:
    return respond.run(
        lambda: commands.change_roster(get_db(), club_id, revision, kind, change),
        lambda _: respond.flashed(back(club_id), say.said(say.DONE[kind])),
        back(club_id),
        words=club_words,
    )


def incomplete(club_id: str, form: FlaskForm) -> BaseResponse:
    """A manager's form that did not validate: back to the manager's page, told which field
    where one a person sees is at fault."""
    problem = first_problem(form)
    return respond.flashed(back(club_id), say.incomplete(problem), "error")


@bp.post("/<club_id>/merge")
def merge(club_id: str) -> BaseResponse:
    view = data.view_or_404(club_id)
    form = MergeForm()
    if not form.validate_on_submit():
        return incomplete(club_id, form)
    met = set(view.met)
    into, other = form.into.data or "", form.other.data or ""
    return _roster(
        club_id, form.revision.data or 0, "merge", lambda r: roster.merge(r, met, into, other)
    )


def _player(
    club_id: str, kind: str, change: Callable[[Roster, set[str], str, PlayerForm], Roster]
) -> BaseResponse:
    view = data.view_or_404(club_id)
    form = PlayerForm()
    if not form.validate_on_submit():
        return incomplete(club_id, form)
    met, anchor = set(view.met), form.player.data or ""
    return _roster(club_id, form.revision.data or 0, kind, lambda r: change(r, met, anchor, form))


@bp.post("/<club_id>/rename")
def rename(club_id: str) -> BaseResponse:
    return _player(
        club_id, "rename", lambda r, met, a, f: roster.rename(r, met, a, f.name.data or "")
    )


@bp.post("/<club_id>/split")
def split(club_id: str) -> BaseResponse:
    return _player(club_id, "split", lambda r, met, a, f: roster.split(r, a, f.name.data or ""))


@bp.post("/<club_id>/hide")
def hide(club_id: str) -> BaseResponse:
    return _player(
        club_id, "hide", lambda r, met, a, f: roster.hide(r, met, a, bool(f.hidden.data))
    )


@bp.post("/<club_id>/undo")
def undo(club_id: str) -> BaseResponse:
    data.view_or_404(club_id)
    form = UndoForm()
    if not form.validate_on_submit():
        return incomplete(club_id, form)
    revision = form.revision.data or 0
    return respond.run(
        lambda: commands.undo(get_db(), club_id, revision),
        lambda kind: respond.flashed(back(club_id), say.said(say.UNDONE[kind])),
        back(club_id),
        words=club_words,
    )


@bp.post("/<club_id>/file")
def file(club_id: str) -> BaseResponse:
    data.view_or_404(club_id)
    form = FileGameForm()
    game, night = form.game.data or "", form.night.data or ""
    if not form.validate_on_submit() or not (game or night):
        return respond.flashed(back(club_id), say.said(say.CHOOSE_FILING), "error")
    if game and game not in remembered.remembered_games():
        return respond.flashed(back(club_id), say.said(say.CHOOSE_GAME), "error")
    if night and night not in remembered.events():
        return respond.flashed(back(club_id), say.said(say.CHOOSE_NIGHT), "error")
    if game:
        command = lambda: filing.file_game(get_db(), club_id, game)  # noqa: E731
    else:
        command = lambda: filing.file_event(get_db(), club_id, night)  # noqa: E731
    return respond.run(
        command,
        lambda _: respond.flashed(back(club_id), say.said(say.FILED)),
        back(club_id),
        words=club_words,
    )


@bp.post("/<club_id>/unfile/<game_id>")
def unfile(club_id: str, game_id: str) -> BaseResponse:
    data.view_or_404(club_id)
    if not FileGameForm().validate_on_submit():
        abort(400)
    return respond.run(
        lambda: filing.unfile_game(get_db(), club_id, game_id),
        lambda _: respond.flashed(back(club_id), say.said(say.TAKEN_OUT)),
        back(club_id),
        words=club_words,
    )
