"""Re-seating a table once its round has started: a substitute takes a seat, or two
players at the table change seats. One transaction holds both records of who sits
there: the event's match and the game's names (through the game command `reseat`).

Rules, as docs/events.md tells them:
- Before a hand is bid, anyone may change seats (the game starts over as seated now).
- Once a hand is bid, only partners may change seats with each other; a substitute may
  take any seat. The hands stay with their seats.
- Individual event: the substitute is a player of the event (one checked in now is
  added); they take the leaver's place in the match, so the game counts for them and
  not for the leaver, and a bye of theirs in this round goes.
- Fixed partnerships: the pair keeps its place and its result; the substitute's name
  stands at the seat in this game only.
No Flask; GameError messages name the field at fault.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlite_utils import Database

from ..core.errors import GameError
from ..core.names import name_key, name_problem
from . import commands
from .event_commands import _now, bump, current
from .events import Event, Match, games_of
from .storage import StoredGame


@dataclass(frozen=True)
class Reseated:
    """What changed: who left the seat and who sits there now; `swapped`: two players
    at the table changed seats."""

    leaving: str
    arriving: str
    swapped: bool


def _match(event: Event, number: int, table: int) -> Match:
    last = event.current
    match = next((m for m in event.round_matches(number) if m.number == table), None)
    if last is None or last.number != number or last.status != "playing":
        raise GameError(f"round {number} is not being played", field="table")
    if match is None or match.game_id is None:
        raise GameError(f"round {number} has no table {table} with a game", field="table")
    return match


def _elsewhere(db: Database, event: Event, match: Match, key: str) -> int | None:
    """The other table of the round where someone of that name sits, if any."""
    games = games_of(db, event)
    for other in event.round_matches(match.round):
        stored = games.get(other.game_id or "")
        if other.number != match.number and stored is not None:
            if any(name_key(p) == key for p in stored.game.table.players):
                return other.number
    return None


def _player(db: Database, event: Event, number: int, name: str) -> int:
    """The entrant of that name in an individual event, checked in now if new."""
    key = name_key(name)
    found = next((e for e in event.entrants if name_key(e.name) == key), None)
    if found is not None:
        db.execute("update event_entrants set left_round = null where id = ?", [found.id])
        return found.id
    row = db.table("event_entrants").insert(
        {
            "event_id": event.id,
            "name": name,
            "name_key": key,
            "players": json.dumps([name]),
            "joined_round": number,
            "created_at": _now(),
        }
    )
    return int(row.last_pk)  # type: ignore[arg-type]


class _Seating:
    """The new names of a game's seats, and the event's record written beside them."""

    def __init__(self, db: Database, ids: tuple[str, int, int, int, int], name: str) -> None:
        self.db, self.ids, self.name = db, ids, name
        self.done: Reseated | None = None

    def __call__(self, stored: StoredGame) -> tuple[str, ...]:
        event_id, revision, number, table, seat = self.ids
        event = current(self.db, event_id, revision)
        match = _match(event, number, table)
        if match.game_id != stored.id:
            raise GameError(f"table {table}'s game changed: reload the page", field="table")
        if stored.score().status == "finished":
            raise GameError(f"table {table}'s game is over", field="table")
        players = list(stored.game.table.players)
        if not 0 <= seat < len(players):
            raise GameError("choose a seat at the table", field="seat")
        name, problem = name_problem(self.name)
        if problem:
            raise GameError(problem, field="who sits there now")
        key, leaving = name_key(name), players[seat]
        sides = [list(side) for side in match.sides]
        at = next((i for i, p in enumerate(players) if name_key(p) == key), None)
        if at == seat:
            raise GameError(f"{leaving} sits there already", field="name")
        if at is not None:
            self._swap(event, stored, sides, seat, at)
            players[seat], players[at] = players[at], players[seat]
        else:
            elsewhere = _elsewhere(self.db, event, match, key)
            if elsewhere is not None:
                raise GameError(f"{name} plays at table {elsewhere}", field="name")
            if not event.settings.pairs:
                name = self._substitute(event, match, sides, seat, name)
            players[seat] = name
        self._write(event, match, sides)
        self.done = Reseated(leaving, players[seat], at is not None)
        return tuple(players)

    def _swap(
        self, event: Event, stored: StoredGame, sides: list[list[int]], seat: int, at: int
    ) -> None:
        partners = seat % 2 == at % 2
        if not partners and event.settings.pairs:
            raise GameError("partners stay together in a fixed-partnership event", field="name")
        if not partners and stored.game.hands:
            raise GameError("a hand is bid: only partners can change seats now", field="name")
        if not event.settings.pairs:
            a, b = sides[seat % 2], sides[at % 2]
            a[seat // 2], b[at // 2] = b[at // 2], a[seat // 2]

    def _substitute(
        self, event: Event, match: Match, sides: list[list[int]], seat: int, name: str
    ) -> str:
        entrant = _player(self.db, event, match.round, name)
        sides[seat % 2][seat // 2] = entrant
        byes = [e for e in event.rounds[-1].byes if e != entrant]
        self.db.execute(
            "update event_rounds set byes = ? where event_id = ? and number = ?",
            [json.dumps(byes), event.id, match.round],
        )
        known = event.by_id.get(entrant)
        return known.players[0] if known else name

    def _write(self, event: Event, match: Match, sides: list[list[int]]) -> None:
        self.db.execute(
            "update event_matches set sides = ? where event_id = ? and round = ? and number = ?",
            [json.dumps(sides), event.id, match.round, match.number],
        )
        bump(self.db, event.id)


def reseat(
    db: Database, event_id: str, revision: int, number: int, table: int, seat: int, name: str
) -> Reseated:
    """`name` takes seat `seat` (0 to 3, clockwise from the first dealer) of table `table`
    in round `number`, being played: a substitute, or a player at the table changing
    seats. Checked against the event's `revision` the director's page showed."""
    match = _match(current(db, event_id, revision), number, table)
    seating = _Seating(db, (event_id, revision, number, table, seat), name)
    commands.reseat(db, match.game_id or "", seating)
    assert seating.done is not None  # the command ran it
    return seating.done
