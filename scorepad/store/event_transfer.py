"""An event brought in from its file, with new ids for everything. No Flask."""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlite_utils import Database

from ..core.errors import GameError
from ..core.event import Settings
from ..core.game import Game
from ..core.names import name_key
from ..core.roster import Entrant, Match, Round
from ..core.rules import Rules
from . import commands
from .db import writing
from .event_commands import insert_event


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
) -> str:
    """Store a whole event with its games; returns the new director id.

    Each game is brought in by the game command `import_game` (its own transaction), then
    the event and its links in one more; a refusal found before leaves nothing."""
    keys = [name_key(e.name) for e in entrants]
    if len(set(keys)) < len(keys):
        raise GameError("names a pair or player twice", field="entrants")
    places = [(m.round, m.number) for m, _ in matches]
    if len(set(places)) < len(places) or len({r.number for r in rounds}) < len(rounds):
        raise GameError("lists a round or a table twice", field="matches")
    ids = [None if g is None else commands.import_game(db, g, g.score()).id for _, g in matches]
    with writing(db):
        event_id = insert_event(db, settings, rules)
        new = _entrants(db, event_id, entrants)
        db.table("event_rounds").insert_all(_round_row(event_id, r, new) for r in rounds)
        db.table("event_matches").insert_all(
            {
                "event_id": event_id,
                "round": m.round,
                "number": m.number,
                "sides": json.dumps([[new[e] for e in side] for side in m.sides]),
                "game_id": game_id,
                "last_hand": m.last_hand,
                "winner": m.winner,
                "note": m.note or None,
            }
            for (m, _), game_id in zip(matches, ids)
        )
        return event_id
