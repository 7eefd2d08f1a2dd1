"""A club brought in from its file, with new ids for everything: its games, its nights
and the club itself in ONE transaction (an import cut short leaves nothing)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Protocol

from sqlite_utils import Database

from ...core.club import Roster
from ...core.event import Settings
from ...core.game import Game
from ...core.model import GameScore
from ...core.presets import Preset
from ...core.roster import Entrant, Match, Round
from ...core.rules import Rules
from ...core.season_settings import SeasonRecord
from .. import commands
from ..event_commands.transfer import played_games, write_event
from ..season_commands.transfer import insert_seasons
from ..stamps import now
from ..storage import StoredGame
from ._base import bump, current, room
from .clubs import insert_club


class Night(Protocol):
    """A night as its file's reader gives it (eventfile.EventFile)."""

    @property
    def settings(self) -> Settings: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def entrants(self) -> tuple[Entrant, ...]: ...
    @property
    def rounds(self) -> tuple[Round, ...]: ...
    @property
    def matches(self) -> tuple[tuple[Match, Game | None], ...]: ...
    @property
    def scores(self) -> tuple[GameScore | None, ...]: ...


def _file_nights(
    db: Database, club_id: str, nights: Sequence[Night], played: list, stored: list[StoredGame]
) -> list[str]:
    """Each night's rows, its games being `stored` in order, filed into the club; the
    nights' new ids, in order."""
    start, ids = 0, []
    for night, its in zip(nights, played):
        mine = stored[start : start + len(its)]
        start += len(its)
        event_id = write_event(
            db, night.settings, night.rules, night.entrants, night.rounds, night.matches, its, mine
        )
        db.execute(
            "insert into club_events (event_id, club_id, filed_at) values (?, ?, ?)",
            [event_id, club_id, now()],
        )
        ids.append(event_id)
    return ids


def _new_club(db: Database, name: str, roster: Roster, presets: Sequence[Preset]) -> str:
    club_id = insert_club(db, name, roster)
    for preset in presets:
        db.execute(
            "insert or replace into club_presets (club_id, name, rules) values (?, ?, ?)",
            [club_id, preset.name, json.dumps(dict(preset.values), separators=(",", ":"))],
        )
    return club_id


def import_club(
    db: Database,
    name: str,
    roster: Roster,
    games: Sequence[tuple[Game, GameScore]],
    nights: Sequence[Night],
    into: str | None = None,
    presets: Sequence[Preset] = (),
    seasons: Sequence[SeasonRecord] = (),
) -> str:
    """Store a club read from its file; returns its new manager id. `into`: game files
    and event files brought into that club instead (its name and roster stay);
    `presets` and `seasons`: the new club's presets and seasons (their nights linked to
    the nights brought in)."""
    played = [played_games(n.matches, n.scores) for n in nights]
    every = [*games, *((g, s) for night in played for _, g, s in night)]

    def rest(stored: list[StoredGame]) -> str:
        if into is None:
            club_id = _new_club(db, name, roster, presets)
        else:
            current(db, into)
            room(db, into, "games", len(games))
            room(db, into, "nights", len(nights))
            club_id = into
            bump(db, into)
        at = now()
        for fresh in stored[: len(games)]:
            db.execute(
                "insert into club_games (game_id, club_id, filed_at) values (?, ?, ?)",
                [fresh.id, club_id, at],
            )
        event_ids = _file_nights(db, club_id, nights, played, stored[len(games) :])
        insert_seasons(db, club_id, seasons, event_ids)
        return club_id

    return commands.import_games_with(db, every, rest)
