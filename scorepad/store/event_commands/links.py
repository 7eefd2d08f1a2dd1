"""The director's link replaced (it leaked): the event's id is the link, so the event
gets a new one, with every row that refers to it (`relink.rekey`), in one transaction;
the old link then answers 404. The big screen's and the check-in's links stay."""

from __future__ import annotations

from sqlite_utils import Database

from ..db import writing
from ..relink import rekey
from ..stamps import token
from ._base import bump, current


def replace_director_link(db: Database, event_id: str) -> str:
    """A new director's link for the event: its new id."""
    new = token()
    with writing(db):
        current(db, event_id)
        rekey(db, "events", event_id, new)
        bump(db, new)
    return new
