"""Re-seating a table once its round has started: a substitute takes a seat, or two
players at the table change seats. One transaction holds both records of who sits
there: the event's match and the game's names (told to the bus as `TableReseated`: the
game's handler writes them in the same write).

Rules, as docs/events.md tells them:
- Before a hand is bid, anyone may change seats (the game starts over as seated now).
- Once a hand is bid, only partners may change seats with each other; a substitute may
  take any seat. The hands stay with their seats.
- Individual event: the substitute is a player of the event (one checked in now is
  added); they take the leaver's place in the match, so the game counts for them and
  not for the leaver, and a bye of theirs in this round goes.
- Fixed partnerships: the pair keeps its place and its result; the substitute's name
  stands at the seat in this game only.
A seat's side and place in it come from the core's table (`roster.place_of`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlite_utils import Database

from ...core.happened import TableReseated
from ...core.names import name_key, name_problem
from ...core.roster import Match, place_of
from .. import bus
from ..events import Event, games_of, load_event
from ..outcomes import Missing
from ..stamps import now
from ..storage import StoredGame, load_game
from ._base import bump, current, require, write_byes, write_sides
from .outcomes import EventRefused, NoEvent


@dataclass(frozen=True)
class Reseated:
    """What changed: who left the seat and who sits there now; `swapped`: two players
    at the table changed seats."""

    leaving: str
    arriving: str
    swapped: bool


def _match(event: Event, number: int, table: int) -> Match:
    match = next((m for m in event.round_matches(number) if m.number == table), None)
    if number != len(event.rounds):
        raise EventRefused("not_playing", field="table", round=number)
    if match is None or match.game_id is None:
        raise EventRefused("no_table", field="table", round=number, table=table)
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
    cursor = db.execute(
        "insert into event_entrants (event_id, name, name_key, players, joined_round, "
        "created_at) values (?, ?, ?, ?, ?, ?)",
        [event.id, name, key, json.dumps([name]), number, now("seconds")],
    )
    return int(cursor.lastrowid or 0)


class _Seating:
    """The new names of a game's seats, and the event's record written beside them."""

    def __init__(self, db: Database, ids: tuple[str, int, int, int, int], name: str) -> None:
        self.db, self.ids, self.name = db, ids, name
        self.done: Reseated | None = None

    def __call__(self, stored: StoredGame) -> tuple[str, ...]:
        event_id, revision, number, table, seat = self.ids
        event = current(self.db, event_id, revision)
        require(self.db, event, "reseat")
        match = _match(event, number, table)
        if match.game_id != stored.id:
            raise EventRefused("game_changed", field="table", table=table)
        if stored.score().over:
            raise EventRefused("table_over", field="table", table=table)
        players = list(stored.game.table.players)
        if not 0 <= seat < len(players):
            raise EventRefused("no_seat", field="seat")
        name, problem = name_problem(self.name)
        if problem:
            raise EventRefused("bad_name", field="who sits there now", problem=problem)
        key, leaving = name_key(name), players[seat]
        sides = [list(side) for side in match.sides]
        at = next((i for i, p in enumerate(players) if name_key(p) == key), None)
        if at == seat:
            raise EventRefused("sits_there", field="name", name=leaving)
        if at is not None:
            self._swap(event, stored, sides, seat, at)
            players[seat], players[at] = players[at], players[seat]
        else:
            elsewhere = _elsewhere(self.db, event, match, key)
            if elsewhere is not None:
                raise EventRefused("plays_elsewhere", field="name", name=name, table=elsewhere)
            if not event.settings.pairs:
                name = self._substitute(event, match, sides, seat, name)
            players[seat] = name
        write_sides(self.db, event.id, match.round, match.number, sides)
        bump(self.db, event.id)
        self.done = Reseated(leaving, players[seat], at is not None)
        return tuple(players)

    def _swap(
        self, event: Event, stored: StoredGame, sides: list[list[int]], seat: int, at: int
    ) -> None:
        (side, place), (other, other_place) = place_of(seat), place_of(at)
        if side != other and event.settings.pairs:
            raise EventRefused("pairs_together", field="name")
        if side != other and stored.game.hands:
            raise EventRefused("partners_only", field="name")
        if not event.settings.pairs:
            a, b = sides[side], sides[other]
            a[place], b[other_place] = b[other_place], a[place]

    def _substitute(
        self, event: Event, match: Match, sides: list[list[int]], seat: int, name: str
    ) -> str:
        entrant = _player(self.db, event, match.round, name)
        side, place = place_of(seat)
        sides[side][place] = entrant
        write_byes(
            self.db, event.id, match.round, [e for e in event.rounds[-1].byes if e != entrant]
        )
        known = event.by_id.get(entrant)
        return known.players[0] if known else name


def reseat(
    db: Database, event_id: str, revision: int, number: int, table: int, seat: int, name: str
) -> Reseated:
    """`name` takes seat `seat` (0 to 3, clockwise from the first dealer) of table `table`
    in round `number`, being played: a substitute, or a player at the table changing
    seats. Checked against the event's `revision` the director's page showed."""
    event = load_event(db, event_id)
    if event is None:
        raise NoEvent(event_id)
    require(db, event, "reseat")
    match = _match(event, number, table)
    seating = _Seating(db, (event_id, revision, number, table, seat), name)
    with bus.unit(db) as unit:
        stored = load_game(db, match.game_id or "")
        if stored is None:
            raise Missing()
        unit.tell(TableReseated(stored.id, seating(stored)))
    assert seating.done is not None  # the command ran it
    return seating.done
