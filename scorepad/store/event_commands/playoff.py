"""The playoff: the top of the standings seeded into a bracket, each round's winners on
to the next. The director moves it on: each bracket round is drawn in one transaction
(`start_playoff`, then `next_playoff_round` once a round is done) and started as any
round (`rounds.start_round`: the final with its own target)."""

from __future__ import annotations

from sqlite_utils import Database

from ...core.bracket import BracketMatch, first_round, next_round
from ...core.event import seeded
from ...core.model import GameScore
from ...core.playoff_double import bracket_of, scores_result
from ...core.roster import through_of
from ..club_nights import read_ratings, strengths
from ..db import writing
from ..events import Event, event_standings, games_of, load_event
from ._base import bump, current, insert_round, latest_scores, require
from .outcomes import EventRefused


def playoff_teams(db: Database, event: Event, games: dict) -> list[list[int]]:
    """The playoff's entrants as sides, seed 1 first: the top pairs, or the top players
    paired first with last."""
    size = event.settings.playoff
    rows = [r.entrant for r in event_standings(event, games) if event.by_id[r.entrant].here]
    if event.settings.by_rating:  # the top of the standings, seeded by rating
        rows = [*seeded(rows[:size], strengths(db, event.id, event.entrants)), *rows[size:]]
    if event.settings.pairs:
        return [[e] for e in rows[:size]]
    if size % 2:
        raise EventRefused("playoff_odd", field="playoff")
    top = rows[:size]
    return [[top[i], top[len(top) - 1 - i]] for i in range(len(top) // 2)]


def _insert(
    db: Database, event: Event, slots: tuple[BracketMatch, ...], teams: list[list[int]]
) -> Event:
    sides = [[[] if s is None else teams[s] for s in (slot.first, slot.second)] for slot in slots]
    insert_round(db, event.id, len(event.rounds) + 1, "playoff", sides, [])
    bump(db, event.id)
    fresh = load_event(db, event.id)
    assert fresh is not None  # inside the write that just changed it
    return fresh


def start_playoff(db: Database, event_id: str, revision: int) -> Event:
    """Seed the top of the standings into a bracket: its first round, drawn."""
    read_ratings(db, event_id)
    with writing(db):
        event = current(db, event_id, revision)
        require(db, event, "start_playoff")
        teams = playoff_teams(db, event, games_of(db, event))
        if len(teams) < 2:
            raise EventRefused("playoff_few", field="playoff")
        return _insert(db, event, first_round(list(range(len(teams)))), teams)


def _following(event: Event, number: int, scores: dict[str, GameScore]) -> tuple[BracketMatch, ...]:
    """The next bracket round once every match of round `number` has a winner."""
    slots: list[BracketMatch] = []
    winners: list[int | None] = []
    for i, m in enumerate(event.round_matches(number)):
        first = None if not m.sides[0] else 2 * i
        second = None if not m.sides[1] else 2 * i + 1
        slots.append(BracketMatch(1, i, first, second))
        winner = through_of(m, scores.get(m.game_id or ""))
        winners.append(None if m.bye or winner is None else 2 * i + winner)
    return next_round(slots, winners)


def next_playoff_round(db: Database, event_id: str, revision: int) -> Event:
    """Draw the next bracket round: the winners of the round just done, in bracket order."""
    with writing(db):
        event = current(db, event_id, revision)
        scores = latest_scores(db, event)
        require(db, event, "next_playoff_round", scores)
        if event.settings.double:
            return _next_double(db, event, scores)
        number = len(event.rounds)
        following = _following(event, number, scores)
        if not following:
            raise EventRefused("bracket_waiting", field="round")
        teams = [list(side) for m in event.round_matches(number) for side in m.sides]
        return _insert(db, event, following, teams)


def _next_double(db: Database, event: Event, scores: dict[str, GameScore]) -> Event:
    """The next round of a double-elimination bracket, read from every playoff round."""
    coming = bracket_of(event.rounds, event.matches, scores_result(scores)).next
    if coming is None:  # the flow refuses once the champion is known
        raise EventRefused("bracket_waiting", field="round")
    sides = [[list(a or ()), list(b or ())] for a, b in coming.matches]
    insert_round(db, event.id, len(event.rounds) + 1, "playoff", sides, [])
    bump(db, event.id)
    fresh = load_event(db, event.id)
    assert fresh is not None  # inside the write that just changed it
    return fresh
