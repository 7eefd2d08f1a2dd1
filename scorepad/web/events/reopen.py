"""The director opens a finished round's table again to its phone, and closes it again;
the director's page says which later rounds were drawn on the standings before
(`templates/events/_reopened.html`, built by `reopen_view`). Each POST calls one command."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from sqlite_utils import Database
from werkzeug.wrappers import Response as BaseResponse

from ...store.event_commands import reopen as event_reopen
from ...store.event_tables import closed_tables, reopened_tables
from ...store.events import Event, load_event
from .. import respond
from ..db import get_db
from ..words import powers as words
from ..words.event_done import not_done_incomplete
from ..words.events import stale
from .blueprint import bp, director_post
from .data import side_names

WHOLE = re.compile(r"[0-9]{1,9}")
CHOSEN = re.compile(r"([0-9]{1,3})-([0-9]{1,3})")


@dataclass(frozen=True)
class OpenAgain:
    """A reopened table as the director's page shows it."""

    round: int
    table: int
    sides: str
    game_id: str
    said: str  # what its change did to the rounds drawn since


def reopen_view(db: Database, event: Event) -> dict[str, Any]:
    """What `_reopened.html` shows: the reopened tables and what was drawn since each,
    the tables of finished rounds that can be reopened, the event's revision."""
    matches = {(m.round, m.number): m for m in event.matches}
    open_again = []
    for found in reopened_tables(db, event.id):
        later = tuple(r.number for r in event.rounds if r.number > found.round)
        said = words.drawn_before(later, found.changed)
        sides = " vs ".join(side_names(event, matches[found.round, found.table]))
        open_again.append(OpenAgain(found.round, found.table, sides, found.game_id, said))
    closed = [
        (f"{r}-{t}", words.table_label(r, t, side_names(event, matches[r, t])))
        for r, t in closed_tables(db, event.id)
    ]
    return {"event": event, "open_again": open_again, "closed": closed, "revision": event.revision}


def _act(event_id: str, number: int, table: int, opening: bool) -> BaseResponse:
    """Run the reopen (or close) command with the revision sent; word its outcome."""
    back = url_for("events.director", event_id=event_id, _anchor="reopened")
    sent = request.form.get("revision", "")
    if not WHOLE.fullmatch(sent):
        flash(not_done_incomplete(), "error")
        return redirect(back)
    command = event_reopen.reopen_table if opening else event_reopen.close_table

    def said(event: Event) -> str:
        later = tuple(r.number for r in event.rounds if r.number > number)
        return (
            words.reopened(number, table, later) if opening else words.closed_again(number, table)
        )

    return respond.run(
        lambda: command(get_db(), event_id, int(sent), number, table),
        lambda event: respond.flashed(back, said(event), "success"),
        back,
        words=_not_reopened,
    )


def _not_reopened(err: Exception) -> str | None:
    if isinstance(err, event_reopen.EventStale):
        return stale()
    if isinstance(err, event_reopen.NoTable):
        return words.no_table(err.round, err.table)
    if isinstance(err, event_reopen.StillPlaying):
        return words.still_playing(err.round)
    return None


@director_post("/<event_id>/rounds/<int:number>/tables/<int:table>/reopen")
def reopen_table(event_id: str, number: int, table: int) -> BaseResponse:
    return _act(event_id, number, table, opening=True)


@director_post("/<event_id>/rounds/<int:number>/tables/<int:table>/close")
def close_table(event_id: str, number: int, table: int) -> BaseResponse:
    return _act(event_id, number, table, opening=False)


@director_post("/<event_id>/reopen")
def reopen_chosen(event_id: str) -> BaseResponse:
    """The reopen form's table, chosen from the list ("round-table")."""
    found = CHOSEN.fullmatch(request.form.get("table", ""))
    if found is None:
        flash(words.choose_table(), "error")
        return redirect(url_for("events.director", event_id=event_id, _anchor="reopened"))
    return _act(event_id, int(found.group(1)), int(found.group(2)), opening=True)


@bp.get("/<event_id>/reopened")
def reopened(event_id: str) -> str:
    """The reopened tables alone (the part of the director's page), read only."""
    db = get_db()
    event = load_event(db, event_id)
    if event is None:
        abort(404)
    return render_template("events/_reopened.html", reopen=reopen_view(db, event))
