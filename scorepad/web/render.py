"""Helpers the page views share: find a stored game or answer 404, render a page of it."""

from __future__ import annotations

from typing import Any

from flask import render_template

from ..core.rules import RULE_SPECS
from ..store import manage, storage
from . import display
from .db import get_db
from .errors import refuse

MISSING = {
    "id": "There is no game at this address.",
    "share_token": "There is no live scoreboard at this address.",
}
DELETED = "This game no longer exists."


def stored_or_404(key: str, by: str = "id") -> storage.StoredGame:
    """The game with this id (or share token), or a 404 page that says so."""
    stored = storage.load_game(get_db(), key, by=by)
    if stored is None:
        refuse(404, DELETED if manage.was_deleted(get_db(), key) else MISSING[by])
    return stored


def render_stored(template: str, stored: storage.StoredGame, **extra: Any) -> str:
    """Render a page of one game with what every such page uses."""
    return render_template(
        template,
        stored=stored,
        score=stored.score(),
        table=stored.game.table,
        rules=stored.game.rules,
        display=display,
        specs=RULE_SPECS,
        **extra,
    )
