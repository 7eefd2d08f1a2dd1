"""A new event, and who is at it: check-in (by the director, from an earlier night, or
by the players' own link), gone home and back."""

from __future__ import annotations

import json

from sqlite_utils import Database

from ...core.event import Settings, most_entrants
from ...core.happened import NightStarted
from ...core.names import check_names, joins_pair, name_key, pair_name
from ...core.rules import Rules
from .. import bus
from ..db import writing
from ..events import Event, load_event
from ..stamps import now, token
from ._base import bump, current, require
from .outcomes import EventRefused


def insert_event(db: Database, settings: Settings, rules: Rules, event_id: str = "") -> str:
    """The event's own row, inside a write begun by the caller; returns its director id
    (`event_id`: as the caller chose it, else a new one)."""
    event_id = event_id or token()
    db.execute(
        "insert into events (id, view_token, checkin_token, created_at, settings, rules, "
        "revision) values (?, ?, ?, ?, ?, ?, 0)",
        [
            event_id,
            token(),
            token(),
            now("seconds"),
            json.dumps(settings.as_dict()),
            json.dumps(rules.as_dict()),
        ],
    )
    return event_id


def create_event(db: Database, settings: Settings, rules: Rules, club: str | None = None) -> str:
    """Store a new event; returns its director id. `club`: filed into that club in the
    same write (the club's handler of `NightStarted`)."""
    with bus.unit(db) as unit:
        event_id = insert_event(db, settings, rules)
        unit.tell(NightStarted(event_id, club))
    return event_id


def _fresh(db: Database, event_id: str) -> Event:
    event = load_event(db, event_id)
    assert event is not None  # inside the write that just changed it
    return event


def check_in(db: Database, event_id: str, players: list[str], *, link: bool = False) -> Event:
    """Add a pair (two names) or a player (one name); they play from the next round
    drawn. `link`: by the check-in link, which takes them only before round 1 is drawn."""
    with writing(db):
        event = current(db, event_id)
        require(db, event, "join" if link else "check_in", {})
        _add_entrant(db, event, players)
        bump(db, event_id)
        return _fresh(db, event_id)


def check_in_many(db: Database, event_id: str, teams: list[list[str]]) -> Event:
    """Add several pairs or players at once (from an earlier night): all, or none if one
    is refused."""
    with writing(db):
        if not teams:
            raise EventRefused("choose_entrants", field="players")
        event = current(db, event_id)
        require(db, event, "check_in", {})
        for players in teams:
            _add_entrant(db, event, players)
            event = _fresh(db, event_id)
        bump(db, event_id)
        return _fresh(db, event_id)


def _names(event: Event, players: list[str]) -> tuple[str, ...]:
    want = 2 if event.settings.pairs else 1
    if len(players) != want:
        raise EventRefused("names_count", field="players", want=want)
    names = check_names(players)  # the core's own check of each name
    taken = {name_key(p) for e in event.entrants for p in e.players}
    for name in names:
        if joins_pair(name):
            raise EventRefused("name_has_and", field="players", name=name)
        if name_key(name) in taken:
            raise EventRefused("checked_in", field="players", name=name)
    if len({name_key(n) for n in names}) < len(names):
        raise EventRefused("names_differ", field="players")
    return names


def _add_entrant(db: Database, event: Event, players: list[str]) -> int:
    most = most_entrants(event.settings)
    if len(event.entrants) >= most:
        raise EventRefused("full", field="players", most=most, pairs=event.settings.pairs)
    names = _names(event, players)
    name = pair_name(names)
    if any(name_key(e.name) == name_key(name) for e in event.entrants):
        raise EventRefused("name_taken", field="players", name=name)
    cursor = db.execute(
        "insert into event_entrants (event_id, name, name_key, players, joined_round, "
        "created_at) values (?, ?, ?, ?, ?, ?)",
        [event.id, name, name_key(name), json.dumps(list(names)), len(event.rounds) + 1]
        + [now("seconds")],
    )
    return int(cursor.lastrowid or 0)


def set_here(db: Database, event_id: str, entrant_id: int, here: bool) -> Event:
    """Mark an entrant gone home (not drawn again) or back again."""
    with writing(db):
        event = current(db, event_id)
        if entrant_id not in event.by_id:
            raise EventRefused("no_entrant", field="entrant")
        left = None if here else len(event.rounds)
        db.execute(
            "update event_entrants set left_round = ? where id = ? and event_id = ?",
            [left, entrant_id, event_id],
        )
        bump(db, event_id)
        return _fresh(db, event_id)
