"""The only code that changes an event: each command one transaction, checked against
the event's revision where a stale page could do harm. No Flask, no English for people
beyond the GameError messages the core style uses."""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime

from sqlite_utils import Database

from ..core.errors import GameError
from ..core.event import Settings, draw_round
from ..core.names import check_names, name_key
from ..core.rules import Rules
from .db import writing
from .events import Event, event_standings, games_of, load_event


class EventChanged(Exception):
    """The event changed since the page that asked was loaded."""


class NoEvent(LookupError):
    """There is no event with that id."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _token() -> str:
    return secrets.token_urlsafe(16)


def current(db: Database, event_id: str, revision: int | None = None) -> Event:
    """The event inside a write; EventChanged if the page that asked saw an older revision."""
    event = load_event(db, event_id)
    if event is None:
        raise NoEvent(event_id)
    if revision is not None and revision != event.revision:
        raise EventChanged()
    return event


def bump(db: Database, event_id: str) -> None:
    """Count one more change to the event."""
    db.execute("update events set revision = revision + 1 where id = ?", [event_id])


def insert_event(db: Database, settings: Settings, rules: Rules) -> str:
    """The event's own row, inside a write begun by the caller; returns its director id."""
    event_id = _token()
    db.table("events").insert(
        {
            "id": event_id,
            "view_token": _token(),
            "checkin_token": _token(),
            "created_at": _now(),
            "settings": json.dumps(settings.as_dict()),
            "rules": json.dumps(rules.as_dict()),
            "revision": 0,
        }
    )
    return event_id


def create_event(db: Database, settings: Settings, rules: Rules) -> str:
    """Store a new event; returns its director id."""
    with writing(db):
        return insert_event(db, settings, rules)


def _next_round(event: Event) -> int:
    return len(event.rounds) + 1


def check_in(db: Database, event_id: str, players: list[str]) -> int:
    """Add a pair (two names) or a player (one name); they play from the next round drawn."""
    with writing(db):
        entrant = _add_entrant(db, current(db, event_id), players)
        bump(db, event_id)
        return entrant


def check_in_many(db: Database, event_id: str, teams: list[list[str]]) -> int:
    """Add several pairs or players at once (from an earlier night): all, or none if one
    is refused. Returns how many were added."""
    with writing(db):
        if not teams:
            raise GameError("choose who to check in", field="players")
        for players in teams:
            _add_entrant(db, current(db, event_id), players)
        bump(db, event_id)
        return len(teams)


def _add_entrant(db: Database, event: Event, players: list[str]) -> int:
    want = 2 if event.settings.pairs else 1
    if len(players) != want:
        raise GameError(f"needs {want} name{'s' if want > 1 else ''}", field="players")
    names = check_names(players)
    taken = {name_key(p) for e in event.entrants for p in e.players}
    for name in names:
        if name_key(name) in taken:
            raise GameError(f"{name} is checked in already", field="players")
    if len({name_key(n) for n in names}) < len(names):
        raise GameError("the two names must differ", field="players")
    name = " & ".join(names)
    entrant = db.table("event_entrants").insert(
        {
            "event_id": event.id,
            "name": name,
            "name_key": name_key(name),
            "players": json.dumps(list(names)),
            "joined_round": _next_round(event),
            "created_at": _now(),
        }
    )
    return int(entrant.last_pk)  # type: ignore[arg-type]


def set_here(db: Database, event_id: str, entrant_id: int, here: bool) -> None:
    """Mark an entrant gone home (not drawn again) or back again."""
    with writing(db):
        event = current(db, event_id)
        if entrant_id not in event.by_id:
            raise GameError("is not an entrant of this event", field="entrant")
        left = None if here else len(event.rounds)
        db.execute(
            "update event_entrants set left_round = ? where id = ? and event_id = ?",
            [left, entrant_id, event_id],
        )
        bump(db, event_id)


def ranked_here(db: Database, event: Event) -> list[int]:
    """The entrants still here, best first (before any result: in check-in order)."""
    here = {e.id for e in event.entrants if e.here}
    if not any(r.status != "drawn" for r in event.regular_rounds):
        return [e.id for e in event.entrants if e.id in here]
    rows = event_standings(event, games_of(db, event))
    return [row.entrant for row in rows if row.entrant in here]


