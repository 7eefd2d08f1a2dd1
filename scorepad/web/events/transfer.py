"""An event to and from its file, and a round's table links and score sheets to print
(director only)."""

from __future__ import annotations

import sqlite3
from typing import Any

from flask import Response, abort, render_template, url_for

from ...core.errors import GameError
from ...files import event as eventfile
from ...store.event_commands.transfer import import_event as store_import
from ...store.event_tables import with_reopened
from .. import import_budget, respond
from ..db import get_db
from ..words import event_done as said
from . import data
from .blueprint import bp
from .card import card_stem
from .forms import ImportForm


@bp.get("/<event_id>/event.json")
def export(event_id: str) -> Response:
    event, games = data.fresh(get_db(), event_id)
    matches = [
        (m, games[m.game_id].game if m.game_id in games else None)  # type: ignore[index]
        for m in with_reopened(get_db(), event.id, event.matches)
    ]
    doc = eventfile.export(event.settings, event.rules, event.entrants, event.rounds, matches)
    name = card_stem(event)  # plain letters: a header holds Latin-1 only
    return Response(
        eventfile.dumps(doc),
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}.json"'},
    )


@bp.route("/import", methods=["GET", "POST"])
def import_event() -> Any:
    # A night's file may pass the app's 1 MB (the export of a big night is some 4.5 MB, up
    # to 10.5 MB): its own limit, set before the CSRF check reads the form (web/uploads.py).
    form = ImportForm()
    if form.validate_on_submit():
        done = respond.run(
            lambda: _import(form),
            lambda event_id: respond.flashed(
                url_for("events.director", event_id=event_id), said.imported()
            ),
            url_for("events.import_event"),
            page=respond.above(form, not_imported),
        )
        if not isinstance(done, int):
            return done
    status = 400 if form.is_submitted() else 200
    return render_template("events/import.html", form=form), status


def _import(form: ImportForm) -> str:
    """The night of the file sent, read and imported whole: its id."""
    parsed = eventfile.loads(form.file.data.read(eventfile.MAX_BYTES + 1))
    import_budget.check(len(parsed.matches))  # this phone's budget (web/import_budget.py)
    event_id = store_import(
        get_db(),
        parsed.settings,
        parsed.rules,
        parsed.entrants,
        parsed.rounds,
        parsed.matches,
        parsed.scores,
    )
    import_budget.spend(len(parsed.matches))
    return event_id


def not_imported(err: Exception) -> str | None:
    """Why an event file was not imported."""
    if isinstance(err, GameError):
        return said.not_imported(err)
    if isinstance(err, sqlite3.IntegrityError):
        return said.entrant_twice()
    return None


@bp.get("/<event_id>/rounds/<int:number>/tables")
def tents(event_id: str, number: int) -> str:
    db = get_db()
    event, games = data.fresh(db, event_id)
    if not event.round_matches(number):  # no such round: nothing to print
        abort(404)
    views = data.tables(db, event, number, games)
    return render_template("events/tents.html", event=event, number=number, tables=views)


@bp.get("/<event_id>/rounds/<int:number>/sheets")
def sheets(event_id: str, number: int) -> str:
    """Every table's score sheet of a round, one printed page each."""
    db = get_db()
    event, games = data.fresh(db, event_id)
    matches = event.round_matches(number)
    if not matches:
        abort(404)
    found = [(m, games[m.game_id]) for m in matches if m.game_id in games]  # type: ignore[index]
    tables = [
        {
            "number": m.number,
            "sides": data.side_names(event, m),
            "stored": stored,
            "score": stored.score(),
            "table": stored.game.table,
            "rules": stored.game.rules,
        }
        for m, stored in found
    ]
    return render_template("events/sheets.html", event=event, number=number, tables=tables)
