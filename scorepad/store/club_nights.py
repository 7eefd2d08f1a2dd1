"""A club's people at its nights: the nights each person won (a card's "First night won"
and its count of nights won: each night's winners by the core, `roster.night_winners`,
from its results as `night_results` counts and keeps them; read when a card is shown,
never written), and a night's entrants' strengths by the club's ratings (its seeds)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from sqlite_utils import Database

from ..core.roster import Entrant, night_winners
from .club_view import club_view
from .clubs import club_events, club_of_event
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


def strengths(db: Database, event_id: str, entrants: Iterable[Entrant]) -> dict[int, float]:
    """Each entrant's strength by its club's ratings (the sum of its players' mu): a
    night seeded by rating (docs/clubs.md). A night of no club's, or a player never
    rated: a new player's mu."""
    club_id = club_of_event(db, event_id)
    view = club_view(db, club_id, ratings=True) if club_id else None
    if view is None:
        return {}
    return {e.id: sum(view.skill(view.person(p)).mu for p in e.players) for e in entrants}


def read_ratings(db: Database, event_id: str) -> None:
    """The ratings of the club a night is filed into read (and kept) before a write
    that seeds by them: the club is not read again while the write holds the lock."""
    club_id = club_of_event(db, event_id)
    if club_id and not db.conn.in_transaction:
        club_view(db, club_id, ratings=True)
