"""The round clock and the end of a round, and the playoff: event commands that end
games or start new ones. Each runs in one transaction. No Flask."""

from __future__ import annotations

import time
from dataclasses import replace

from sqlite_utils import Database

from ..core.bracket import Match as Slot
from ..core.bracket import first_round, next_round
from ..core.errors import GameError
from ..core.event import ends_on_time, hand_in_play, seconds_left
from .db import writing
from .event_commands import _insert_round, bump, current, start_games
from .events import Event, event_standings, games_of
from .storage import StoredGame, end_game


def _playing(event: Event) -> int | None:
    last = event.current
    return last.number if last is not None and last.status == "playing" else None


def _record_call(db: Database, event: Event, number: int, games: dict[str, StoredGame]) -> None:
    """Time is called: note each table's hand in play, to be finished."""
    for match in event.round_matches(number):
        if match.game_id in games and match.last_hand is None:
            db.execute(
                "update event_matches set last_hand = ? where event_id = ? and round = ? "
                "and number = ?",
                [hand_in_play(games[match.game_id].score()), event.id, number, match.number],
            )
    db.execute(
        "update event_rounds set called_at = ? where event_id = ? and number = ?",
        [time.time(), event.id, number],
    )


def call_time(db: Database, event_id: str) -> None:
    """The director calls time now, whatever the clock says."""
    with writing(db):
        event = current(db, event_id)
        number = _playing(event)
        if number is None:
            raise GameError("no round is being played", field="round")
        if event.rounds[-1].called_at is None:
            _record_call(db, event, number, games_of(db, event))
            bump(db, event_id)


def needs_settling(event: Event, games: dict[str, StoredGame], now: float) -> bool:
    """Whether `settle` has anything to do: cheap enough to ask on every look."""
    number = _playing(event)
    if number is None:
        return False
    last = event.rounds[-1]
    clock = seconds_left(last.started_at, event.settings.round_minutes, now)
    if last.called_at is None and clock == 0:
        return True
    matches = [m for m in event.round_matches(number) if m.game_id in games]
    scores = {m.game_id: games[m.game_id].score() for m in matches}  # type: ignore[index]
    if all(s.status == "finished" for s in scores.values()):
        return True
    tie = event.settings.on_time_tie
    return any(
        m.last_hand is not None and ends_on_time(scores[m.game_id], m.last_hand, tie)  # type: ignore[index]
        for m in matches
    )


def _call_if_out(db: Database, event_id: str, now: float) -> None:
    with writing(db):
        event = current(db, event_id)
        number, last = _playing(event), event.rounds[-1]
        clock = seconds_left(last.started_at, event.settings.round_minutes, now)
        if number is not None and last.called_at is None and clock == 0:
            _record_call(db, event, number, games_of(db, event))
            bump(db, event_id)


def settle(db: Database, event_id: str, now: float | None = None) -> None:
    """Call time once the clock has run out, end each game whose hand in play is done,
    close the round when every game is over, and move the playoff on.

    Each game ends through the game's own command, in its own transaction (so the
    scored-game cache learns of it only once committed); a table that has meanwhile
    bid its next hand is left to finish it."""
    _call_if_out(db, event_id, time.time() if now is None else now)
    event = current(db, event_id)
    number = _playing(event)
    if number is None:
        return
    games = games_of(db, event)
    for match in event.round_matches(number):
        stored = games.get(match.game_id or "")
        if stored is None or match.last_hand is None:
            continue
        if ends_on_time(stored.score(), match.last_hand, event.settings.on_time_tie):
            try:
                end_game(db, stored.id)
            except GameError:
                pass  # a hand was bid since: it ends after that one
    with writing(db):
        event = current(db, event_id)
        if _playing(event) != number:
            return
        games = games_of(db, event)
        scores = [games[m.game_id].score() for m in event.round_matches(number) if m.game_id]
        playoff = event.rounds[-1].kind == "playoff"
        if all(s.status == "finished" and (s.winner is not None or not playoff) for s in scores):
            db.execute(
                "update event_rounds set status = 'done' where event_id = ? and number = ?",
                [event_id, number],
            )
            if playoff:
                _advance(db, current(db, event_id), number, games)
            bump(db, event_id)


def end_table(db: Database, event_id: str, number: int, table: int) -> None:
    """The director ends one table's game now: the leader wins, a shared lead is a draw."""
    event = current(db, event_id)
    match = next((m for m in event.round_matches(number) if m.number == table), None)
    if match is None or match.game_id is None:
        raise GameError(f"round {number} has no table {table} with a game", field="table")
    end_game(db, match.game_id)
    with writing(db):
        bump(db, event_id)


def playoff_teams(event: Event, games: dict[str, StoredGame]) -> list[list[int]]:
    """The playoff's entrants as sides, seed 1 first: the top pairs, or the top players
    paired first with last."""
    size = event.settings.playoff
    rows = [r.entrant for r in event_standings(event, games) if event.by_id[r.entrant].here]
    if event.settings.pairs:
        return [[e] for e in rows[:size]]
    if size % 2:
        raise GameError("an individual playoff needs an even number of players", field="playoff")
    top = rows[:size]
    return [[top[i], top[len(top) - 1 - i]] for i in range(len(top) // 2)]


def start_playoff(db: Database, event_id: str, revision: int) -> None:
    """Seed the top of the standings into a bracket and start its first round."""
    with writing(db):
        event = current(db, event_id, revision)
        if event.settings.playoff < 2:
            raise GameError("this event has no playoff", field="playoff")
        if any(r.kind == "playoff" for r in event.rounds):
            raise GameError("the playoff has started", field="playoff")
        if event.current is None or event.current.status != "done":
            raise GameError("finish the round being played first", field="round")
        teams = playoff_teams(event, games_of(db, event))
        if len(teams) < 2:
            raise GameError("too few entrants for a playoff", field="playoff")
        slots = first_round(list(range(len(teams))))
        _start_bracket_round(db, event_id, slots, teams)


def _start_bracket_round(
    db: Database, event_id: str, slots: tuple[Slot, ...], teams: list[list[int]]
) -> None:
    event = current(db, event_id)
    number = len(event.rounds) + 1
    sides = [[[] if s is None else teams[s] for s in (slot.first, slot.second)] for slot in slots]
    _insert_round(db, event_id, number, "playoff", sides, [])
    rules = event.rules
    if len(slots) == 1 and event.settings.final_target:  # the final plays to its own target
        rules = replace(rules, target=event.settings.final_target)
    start_games(db, current(db, event_id), number, rules)
    bump(db, event_id)


def _advance(db: Database, event: Event, number: int, games: dict[str, StoredGame]) -> None:
    """After a playoff round: its winners meet in bracket order (draws wait for the director)."""
    matches = event.round_matches(number)
    if len(matches) < 2:
        return
    teams = [list(side) for m in matches for side in m.sides]
    slots: list[Slot] = []
    winners: list[int | None] = []
    for i, m in enumerate(matches):
        first = None if not m.sides[0] else 2 * i
        second = None if not m.sides[1] else 2 * i + 1
        slots.append(Slot(1, i, first, second))
        if m.bye:
            winners.append(None)
            continue
        score = games[m.game_id].score()  # type: ignore[index]
        winners.append(None if score.winner is None else 2 * i + score.winner)
    following = next_round(slots, winners)
    if following:
        _start_bracket_round(db, event.id, following, teams)
