"""Helpers the page views share: find a stored game or answer 404, render a page of it.

Cache: `_rules_list` and `_rules_line`, lru_caches of the rules' Markup keyed by (Rules,
Table, language), frozen values; nothing invalidates them: other rules are another key."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import render_template
from markupsafe import Markup

from scorepad.web.catalogue import lazy_gettext

from ..core.records import Table
from ..core.rules import RULE_SPECS, Rules, specs_for
from ..store import storage
from .catalogue import locale_code
from .db import get_db
from .errors import refuse
from .words.core_words import core_text
from .words.stakes import value_text

MISSING = {
    "id": lazy_gettext("There is no game at this address."),
    "share_token": lazy_gettext("There is no live scoreboard at this address."),
}
DELETED = lazy_gettext("This game no longer exists.")


def stored_or_404(key: str, by: str = "id") -> storage.StoredGame:
    """The game with this id (or share token), or a 404 page that says so."""
    stored = storage.load_game(get_db(), key, by=by)
    if stored is None:
        refuse(404, str(DELETED if storage.was_deleted(get_db(), key) else MISSING[by]))
    return stored


def render_stored(template: str, stored: storage.StoredGame, **extra: Any) -> str:
    """Render a page of one game with what every such page uses."""
    return render_template(
        template,
        stored=stored,
        score=stored.score(),
        table=stored.game.table,
        rules=stored.game.rules,
        specs=RULE_SPECS,
        **extra,
    )


def rules_list(rules: Rules, table: Table) -> Markup:
    """The house rules of a game as a list, drawn once per table, rules and language: the
    game page shows it after every hand, and it changes only when the rules do."""
    return _rules_list(rules, table, locale_code())


@lru_cache(maxsize=512)
def _rules_list(rules: Rules, table: Table, language: str) -> Markup:
    specs = specs_for(table.mode)  # the core's rules for this table's mode
    rows = [
        (core_text(spec.label), value_text(spec.key, getattr(rules, spec.key))) for spec in specs
    ]
    return Markup(render_template("games/_rules.html", table=table, rows=rows))


def rules_line(rules: Rules, table: Table) -> Markup:
    """The house rules in one line for the game page: the table, the target and only the
    rules this game changed from their defaults (its Rules link lists every one)."""
    return _rules_line(rules, table, locale_code())


@lru_cache(maxsize=512)
def _rules_line(rules: Rules, table: Table, language: str) -> Markup:
    specs = specs_for(table.mode)
    rows = [
        (core_text(spec.label), value_text(spec.key, getattr(rules, spec.key)))
        for spec in specs
        if spec.key == "target" or getattr(rules, spec.key) != spec.default
    ]
    return Markup(render_template("games/_rules_line.html", table=table, rows=rows))
