"""The club nights a browser follows: it directs them, or it opened their big screen,
results, a table's page or the check-in link. Their games count in this browser's
player statistics (by name, as every game does), kept in the signed session cookie."""

from __future__ import annotations

from flask import session
from sqlite_utils import Database

from ...store.events import event_game_ids
from .director import remembered

FOLLOWED = 10  # screen ids of 22 characters: some 250 bytes of the 4 KB cookie at most


def followed() -> list[str]:
    """The screen ids of the events this browser followed, newest first."""
    found = session.get("followed", [])
    return [t for t in found if isinstance(t, str)] if isinstance(found, list) else []


def follow(view_token: str) -> None:
    """Keep an event on this browser's list (newest first) by its screen id."""
    known = followed()
    if known[:1] == [view_token]:
        return  # already first: leave the cookie as it is
    session["followed"] = [view_token, *(t for t in known if t != view_token)][:FOLLOWED]
    session.permanent = True


def game_ids(db: Database) -> list[str]:
    """Every table's game of the events this browser directs or follows."""
    return event_game_ids(db, [e[0] for e in remembered()], followed())
