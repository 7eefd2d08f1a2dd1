"""A night's round: drawn, changed by hand, thrown away, started. Starting is one
transaction: every table's game is made and linked and the clock starts together, so
a stop at any moment leaves the round drawn (no game) or playing (every game)."""

from __future__ import annotations

import time

from sqlite_utils import Database

from ...core.event import draw_round, seeded
from ...core.game import Game
from ...core.happened import TableDrawn
from ...core.playoff_double import phases_of, scores_result
from ...core.roster import Match, RoundStatus, match_table
from ...core.stages import StageRules, rules_of, stage_game_rules
from .. import bus
from ..club_nights import read_ratings, strengths
from ..db import writing
from ..events import Event, event_standings, games_of, load_event
from ..stamps import token
from ._base import bump, current, insert_round, require, write_byes, write_sides
from .outcomes import EventRefused


def _fresh(db: Database, event_id: str) -> Event:
    event = load_event(db, event_id)
    assert event is not None  # inside the write that just changed it
    return event


def ranked_here(db: Database, event: Event) -> list[int]:
    """The entrants still here, best first (before any result: in check-in order)."""
    here = {e.id for e in event.entrants if e.here}
    if all(r.drawn for r in event.regular_rounds):
        checked_in = [e.id for e in event.entrants if e.id in here]
        if event.settings.by_rating:
            return seeded(checked_in, strengths(db, event.id, event.entrants))
        return checked_in
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


def draw_next(db: Database, event_id: str, revision: int) -> Event:
    """Draw the next round's seating (not started: it can still be changed by hand)."""
    read_ratings(db, event_id)
    with writing(db):
        event = current(db, event_id, revision)
        require(db, event, "draw")
        ranked = ranked_here(db, event)
        played, byes, first = _history(event)
        draw = draw_round(event.settings, ranked, played, byes, first, len(event.regular_rounds))
        pairs = event.settings.pairs
        sides = [[[m[0]], [m[1]]] if pairs else [[m[0], m[2]], [m[1], m[3]]] for m in draw.matches]
        insert_round(db, event_id, len(event.rounds) + 1, "round", sides, list(draw.byes))
        bump(db, event_id)
        return _fresh(db, event_id)


def swap(db: Database, event_id: str, revision: int, first: int, second: int) -> Event:
    """Swap two entrants' places in the drawn round (a bye is a place too)."""
    with writing(db):
        event = current(db, event_id, revision)
        require(db, event, "swap", {})
        number = len(event.rounds)
        places = [[list(side) for side in m.sides] for m in event.round_matches(number)]
        byes = list(event.rounds[-1].byes)
        slots = [*(side for match in places for side in match), byes]
        found = {}
        for entrant in (first, second):
            holder = next((slot for slot in slots if entrant in slot), None)
            if holder is None:
                raise EventRefused("not_drawn", field="entrant")
            found[entrant] = holder
        if first == second:
            raise EventRefused("same_entrant", field="entrant")
        a, b = found[first], found[second]
        i, j = a.index(first), b.index(second)
        a[i], b[j] = second, first
        for table, sides in enumerate(places, 1):
            write_sides(db, event_id, number, table, sides)
        write_byes(db, event_id, number, byes)
        bump(db, event_id)
        return _fresh(db, event_id)


def cancel_draw(db: Database, event_id: str, revision: int) -> Event:
    """Throw away the drawn round (to draw again after a late arrival)."""
    with writing(db):
        event = current(db, event_id, revision)
        require(db, event, "cancel", {})
        number = len(event.rounds)
        for sql in (
            "delete from event_matches where event_id = ? and round = ?",
            "delete from event_rounds where event_id = ? and number = ?",
        ):
            db.execute(sql, [event_id, number])
        bump(db, event_id)
        return _fresh(db, event_id)


def table_players(event: Event, match: Match) -> list[list[str]]:
    """Each side's players of a match, in the order they sit."""
    return [[p for e in side for p in event.by_id[e].players] for side in match.sides]


def _stage_rules(db: Database, event: Event, matches: tuple[Match, ...]) -> StageRules:
    """The own rules of the drawn round's stage (a double elimination's by its bracket)."""
    settings, kind = event.settings, event.rounds[-1].kind
    if not (settings.double and event.rounds[-1].is_playoff):
        return settings.stage_rules(kind, len(matches))
    scores = {game_id: stored.score() for game_id, stored in games_of(db, event).items()}
    phase = phases_of(event.rounds, event.matches, scores_result(scores))[-1]
    return rules_of(settings.stages, settings.final_target, phase.stage)


def start_round(db: Database, event_id: str, revision: int) -> Event:
    """Start the drawn round in one transaction: each table gets its game (a playoff
    stage plays under its own target and bag limit: told to the bus, `TableDrawn`, the
    game's handler writes it), the clock starts."""
    with bus.unit(db) as unit:
        event = current(db, event_id, revision)
        require(db, event, "start", {})
        number = len(event.rounds)
        matches = event.round_matches(number)
        here = {e.id for e in event.entrants if e.here}
        gone = [event.by_id[e].name for m in matches for s in m.sides for e in s if e not in here]
        if gone:
            raise EventRefused("went_home", field="round", names=gone)
        own = _stage_rules(db, event, matches)
        rules = stage_game_rules(event.rules, own)  # a stage plays under its own rules
        preset = event.settings.preset if rules == event.rules else ""  # a stage's own rules
        tables = [(m.number, token()) for m in matches if not m.bye]
        for match, (_, game_id) in zip((m for m in matches if not m.bye), tables):
            table = match_table(table_players(event, match))
            game = Game(table, rules, (), "side", preset=preset or None)
            unit.tell(TableDrawn(game_id, game, event_id))
        unit.flush()  # the games are written before the tables point at them
        for match_number, game_id in tables:
            db.execute(
                "update event_matches set game_id = ? where event_id = ? and round = ? "
                "and number = ?",
                [game_id, event_id, number, match_number],
            )
        db.execute(
            "update event_rounds set status = ?, started_at = ? where event_id = ? and number = ?",
            [RoundStatus.PLAYING, time.time(), event_id, number],
        )
        bump(db, event_id)
        return _fresh(db, event_id)
