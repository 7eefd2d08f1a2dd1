"""The club nights a browser follows: it directs them, or it opened their big screen,
results, a table's page or the check-in link. Their games count in this browser's
player statistics (by name, as every game does), kept in the signed session cookie."""

from __future__ import annotations

from sqlite_utils import Database

from ...store.events import event_game_ids
from .. import remembered as remembered_list
from .director import remembered


def followed() -> list[str]:
    """The screen ids of the events this browser followed, newest first."""
    return remembered_list.followed()


def follow(view_token: str) -> None:
    """Keep an event on this browser's list (newest first) by its screen id."""
    remembered_list.follow(view_token)


def game_ids(db: Database) -> list[str]:
    """Every table's game of the events this browser directs or follows."""
    return event_game_ids(db, remembered(), followed())
