"""A club's presets renamed or deleted from the manager's page (the manager's link only:
every route here takes the manager id). Each view validates its form, runs one command
and flashes its outcome at the manager's page; saving one is "Save these rules as a
preset" on a game's settings (web/presets.py)."""

from __future__ import annotations

from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse
from wtforms import StringField
from wtforms.validators import InputRequired
from wtforms.widgets import HiddenInput

from scorepad.web.catalogue import lazy_gettext as _l

from ...store.club_commands import presets as commands
from .. import respond
from ..db import get_db
from ..fields import WholeNumberField
from ..words.clubs import club_words
from ..words.presets import deleted, renamed
from . import data
from .blueprint import bp
from .manage import back, incomplete


class ClubPresetForm(FlaskForm):
    """One of the club's presets (`preset`), a new name for it, the club's revision."""

    revision = WholeNumberField("Revision", validators=[InputRequired()], widget=HiddenInput())
    preset = StringField("Preset", validators=[InputRequired()])
    name = StringField(_l("New name"))


@bp.post("/<club_id>/presets/rename")
def rename_preset(club_id: str) -> BaseResponse:
    data.view_or_404(club_id)
    form = ClubPresetForm()
    if not form.validate_on_submit():
        return incomplete(club_id, form)
    revision, old, new = form.revision.data or 0, form.preset.data or "", form.name.data or ""
    return respond.run(
        lambda: commands.rename_preset(get_db(), club_id, revision, old, new),
        lambda _: respond.flashed(back(club_id), renamed()),
        back(club_id),
        words=club_words,
    )


@bp.post("/<club_id>/presets/delete")
def delete_preset(club_id: str) -> BaseResponse:
    data.view_or_404(club_id)
    form = ClubPresetForm()
    if not form.validate_on_submit():
        return incomplete(club_id, form)
    revision, name = form.revision.data or 0, form.preset.data or ""
    return respond.run(
        lambda: commands.delete_preset(get_db(), club_id, revision, name),
        lambda _: respond.flashed(back(club_id), deleted()),
        back(club_id),
        words=club_words,
    )
