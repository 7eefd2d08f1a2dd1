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
from ..core.rules import Rules
from ..store.club_commands import presets as club_presets_commands
from ..store.clubs import club_presets
from . import remembered, respond
from .db import get_db
from .hosting import public_url
from .pages import share_qr
from .powers import require
from .render import stored_or_404
from .words.clubs import club_words
from .words.presets import BAD_LINK, FORGOTTEN, FROM_PRESET, SAVED, SAVED_CLUB, preset_words

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


def _readable(pairs: list[tuple[str, str]] | list[list[str]]) -> list[Preset]:
    """The presets of (name, rules JSON) pairs that still read (a bad one is skipped)."""
    found = []
    for name, rules in pairs:
        try:
            found.append(read_link({"name": name, "rules": rules}))
        except GameError:
            continue
    return [p for p in found if p is not None]


def phone_presets() -> list[Preset]:
    """The presets saved on this browser."""
    return _readable(remembered.presets())


def club_rows(club_id: str) -> list[tuple[Preset, dict[str, str], str]]:
    """A club's presets, each with its link's query and its words."""
    return [(p, link_args(p), preset_words(p)) for p in _readable(club_presets(get_db(), club_id))]


def offered() -> list[tuple[Preset, dict[str, str]]]:
    """Every preset a new game or night is offered, with its link's query: shipped
    first, then this phone's, then those of the clubs this browser manages."""
    clubs = [p for club_id, _ in remembered.clubs() for p, _, _ in club_rows(club_id)]
    return [(p, link_args(p)) for p in (*SHIPPED, *phone_presets(), *clubs)]


def night_offers(form: Any) -> dict[str, Any]:
    """What the new-night page offers: the presets, and on a GET of a preset's link its
    house rules and target filled in, and what was done, in words."""
    taken = _night_from_link(form) if request.method == "GET" else ""
    return {"presets": offered(), "preset_taken": taken}


def _night_from_link(form: Any) -> str:
    try:
        preset = read_link(request.args)
    except GameError as err:
        form.form_errors.append(BAD_LINK.format(why=err))
        return ""
    if preset is None:
        return ""
    rules = preset.rules()
    fill_rules(form, rules)
    form.target.data = rules.target
    return FROM_PRESET.format(name=preset.name)


def fill_rules(form: Any, rules: Rules) -> None:
    """A form's house-rule fields (`rule_<key>`) set to `rules`, the target apart."""
    for key, value in rules.as_dict().items():
        if key != "target" and f"rule_{key}" in form:
            form[f"rule_{key}"].data = value


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
    name, values = form.name.data or "", changed(stored.game.rules)
    club = request.form.get("club", "")
    if club and club in dict(remembered.clubs()):  # the manager's link, held by this browser
        return respond.run(
            lambda: club_presets_commands.save_preset(get_db(), club, None, name, values),
            lambda _: respond.flashed(url_for("clubs.manage", club_id=club), SAVED_CLUB),
            url_for("manage.settings", game_id=game_id),
            words=club_words,
        )
    try:
        preset = from_values(name, values)
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
