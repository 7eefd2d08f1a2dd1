"""A club's seasons brought in from its club file, inside the club import's write: the
season's handler of `SeasonsBroughtIn`."""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlite_utils import Database

from ...core.happened import SeasonsBroughtIn
from ...core.names import pair_name
from ...core.season_settings import SeasonRecord
from ..bus import Unit
from ..stamps import now, token


def _rows(db: Database, season_id: str, record: SeasonRecord, event_ids: Sequence[str]) -> None:
    at = now()
    for number, day, start, venue, index, sequence in record.nights:
        event_id = None if index is None else event_ids[index]
        db.execute(
            "insert into season_nights (season_id, number, day, start, venue, event_id, "
            "sequence, modified_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
            [season_id, number, day, start, venue, event_id, sequence, at],
        )
    for number, players, division in record.entrants:
        db.execute(
            "insert into season_entrants (season_id, number, name, players, division) "
            "values (?, ?, ?, ?, ?)",
            [season_id, number, pair_name(players), json.dumps(list(players)), division],
        )


def insert_seasons(
    db: Database, club_id: str, records: Sequence[SeasonRecord], event_ids: Sequence[str]
) -> None:
    """Each season of the file, its nights linked to the club nights just imported
    (`event_ids`, in the file's order), inside the caller's write; each season that
    follows another follows it again, by its new id."""
    if not db.conn.in_transaction:
        raise RuntimeError("insert_seasons writes inside the caller's transaction")
    season_ids = [token() for _ in records]
    for season_id, record in zip(season_ids, records, strict=True):
        closed = json.dumps([list(d) for d in record.closed]) if record.closed else None
        settings = json.dumps(record.settings.as_dict())
        db.execute(
            "insert into seasons (id, club_id, view_token, name, settings, created_at, closed) "
            "values (?, ?, ?, ?, ?, ?, ?)",
            [season_id, club_id, token(), record.name, settings, now(), closed],
        )
        _rows(db, season_id, record, event_ids)
    for season_id, record in zip(season_ids, records, strict=True):
        if record.follows is not None:  # once every season is in: it may follow a later one
            db.execute(
                "update seasons set follows = ? where id = ?",
                [season_ids[record.follows], season_id],
            )


def seasons_brought_in(news: SeasonsBroughtIn, unit: Unit) -> None:
    """The seasons of a club's file, in the club's write."""
    insert_seasons(unit.db, news.club_id, news.records, news.event_ids)
