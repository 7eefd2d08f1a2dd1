"""Check-in from an earlier night: the pairs (or players) of the nights this browser
directed before, not here yet, ticked and checked in together in one change."""

from __future__ import annotations

import json
from typing import Any

from flask import abort, render_template, request, url_for
from sqlite_utils import Database

from ...core.errors import GameError
from ...core.names import name_key, pair_name
from ...store.event_commands import checkin
from ...store.events import Event, earlier_entrants, load_event
from .. import respond
from ..db import get_db
from ..words import event_done as said
from ..words.events import nobody_in
from .blueprint import bp
from .director import remembered
from .forms import RevisionForm

MOST = 200  # the choices a page lists, the latest first


def earlier_choices(db: Database, event: Event) -> list[tuple[str, str]]:
    """(value, label) of each pair or player of this browser's earlier nights not here."""
    ids = [e for e in remembered() if e != event.id]
    teams = earlier_entrants(db, ids)
    if event.settings.pairs:
        teams = [t for t in teams if len(t) == 2]
    else:  # an individual night: each player of an earlier pair, too
        teams = list({name_key(p): (p,) for t in teams for p in t}.values())
    here = {name_key(p) for e in event.entrants for p in e.players}
    teams = [t for t in teams if not any(name_key(p) in here for p in t)]
    return [(json.dumps(list(t)), pair_name(t)) for t in teams[:MOST]]


def _teams(values: list[str], allowed: set[str]) -> list[list[str]]:
    """The ticked choices, each one the page offered; anything else is refused."""
    if not values:
        raise GameError(said.tick_who(), field="earlier")
    if len(values) > MOST or not set(values) <= allowed:
        raise GameError(said.out_of_date(), field="earlier")
    return [list(json.loads(value)) for value in dict.fromkeys(values)]


@bp.route("/<event_id>/earlier", methods=["GET", "POST"])
def earlier(event_id: str) -> Any:
    db = get_db()
    event = load_event(db, event_id)
    if event is None:
        abort(404)
    choices = earlier_choices(db, event)
    form = RevisionForm(revision=event.revision)
    if request.method == "POST" and form.validate():
        allowed = {value for value, _ in choices}
        teams: list[list[str]] = []

        def check_in() -> None:
            teams.extend(_teams(request.form.getlist("earlier"), allowed))
            checkin.check_in_many(db, event.id, teams)

        return respond.run(
            check_in,
            lambda _: respond.flashed(
                url_for("events.director", event_id=event.id),
                said.earlier_in(len(teams)),
                "success",
            ),
            url_for("events.earlier", event_id=event.id),
            words=nobody_in,
        )
    status = 400 if request.method == "POST" else 200
    page = render_template("events/earlier.html", event=event, choices=choices, form=form)
    return page, status
