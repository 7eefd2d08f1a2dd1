"""The club nights each of a club's people won (a card's "First night won" and its count
of nights won): each night's winners by the core (`roster.night_winners`), from its
results as `night_results` counts and keeps them. Read when a card is shown, never
written."""

from __future__ import annotations

from collections.abc import Callable

from sqlite_utils import Database

from ..core.roster import night_winners
from .clubs import club_events
from .events import load_event
from .night_results import night


def nights_won(db: Database, club_id: str, person: Callable[[str], str]) -> dict[str, tuple]:
    """The ids of the nights each person won (by anchor: `person` of a name as played),
    in the order the nights were filed into the club."""
    won: dict[str, list[str]] = {}
    for event_id in club_events(db, club_id):
        event = load_event(db, event_id)
        if event is None:
            continue
        results = night(db, event)
        winners = night_winners(event.settings, event.rounds, results.rows, results.champion)
        for entrant in winners:
            for anchor in dict.fromkeys(person(p) for p in event.by_id[entrant].players):
                won.setdefault(anchor, []).append(event_id)
    return {anchor: tuple(ids) for anchor, ids in won.items()}
