"""An event brought in from its file, with new ids for everything. No Flask."""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlite_utils import Database

from ...core.event import Settings
from ...core.game import Game
from ...core.happened import GamesBroughtIn, NightBroughtIn, NightStarted, SeasonNightOpened
from ...core.model import GameScore
from ...core.names import name_key
from ...core.roster import Entrant, Match, Round
from ...core.rules import Rules
from .. import bus
from ..bus import Unit
from ..stamps import token
from .checkin import insert_event


def _entrants(db: Database, event_id: str, entrants: Sequence[Entrant]) -> dict[int, int]:
    """Insert the entrants; their ids in the file, mapped to their new ones."""
    ids: dict[int, int] = {}
    for e in entrants:
        row = db.table("event_entrants").insert(
            {
                "event_id": event_id,
                "name": e.name,
                "name_key": name_key(e.name),
                "players": json.dumps(list(e.players)),
                "joined_round": e.joined_round,
                "left_round": e.left_round,
                "created_at": "",
            }
        )
        ids[e.id] = int(row.last_pk)  # type: ignore[arg-type]
    return ids


def _round_row(event_id: str, r: Round, ids: dict[int, int]) -> dict:
    return {
        "event_id": event_id,
        "number": r.number,
        "kind": r.kind,
        "status": r.status,
        "byes": json.dumps([ids[e] for e in r.byes]),
        "started_at": r.started_at,
        "called_at": r.called_at,
    }


def import_event(
    db: Database,
    settings: Settings,
    rules: Rules,
    entrants: Sequence[Entrant],
    rounds: Sequence[Round],
    matches: Sequence[tuple[Match, Game | None]],
    scores: Sequence[GameScore | None] = (),
) -> str:
    """Store a whole event with its games, as checked by the core (core/night_check.py);
    returns the new director id. `scores`: each match's game scored, when known.

    The games (told to the bus, `GamesBroughtIn`: the game's handler stores them), the
    event and its links are one transaction: an import cut short (a refusal, a crash, a
    kill) leaves nothing."""
    played = played_games(matches, scores)
    ids = tuple(token() for _ in played)
    with bus.unit(db) as unit:
        unit.tell(GamesBroughtIn(ids, tuple((g, s) for _, g, s in played)))
        unit.flush()  # the games are written before the tables point at them
        game_ids = {i: game_id for (i, _, _), game_id in zip(played, ids)}
        event_id = write_event(db, settings, rules, entrants, rounds, matches, game_ids)
    return event_id


Played = list[tuple[int, Game, GameScore]]


def played_games(
    matches: Sequence[tuple[Match, Game | None]], scores: Sequence[GameScore | None] = ()
) -> Played:
    """The matches that have a game: (its index, the game, its score)."""
    known = [*scores] or [None] * len(matches)
    return [(i, g, s or g.score()) for i, ((_, g), s) in enumerate(zip(matches, known)) if g]


def write_event(
    db: Database,
    settings: Settings,
    rules: Rules,
    entrants: Sequence[Entrant],
    rounds: Sequence[Round],
    matches: Sequence[tuple[Match, Game | None]],
    ids: dict[int, str],
    event_id: str = "",
) -> str:
    """The event's rows, inside the write that stored its games (`ids`: the game of each
    match that has one, by the match's index); `event_id`: as the caller chose it."""
    event_id = insert_event(db, settings, rules, event_id)
    new = _entrants(db, event_id, entrants)
    db.table("event_rounds").insert_all(_round_row(event_id, r, new) for r in rounds)
    db.table("event_matches").insert_all(
        _match_row(event_id, m, new, ids.get(i)) for i, (m, _) in enumerate(matches)
    )
    for m, _ in matches:
        if m.reopened:  # as the director reopened it: the game's revision then, or before
            db.execute(REOPENED, [1 if m.changed else 0, event_id, m.round, m.number])
    return event_id


# A table opened again: the game's revision when reopened (one before: changed since).
REOPENED = (
    "update event_matches set reopened = (select revision from games where id = game_id) - ? "
    "where event_id = ? and round = ? and number = ?"
)


def _match_row(event_id: str, m: Match, new: dict[int, int], game_id: str | None) -> dict:
    return {
        "event_id": event_id,
        "round": m.round,
        "number": m.number,
        "sides": json.dumps([[new[e] for e in side] for side in m.sides]),
        "game_id": game_id,
        "last_hand": m.last_hand,
        "winner": m.winner,
        "note": m.note or None,
        "paper": 1 if m.paper else None,
    }


def _write_night(
    unit: Unit, news: NightBroughtIn | SeasonNightOpened, game_ids: dict[int, str]
) -> None:
    """A night as the news carries it, written whole in the teller's write."""
    write_event(
        unit.db,
        news.settings,
        news.rules,
        news.entrants,
        news.rounds,
        news.matches,
        game_ids,
        news.event_id,
    )


def night_brought_in(news: NightBroughtIn, unit: Unit) -> None:
    """A night of a club's file, stored in the club's write (its games already are)."""
    _write_night(unit, news, dict(news.game_ids))


def season_night_opened(news: SeasonNightOpened, unit: Unit) -> None:
    """A season's night played as a new club night, its fixtures (if drawn for the
    season) its first round; then it is a night started in the club."""
    if news.entrants or news.rounds:
        _write_night(unit, news, {})
    else:
        insert_event(unit.db, news.settings, news.rules, news.event_id)
    unit.tell(NightStarted(news.event_id, news.club_id))
