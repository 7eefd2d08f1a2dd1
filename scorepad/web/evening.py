"""The evening page, and what the page models of a game ask of it: the what-if asked
for and the rules it may change, an evening's tally."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, g, request

from ..core.evening import Evening, tally
from ..core.rules import RULE_SPECS, RulesError
from ..core.whatif import WhatIf, rule_value, what_if
from ..store import evening as evening_store
from ..store import storage
from .db import get_db
from .render import render_stored, stored_or_404
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
    if not key:
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
        (spec.key, spec.label, value_text(spec.key, getattr(rules, spec.key)))
        for spec in RULE_SPECS
    ]


def rule_choices(stored: storage.StoredGame) -> list[tuple[str, list[tuple[str, str]]]]:
    """Each on/off or choice rule with its other values (name, words), to offer by a tap."""
    rules = stored.game.rules
    offered = []
    for spec in RULE_SPECS:
        now = getattr(rules, spec.key)
        if spec.kind == "switch":
            offered.append((spec.key, [("off" if now else "on", value_text(spec.key, not now))]))
        elif spec.kind == "choice":
            others = [n for n, _ in spec.choices if n != now]
            offered.append((spec.key, [(n, value_text(spec.key, n)) for n in others]))
    return offered


def evening_ids(stored: storage.StoredGame) -> list[str]:
    """The ids of the games of this game's evening, read once a request."""
    known: dict[str, list[str]] = g.setdefault("evening_ids", {})
    if stored.id not in known:
        known[stored.id] = evening_store.evening_ids(get_db(), stored.id)
    return known[stored.id]


def evening_for(stored: storage.StoredGame) -> Evening | None:
    """The tally of the evening this game is part of; None for a game on its own."""
    if stored.rematch_of is None and not stored.rematched:
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
