"""A club brought in from its file, with new ids for everything: its games, its nights
and the club itself in ONE transaction (an import cut short leaves nothing). The games,
nights and seasons are told to the bus (`GamesBroughtIn`, `NightBroughtIn`,
`SeasonsBroughtIn`) under ids chosen here: their aggregates' handlers write them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Protocol

from sqlite_utils import Database

from ...core.club import Roster, dumps
from ...core.event import Settings
from ...core.game import Game
from ...core.happened import GamesBroughtIn, NightBroughtIn, SeasonsBroughtIn
from ...core.model import GameScore
from ...core.presets import Preset
from ...core.roster import Entrant, Match, Round
from ...core.rules import Rules
from ...core.season_settings import SeasonRecord
from .. import bus
from ..bus import Unit
from ..stamps import now, token
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
    unit: Unit, club_id: str, nights: Sequence[Night], game_ids: list[str]
) -> list[str]:
    """Each night told to the bus, its games being `game_ids` in order, then filed into
    the club; the nights' new ids, in order."""
    start, ids = 0, []
    for night in nights:
        played = [i for i, _, _ in _played(night)]
        mine = game_ids[start : start + len(played)]
        start += len(played)
        event_id = token()
        unit.tell(
            NightBroughtIn(
                event_id,
                night.settings,
                night.rules,
                night.entrants,
                night.rounds,
                night.matches,
                tuple(zip(played, mine, strict=True)),
            )
        )
        ids.append(event_id)
    unit.flush()  # the nights are written before the club points at them
    at = now()
    for event_id in ids:
        unit.db.execute(
            "insert into club_events (event_id, club_id, filed_at) values (?, ?, ?)",
            [event_id, club_id, at],
        )
    return ids


def _played(night: Night) -> list[tuple[int, Game, GameScore]]:
    """A night's matches that have a game: (its index, the game, its score, from the file
    when it had one)."""
    known = [*night.scores] or [None] * len(night.matches)
    pairs = enumerate(zip(night.matches, known))
    return [(i, g, s or g.score()) for i, ((_, g), s) in pairs if g is not None]


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
    order: Sequence[int] = (),
    rematches: Sequence[tuple[int, int]] = (),
    last_change: tuple[str, Roster, Roster] | None = None,
) -> str:
    """Store a club read from its file; returns its new manager id. `into`: game files
    and event files brought into that club instead (its name and roster stay);
    `presets` and `seasons`: the new club's presets and seasons (their nights linked to
    the nights brought in); `order`: the games (those filed alone, then the nights') in
    the order the club rates them, written in it (the club rates its games in the order
    they were written); none: as given. `rematches`: (a game, its rematch), by the same
    count. `last_change`: the manager's last roster change not undone (kind, the roster
    before and after it), kept for an undo as the change itself keeps it."""
    every = [*games, *((g, s) for night in nights for _, g, s in _played(night))]
    ids = [token() for _ in every]
    rated = order or range(len(every))
    with bus.unit(db) as unit:
        again = tuple((ids[b], ids[a]) for a, b in rematches)
        unit.tell(
            GamesBroughtIn(tuple(ids[i] for i in rated), tuple(every[i] for i in rated), again)
        )
        unit.flush()  # the games are written before the club and its nights point at them
        if into is None:
            club_id = _new_club(db, name, roster, presets)
            if last_change is not None:
                kind, before, after = last_change
                db.execute(
                    "insert into club_log (club_id, number, kind, roster_before, roster_after,"
                    " at) values (?, 1, ?, ?, ?, ?)",
                    [club_id, kind, dumps(before), dumps(after), now()],
                )
        else:
            current(db, into)
            room(db, into, "games", len(games))
            room(db, into, "nights", len(nights))
            club_id = into
            bump(db, into)
        at = now()
        for game_id in ids[: len(games)]:
            db.execute(
                "insert into club_games (game_id, club_id, filed_at) values (?, ?, ?)",
                [game_id, club_id, at],
            )
        event_ids = _file_nights(unit, club_id, nights, ids[len(games) :])
        unit.tell(SeasonsBroughtIn(club_id, seasons, tuple(event_ids)))
    return club_id