def _history(event: Event) -> tuple[list[tuple[int, ...]], list[int], list[int] | None]:
    played: list[tuple[int, ...]] = []
    for m in event.matches:
        if event.settings.pairs:
            played.append((m.sides[0][0], m.sides[1][0]))
        else:
            (a, c), (b, d) = m.sides
            played.append((a, b, c, d))
    byes = [e for r in event.regular_rounds for e in r.byes]
    first = None
    if event.regular_rounds:
        ones = [e for m in event.round_matches(1) for side in m.sides for e in side]
        first = sorted([*ones, *event.regular_rounds[0].byes])
    return played, byes, first


def draw_next(db: Database, event_id: str, revision: int) -> int:
    """Draw the next round's seating (not started: it can still be changed by hand)."""
    with writing(db):
        event = current(db, event_id, revision)
        last = event.current
        if last is not None and last.status != "done":
            raise GameError(f"round {last.number} is not over yet", field="round")
        if any(r.kind == "playoff" for r in event.rounds):
            raise GameError("the playoff has started", field="round")
        if len(event.regular_rounds) >= event.settings.rounds:
            raise GameError(f"all {event.settings.rounds} rounds are drawn", field="round")
        ranked = ranked_here(db, event)
        played, byes, first = _history(event)
        draw = draw_round(event.settings, ranked, played, byes, first, len(event.regular_rounds))
        number = _next_round(event)
        pairs = event.settings.pairs
        sides = [[[m[0]], [m[1]]] if pairs else [[m[0], m[2]], [m[1], m[3]]] for m in draw.matches]
        _insert_round(db, event_id, number, "round", sides, list(draw.byes))
        bump(db, event_id)
        return number


def _insert_round(
    db: Database, event_id: str, number: int, kind: str, sides: list, byes: list[int]
) -> None:
    db.table("event_rounds").insert(
        {"event_id": event_id, "number": number, "kind": kind, "status": "drawn"}
        | {"byes": json.dumps(byes)}
    )
    db.table("event_matches").insert_all(
        {"event_id": event_id, "round": number, "number": i, "sides": json.dumps(s)}
        for i, s in enumerate(sides, 1)
    )


def drawn(event: Event, started: bool = True) -> int:
    """The round drawn and waiting to start; `started=False`: none of its tables may have
    a game yet (a start cut short has given some of them one)."""
    last = event.current
    if last is None or last.status != "drawn":
        raise GameError("no round is drawn and waiting to start", field="round")
    if not started and any(m.game_id for m in event.round_matches(last.number)):
        raise GameError("this round is being started: start it again", field="round")
    return last.number


def swap(db: Database, event_id: str, revision: int, first: int, second: int) -> None:
    """Swap two entrants' places in the drawn round (a bye is a place too)."""
    with writing(db):
        event = current(db, event_id, revision)
        number = drawn(event, started=False)
        places = [[list(side) for side in m.sides] for m in event.round_matches(number)]
        byes = list(event.rounds[-1].byes)
        slots = [*(side for match in places for side in match), byes]
        found = {}
        for entrant in (first, second):
            holder = next((slot for slot in slots if entrant in slot), None)
            if holder is None:
                raise GameError("is not in this round's draw", field="entrant")
            found[entrant] = holder
        if first == second:
            raise GameError("choose two different entrants", field="entrant")
        a, b = found[first], found[second]
        i, j = a.index(first), b.index(second)
        a[i], b[j] = second, first
        for table, sides in enumerate(places, 1):
            db.execute(
                "update event_matches set sides = ? where event_id = ? and round = ? "
                "and number = ?",
                [json.dumps(sides), event_id, number, table],
            )
        db.execute(
            "update event_rounds set byes = ? where event_id = ? and number = ?",
            [json.dumps(byes), event_id, number],
        )
        bump(db, event_id)


def cancel_draw(db: Database, event_id: str, revision: int) -> None:
    """Throw away the drawn round (to draw again after a late arrival)."""
    with writing(db):
        event = current(db, event_id, revision)
        number = drawn(event, started=False)
        for table in ("event_matches", "event_rounds"):
            column = "round" if table == "event_matches" else "number"
            db.execute(
                f"delete from {table} where event_id = ? and {column} = ?", [event_id, number]
            )
        bump(db, event_id)
