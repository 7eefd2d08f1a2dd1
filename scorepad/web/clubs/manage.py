"""The manager's changes: the roster (merge, split, rename, keep off the lists, undo),
and games and nights filed into the club (taken out: games.py). Each view validates its form,
runs one command and flashes its outcome at the manager's page."""

from __future__ import annotations

from collections.abc import Callable

from flask import url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse

from ...core import club as roster
from ...core.club import Roster
from ...core.names import name_key
from ...store import storage
from ...store.club_commands import clubs as commands
from ...store.club_commands import filing
from ...store.club_view import ClubView
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
    met = view.met
    into, other = (_typed(view, field.data or "") for field in (form.into, form.other))
    return _roster(
        club_id, form.revision.data or 0, "merge", lambda r: roster.merge(r, met, into, other)
    )


def _typed(view: ClubView, name: str) -> str:
    """The anchor of the person a typed name is (shown, or played under); a name of no
    one's stays its own key, which the roster refuses naming the field."""
    key = name_key(name)
    return view.by_name.get(key, key)


def _player(
    club_id: str, kind: str, change: Callable[[Roster, dict[str, str], str, PlayerForm], Roster]
) -> BaseResponse:
    view = data.view_or_404(club_id)
    form = PlayerForm()
    if not form.validate_on_submit():
        return incomplete(club_id, form)
    met, anchor = view.met, form.player.data or ""
    return _roster(club_id, form.revision.data or 0, kind, lambda r: change(r, met, anchor, form))


@bp.post("/<club_id>/rename")
def rename(club_id: str) -> BaseResponse:
    return _player(
        club_id, "rename", lambda r, met, a, f: roster.rename(r, met, a, f.name.data or "")
    )


@bp.post("/<club_id>/split")
def split(club_id: str) -> BaseResponse:
    return _player(
        club_id, "split", lambda r, met, a, f: roster.split(r, a, name_key(f.name.data or ""))
    )


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
    revision, number = form.revision.data or 0, form.change.data
    return respond.run(
        lambda: commands.undo(get_db(), club_id, revision, number),
        lambda kind: respond.flashed(back(club_id), say.said(say.UNDONE[kind])),
        back(club_id),
        words=club_words,
    )


@bp.post("/<club_id>/file")
def file(club_id: str) -> BaseResponse:
    view = data.view_or_404(club_id)
    form = FileGameForm()
    game, night = form.game.data or "", form.night.data or ""
    if not form.validate_on_submit() or not (game or night):
        return respond.flashed(back(club_id), say.said(say.CHOOSE_FILING), "error")
    if game and game not in remembered.remembered_games():
        return respond.flashed(back(club_id), say.said(say.CHOOSE_GAME), "error")
    if night and night not in remembered.events():
        return respond.flashed(back(club_id), say.said(say.CHOOSE_NIGHT), "error")
    if game:
        stored = storage.load_game(get_db(), game)
        if (
            stored is not None
            and all(g.id != stored.id for g in view.games)  # itself: "filed here already"
            and data.in_club(view, (stored.game,))  # a copy of it filed already
        ):
            return respond.flashed(back(club_id), say.said(say.REFUSED["game_here"]), "error")
        command = lambda: filing.file_game(get_db(), club_id, game)  # noqa: E731
    else:
        command = lambda: filing.file_event(get_db(), club_id, night)  # noqa: E731
    return respond.run(
        command,
        lambda _: respond.flashed(back(club_id), say.said(say.FILED)),
        back(club_id),
        words=club_words,
    )
