"""Named presets on the web: the presets page (the shipped ones and this phone's, each in
words, with its link and QR code), a preset's share page, "Save these rules as a preset"
from a game's settings (kept in this browser's cookie, remembered.py) and forgetting one.

A preset's link opens the new-game page with its rules filled in: a shipped preset by
its key (`?preset=tournament-300`), any other by its name and the JSON of the rules that
differ from the defaults (`?name=Friday&rules={"target":300}`), so a link works on any
phone, with nothing stored. Reading a link goes through the game file's rules loader."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse
from wtforms import StringField

from ..core.errors import GameError
from ..core.names import MAX_NAME
from ..core.presets import SHIPPED, Preset, changed, from_values, shipped
from . import remembered
from .hosting import public_url
from .pages import share_qr
from .powers import require
from .render import stored_or_404
from .words.presets import FORGOTTEN, SAVED, preset_words

bp = Blueprint("presets", __name__)


class PresetForm(FlaskForm):
    """The name a preset is saved (or forgotten) under."""

    name = StringField("Preset name", render_kw={"maxlength": MAX_NAME})


def link_args(preset: Preset) -> dict[str, str]:
    """The query of a preset's link to the new-game page."""
    if preset.key:
        return {"preset": preset.key}
    rules = json.dumps(dict(preset.values), separators=(",", ":"))
    return {"name": preset.name, "rules": rules}


def read_link(args: Mapping[str, str]) -> Preset | None:
    """The preset a new-game link names, or None when it names none; a `GameError`
    naming the field when it cannot be read."""
    if "preset" in args:
        found = shipped(args["preset"])
        if found is None:
            raise GameError("is not a preset scorepad ships", field="preset")
        return found
    if "rules" not in args:
        return None
    try:
        values = json.loads(args["rules"])
    except ValueError:
        raise GameError("is not a set of house rules", field="rules") from None
    return from_values(args.get("name", ""), values)


def phone_presets() -> list[Preset]:
    """The presets saved on this browser that still read (a bad entry is skipped)."""
    found = []
    for name, rules in remembered.presets():
        try:
            found.append(read_link({"name": name, "rules": rules}))
        except GameError:
            continue
    return [p for p in found if p is not None]


def offered() -> list[tuple[Preset, dict[str, str]]]:
    """Every preset the new-game page offers, with its link's query: shipped first."""
    return [(p, link_args(p)) for p in (*SHIPPED, *phone_presets())]


@bp.get("/presets")
def index() -> str:
    rows = [(p, args, preset_words(p)) for p, args in offered()]
    return render_template("presets/index.html", rows=rows, form=PresetForm())


@bp.get("/presets/share")
def share() -> Any:
    try:
        preset = read_link(request.args)
    except GameError as err:
        return render_template("error.html", message=str(err), code=400), 400
    if preset is None:
        return redirect(url_for("presets.index"))
    link = public_url("games.new", **link_args(preset))
    return render_template(
        "presets/share.html",
        preset=preset,
        words=preset_words(preset),
        link=link,
        qr=share_qr(link, f"QR code of the preset {preset.name}"),
    )


@bp.post("/games/<game_id>/preset")
def save(game_id: str) -> Any:
    stored = stored_or_404(game_id)
    require(stored, "settings")
    form = PresetForm()
    if not form.validate_on_submit():
        return _refused(game_id, "the page was out of date: try again")
    try:
        preset = from_values(form.name.data or "", changed(stored.game.rules))
    except GameError as err:
        return _refused(game_id, f"Preset name: {err.detail}")
    remembered.keep_preset(preset.name, link_args(preset)["rules"])
    flash(SAVED)
    return redirect(url_for("presets.index"))


def _refused(game_id: str, message: str) -> tuple[str, int]:
    """The preset was not saved: why, and the way back to the game's settings."""
    back = url_for("manage.settings", game_id=game_id)
    return render_template("presets/refused.html", message=message, back=back), 400


@bp.post("/presets/forget")
def forget() -> BaseResponse:
    form = PresetForm()
    if form.validate_on_submit() and form.name.data:
        remembered.drop_preset(form.name.data)
        flash(FORGOTTEN)
    return redirect(url_for("presets.index"))

