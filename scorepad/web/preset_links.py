"""Named presets' links: a preset's link opens the new-game (or new-night) page with its
rules filled in: a shipped preset by its key (`?preset=tournament-300`), any other by its
name and the JSON of the rules that differ from the defaults
(`?name=Friday&rules={"target":300}`), so a link works on any phone with nothing stored.
Reading a link goes through the game file's rules loader (core/presets.py). Also what the
pages offer: the shipped presets, this phone's (its cookie) and its clubs'."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import request
from wtforms.fields.choices import SelectChoice

from ..core.errors import GameError
from ..core.presets import SHIPPED, Preset, from_text, shipped
from ..core.rules import Rules
from ..store.clubs import club_presets
from . import remembered
from .db import get_db
from .words.presets import bad_link, from_preset, preset_name, preset_words


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
    return from_text(args.get("name", ""), args["rules"])


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


def night_presets(club_id: str) -> dict[str, Preset]:
    """The presets a season's night may be started with, by the value its form sends:
    scorepad's ("k:<key>"), then the club's own ("c:<name>")."""
    club = [p for p, _, _ in club_rows(club_id)]
    return {f"k:{p.key}": p for p in SHIPPED} | {f"c:{p.name}": p for p in club}


def night_choices(presets: dict[str, Preset]) -> list[SelectChoice]:
    """Those presets as a form's choices, each by its name as shown."""
    return [SelectChoice(value, preset_name(p)) for value, p in presets.items()]


def offered() -> list[tuple[Preset, dict[str, str]]]:
    """Every preset a new game or night is offered, with its link's query: shipped
    first, then this phone's, then those of the clubs this browser manages."""
    clubs = [p for club_id in remembered.club_ids() for p, _, _ in club_rows(club_id)]
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
        form.form_errors.append(bad_link(err))
        return ""
    if preset is None:
        return ""
    rules = preset.rules()
    fill_rules(form, rules)
    form.target.data = rules.target
    fill_hidden(form, preset)
    return from_preset(preset)


def fill_rules(form: Any, rules: Rules) -> None:
    """A form's house-rule fields (`rule_<key>`) set to `rules`, the target apart."""
    for key, value in rules.as_dict().items():
        if key != "target" and f"rule_{key}" in form:
            form[f"rule_{key}"].data = value


def kept(name: str, rules_json: str, rules: Rules) -> str:
    """The name of the preset a page was filled from (its hidden fields), if what is
    started keeps exactly its rules; "" otherwise."""
    try:
        preset = read_link({"name": name, "rules": rules_json}) if name else None
    except GameError:
        return ""
    return preset.name if preset is not None and preset.rules() == rules else ""


def fill_hidden(form: Any, preset: Preset) -> None:
    """The preset's name and rules kept in the page's hidden fields (see `kept`)."""
    form.preset_name.data = preset.name
    form.preset_rules.data = link_args(Preset("", "", preset.values))["rules"]
