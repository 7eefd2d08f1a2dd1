"""The evening page, and what the page models of a game ask of it: the what-if asked
for and the rules it may change, an evening's tally."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, g, request

from ..core.evening import Evening, tally
from ..core.rules import RULE_SPECS, TARGET_PRESETS, RulesError, RuleSpec
from ..core.whatif import WhatIf, rule_value, what_if
from ..store import evening as evening_store
from ..store import storage
from .db import get_db
from .render import render_stored, stored_or_404
from .words.core_words import core_text
from .words.stakes import value_text, what_if_text

bp = Blueprint("evening", __name__)


@dataclass(frozen=True)
class WhatIfView:
    """What the history page shows for a what-if: the sentence and, when the game
    could be scored, each side's real and other total."""

    result: WhatIf
    text: str
    rows: tuple[tuple[str, int, int], ...]


def what_if_for(stored: storage.StoredGame) -> WhatIfView | None:
    """The what-if asked for in the page's query (?rule=...&value=...), if any."""
    key = request.args.get("rule", "")
    if not key or "value" not in request.args:  # a rule tapped: its values offered first
        return None
    text = request.args.get("value", "")[:40]
    real = stored.score()
    try:
        result = what_if(stored.game, key, rule_value(key, text), real)
    except RulesError as err:
        result = WhatIf(key, text, real, None, error=err)
    rows: tuple[tuple[str, int, int], ...] = ()
    if result.score is not None:
        rows = tuple(
            (side.name, side.total, result.score.totals[i]) for i, side in enumerate(real.sides)
        )
    return WhatIfView(result, what_if_text(result), rows)


def rule_options(stored: storage.StoredGame) -> list[tuple[str, str, str]]:
    """(key, label, the game's value in words) of every house rule, for the select."""
    rules = stored.game.rules
    return [
        (spec.key, core_text(spec.label), value_text(spec.key, getattr(rules, spec.key)))
        for spec in RULE_SPECS
    ]


def rule_choices(stored: storage.StoredGame) -> dict[str, list[tuple[str, str]]]:
    """Each house rule's other values (name, words), to offer by a tap: a switch's other
    side, a choice's others, a number's default, half and double (targets: the presets)."""
    rules = stored.game.rules
    offered = {}
    for spec in RULE_SPECS:
        now = getattr(rules, spec.key)
        if spec.switch:
            values: list[Any] = [not now]
        elif spec.choice:
            values = [n for n, _ in spec.choices if n != now]
        else:
            values = _other_numbers(spec, now)
        said = [value_text(spec.key, v) for v in values]
        names = values if spec.choice else said  # what the what-if reads back
        offered[spec.key] = list(zip(names, said, strict=True))
    return offered


def _other_numbers(spec: RuleSpec, now: int | None) -> list[int | None]:
    """A few numbers a what-if may try instead of `now`, each one the rule takes."""
    # from nothing (0 or none): a tenth and a quarter of the way to the range's far end
    far: int = spec.high if spec.high and spec.high > 0 else (spec.low or 0)
    near = [now // 2, now * 2] if now else [spec.least_on or 0, _round(far / 10), _round(far / 4)]
    tried = list(TARGET_PRESETS) if spec.key == "target" else [spec.default, 0, *near]
    if spec.optional:
        tried.insert(0, None)

    def takes(v: int | None) -> bool:
        if v is None:
            return True
        low = spec.low if spec.low is not None else v
        high = spec.high if spec.high is not None else v
        return low <= v <= high and not (spec.least_on and 0 < v < spec.least_on)

    kept = {v for v in tried if v != now and takes(v)}
    return sorted(kept, key=lambda v: (v is not None, v or 0))


def _round(value: float) -> int:
    """To one significant figure: 1.3 to 1, 200 to 200, -500 to -500."""
    return int(float(f"{value:.1g}"))


def chosen_rule(options: list[tuple[str, str, str]]) -> tuple[str, str, str] | None:
    """The house rule the page's query asks about (?rule=...), if scorepad knows it."""
    key = request.args.get("rule", "")
    return next((option for option in options if option[0] == key), None)


def evening_ids(stored: storage.StoredGame) -> list[str]:
    """The ids of the games of this game's evening, read once a request."""
    known: dict[str, list[str]] = g.setdefault("evening_ids", {})
    if stored.id not in known:
        known[stored.id] = evening_store.evening_ids(get_db(), stored.id)
    return known[stored.id]


def evening_for(stored: storage.StoredGame) -> Evening | None:
    """The tally of the evening this game is part of; None for a game on its own."""
    if not stored.in_evening:
        return None  # most games: no query at all
    if len(evening_ids(stored)) < 2:
        return None  # most games: one query, no game read
    return tally([g.score() for g in evening_store.evening(get_db(), stored.id)])


@bp.get("/games/<game_id>/evening")
def evening(game_id: str) -> str:
    stored = stored_or_404(game_id)
    games = evening_store.evening(get_db(), game_id)
    return render_stored(
        "games/evening.html", stored, games=games, evening=tally([g.score() for g in games])
    )
