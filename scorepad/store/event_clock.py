"""The round clock and the end of a round: event commands that call time and end games.
Each runs in transactions of its own, never one inside another; a game ends through the
game's own command. No Flask."""

from __future__ import annotations

import time

from sqlite_utils import Database

from ..core.errors import GameError
from ..core.event import ends_on_time, hand_in_play, seconds_left, time_tie
from ..core.roster import check_named, match_winner
from . import commands
from .db import writing
from .event_commands import bump, current
from .event_playoff import advance
from .events import Event, games_of
from .outcomes import Missing, Outcome
from .storage import StoredGame


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
        # a drawn playoff game waits for the director's word: nothing to do until then
        return last.kind != "playoff" or all(
            match_winner(m, scores[m.game_id]) is not None  # type: ignore[index]
            for m in matches
        )
    tie = time_tie(event.settings, last.kind)
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


def _end(db: Database, stored: StoredGame) -> None:
    """End a game through its own command; a change meanwhile (a hand bid since) leaves it
    to the next look."""
    try:
        commands.end_now(db, stored.id, stored.revision)
    except (GameError, Outcome, Missing):
        pass


def settle(db: Database, event_id: str, now: float | None = None) -> None:
    """Call time once the clock has run out, end each game whose hand in play is done,
    close the round when every game is over, and move the playoff on."""
    _call_if_out(db, event_id, time.time() if now is None else now)
    event = current(db, event_id)
    number = _playing(event)
    if number is None:
        return
    games = games_of(db, event)
    tie = time_tie(event.settings, event.rounds[-1].kind)
    for match in event.round_matches(number):
        stored = games.get(match.game_id or "")
        if stored is None or match.last_hand is None:
            continue
        if ends_on_time(stored.score(), match.last_hand, tie):
            _end(db, stored)
    with writing(db):
        event = current(db, event_id)
        if _playing(event) != number:
            return
        games = games_of(db, event)
        played = [(m, games[m.game_id].score()) for m in event.round_matches(number) if m.game_id]
        playoff = event.rounds[-1].kind == "playoff"
        if not all(
            s.status == "finished" and (not playoff or match_winner(m, s) is not None)
            for m, s in played
        ):
            return
        db.execute(
            "update event_rounds set status = 'done' where event_id = ? and number = ?",
            [event_id, number],
        )
        bump(db, event_id)
    if playoff:
        advance(db, event_id, number)


def end_table(db: Database, event_id: str, number: int, table: int) -> None:
    """The director ends one table's game now: the leader wins, a shared lead as the
    house rules say (a draw, or fewer bags)."""
    event = current(db, event_id)
    match = next((m for m in event.round_matches(number) if m.number == table), None)
    stored = games_of(db, event).get(match.game_id or "") if match else None
    if stored is None:
        raise GameError(f"round {number} has no table {table} with a game", field="table")
    commands.end_now(db, stored.id, stored.revision)
    with writing(db):
        bump(db, event_id)


def name_winner(
    db: Database, event_id: str, revision: int, at: tuple[int, int], side: object, note: object
) -> None:
    """The director sends one side of a drawn playoff game (round, table `at`) through,
    saying why; the bracket then moves on."""
    winner, why = check_named(side, note)
    with writing(db):
        event = current(db, event_id, revision)
        number, table = at
        match = next((m for m in event.round_matches(number) if m.number == table), None)
        stored = games_of(db, event).get(match.game_id or "") if match else None
        if match is None or stored is None:
            raise GameError(f"round {number} has no table {table} with a game", field="table")
        if event.rounds[number - 1].kind != "playoff":
            raise GameError("only a playoff game needs a winner named", field="table")
        score = stored.score()
        if score.status != "finished" or score.winner is not None or match.winner is not None:
            raise GameError(f"table {table}'s game has no draw to settle", field="table")
        db.execute(
            "update event_matches set winner = ?, note = ? where event_id = ? and round = ? "
            "and number = ?",
            [winner, why, event_id, number, table],
        )
        bump(db, event_id)
    settle(db, event_id)
