"""What a game's pages show beyond the score, built by their views before a page
renders (templates only show it: no database work while a page is drawn)."""

from __future__ import annotations

from typing import Any

from ..store import storage
from .evening import evening_for, rule_choices, rule_options, what_if_for
from .seats import seat_state
from .words.stakes import stake_lines


def game_page(stored: storage.StoredGame) -> dict[str, Any]:
    """The game page's own data: seat links and bids in, the evening's tally, the
    stakes of the next hand."""
    return {
        "seating": seat_state(stored),
        "tally": evening_for(stored),
        "stake_words": stake_lines(stored.score()),
    }


def board(stored: storage.StoredGame) -> dict[str, Any]:
    """The live scoreboard's own data: the evening's tally."""
    return {"tally": evening_for(stored)}


def history(stored: storage.StoredGame) -> dict[str, Any]:
    """The history page's own data: the what-if asked for and the rules it may change."""
    return {
        "asked": what_if_for(stored),
        "rule_options": rule_options(stored),
        "rule_choices": rule_choices(stored),
    }
