"""Named presets on the web: the presets page (the shipped ones and this phone's, each in
words, with its link), a preset's share page (its link and QR code), "Save these rules
as a preset" from a game's settings (kept in this browser's cookie, remembered.py, or by
the manager's link in a club) and forgetting one. Links: preset_links.py."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse
from wtforms import StringField

from scorepad.web.catalogue import lazy_gettext as _l

from ..core.errors import GameError
from ..core.names import MAX_NAME
from ..core.presets import SHIPPED, changed, from_values
from ..store.club_commands import presets as club_presets_commands
from ..store.club_commands.outcomes import ClubRefused
from . import remembered, respond
from .db import get_db
from .hosting import public_url
from .pages import share_qr
from .powers import require
from .preset_links import link_args, offered, read_link
from .render import stored_or_404
from .words.clubs import club_words
from .words.core_words import refusal
from .words.presets import (
    forgotten,
    name_taken,
    not_read,
    preset_name,
    preset_words,
    qr_label,
    refused,
    saved,
    saved_club,
)

bp = Blueprint("presets", __name__)


class PresetForm(FlaskForm):
    """The name a preset is saved (or forgotten) under."""

    name = StringField(_l("Preset name"), render_kw={"maxlength": MAX_NAME})


@bp.get("/presets")
def index() -> str:
    rows = [(p, args, preset_words(p), preset_name(p)) for p, args in offered()]
    return render_template("presets/index.html", rows=rows, form=PresetForm())


@bp.get("/presets/share")
def share() -> Any:
    try:
        preset = read_link(request.args)
    except GameError as err:
        return render_template("error.html", message=refusal(err), code=400), 400
    preset = preset or SHIPPED[0]  # a link naming no preset: the usual rules
    link = public_url("games.new", **link_args(preset))
    return render_template(
        "presets/share.html",
        name=preset_name(preset),
        words=preset_words(preset),
        link=link,
        qr=share_qr(link, qr_label(preset_name(preset))),
    )


@bp.post("/games/<game_id>/preset")
def save(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    require(stored, "settings")
    form = PresetForm()
    if not form.validate_on_submit():
        return _refused(game_id, not_read())
    name, values = form.name.data or "", changed(stored.game.rules)
    club = request.form.get("club", "")
    replace = request.form.get("replace") == "1"  # asked, and the phone said "Replace it"
    if club and club in remembered.club_ids():  # the manager's link, held by this browser
        asked: list[str] = []

        def taken(err: Exception) -> int | None:
            if isinstance(err, ClubRefused) and err.code == "preset_taken":
                asked.append(name.strip())
                return 409
            return None

        done = respond.run(
            lambda: club_presets_commands.save_preset(
                get_db(), club, None, name, values, replace=replace
            ),
            lambda _: respond.flashed(url_for("clubs.manage", club_id=club), saved_club()),
            url_for("manage.settings", game_id=game_id),
            words=club_words,
            page=taken,
        )
        return _ask(game_id, asked[0], club) if asked else done
    try:
        preset = from_values(name, values)
    except GameError as err:
        return _refused(game_id, refused(err.detail))
    if not replace and preset.name in dict(remembered.presets()):
        return _ask(game_id, preset.name, "")
    remembered.keep_preset(preset.name, link_args(preset)["rules"])
    flash(saved())
    return redirect(url_for("presets.index"))


def _ask(game_id: str, name: str, club: str) -> tuple[str, int]:
    """A preset of that name is saved already: say so, and ask before replacing it."""
    return render_template(
        "presets/replace.html",
        message=name_taken(name),
        form=PresetForm(name=name),
        club=club,
        game_id=game_id,
        back=url_for("manage.settings", game_id=game_id),
    ), 409


def _refused(game_id: str, message: str) -> tuple[str, int]:
    """The preset was not saved: why, and the way back to the game's settings."""
    back = url_for("manage.settings", game_id=game_id)
    return render_template("presets/refused.html", message=message, back=back), 400


@bp.post("/presets/forget")
def forget() -> BaseResponse:
    form = PresetForm()
    if form.validate_on_submit() and form.name.data:
        remembered.drop_preset(form.name.data)
        flash(forgotten())
    return redirect(url_for("presets.index"))
