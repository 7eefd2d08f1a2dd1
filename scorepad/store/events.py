"""Club nights in SQLite, read side: an event with its entrants, rounds and matches,
and its standings from the games its tables keep. No Flask; writes: event_commands.py."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property

from sqlite_utils import Database

from ..core.event import Settings, check_settings
from ..core.names import name_key, pair_name
from ..core.playoff_double import double_champion, scores_result
from ..core.records import Mode
from ..core.roster import Entrant, Match, Round, night_standings, playoff_winner
from ..core.rules import Rules
from ..core.standings import Row
from .rows import rules_of
from .storage import StoredGame, list_games

EVENT_BY = {
    "id": "select * from events where id = ?",
    "view": "select * from events where view_token = ?",
    "checkin": "select * from events where checkin_token = ?",
}


@dataclass(frozen=True)
class Event:
    """An event as stored, every part of it."""

    id: str
    view_token: str
    checkin_token: str
    created_at: str
    settings: Settings
    rules: Rules
    revision: int
    entrants: tuple[Entrant, ...]
    rounds: tuple[Round, ...]
    matches: tuple[Match, ...]

    @cached_property
    def by_id(self) -> dict[int, Entrant]:
        """Entrants by id."""
        return {e.id: e for e in self.entrants}

    @property
    def current(self) -> Round | None:
        """The latest round, if any."""
        return self.rounds[-1] if self.rounds else None

    def round_matches(self, number: int) -> tuple[Match, ...]:
        """The matches of round `number`, by table number."""
        return tuple(m for m in self.matches if m.round == number)

    @property
    def regular_rounds(self) -> tuple[Round, ...]:
        """The night's rounds, the playoff left out."""
        return tuple(r for r in self.rounds if not r.is_playoff)


def _entrant(row: dict) -> Entrant:
    players = tuple(json.loads(row["players"]))
    return Entrant(row["id"], row["name"], players, row["joined_round"], row["left_round"])


def _round(row: dict) -> Round:
    byes = tuple(json.loads(row["byes"]))
    return Round(
        row["number"], row["kind"], row["status"], byes, row["started_at"], row["called_at"]
    )


def match_from_row(row: dict, sides: list[list[int]] | None = None) -> Match:
    """A table of a round from its row (`sides`: its sides parsed already, if they are)."""
    if sides is None:
        sides = json.loads(row["sides"])
    winner, note = row.get("winner"), row.get("note") or ""
    return Match(
        row["round"],
        row["number"],
        tuple(tuple(side) for side in sides),
        row["game_id"],
        row["last_hand"],
        winner,
        note,
        bool(row.get("paper")),
    )


def _matches(db: Database, event_id: str) -> tuple[Match, ...]:
    rows = list(
        db.query(
            "select * from event_matches where event_id = ? order by round, number", [event_id]
        )
    )
    # every table's sides in one JSON text: one parse for the night, not one a table
    sides = json.loads("[" + ",".join(r["sides"] for r in rows) + "]")
    return tuple(match_from_row(row, side) for row, side in zip(rows, sides))


def load_event(db: Database, token: str, *, by: str = "id") -> Event | None:
    """An event by its director id (or `by="view"` / `"checkin"`), in four queries."""
    rows = list(db.query(EVENT_BY[by], [token]))
    if not rows:
        return None
    row = rows[0]
    key = [row["id"]]
    order = "select * from {} where event_id = ? order by {}"
    return Event(
        row["id"],
        row["view_token"],
        row["checkin_token"],
        row["created_at"],
        check_settings(json.loads(row["settings"])),
        rules_of(row["rules"], Mode.PARTNERSHIP),  # checked once a text, as a game's
        row["revision"],
        tuple(_entrant(r) for r in db.query(order.format("event_entrants", "id"), key)),
        tuple(_round(r) for r in db.query(order.format("event_rounds", "number"), key)),
        _matches(db, row["id"]),
    )


def event_of_game(db: Database, game_id: str) -> tuple[str, int, int] | None:
    """The event, round and table a game is played for, if any."""
    for row in db.query(
        "select event_id, round, number from event_matches where game_id = ?", [game_id]
    ):
        return row["event_id"], row["round"], row["number"]
    return None


def games_of(db: Database, event: Event) -> dict[str, StoredGame]:
    """Every table's game of the event, by id, in at most two queries."""
    ids = [m.game_id for m in event.matches if m.game_id]
    return {stored.id: stored for stored in list_games(db, ids)} if ids else {}


def event_standings(event: Event, games: dict[str, StoredGame]) -> tuple[Row, ...]:
    """The standings of the night's rounds (the playoff left out), after every hand."""
    scores = {game_id: stored.score() for game_id, stored in games.items()}
    return night_standings(event.settings, event.entrants, event.rounds, event.matches, scores)


def event_champion(event: Event, games: dict[str, StoredGame]) -> str | None:
    """The name of the pair or players who won the playoff, once its final is decided."""
    scores = {game_id: stored.score() for game_id, stored in games.items()}
    if event.settings.double:
        won = double_champion(event.rounds, event.matches, scores_result(scores))
        return champion_name(event, won)
    return champion_name(event, playoff_winner(event.rounds, event.matches, scores))


def champion_name(event: Event, side: tuple[int, ...] | None) -> str | None:
    """'Ann & Bo': the players of the champion's entrants (None: no champion)."""
    if side is None:
        return None
    return pair_name(p for e in side for p in event.by_id[e].players)


def event_game_ids(db: Database, directed: list[str], followed: list[str]) -> list[str]:
    """The games of the events with these director ids or screen ids, in one query."""
    rows = db.query(
        "select m.game_id from event_matches m join events e on e.id = m.event_id "
        "where m.game_id is not null and (e.id in (select value from json_each(?)) "
        "or e.view_token in (select value from json_each(?)))",
        [json.dumps(directed), json.dumps(followed)],
    )
    return [r["game_id"] for r in rows]


def known_names(db: Database, event_ids: list[str]) -> list[str]:
    """Every player's name at these (earlier) events, for check-in suggestions."""
    names = {name_key(p): p for team in earlier_entrants(db, event_ids) for p in team}
    return sorted(names.values(), key=str.casefold)


def earlier_entrants(db: Database, event_ids: list[str]) -> list[tuple[str, ...]]:
    """The pairs and players of these events, the latest checked in first, each once."""
    rows = db.query(
        "select players from event_entrants where event_id in (select value from json_each(?)) "
        "order by id desc limit 2000",
        [json.dumps(event_ids)],
    )
    found: dict[tuple[str, ...], tuple[str, ...]] = {}
    for row in rows:
        players = tuple(json.loads(row["players"]))
        found.setdefault(tuple(name_key(p) for p in players), players)
    return list(found.values())


def event_names(db: Database, event_ids: list[str]) -> dict[str, tuple[str, str]]:
    """The name and date of the events with these director ids (those still there), in
    the order of the ids."""
    rows = db.query(
        "select id, json_extract(settings, '$.name') as name, "
        "json_extract(settings, '$.date') as date from events "
        "where id in (select value from json_each(?))",
        [json.dumps(event_ids)],
    )
    found = {r["id"]: (str(r["name"] or ""), str(r["date"] or "")) for r in rows}
    return {event_id: found[event_id] for event_id in event_ids if event_id in found}
