"""The club nights a browser follows: it directs them, or it opened their big screen,
results, a table's page or the check-in link. Their games count in this browser's
player statistics (by name, as every game does), kept in the signed session cookie."""

from __future__ import annotations

from sqlite_utils import Database

from ...store.events import event_game_ids
from ..remembered import followed
from .director import remembered


def game_ids(db: Database) -> list[str]:
    """Every table's game of the events this browser directs or follows."""
    return event_game_ids(db, remembered(), followed())
