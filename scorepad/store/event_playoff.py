"""The playoff: the top of the standings seeded into a bracket, each round's winners on
to the next. Rounds are written in one transaction each; their games are started after
it, through the game command. No Flask."""

from __future__ import annotations

from dataclasses import replace

from sqlite_utils import Database

from ..core.bracket import Match as Slot
from ..core.bracket import first_round, next_round
from ..core.errors import GameError
from ..core.roster import match_winner
from .db import writing
from .event_commands import _insert_round, bump, current
from .event_start import start_games
from .events import Event, event_standings, games_of
from .storage import StoredGame


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


def _insert_bracket_round(
    db: Database, event: Event, slots: tuple[Slot, ...], teams: list[list[int]]
) -> int:
    number = len(event.rounds) + 1
    sides = [[[] if s is None else teams[s] for s in (slot.first, slot.second)] for slot in slots]
    _insert_round(db, event.id, number, "playoff", sides, [])
    bump(db, event.id)
    return number


def _start(db: Database, event_id: str, number: int) -> None:
    event = current(db, event_id)
    rules = event.rules
    final = len(event.round_matches(number)) == 1
    if final and event.settings.final_target:  # the final plays to its own target
        rules = replace(rules, target=event.settings.final_target)
    start_games(db, event_id, number, rules)


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
        number = _insert_bracket_round(db, event, first_round(list(range(len(teams)))), teams)
    _start(db, event_id, number)


def _following(event: Event, number: int, games: dict[str, StoredGame]) -> tuple[Slot, ...]:
    """The next bracket round once every match of round `number` has a winner."""
    slots: list[Slot] = []
    winners: list[int | None] = []
    for i, m in enumerate(event.round_matches(number)):
        first = None if not m.sides[0] else 2 * i
        second = None if not m.sides[1] else 2 * i + 1
        slots.append(Slot(1, i, first, second))
        stored = games.get(m.game_id or "")
        winner = None if stored is None else match_winner(m, stored.score())
        winners.append(None if m.bye or winner is None else 2 * i + winner)
    return next_round(slots, winners)


def advance(db: Database, event_id: str, number: int) -> None:
    """After playoff round `number`: its winners meet in bracket order, once."""
    with writing(db):
        event = current(db, event_id)
        if len(event.rounds) != number or len(event.round_matches(number)) < 2:
            return  # the next round is there already, or that was the final
        following = _following(event, number, games_of(db, event))
        if not following:
            return
        teams = [list(side) for m in event.round_matches(number) for side in m.sides]
        next_number = _insert_bracket_round(db, event, following, teams)
    _start(db, event_id, next_number)
