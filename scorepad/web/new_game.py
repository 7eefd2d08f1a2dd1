"""What the new-game page offers from this browser's games: the names used, "the same
rules as" one of its recent evenings (its table, names and house rules), and the presets
(shipped, and saved on this phone); a preset's link fills its rules in."""

from __future__ import annotations

from typing import Any

from flask import request
from wtforms.fields.choices import SelectChoice

from scorepad.web.catalogue import gettext as _
from scorepad.web.catalogue import lazy_gettext as _l

from ..core.errors import GameError
from ..core.names import name_key
from ..core.rules import RULE_SPECS, TARGET_PRESETS, Rules
from ..store import storage
from . import preset_links, security
from .clubs.pages import managed
from .db import get_db
from .forms import NAME_FIELD, NewGameForm, table_choice
from .manage_forms import rule_keys
from .words import game_done as said
from .words.core_words import core_text
from .words.presets import bad_link, from_preset
from .words.stakes import value_text

RECENT = 10  # evenings offered for "the same rules as"
UNKNOWN_SOURCE = _l(
    "Those rules are from a game this phone does not know: the usual rules are shown."
)


def new_game_context(form: NewGameForm) -> dict[str, Any]:
    """Names this browser has used and its recent evenings (a rematch stands for the games
    before it); with `?rules_from=<id>` on a GET, that game's table, names and house rules
    filled in (only a game on this browser's list) and what was taken, in words."""
    known = security.remembered_games()
    games = storage.list_games(get_db(), known) if known else []
    names: dict[str, str] = {}
    for stored in games:
        for name in stored.game.table.players:
            names.setdefault(name_key(name), name)
    for seat in range(4):
        form[f"player_{seat}"].render_kw = {
            **NAME_FIELD,
            "list": "known-names",
            "autocomplete": "off",
        }
    chosen = request.args.get("rules_from", "") if request.method == "GET" else ""
    taken = ""
    if chosen:
        source = next((g for g in games if g.id == chosen), None)
        if source is None:
            form.form_errors.append(str(UNKNOWN_SOURCE))
        else:
            _fill_table(form, source)
            _fill_rules(form, source.game.rules, rule_keys(source.game.table))
            taken = taken_words(source)
    taken = _from_preset(form) or taken
    before = {g.rematch_of for g in games if g.rematch_of}  # a rematch stands for its evening
    recent = [(g.id, _label(g)) for g in games if g.id not in before][:RECENT]
    form.club.choices = _club_choices()
    if request.method == "GET" and not form.club.data and len(form.club.choices) > 1:
        # the phone's club kept: the one it last filed a game into or managed (newest first)
        form.club.data = form.club.choices[1].value
    return {
        "known_names": list(names.values()),
        "recent_games": recent,
        "rules_from": chosen,
        "rules_taken": taken,
        "presets": preset_links.offered(),
    }


def _club_choices() -> list[SelectChoice]:
    """No club, then each club this browser manages."""
    return [SelectChoice("", _("No club")), *(SelectChoice(v, n) for v, n in managed())]


def _from_preset(form: NewGameForm) -> str:
    """On a GET of a preset's link: its rules filled in, its name kept in the form (the
    game records it if started with those rules), and what was done, in words."""
    if request.method != "GET":
        return ""
    try:
        preset = preset_links.read_link(request.args)
    except GameError as err:
        form.form_errors.append(bad_link(err))
        return ""
    if preset is None:
        return ""
    _fill_rules(form, preset.rules(), [spec.key for spec in RULE_SPECS])
    preset_links.fill_hidden(form, preset)
    return from_preset(preset)


def _label(stored: storage.StoredGame) -> str:
    sides = " vs ".join(s.name for s in stored.score().sides)
    return said.game_label(sides, stored.game.rules.target, stored.created_at[:10])


def taken_words(source: storage.StoredGame) -> str:
    """What a new game took from `source`: its table, names, target and the house rules
    that are not the usual ones."""
    rules, table = source.game.rules, source.game.table
    changed = [
        f"{core_text(spec.label)} {value_text(spec.key, getattr(rules, spec.key))}"
        for spec in RULE_SPECS
        if spec.key != "target"
        and spec.key in rule_keys(table)
        and getattr(rules, spec.key) != spec.default
    ]
    return said.taken_from(
        _label(source), ", ".join(table.players), rules.target, "; ".join(changed)
    )


def _fill_table(form: NewGameForm, source: storage.StoredGame) -> None:
    table = source.game.table
    form.table.data = table_choice(table.mode, len(table.players))
    for seat in range(4):
        form[f"player_{seat}"].data = table.players[seat] if seat < len(table.players) else ""
    form.tricks_by.data = source.game.tricks_by


def _fill_rules(form: NewGameForm, rules: Rules, keys: list[str]) -> None:
    for key in keys:
        if key != "target" and f"rule_{key}" in form:
            form[f"rule_{key}"].data = getattr(rules, key)
    if rules.target in TARGET_PRESETS:
        form.target.data = str(rules.target)
    else:
        form.target.data, form.custom_target.data = "custom", rules.target
